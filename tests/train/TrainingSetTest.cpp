// The trainer's labels (tools/train/TrainingSet): known points of a game, interpolation
// between them, and the solve cache (read, appended to, damaged lines skipped).
#include <unistd.h>
#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>

#include "TrainingSet.h"
#include "analysis/Solver.h"
#include "core/Replay.h"
#include "importers/WthorWriter.h"

using namespace othello;
namespace fs = std::filesystem;

namespace {

// A random game of 60 moves without a pass (each empties count then appears once).
importers::GameRecord randomGame() {
    for (unsigned seed = 1;; ++seed) {
        std::mt19937 rng(seed);
        core::Position p = core::Position::start();
        importers::GameRecord rec;
        while (p.canMove()) {
            core::Bitboard moves = p.legalMoves();
            for (int k = static_cast<int>(rng() % static_cast<unsigned>(core::popcount(moves)));
                 k > 0; --k)
                moves &= moves - 1;
            const int square = core::lowestSquare(moves);
            rec.moves.push_back(square);
            p.play(square);
        }
        if (rec.moves.size() == 60) {
            rec.year = 2000;
            rec.status = importers::GameStatus::Complete;
            rec.theoreticalScore = 40;  // Black's discs: +16 for Black at 24 empties
            rec.theoreticalDepth = 24;
            return rec;
        }
    }
}

struct Fixture {
    fs::path dir;
    importers::GameRecord game = randomGame();
    std::vector<core::Position> positions;
    train::LoadOptions options;

    Fixture() {
        dir = fs::temp_directory_path() / ("othello-train-test-" + std::to_string(::getpid()));
        fs::remove_all(dir);
        fs::create_directories(dir);
        importers::writeWthorFiles({game}, dir / "WTH_2000.wtb");
        positions = core::replay(game.start, game.moves).positions;
        options.directory = dir;
        options.firstYear = options.lastYear = 2000;
        options.holdout = 0;
        options.solveCache = dir / "solves.cache";
    }
    ~Fixture() { fs::remove_all(dir); }

    const core::Position& at(int empties) const {
        for (const auto& p : positions)
            if (p.emptyCount() == empties) return p;
        FAIL("no position with " << empties << " empties");
        return positions.front();
    }
    int blackFinal() const {
        const core::Score s = core::replay(game.start, game.moves).score();
        return s.black - s.white;
    }
    // Every sample's Black label by empties (each empties count appears once).
    std::map<int, std::pair<double, bool>> labels(const std::vector<train::StageSet>& stages) {
        std::map<int, std::pair<double, bool>> out;
        for (const auto& st : stages)
            for (const auto& s : st.train) {
                const bool black = at(s.empties).toMove() == core::Color::Black;
                out[s.empties] = {black ? s.label : -s.label, s.exact != 0};
            }
        return out;
    }
};

}  // namespace

TEST_CASE("Labels interpolate between the theoretical score, cached solves and the result",
          "[train]") {
    Fixture f;
    const core::Position& p20 = f.at(20);
    const int value20 = -6;  // side to move's: made up, the cache is trusted
    const int black20 = p20.toMove() == core::Color::Black ? value20 : -value20;
    {
        std::ofstream out(f.options.solveCache);
        out << "zz 12 4\n";                                                        // not hex
        out << std::hex << p20.player() << ' ' << p20.opponentDiscs() << " 99\n";  // out of range
        out << std::hex << p20.player() << ' ' << p20.opponentDiscs() << std::dec << ' ' << value20
            << '\n';
        // Cut short by a stopped run: the value may be a prefix of the one meant.
        out << std::hex << f.at(14).player() << ' ' << f.at(14).opponentDiscs() << " -1";
    }
    f.options.exactEmpties = {14, 20};
    f.options.cachedOnly = true;
    train::LoadReport report;
    const auto labels = f.labels(train::loadTrainingSet(f.options, report));
    INFO(report.files << " files, " << report.games << " games");
    CHECK(report.cachedSolves == 1);
    CHECK(report.missingSolves == 1);  // 14: only a cut line in the cache
    CHECK(report.solved == 0);
    const double black24 = 2 * 40 - 64;
    CHECK(labels.at(30) == std::make_pair(black24, false));
    CHECK(labels.at(24) == std::make_pair(black24, true));
    CHECK(labels.at(22).first == Approx(black24 + (black20 - black24) * 0.5));
    CHECK_FALSE(labels.at(22).second);
    CHECK(labels.at(20) == std::make_pair(double(black20), true));
    // Below 20 the next known point is the result (14 is missing).
    CHECK(labels.at(10).first == Approx(black20 + (f.blackFinal() - black20) * 0.5));
    CHECK_FALSE(labels.at(1).second);
}

