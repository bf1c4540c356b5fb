// Whatever PGN text is read, the annotations kept obey the model of Annotations.h: comments
// sorted by ply, on positions of their line, normalised and never empty nor holding '}';
// variations on a ply of their line, never empty, replaying legally from their branch position
// with passes explicit, not ending in a pass, nested no deeper than the limit. Random text of
// moves, move numbers, comments, NAGs, marks and parentheses (balanced or not), seeded.
#include <catch2/catch.hpp>

#include <random>
#include <string>

#include "ReaderTestSupport.h"
#include "importers/ReadLimits.h"
#include "importers/RecordReplay.h"

using namespace othello;
using namespace othello::importers;
using namespace othello::importers::testing;

namespace {

// No comment read from PGN holds a '}' (PgnReader.h).
bool noBrace(const std::vector<Comment>& comments, const std::vector<Variation>& variations) {
    for (const Comment& c : comments)
        if (c.text.find('}') != std::string::npos) return false;
    for (const Variation& v : variations)
        if (!noBrace(v.comments, v.variations)) return false;
    return true;
}

const char* const kTokens[] = {"F5",          "D6",
                               "C3",          "D3",
                               "C4",          "F4",
                               "F6",          "E6",
                               "C5",          "B3",
                               "E3",          "G5",
                               "PASS",        "--",
                               "A1",          "H8",
                               "1.",          "2...",
                               "12.",         "$1",
                               "$14",         "!",
                               "F5!?",        "Nf3",
                               "1-0",         "*",
                               "{a comment}", "{multi\nline}",
                               "; line\n",    "(",
                               "(",           ")",
                               ")",           "{",
                               "}",           "\n",
                               "\n\n",        "[Black \"x\"]\n"};

const char* const kNotes[] = {"{a comment}", "{multi\nline}", "; line\n", "$1", "$14", "!?",
                              "{}",          "{ x } { y }"};

}  // namespace

TEST_CASE("annotation invariants: any PGN text gives annotations the model allows") {
    std::mt19937 rng(20261125);
    const auto below = [&](std::size_t n) { return static_cast<std::size_t>(rng() % n); };
    int variations = 0, comments = 0, records = 0;
    for (int file = 0; file < 400; ++file) {
        std::string text;
        for (int game = 0; game < 3; ++game) {
            text += "[Event \"g" + std::to_string(game) + "\"]\n\n";
            // A legal game (so that most records replay), annotations in bursts between moves.
            core::Position p = core::Position::start();
            for (std::size_t k = below(70); k > 0 && !p.isGameOver(); --k) {
                if (p.mustPass()) p.pass();
                const core::Bitboard legal = p.legalMoves();
                std::size_t pick = below(static_cast<std::size_t>(core::popcount(legal)));
                int sq = 0;
                for (; sq < 64; ++sq)
                    if ((legal & core::bit(sq)) && pick-- == 0) break;
                p.play(sq);
                text += core::squareName(sq);
                text += ' ';
                const std::size_t roll = below(100);
                if (roll < 10) {  // a comment, NAG or mark: legal anywhere
                    text += kNotes[below(std::size(kNotes))];
                    text += ' ';
                } else if (roll < 25) {  // a variation of any tokens, closed or not
                    text += '(';
                    for (std::size_t n = below(8) + 1; n > 0; --n) {
                        text += kTokens[below(std::size(kTokens))];
                        text += ' ';
                    }
                    if (below(100) < 90) text += ") ";
                } else if (roll < 27) {  // anything
                    text += kTokens[below(std::size(kTokens))];
                    text += ' ';
                }
            }
            text += "*\n\n";
        }
        const FileResult r = readWith("random.pgn", text, Format::Pgn);
        for (const GameRecord& g : r.records) {
            ++records;
            if (!g.ok()) {
                CHECK(!g.annotated());
                continue;
            }
            std::string why;
            INFO(text);
            CHECK(annotationsValid(g.start, g.moves, g.comments, g.variations, &why));
            CHECK(why == "");
            // The reader recorded the check (keepRecord): storage trusts it, replaying nothing.
            CHECK(g.annotationsCheck == AnnotationsCheck::Fit);
            CHECK(noBrace(g.comments, g.variations));
            variations += countVariations(g.variations);
            comments += static_cast<int>(g.comments.size());
        }
    }
    // The text did exercise the reader.
    CHECK(records > 0);
    CHECK(variations > 100);
    CHECK(comments > 50);
}

