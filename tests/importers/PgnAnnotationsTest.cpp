// Comments and variations read from PGN (PgnReader.h, Annotations.h): on the right plies,
// nested, a bad variation kept as far as it is legal with its warning, the limits.
#include <catch2/catch.hpp>

#include <string>

#include "ReaderTestSupport.h"
#include "importers/ReadLimits.h"

using namespace othello;
using namespace othello::importers;
using namespace othello::importers::testing;

namespace {

std::vector<int> squares(const std::string& s) {
    return core::parseMoves(s).moves;
}

const Diagnostic* find(const GameRecord& g, const std::string& code) {
    for (const Diagnostic& d : g.diagnostics)
        if (d.code == code) return &d;
    return nullptr;
}

int countCode(const GameRecord& g, const std::string& code) {
    int n = 0;
    for (const Diagnostic& d : g.diagnostics) n += d.code == code;
    return n;
}

GameRecord readOne(const std::string& text) {
    const FileResult r = readWith("a.pgn", text, Format::Pgn);
    REQUIRE(r.records.size() == 1);
    return r.records[0];
}

}  // namespace

TEST_CASE("pgn annotations: comments, NAGs and marks land on the ply they follow") {
    const FileResult r = readFile(fixture("pgn/annotated.pgn"));
    REQUIRE(r.records.size() == 1);
    const GameRecord& g = r.records[0];
    CHECK(g.ok());
    CHECK(g.diagnostics.empty());
    CHECK(movesOf(g) == "f5d6c3d3c4");
    const std::vector<Comment> expected = {{0, "The opening"},
                                           {1, "the only kind of move"},
                                           {2, "!"},
                                           {3, "!"},
                                           {4, "a line comment"}};
    CHECK(g.comments == expected);
}

TEST_CASE("pgn annotations: nested variations are replayed from their branch position") {
    const FileResult r = readFile(fixture("pgn/annotated.pgn"));
    REQUIRE(r.records.size() == 1);
    const GameRecord& g = r.records[0];
    REQUIRE(g.variations.size() == 2);
    // Both replace White's first move d6 (ply 1), in reading order.
    const Variation& a = g.variations[0];
    CHECK(a.ply == 1);
    CHECK(a.moves == squares("f6e6f4"));
    CHECK(a.comments == std::vector<Comment>{{2, "a comment in a variation"}});
    REQUIRE(a.variations.size() == 1);
    CHECK(a.variations[0].ply == 1);  // replaces e6
    CHECK(a.variations[0].moves == squares("c4f4"));
    CHECK(a.variations[0].variations.empty());
    const Variation& b = g.variations[1];
    CHECK(b.ply == 1);
    CHECK(b.moves == squares("f4"));
    CHECK(b.comments == std::vector<Comment>{{1, "parallel"}});
    CHECK(countVariations(g.variations) == 3);
}

TEST_CASE("pgn annotations: the fixture of comments, NAGs and variations keeps them all") {
    const FileResult r = readFile(fixture("pgn/comments.pgn"));
    REQUIRE(r.records.size() == 1);
    const GameRecord& g = r.records[0];
    CHECK(g.diagnostics.empty());
    // "3.C4 F4 {a comment over two lines} $1 (3... B3 4. C5 (4. B4)) ; a line comment"
    REQUIRE(g.comments.size() == 1);
    CHECK(g.comments[0] == Comment{6, "a comment over two lines ! a line comment"});
    REQUIRE(g.variations.size() == 1);
    CHECK(g.variations[0].ply == 5);
    CHECK(g.variations[0].moves == squares("b3c5"));
    REQUIRE(g.variations[0].variations.size() == 1);
    CHECK(g.variations[0].variations[0].ply == 1);
    CHECK(g.variations[0].variations[0].moves == squares("b4"));
}

