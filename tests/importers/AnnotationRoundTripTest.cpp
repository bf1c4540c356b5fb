// Comments and variations through the writers: PGN gives them back exactly (a seeded property
// test over random games with random comments and nested variations), GGF gives the comments
// back, and every writer that cannot hold them says how many games lose them.
#include <catch2/catch.hpp>

#include <random>
#include <string>

#include "ReaderTestSupport.h"
#include "core/Replay.h"
#include "importers/RecordReplay.h"
#include "importers/Writer.h"

using namespace othello;
using namespace othello::importers;
using namespace othello::importers::testing;

namespace {

// Comment text that breaks naive writers: PGN's braces, parentheses, ';', '%', tags, results
// and NAGs as text; GGF's brackets, "(;" and ";)", backslashes; UTF-8; line breaks and tabs.
const char* const kWords[] = {"good",
                              "f5!",
                              "{nested}",
                              "}",
                              "(a b)",
                              ";semi",
                              "% escape",
                              "[Event \"x\"]",
                              "1-0",
                              "$1",
                              "*",
                              "33-31",
                              "PB[x]",
                              "(;GM[",
                              ";)",
                              "a\\",
                              "\\]",
                              "]",
                              "J\xC3\xBCrgen",
                              "\xE9\xBB\x92",
                              "line\nbreak",
                              "tab\there",
                              "12...",
                              "pass",
                              "!",
                              "?!"};

struct Generator {
    std::mt19937 rng;
    explicit Generator(unsigned seed) : rng(seed) {}
    int below(int n) { return static_cast<int>(rng() % static_cast<unsigned>(n)); }
    bool chance(int percent) { return below(100) < percent; }

    int randomMove(const core::Position& p, int avoid = core::kNoSquare) {
        core::Bitboard moves = p.legalMoves();
        if (avoid >= 0 && avoid < 64) moves &= ~core::bit(avoid);
        if (!moves) return core::kNoSquare;
        int pick = below(core::popcount(moves));
        for (int sq = 0; sq < 64; ++sq)
            if ((moves & core::bit(sq)) && pick-- == 0) return sq;
        return core::kNoSquare;
    }

    // Legal plies from `p` (passes explicit), `length` at most, never ending in a pass.
    std::vector<int> line(core::Position p, int length) {
        std::vector<int> moves;
        while (!p.isGameOver() && static_cast<int>(moves.size()) < length) {
            if (p.mustPass()) {
                p.pass();
                moves.push_back(core::kPass);
                continue;
            }
            const int sq = randomMove(p);
            p.play(sq);
            moves.push_back(sq);
        }
        while (!moves.empty() && moves.back() == core::kPass) moves.pop_back();
        return moves;
    }

    std::string text() {
        std::string t;
        for (int k = below(4) + 1; k > 0; --k) {
            if (!t.empty()) t += chance(20) ? "\n  " : " ";
            t += kWords[below(std::size(kWords))];
        }
        return t;
    }

    // Random comments on the positions of a line of `plies` plies, stored as readers keep
    // them (normalised).
    std::vector<Comment> comments(const std::vector<int>& moves) {
        std::vector<Comment> out;
        for (std::size_t k = 0; k <= moves.size(); ++k) {
            const bool afterPass = k > 0 && moves[k - 1] == core::kPass;
            if (chance(k == 0 ? 20 : afterPass ? 60 : 12))
                out.push_back({static_cast<int>(k), text()});
        }
        for (Comment& c : out) c.text = normalizeComment(c.text);
        return out;
    }

    // Random variations off the line `moves` that starts at `start`.
    std::vector<Variation> variations(const core::Position& start, const std::vector<int>& moves,
                                      int depth) {
        std::vector<Variation> out;
        const core::ReplayResult r = core::replay(start, moves);
        for (std::size_t k = 0; k < moves.size(); ++k) {
            if (moves[k] == core::kPass || !chance(depth == 0 ? 10 : 15)) continue;
            for (int n = chance(20) ? 2 : 1; n > 0; --n) {
                const core::Position& branch = r.positions[k];
                const int alt = randomMove(branch, moves[k]);
                if (alt == core::kNoSquare) break;
                core::Position after = branch;
                after.play(alt);
                Variation v;
                v.ply = static_cast<int>(k);
                v.moves.push_back(alt);
                for (int m : line(after, below(8))) v.moves.push_back(m);
                v.comments = comments(v.moves);
                if (depth < 3) v.variations = variations(branch, v.moves, depth + 1);
                out.push_back(std::move(v));
            }
        }
        return out;
    }