TEST_CASE("Solves are appended to the cache and read back by the next run", "[train]") {
    Fixture f;
    f.options.exactEmpties = {10};
    train::LoadReport first;
    f.options.solveOnly = true;
    CHECK(train::loadTrainingSet(f.options, first)[0].train.empty());
    CHECK(first.solved == 1);
    CHECK(first.cachedSolves == 0);

    analysis::Solver solver(1);
    const core::Position& p = f.at(10);
    const int value = solver.solve(p, {}).value;
    std::ifstream in(f.options.solveCache);
    core::Bitboard player = 0, opponent = 0;
    int cached = 0;
    REQUIRE(in >> std::hex >> player >> opponent >> std::dec >> cached);
    CHECK(player == p.player());
    CHECK(opponent == p.opponentDiscs());
    CHECK(cached == value);

    f.options.solveOnly = false;
    train::LoadReport second;
    const auto labels = f.labels(train::loadTrainingSet(f.options, second));
    CHECK(second.solved == 0);
    CHECK(second.cachedSolves == 1);
    const int black = p.toMove() == core::Color::Black ? value : -value;
    CHECK(labels.at(10) == std::make_pair(double(black), true));
}

TEST_CASE("Off-path positions are drawn reproducibly, solved exactly and trained as exact",
          "[train]") {
    Fixture f;
    f.options.deviations = 3;
    f.options.deviationEmpties = {10, 12};
    f.options.solveOnly = true;
    train::LoadReport first;
    train::loadTrainingSet(f.options, first);
    CHECK(first.solved >= 2);  // a random line may end the game before its target
    CHECK(first.solved <= 3);

    // Every cached position: off the game's path, at a drawn number of empties, its exact value.
    std::ifstream in(f.options.solveCache);
    core::Bitboard player = 0, opponent = 0;
    int cached = 0, count = 0;
    analysis::Solver solver(1);
    while (in >> std::hex >> player >> opponent >> std::dec >> cached) {
        ++count;
        const int empties = 64 - core::popcount(player | opponent);
        CHECK((empties == 10 || empties == 12));
        const core::Position& onPath = f.at(empties);
        CHECK((player | opponent) != (onPath.player() | onPath.opponentDiscs()));
        CHECK(core::legalMoves(player, opponent) != 0);  // a pass is played before solving
        const core::Position p(player, opponent, core::Color::Black);  // player as Black
        CHECK(solver.solve(p, {}).value == cached);
    }
    CHECK(count == first.solved);

    // The same seed draws the same positions: all cached now, and trained as exact.
    f.options.solveOnly = false;
    train::LoadReport second;
    const auto stages = train::loadTrainingSet(f.options, second);
    CHECK(second.solved == 0);
    CHECK(second.deviationLabels == first.solved);
    std::int64_t exactTrained = 0;
    for (const auto& st : stages)
        for (const auto& s : st.train) exactTrained += s.exact;
    CHECK(exactTrained == second.deviationLabels + 1);  // and the theoretical score's position

    // A validation game gets none: its positions measure the fit on games as played.
    f.options.holdout = 1;
    train::LoadReport third;
    train::loadTrainingSet(f.options, third);
    CHECK(third.deviationLabels == 0);
}