TEST_CASE("pgn annotations: a bad variation is kept as far as it is legal, the game imported") {
    const GameRecord g =
        readOne("[Event \"x\"]\n\n1. F5 D6 (1... F6 2. E6 3. A1 {lost?} F4) 2. C3 D3 *\n");
    CHECK(g.ok());
    CHECK(movesOf(g) == "f5d6c3d3");
    REQUIRE(g.variations.size() == 1);
    CHECK(g.variations[0].moves == squares("f6e6"));
    // The text not replayed is kept as a comment on the variation's last position.
    CHECK(g.variations[0].comments ==
          std::vector<Comment>{{2, "variation not replayed from here: A1 (lost?) F4"}});
    const Diagnostic* d = find(g, "bad-variation");
    REQUIRE(d);
    CHECK(d->severity == Severity::Warning);
    CHECK(!d->damage);
    CHECK(d->where.line == 3);
    CHECK(d->where.column == 28);
    CHECK(d->moveNumber == 4);  // discs counted from the game's start: f5 f6 e6 a1
    CHECK(d->message.find("(A1, white)") != std::string::npos);
}

TEST_CASE("pgn annotations: a variation with no legal move, an illegal pass, before any move") {
    SECTION("no legal move: its text is a comment on the branch position") {
        const GameRecord g = readOne("[Event \"x\"]\n\n1. F5 D6 (1... A1 C3) 2. C3 *\n");
        CHECK(g.ok());
        CHECK(movesOf(g) == "f5d6c3");
        CHECK(g.variations.empty());
        CHECK(g.comments == std::vector<Comment>{{1, "variation not replayed: 1... A1 C3"}});
        CHECK(countCode(g, "bad-variation") == 1);
    }
    SECTION("a pass the position does not allow") {
        const GameRecord g = readOne("[Event \"x\"]\n\n1. F5 D6 (1... F6 PASS E6) 2. C3 *\n");
        REQUIRE(g.variations.size() == 1);
        CHECK(g.variations[0].moves == squares("f6"));
        CHECK(g.variations[0].comments ==
              std::vector<Comment>{{1, "variation not replayed from here: PASS E6"}});
        const Diagnostic* d = find(g, "bad-variation");
        REQUIRE(d);
        CHECK(d->where.column == 19);
    }
    SECTION("a token that is no move") {
        const GameRecord g = readOne("[Event \"x\"]\n\n1. F5 D6 (1... F6 Nf3 E6) 2. C3 *\n");
        CHECK(g.ok());
        REQUIRE(g.variations.size() == 1);
        CHECK(g.variations[0].moves == squares("f6"));
        CHECK(hasCode(g, "bad-variation"));
    }
    SECTION("before the first move") {
        const GameRecord g = readOne("[Event \"x\"]\n\n(F5 D6) 1. F5 *\n");
        CHECK(movesOf(g) == "f5");
        CHECK(g.variations.empty());
        CHECK(g.comments == std::vector<Comment>{{0, "variation not replayed: F5 D6"}});
        CHECK(hasCode(g, "bad-variation"));
    }
    SECTION("a bad main line is an error whatever its variations") {
        const FileResult r =
            readWith("a.pgn", "[Event \"x\"]\n\n1. F5 (1. D3) A1 *\n", Format::Pgn);
        REQUIRE(r.records.size() == 1);
        CHECK(!r.records[0].ok());
        CHECK(r.records[0].variations.empty());
    }
}

TEST_CASE("pgn annotations: comments after a pass and on passes the record writes") {
    // Penloup - Juhem: "29.PASS H8" -- Black passes (ply 56), White plays h8.
    const FileResult r = readFile(fixture("pgn/comments.pgn"));
    REQUIRE(r.records.size() == 1);
    const std::string text = slurp(fixture("pgn/comments.pgn"));
    std::string edited = text;
    const std::size_t at = edited.find("29.PASS H8");
    REQUIRE(at != std::string::npos);
    edited.replace(at, 10, "29.PASS {forced} H8 {then h8}");
    const GameRecord g = readOne(edited);
    CHECK(g.moves == r.records[0].moves);
    int pass = -1;
    for (std::size_t i = 0; i < g.moves.size(); ++i)
        if (g.moves[i] == core::kPass) {
            pass = static_cast<int>(i);
            break;
        }
    REQUIRE(pass > 0);
    CHECK(g.comments[1] == Comment{pass + 1, "forced"});
    CHECK(g.comments[2] == Comment{pass + 2, "then h8"});
}