    GameRecord record() {
        GameRecord g;
        const int length = chance(10) ? 0 : chance(40) ? 100 : below(64);  // 100: played out
        const std::vector<int> moves = line(core::Position::start(), length);
        REQUIRE(replayRecord(g, moves, {}));
        g.black = "Black";
        g.white = "White";
        if (chance(80)) g.comments = comments(g.moves);
        if (chance(80)) g.variations = variations(g.start, g.moves, 0);
        return g;
    }
};

// A comment as PGN gives it back: '}' written ')'.
std::vector<Comment> asPgn(std::vector<Comment> comments) {
    for (Comment& c : comments)
        for (char& ch : c.text)
            if (ch == '}') ch = ')';
    return comments;
}
std::vector<Variation> asPgn(std::vector<Variation> variations) {
    for (Variation& v : variations) {
        v.comments = asPgn(v.comments);
        v.variations = asPgn(v.variations);
    }
    return variations;
}

FileResult readBack(const std::string& text, Format format) {
    return readTextAs("round-trip", text, format, nullptr, {});
}

}  // namespace

TEST_CASE("annotations round trip: PGN read -> write -> read keeps comments and variations") {
    Generator gen(20261124);
    std::vector<GameRecord> games;
    for (int i = 0; i < 600; ++i) games.push_back(gen.record());
    // What must be there whatever the seed: comments on passes, nested variations.
    int onPass = 0, nested = 0, atStart = 0;
    for (const GameRecord& g : games) {
        for (const Comment& c : g.comments) {
            onPass += c.ply > 0 && g.moves[c.ply - 1] == core::kPass;
            atStart += c.ply == 0;
        }
        for (const Variation& v : g.variations) nested += !v.variations.empty();
    }
    CHECK(onPass > 0);
    CHECK(nested > 0);
    CHECK(atStart > 0);

    const std::string first = writeGamesToString(games, Format::Pgn);
    const FileResult once = readBack(first, Format::Pgn);
    REQUIRE(once.records.size() == games.size());
    for (std::size_t i = 0; i < games.size(); ++i) {
        const GameRecord& a = games[i];
        const GameRecord& b = once.records[i];
        INFO("game " << i << ": " << core::movesString(a.moves, true));
        REQUIRE(annotationsValid(a.start, a.moves, a.comments, a.variations));
        REQUIRE(b.ok());
        CHECK(b.diagnostics.size() == (a.moves.empty() ? 1u : 0u));  // "no-moves" alone
        CHECK(b.moves == a.moves);
        CHECK(b.comments == asPgn(a.comments));
        CHECK(b.variations == asPgn(a.variations));
    }
    // Read -> write -> read: the same text and the same annotations.
    const std::string second = writeGamesToString(once.records, Format::Pgn);
    CHECK(second == first);
    const FileResult twice = readBack(second, Format::Pgn);
    REQUIRE(twice.records.size() == once.records.size());
    for (std::size_t i = 0; i < games.size(); ++i) {
        CHECK(twice.records[i].comments == once.records[i].comments);
        CHECK(twice.records[i].variations == once.records[i].variations);
    }
}

TEST_CASE("annotations round trip: PGN numbers variations as PGN does") {
    GameRecord g;
    REQUIRE(replayRecord(g, core::parseMoves("f5d6c3d3").moves, {}));
    g.comments = {{0, "start"}, {2, "after d6 } brace"}, {3, "!?"}};
    Variation v;
    v.ply = 1;
    v.moves = core::parseMoves("f6e6").moves;
    v.comments = {{0, "instead"}};
    Variation w;
    w.ply = 2;
    w.moves = core::parseMoves("c4").moves;
    g.variations = {v, w};
    const std::string text = writeGamesToString({g}, Format::Pgn);
    CHECK(text.find("{start}\n1. F5 D6 {after d6 ) brace} ({instead} 1... F6 2. E6)\n"
                    "2. C3!? (2. C4) 2... D3 *\n") != std::string::npos);
}

TEST_CASE("annotations round trip: GGF keeps the comments in C[] and says it drops variations") {
    Generator gen(7);
    std::vector<GameRecord> games;
    for (int i = 0; i < 300; ++i) games.push_back(gen.record());
    const std::string text = writeGamesToString(games, Format::Ggf);
    const FileResult back = readBack(text, Format::Ggf);
    REQUIRE(back.records.size() == games.size());
    int withVariations = 0;
    for (std::size_t i = 0; i < games.size(); ++i) {
        INFO("game " << i);
        CHECK(back.records[i].moves == games[i].moves);
        CHECK(back.records[i].comments == games[i].comments);
        CHECK(back.records[i].variations.empty());
        withVariations += !games[i].variations.empty();
    }
    REQUIRE(withVariations > 0);
    const std::vector<Diagnostic> w = conversionWarnings(games, Format::Ggf, "out.ggf");
    REQUIRE(w.size() == 1);
    CHECK(w[0].code == "variations-not-kept");
    CHECK(w[0].severity == Severity::Warning);
    CHECK(w[0].where.path == "out.ggf");
    CHECK(w[0].message.find(std::to_string(withVariations) + " games") == 0);
}