TEST_CASE("annotation invariants: checkAnnotations records what annotationsValid finds") {
    GameRecord g;
    REQUIRE(replayRecord(g, core::parseMoves("f5d6c3").moves, {}));
    checkAnnotations(g);  // nothing to check: fit, nothing replayed
    CHECK(g.annotationsCheck == AnnotationsCheck::Fit);
    g.comments = {{1, "good"}};
    g.variations = {Variation{1, core::parseMoves("f6e6").moves, {}, {}}};
    checkAnnotations(g);
    CHECK(g.annotationsCheck == AnnotationsCheck::Fit);
    CHECK(g.annotationsUnfit.empty());
    g.comments = {{4, "past the end"}};
    checkAnnotations(g);
    CHECK(g.annotationsCheck == AnnotationsCheck::Unfit);
    CHECK(g.annotationsUnfit == "a comment on ply 4 of a line of 3 plies");
    // A file's records arrive checked, GGF comments as PGN annotations.
    const FileResult ggf = readWith(
        "c.ggf",
        "(;GM[Othello]PB[a]PW[b]TY[8]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- "
        "-------- -------- *]B[f5]C[a comment]W[d6];)\n",
        Format::Ggf);
    REQUIRE(ggf.records.size() == 1);
    CHECK(ggf.records[0].annotated());
    CHECK(ggf.records[0].annotationsCheck == AnnotationsCheck::Fit);
}

TEST_CASE("annotation invariants: annotationsValid names what breaks the model") {
    const core::Position start = core::Position::start();
    const std::vector<int> moves = core::parseMoves("f5d6c3").moves;
    const auto why = [&](const std::vector<Comment>& c, const std::vector<Variation>& v) {
        std::string w;
        CHECK(!annotationsValid(start, moves, c, v, &w));
        return w;
    };
    const Variation good{1, core::parseMoves("f6e6").moves, {{0, "x"}, {2, "y"}}, {}};
    std::string w;
    CHECK(annotationsValid(start, moves, {{0, "a"}, {3, "b"}}, {good}, &w));
    CHECK(w.empty());
    CHECK(why({{2, "a"}, {1, "b"}}, {}).find("not sorted") != std::string::npos);
    CHECK(why({{4, "a"}}, {}).find("ply 4 of a line of 3") != std::string::npos);
    CHECK(why({{1, " a"}}, {}).find("not normalised") != std::string::npos);
    CHECK(why({{1, ""}}, {}).find("empty") != std::string::npos);
    CHECK(why({}, {Variation{3, core::parseMoves("c4").moves, {}, {}}}).find("ply 3") !=
          std::string::npos);
    CHECK(why({}, {Variation{1, {}, {}, {}}}).find("empty variation") != std::string::npos);
    CHECK(why({}, {Variation{1, core::parseMoves("a1").moves, {}, {}}}).find("does not replay") !=
          std::string::npos);
    CHECK(why({}, {Variation{1, {core::parseSquare("f6"), core::kPass}, {}, {}}})
              .find("ends in a pass") != std::string::npos);
    Variation bad = good;
    bad.comments = {{3, "past its end"}};
    CHECK(why({}, {bad}).find("ply 3 of a line of 2") != std::string::npos);
    Variation nested = good;
    nested.variations = {Variation{1, core::parseMoves("a8").moves, {}, {}}};
    CHECK(why({}, {nested}).find("does not replay") != std::string::npos);
    CHECK(why({}, {good, Variation{0, core::parseMoves("d3").moves, {}, {}}}).find("not sorted") !=
          std::string::npos);
}
