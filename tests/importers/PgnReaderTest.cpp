// PGN: the three dialects, every failure mode, the shared files, the writer read back.
#include <catch2/catch.hpp>

#include "ReaderTestSupport.h"
#include "importers/PgnReader.h"
#include "importers/PgnWriter.h"

using namespace othello;
using namespace othello::importers;
using namespace othello::importers::testing;

TEST_CASE("pgn: WTHOR-PGN, PlayOK and Edax dialects in the sample file") {
    const FileResult r = readFile(sourcePath("tests/fixtures/samples/games.pgn"));
    CHECK(r.format == Format::Pgn);
    REQUIRE(r.records.size() == 3);
    const GameRecord& wthor = r.records[0];
    CHECK(wthor.complete());
    CHECK(movesOf(wthor) == kPenloupMoves);
    CHECK(wthor.black == "Penloup Dominique");
    CHECK(wthor.white == "Juhem Philippe");
    CHECK(wthor.year == 1992);
    CHECK(wthor.statedBlackDiscs == 20);
    CHECK(wthor.diagnostics.empty());

    const GameRecord& playok = r.records[1];
    CHECK(playok.complete());
    CHECK(playok.passes() == 2);
    CHECK(playok.place == "PlayOK");
    CHECK(playok.date == "2024-03-09");
    CHECK(playok.statedBlackDiscs == 26);
    CHECK(playok.score == core::Score{26, 38});
    CHECK(playok.diagnostics.empty());

    const GameRecord& edax = r.records[2];
    CHECK(edax.complete());
    CHECK(edax.passes() == 2);
    CHECK(edax.statedWinner == -1);
    CHECK(edax.round == "3");
    CHECK(edax.diagnostics.empty());
}

TEST_CASE("pgn: comments, NAGs, variations, glued move numbers, pass words") {
    const FileResult r = readFile(fixture("pgn/comments.pgn"));
    CHECK(r.format == Format::Pgn);
    REQUIRE(r.records.size() == 1);
    CHECK(r.records[0].complete());
    CHECK(movesOf(r.records[0]) == kPenloupMoves);
    CHECK(r.records[0].diagnostics.empty());
}

TEST_CASE("pgn: failure modes are located and the other games still import") {
    const FileResult bad = readFile(fixture("pgn/not-a-square.pgn"));
    REQUIRE(bad.records.size() == 2);
    CHECK(bad.records[0].ok());
    const Diagnostic* d = firstError(bad.records[1]);
    REQUIRE(d);
    CHECK(d->code == "not-a-square");
    CHECK(d->where.line == 11);
    CHECK(d->where.column == 16);
    CHECK(d->moveNumber == 4);
    CHECK(bad.records[1].source.line == 7);

    const FileResult illegal = readFile(fixture("pgn/illegal-move.pgn"));
    REQUIRE(illegal.records.size() == 1);
    const Diagnostic* e = firstError(illegal.records[0]);
    REQUIRE(e);
    CHECK(e->code == "no-flips");
    CHECK(e->where.line == 6);
    CHECK(e->where.column == 7);
    CHECK(core::squareName(e->square) == "a1");

    for (const char* rel : {"pgn/result-mismatch.pgn", "pgn/edax-result-mismatch.pgn"}) {
        INFO(rel);
        const FileResult m = readFile(fixture(rel));
        REQUIRE(m.records.size() == 1);
        CHECK(m.records[0].ok());
        CHECK(hasCode(m.records[0], "result-mismatch"));
    }

    const FileResult fen = readFile(fixture("pgn/bad-fen.pgn"));
    REQUIRE(fen.records.size() == 2);
    CHECK(hasCode(fen.records[0], "bad-fen"));
    CHECK(!fen.records[0].ok());
    CHECK(fen.records[1].ok());
    CHECK(!fen.records[1].standardStart);
    CHECK(movesOf(fen.records[1]) == "f4");
}

TEST_CASE("pgn: the 5 shared files read with no error") {
    const std::pair<const char*, std::size_t> files[] = {{"pgn/WTH_2021.pgn", 320},
                                                         {"pgn/WTH_2022.pgn", 1332},
                                                         {"pgn/WTH_2023.pgn", 2405},
                                                         {"pgn/WTH_2024.pgn", 2833},
                                                         {"pgn/WTH_2025.pgn", 2010}};
    for (const auto& [rel, count] : files) {
        const auto p = shared(rel);
        if (p.empty()) {
            WARN("shared data absent, skipped: " << rel);
            continue;
        }
        INFO(rel);
        const FileResult r = readFile(p);
        CHECK(r.format == Format::Pgn);
        CHECK(r.records.size() == count);
        int errors = 0;
        for (const GameRecord& g : r.records) {
            errors += !g.ok();
            CHECK(!g.black.empty());
            CHECK(g.year > 0);
        }
        CHECK(errors == 0);
    }
}

TEST_CASE("pgn: the writer is read back to the same games") {
    const auto p = shared("pgn/WTH_2022.pgn");
    const FileResult r =
        p.empty() ? readFile(sourcePath("tests/fixtures/samples/games.pgn")) : readFile(p);
    const FileResult back = readWith("back.pgn", writePgn(r.records), Format::Auto);
    CHECK(back.format == Format::Pgn);
    REQUIRE(back.records.size() == r.records.size());
    for (std::size_t i = 0; i < r.records.size(); ++i) {
        const GameRecord& a = r.records[i];
        const GameRecord& b = back.records[i];
        CHECK(a.moves == b.moves);
        CHECK(a.black == b.black);
        CHECK(a.white == b.white);
        CHECK(a.event == b.event);
        CHECK(a.year == b.year);
        CHECK(a.status == b.status);
        // A result without disc counts ("0-1", Edax style) is written as the final score.
        if (a.statedBlackDiscs || !a.complete())
            CHECK(a.statedBlackDiscs == b.statedBlackDiscs);
        else
            CHECK(b.statedBlackDiscs == a.score.black);
    }
}