TEST_CASE("annotations round trip: formats without annotations say how many games lose them") {
    GameRecord plain;
    REQUIRE(replayRecord(plain, core::parseMoves("f5d6").moves, {}));
    GameRecord commented = plain;
    commented.comments = {{1, "x"}};
    GameRecord branched = plain;
    branched.variations = {Variation{1, core::parseMoves("f6").moves, {}, {}}};
    const std::vector<GameRecord> games = {plain, commented, branched, commented};
    for (Format f : {Format::Moves, Format::Transcript, Format::Wthor}) {
        INFO(formatName(f));
        const std::vector<Diagnostic> w = conversionWarnings(games, f, "out");
        int found = 0;
        for (const Diagnostic& d : w) {
            if (d.code != "annotations-not-kept") continue;
            ++found;
            CHECK(d.message.find("3 games have comments or variations") == 0);
            CHECK(d.message.find(formatName(f)) != std::string::npos);
        }
        CHECK(found == 1);
    }
    CHECK(conversionWarnings(games, Format::Pgn, "out").empty());
    // PGN keeps them all, but a '}' in a comment (of the main line or of a variation) is
    // written ')': said once for the file, counting the games; GGF escapes it and says nothing.
    GameRecord braced = plain;
    braced.comments = {{1, "see {note}"}};
    GameRecord bracedBranch = plain;
    bracedBranch.variations = {Variation{1, core::parseMoves("f6").moves, {{1, "a } b"}}, {}}};
    const std::vector<GameRecord> withBraces = {plain, braced, commented, bracedBranch};
    const std::vector<Diagnostic> pgn = conversionWarnings(withBraces, Format::Pgn, "out.pgn");
    REQUIRE(pgn.size() == 1);
    CHECK(pgn[0].code == "comment-changed");
    CHECK(pgn[0].severity == Severity::Warning);
    CHECK(pgn[0].where.path == "out.pgn");
    CHECK(pgn[0].message.find("2 games have a '}' in a comment") == 0);
    const FileResult back = readBack(writeGamesToString(withBraces, Format::Pgn), Format::Pgn);
    REQUIRE(back.records.size() == 4);
    REQUIRE(back.records[1].comments.size() == 1);
    CHECK(back.records[1].comments[0].text == "see {note)");
    for (const Diagnostic& d : conversionWarnings(withBraces, Format::Ggf, "out.ggf"))
        CHECK(d.code != "comment-changed");
    // GGF keeps the comments: only the variation is lost.
    const std::vector<Diagnostic> ggf = conversionWarnings(games, Format::Ggf, "out");
    REQUIRE(ggf.size() == 1);
    CHECK(ggf[0].message.find("1 game has variations") == 0);
    CHECK(conversionWarnings({plain}, Format::Moves, "out").empty());
}

TEST_CASE("annotations round trip: convert prints what the output format drops") {
    const std::filesystem::path dir = tempDir("annot-convert");
    const CliRun moves = runCli({"convert", str(fixture("pgn/annotated.pgn")), "--to", "moves",
                                 "-o", str(dir / "out.txt")});
    CHECK(moves.exitCode == 0);
    CHECK(moves.err.find("[annotations-not-kept]") != std::string::npos);
    const CliRun ggf = runCli(
        {"convert", str(fixture("pgn/annotated.pgn")), "--to", "ggf", "-o", str(dir / "out.ggf")});
    CHECK(ggf.exitCode == 0);
    CHECK(ggf.err.find("[variations-not-kept]") != std::string::npos);
    const FileResult back = readFile(dir / "out.ggf");
    REQUIRE(back.records.size() == 1);
    CHECK(back.records[0].comments.size() == 5);
    const CliRun pgn = runCli(
        {"convert", str(fixture("pgn/annotated.pgn")), "--to", "pgn", "-o", str(dir / "out.pgn")});
    CHECK(pgn.exitCode == 0);
    CHECK(pgn.err.find("not-kept") == std::string::npos);
    const FileResult again = readFile(dir / "out.pgn");
    const FileResult original = readFile(fixture("pgn/annotated.pgn"));
    REQUIRE(again.records.size() == 1);
    CHECK(again.records[0].comments == original.records[0].comments);
    CHECK(again.records[0].variations == original.records[0].variations);
    std::filesystem::remove_all(dir);
}

TEST_CASE("annotations round trip: GGF C[] comments are read on the ply of their move") {
    const std::string text =
        "(;GM[Othello]PB[a]PW[b]TY[8]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- "
        "-------- -------- *]C[before  the\nfirst move]B[f5//1.0]C[a \\] bracket]W[d6]C[]B[c3]"
        "C[two]C[comments];)\n";
    const FileResult r = readWith("c.ggf", text, Format::Ggf);
    REQUIRE(r.records.size() == 1);
    const GameRecord& g = r.records[0];
    CHECK(g.ok());
    CHECK(g.diagnostics.empty());
    const std::vector<Comment> expected = {
        {0, "before the first move"}, {1, "a ] bracket"}, {3, "two comments"}};
    CHECK(g.comments == expected);
    // Written back: one C[] per commented ply, the bracket escaped.
    const std::string back = writeGamesToString({g}, Format::Ggf);
    CHECK(back.find("C[before the first move]B[f5]C[a \\] bracket]W[d6]B[c3]C[two comments];)") !=
          std::string::npos);
}
