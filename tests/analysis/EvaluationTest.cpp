// The learned evaluation: exact symmetry, the weights file's round trip and its failures
// (missing, damaged, other layout), and that the committed weights load and judge sensibly.
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>

#include "SolverTestUtil.h"
#include "analysis/EvalWeights.h"
#include "analysis/Evaluation.h"
#include "analysis/PatternLayout.h"
#include "core/Symmetry.h"

using namespace othello;
using namespace othello::analysis;
namespace fs = std::filesystem;

namespace {

EvalWeights randomWeights(std::uint64_t seed) {
    EvalWeights w = EvalWeights::empty();
    std::mt19937_64 rng(seed);
    for (auto& v : w.weights) v = static_cast<std::int16_t>(static_cast<int>(rng() % 2001) - 1000);
    w.description = "random weights, seed " + std::to_string(seed);
    return w;
}

struct TempDir {
    fs::path path;
    TempDir() {
        path = fs::temp_directory_path() /
               ("othello-eval-test-" + std::to_string(std::random_device{}()));
        fs::create_directories(path);
    }
    ~TempDir() {
        std::error_code ec;
        fs::remove_all(path, ec);
    }
};

std::string readBytes(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}
void writeBytes(const fs::path& p, const std::string& bytes) {
    std::ofstream out(p, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

std::string loadError(const fs::path& p) {
    try {
        EvalWeights::load(p);
    } catch (const EvalWeightsError& e) {
        return e.what();
    }
    return "";
}

void checkSymmetric(const Evaluator& eval, int positions, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    for (int i = 0; i < positions; ++i) {
        const core::Position p = solvertest::randomPosition(rng, static_cast<int>(rng() % 61));
        const int v = eval.evaluate(p.player(), p.opponentDiscs());
        for (int s = 1; s < core::kSymmetryCount; ++s) {
            const core::Position t = core::transformPosition(p, static_cast<core::Symmetry>(s));
            INFO("position " << i << " symmetry " << s);
            REQUIRE(eval.evaluate(t.player(), t.opponentDiscs()) == v);
        }
    }
}

}  // namespace

TEST_CASE("pattern layout: 54 instances, each class's images cover the board's symmetries") {
    const PatternLayout& layout = PatternLayout::get();
    CHECK(layout.instanceCount() == 54);
    // A weight vector per stage below the file limit: 12 stages of int16 within 4 MB.
    CHECK(static_cast<std::size_t>(layout.weightsPerStage()) * kStageCount * 2 < 4u << 20);
    for (const PatternClass& c : layout.classes()) {
        INFO(c.name);
        // Every square the class reads is read by as many instances after any symmetry.
        int count[64] = {};
        for (const auto& inst : c.instances)
            for (int k = 0; k < c.size; ++k) ++count[inst[static_cast<std::size_t>(k)]];
        for (int sq = 0; sq < 64; ++sq)
            for (int s = 1; s < 8; ++s)
                CHECK(count[sq] ==
                      count[core::transformSquare(sq, static_cast<core::Symmetry>(s))]);
        CHECK(c.compactCount <= c.rawCount);
        CHECK(c.compactOf.size() == static_cast<std::size_t>(c.rawCount));
    }
    CHECK(stageOf(60) == kStageCount - 1);
    CHECK(stageOf(0) == 0);
}

TEST_CASE("potential mobility: the empty squares next to an opponent disc, square by square") {
    std::mt19937_64 rng(21);
    for (int i = 0; i < 500; ++i) {
        const core::Position p = solvertest::randomPosition(rng, static_cast<int>(rng() % 61));
        const Bitboard me = p.player(), them = p.opponentDiscs();
        int expected = 0;
        for (int sq = 0; sq < 64; ++sq) {
            if ((me | them) >> sq & 1) continue;
            bool next = false;
            for (int dr = -1; dr <= 1; ++dr)
                for (int dc = -1; dc <= 1; ++dc) {
                    const int r = sq / 8 + dr, c = sq % 8 + dc;
                    if ((dr || dc) && r >= 0 && r < 8 && c >= 0 && c < 8 &&
                        (them >> (r * 8 + c) & 1))
                        next = true;
                }
            expected += next;
        }
        INFO("position " << i);
        REQUIRE(potentialMobility(me, them) == expected);
    }
    // The start: White's d4 and e5 touch 10 empty squares, Black's d5 and e4 as many.
    const core::Position start = core::Position::start();
    CHECK(potentialMobility(start.player(), start.opponentDiscs()) == 10);
}

TEST_CASE("evaluation: the 8 images of a position get the same value (random weights)") {
    // Random weights: any weight not shared as the layout requires would show up here.
    const Evaluation eval(randomWeights(7));
    checkSymmetric(eval, 2000, 11);
}

TEST_CASE("evaluation: the committed weights load, are symmetric and judge sensibly") {
    const auto eval = Evaluation::standard();
    REQUIRE(eval);
    checkSymmetric(*eval, 300, 12);
    CHECK(eval->description().find("othello-train") != std::string::npos);
    const core::Position start = core::Position::start();
    // The start is balanced.
    CHECK(std::abs(eval->evaluate(start.player(), start.opponentDiscs())) < 6 * kEvalUnitsPerDisc);
    // Four corners and both long edges against a scattered centre: a big advantage, seen from
    // both sides.
    const Bitboard strong = 0xFF000000000000FFULL | 0x8100000000000081ULL;
    const Bitboard weak = 0x0000183C3C180000ULL;
    CHECK(eval->evaluate(strong, weak) > 10 * kEvalUnitsPerDisc);
    CHECK(eval->evaluate(weak, strong) < -10 * kEvalUnitsPerDisc);
    CHECK(eval->name().rfind("pattern v2 ", 0) == 0);
}

TEST_CASE("weights file: save and load round trip") {
    TempDir dir;
    const EvalWeights w = randomWeights(3);
    const fs::path file = dir.path / "w.bin";
    w.save(file);
    CHECK(fs::file_size(file) < 4u << 20);
    const EvalWeights back = EvalWeights::load(file);
    CHECK(back.weights == w.weights);
    CHECK(back.description == w.description);
    CHECK(back.stages == w.stages);
    CHECK(back.layoutChecksum == PatternLayout::get().checksum());
    // The same evaluation from both.
    const Evaluation a(w), b(back);
    std::mt19937_64 rng(5);
    for (int i = 0; i < 100; ++i) {
        const core::Position p = solvertest::randomPosition(rng, 30);
        CHECK(a.evaluate(p.player(), p.opponentDiscs()) ==
              b.evaluate(p.player(), p.opponentDiscs()));
    }
}

TEST_CASE("weights file: zero runs round trip and keep the file small") {
    TempDir dir;
    const fs::path file = dir.path / "w.bin";
    // All zeros but a few: runs longer than 65,535 are split, runs end on a value and at the end.
    EvalWeights w = EvalWeights::empty();
    w.weights[0] = 5;
    w.weights[70000] = -3;
    w.weights[70001] = 0;
    w.weights[w.weights.size() - 2] = 7;
    w.save(file);
    CHECK(fs::file_size(file) < 1000);
    CHECK(EvalWeights::load(file).weights == w.weights);
    // The real weights, which are mostly zeros.
    const EvalWeights real = EvalWeights::load(findWeightsFile());
    CHECK(fs::file_size(findWeightsFile()) < 4000000);
    real.save(file);
    CHECK(EvalWeights::load(file).weights == real.weights);
}

TEST_CASE("weights file: damage is detected and named, never read as zeros") {
    TempDir dir;
    const fs::path file = dir.path / "w.bin";
    randomWeights(4).save(file);
    const std::string good = readBytes(file);

    SECTION("one flipped bit in the weights") {
        std::string bad = good;
        bad[good.size() / 2] = static_cast<char>(bad[good.size() / 2] ^ 0x10);
        writeBytes(file, bad);
        const std::string e = loadError(file);
        CHECK(e.find("CRC") != std::string::npos);
        CHECK(e.find(file.string()) != std::string::npos);
    }
    SECTION("truncated") {
        writeBytes(file, good.substr(0, good.size() - 100));
        CHECK(loadError(file).find("truncated") != std::string::npos);
        writeBytes(file, good + "extra");
        CHECK(loadError(file).find("expected") != std::string::npos);
        writeBytes(file, good.substr(0, 20));
        CHECK(loadError(file).find("truncated") != std::string::npos);
        writeBytes(file, "");
        CHECK(loadError(file).find("truncated") != std::string::npos);
    }
    SECTION("not a weights file") {
        writeBytes(file, "# a text file that happens to be here\n" + good);
        CHECK(loadError(file).find("bad magic") != std::string::npos);
    }
    SECTION("another version") {
        std::string bad = good;
        bad[8] = 9;
        writeBytes(file, bad);
        CHECK(loadError(file).find("version 9") != std::string::npos);
    }
    SECTION("another pattern layout (a valid file)") {
        EvalWeights other = randomWeights(4);
        other.layoutChecksum ^= 1;
        other.save(file);
        CHECK(loadError(file).find("another pattern layout") != std::string::npos);
    }
}

TEST_CASE("weights file: a missing file is a clear error") {
    const fs::path missing = "/nonexistent-dir/othello-eval.bin";
    const std::string e = loadError(missing);
    CHECK(e.find(missing.string()) != std::string::npos);
    CHECK(e.find("no such file") != std::string::npos);

    // Named by the environment but absent: an error, not a silent fallback to another file.
    ::setenv("OTHELLO_EVAL_WEIGHTS", missing.c_str(), 1);
    std::string found;
    try {
        findWeightsFile();
    } catch (const EvalWeightsError& err) {
        found = err.what();
    }
    ::unsetenv("OTHELLO_EVAL_WEIGHTS");
    CHECK(found.find(missing.string()) != std::string::npos);
    CHECK(found.find("OTHELLO_EVAL_WEIGHTS") != std::string::npos);
}

TEST_CASE("weights file: found next to the build's executables without the environment") {
    ::unsetenv("OTHELLO_EVAL_WEIGHTS");
    const fs::path p = findWeightsFile();
    CHECK(p.filename() == kEvalWeightsFileName);
    // The build tree's copy, not the source tree's, comes first for a build executable.
    CHECK(p.string().find(std::string(OTHELLO_SOURCE_DIR) + "/analysis/data") != 0);
    CHECK_NOTHROW(EvalWeights::load(p));
}