TEST_CASE("pgn: a comment or variation never closed is a warning at its opening character") {
    const FileResult c = readFile(fixture("pgn/unterminated-comment.pgn"));
    CHECK(c.format == Format::Pgn);
    // The comment ends at the next game ([Event at a line start): that game is read too.
    REQUIRE(c.records.size() == 2);
    CHECK(movesOf(c.records[0]) == "f5d6c3");
    REQUIRE(hasCode(c.records[0], "unterminated-comment"));
    const Diagnostic& d = c.records[0].diagnostics.back();
    CHECK(d.severity == Severity::Warning);
    CHECK(d.damage);
    CHECK(d.where.line == 5);
    CHECK(d.where.column == 16);
    CHECK(c.records[1].event == "swallowed");
    CHECK(movesOf(c.records[1]) == "f5f6");
    CHECK(c.records[1].diagnostics.empty());
    CHECK(c.damagedRecords == 1);

    const FileResult v = readFile(fixture("pgn/unclosed-variation.pgn"));
    REQUIRE(v.records.size() == 1);
    CHECK(movesOf(v.records[0]) == "f5d6");
    REQUIRE(hasCode(v.records[0], "unclosed-variation"));
    CHECK(v.records[0].diagnostics.back().where.line == 3);
    CHECK(v.records[0].diagnostics.back().where.column == 10);

    // Before any game: on the file.
    const FileResult f = readWith("x.pgn", "[Event \"x\"]\n", Format::Pgn);
    CHECK(f.fileDiagnostics.empty());
    const FileResult early =
        readWith("early.pgn", "{ never closed\n[Event \"x\"]\n1. F5\n", Format::Pgn);
    REQUIRE(!early.fileDiagnostics.empty());
    CHECK(early.fileDiagnostics[0].code == "unterminated-comment");
    CHECK(early.fileDiagnostics[0].where.line == 1);
    CHECK(early.fileDiagnostics[0].where.column == 1);
}

TEST_CASE("pgn: a game of tags only ends at a tag it has already, blank line or not") {
    const FileResult r =
        readWith("f.pgn",
                 "[Event \"Cup\"]\n[Black \"a\"]\n[White \"b\"]\n[Result \"1-0\"]\n"
                 "[Event \"Cup\"]\n[Black \"c\"]\n[White \"d\"]\n\n1. F5 D6 *\n",
                 Format::Pgn);
    REQUIRE(r.records.size() == 2);
    CHECK(r.records[0].black == "a");
    CHECK(r.records[0].white == "b");
    CHECK(r.records[0].moves.empty());
    CHECK(r.records[0].source.line == 1);
    CHECK(r.records[1].black == "c");
    CHECK(r.records[1].white == "d");
    CHECK(movesOf(r.records[1]) == "f5d6");
    CHECK(r.records[1].source.line == 5);
    // A roster in another order, Event not first, stays one game.
    const FileResult one =
        readWith("o.pgn", "[Black \"x\"]\n[Event \"B\"]\n[White \"y\"]\n1. F5 F6\n", Format::Pgn);
    REQUIRE(one.records.size() == 1);
    CHECK(one.records[0].black == "x");
    CHECK(one.records[0].event == "B");
}

TEST_CASE("pgn: a chess game is named as one, and the games after it still import") {
    const FileResult r = readFile(fixture("pgn/chess.pgn"));
    REQUIRE(r.records.size() == 2);
    const Diagnostic* d = firstError(r.records[0]);
    REQUIRE(d);
    CHECK(d->code == "chess-game");
    CHECK(d->message.find("not an Othello game") != std::string::npos);
    CHECK(d->message.find("'Nf3'") != std::string::npos);
    CHECK(d->where.line == 8);
    CHECK(d->where.column == 13);
    CHECK(r.records[1].ok());
    CHECK(movesOf(r.records[1]) == "f5d6c3");
}

TEST_CASE("pgn: Othello moves, passes and squares are never taken for chess") {
    // Tokens an Othello record writes, in every case: none is a chess move.
    const FileResult r =
        readWith("t.pgn", "[Event \"x\"]\n\n1. F5 d6 2. C3 D3 3. c4 --\n", Format::Pgn);
    REQUIRE(r.records.size() == 1);
    CHECK(!hasCode(r.records[0], "chess-game"));
    // A bad token that is no chess move keeps its own diagnosis.
    const FileResult bad = readWith("t.pgn", "[Event \"x\"]\n\n1. f5 zz9\n", Format::Pgn);
    REQUIRE(bad.records.size() == 1);
    CHECK(hasCode(bad.records[0], "not-a-square"));
    for (const char* chess : {"exd5", "Qxd8", "Rae1", "N1c3", "e8=Q", "O-O", "0-0-0", "Kh1"}) {
        INFO(chess);
        const FileResult c = readWith(
            "t.pgn", std::string("[Event \"x\"]\n\n1. f5 ") + chess + " 2. c3\n", Format::Pgn);
        REQUIRE(c.records.size() == 1);
        CHECK(hasCode(c.records[0], "chess-game"));
    }
}