TEST_CASE("pgn annotations: an unclosed variation keeps what it read, without more warnings") {
    const FileResult v = readFile(fixture("pgn/unclosed-variation.pgn"));
    REQUIRE(v.records.size() == 1);
    const GameRecord& g = v.records[0];
    CHECK(movesOf(g) == "f5d6");
    CHECK(g.diagnostics.size() == 1);
    CHECK(g.diagnostics[0].code == "unclosed-variation");
    // "(1... F6 2. E6 / 2. C3 D3": f6 e6 replay, c3 does not.
    REQUIRE(g.variations.size() == 1);
    CHECK(g.variations[0].moves == squares("f6e6"));
    REQUIRE(g.variations[0].comments.size() == 1);
    CHECK(g.variations[0].comments[0].text == "variation not replayed from here: C3 D3");
}

TEST_CASE("pgn annotations: a comment outside any game is noted, not kept") {
    const FileResult r = readWith(
        "a.pgn", "[Event \"x\"]\n\n1. F5 *\n{after the result}\n\n[Event \"y\"]\n\n1. F5 *\n",
        Format::Pgn);
    REQUIRE(r.records.size() == 2);
    CHECK(r.records[0].comments.empty());
    CHECK(r.records[1].comments.empty());
    const Diagnostic* d = fileCode(r, "comment-outside-game");
    REQUIRE(d);
    CHECK(d->severity == Severity::Note);  // --strict does not fail a file for it
    CHECK(d->where.line == 4);
    CHECK(d->message.find("after the result") != std::string::npos);
}

TEST_CASE("pgn annotations: limits on comments and variations are kept and said") {
    SECTION("a comment too long is cut") {
        const std::string big(kMaxCommentBytes + 100, 'x');
        const GameRecord g = readOne("[Event \"x\"]\n\n1. F5 {" + big + "} *\n");
        REQUIRE(g.comments.size() == 1);
        CHECK(g.comments[0].text.size() == kMaxCommentBytes);
        const Diagnostic* d = find(g, "comment-too-long");
        REQUIRE(d);
        CHECK(d->where.line == 3);
        CHECK(d->where.column == 7);
    }
    SECTION("comment text past the game's budget is not kept") {
        std::string text = "[Event \"x\"]\n\n1. F5";
        const std::string chunk(kMaxCommentBytes, 'y');
        const std::size_t n = kMaxAnnotationBytes / kMaxCommentBytes + 3;
        for (std::size_t i = 0; i < n; ++i) text += " {" + chunk + "}";
        const GameRecord g = readOne(text + " *\n");
        CHECK(g.ok());
        CHECK(commentBytes(g.comments, g.variations) <= kMaxAnnotationBytes);
        const Diagnostic* d = find(g, "annotation-limit");
        REQUIRE(d);
        // Each comment costs its bytes and the space that would join it to the next.
        const std::size_t kept = kMaxAnnotationBytes / (kMaxCommentBytes + 1);
        CHECK(g.comments.size() == 1);
        CHECK(g.comments[0].text.size() == kept * (kMaxCommentBytes + 1) - 1);
        CHECK(d->message.find(std::to_string(n - kept) + " comments") == 0);
    }
    SECTION("variations past the count are not kept") {
        std::string text = "[Event \"x\"]\n\n1. F5";
        for (std::size_t i = 0; i < kMaxVariations + 5; ++i) text += " (1. D3)";
        const GameRecord g = readOne(text + " D6 *\n");
        CHECK(movesOf(g) == "f5d6");
        CHECK(g.variations.size() == kMaxVariations);
        const Diagnostic* d = find(g, "annotation-limit");
        REQUIRE(d);
        CHECK(d->message.find("5 variations") != std::string::npos);
    }
    SECTION("variations nested too deep are not kept") {
        std::string text = "[Event \"x\"]\n\n1. F5 D6";
        const std::size_t depth = kMaxVariationDepth + 2;
        for (std::size_t i = 0; i < depth; ++i) text += " (1... F6";
        for (std::size_t i = 0; i < depth; ++i) text += ")";
        const GameRecord g = readOne(text + " 2. C3 *\n");
        CHECK(movesOf(g) == "f5d6c3");
        std::size_t deepest = 0;
        for (const Variation* v = g.variations.empty() ? nullptr : &g.variations[0]; v;
             v = v->variations.empty() ? nullptr : &v->variations[0])
            ++deepest;
        // Each (1... F6) inside the previous replaces f6 by f6: legal, so each is kept.
        CHECK(deepest == kMaxVariationDepth);
        const Diagnostic* d = find(g, "annotation-limit");
        REQUIRE(d);
        CHECK(d->message.find("nested deeper") != std::string::npos);
    }
}
