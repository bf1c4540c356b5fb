// Records under the rule books' other games (issue 28): every format that can carry the rules
// writes and reads them back (GGF RU[], PGN [Variant] [Scoring] [Rules], JSON "rules", the
// transcript's "Rules:" and "Lines:"), losslessly; WTHOR refuses them; a Reversi game's result is
// its disc count. Games are played at random from a seed under core::ruleMoves.
#include <catch2/catch.hpp>

#include <random>

#include "ReaderTestSupport.h"
#include "importers/RecordReplay.h"
#include "importers/Writer.h"

using namespace othello;
using namespace othello::importers;
using othello::importers::testing::firstError;
using othello::importers::testing::hasCode;
using othello::importers::testing::readWith;

namespace {

core::Rules rulesFromCode(const std::string& code) {
    const core::RulesParse parsed = core::parseRules(code);
    REQUIRE_FALSE(parsed.error);
    return parsed.rules;
}

int lineMovesIn(const std::vector<int>& moves) {
    int n = 0;
    for (int m : moves) n += core::isLineMove(m);
    return n;
}

// A finished game under `rules` played at random from `seed`, with names, an event, a date and
// comments on two of its plies (so that the annotations are replayed under the rules too).
GameRecord randomRulesGame(const core::Rules& rules, unsigned seed) {
    std::mt19937 rng(seed);
    const std::optional<core::Position> start = core::rulesStart(rules);
    REQUIRE(start);
    core::Position p = *start;
    std::vector<int> tokens;
    for (std::vector<core::RuleMove> moves = core::ruleMoves(p, rules); !moves.empty();
         moves = core::ruleMoves(p, rules)) {
        const core::RuleMove& m = moves[rng() % moves.size()];
        tokens.push_back(m.move);
        core::playRuleMove(p, m);
    }
    GameRecord g;
    g.rules = rules;
    g.start = *start;
    g.black = "Pointed Player";
    g.white = "Round Player";
    g.event = "Rule books " + std::to_string(seed);
    g.date = "1978-05-06";
    g.year = 1978;
    REQUIRE(replayRecord(g, tokens, {}));
    REQUIRE(g.complete());
    addComment(g.comments, 2, "after the second ply");
    addComment(g.comments, 9, "a comment on ply 9");
    checkAnnotations(g);
    REQUIRE(g.annotationsCheck == AnnotationsCheck::Fit);
    return g;
}

// The first seed's game with at least `lines` one-line moves that named their line.
GameRecord gameWithLines(const core::Rules& rules, int lines) {
    for (unsigned seed = 1; seed < 500; ++seed) {
        GameRecord g = randomRulesGame(rules, seed);
        if (lineMovesIn(g.moves) >= lines) return g;
    }
    FAIL("no seed gives a game with enough line moves");
    return {};
}

// Writes `g` in `format`, reads it back: one record, the same game, no diagnostic at all.
GameRecord roundTrip(const GameRecord& g, Format format) {
    std::string why;
    INFO(formatName(format) << " " << core::rulesCode(g.rules));
    REQUIRE(canWrite(g, format, &why));
    const std::string text = writeGamesToString({g}, format);
    INFO(text);
    const FileResult r = readWith("rules.txt", text, format);
    REQUIRE(r.records.size() == 1);
    const GameRecord& back = r.records.front();
    for (const Diagnostic& d : back.diagnostics) INFO(d.format());
    CHECK(back.diagnostics.empty());
    CHECK(back.ok());
    CHECK(core::rulesCode(back.rules) == core::rulesCode(g.rules));
    CHECK(back.rules == g.rules);
    CHECK(back.start == g.start);
    CHECK(core::movesString(back.moves) == core::movesString(g.moves));
    CHECK(back.status == g.status);
    CHECK(back.score.black == g.score.black);
    CHECK(back.score.white == g.score.white);
    CHECK(back.black == g.black);
    CHECK(back.white == g.white);
    CHECK(back.event == g.event);
    CHECK(back.date == g.date);
    return back;
}

const char* const kHandicapCode = "othello+handicap-a1h8-white+white-first";

}  // namespace

TEST_CASE("rules records: classic Reversi with placements and line choices round-trips in GGF, "
          "PGN, JSON and transcripts",
          "[importers][rules]") {
    const GameRecord g = gameWithLines(core::reversiRules(), 5);
    REQUIRE(lineMovesIn(g.moves) >= 5);
    for (Format f : {Format::Ggf, Format::Pgn, Format::Moves, Format::Transcript}) {
        const GameRecord back = roundTrip(g, f);
        // GGF and PGN keep the comments, on the same plies.
        if (f == Format::Ggf || f == Format::Pgn) {
            REQUIRE(back.comments.size() == g.comments.size());
            for (std::size_t i = 0; i < g.comments.size(); ++i) {
                CHECK(back.comments[i].ply == g.comments[i].ply);
                CHECK(back.comments[i].text == g.comments[i].text);
            }
        }
    }
}

TEST_CASE("rules records: Reversi with every line, a handicap game and the mirrored cross "
          "round-trip in every format that carries rules",
          "[importers][rules]") {
    for (const std::string code : {"reversi-all-lines", kHandicapCode, "reversi+mirrored",
                                   "othello+discs", "othello+white-first"}) {
        const GameRecord g = randomRulesGame(rulesFromCode(code), 7);
        for (Format f : {Format::Ggf, Format::Pgn, Format::Moves, Format::Transcript})
            roundTrip(g, f);
    }
}

TEST_CASE("rules records: an Othello game is written as before, with no rules",
          "[importers][rules]") {
    const GameRecord g = randomRulesGame(core::othelloRules(), 3);
    const std::string ggf = writeGamesToString({g}, Format::Ggf);
    const std::string pgn = writeGamesToString({g}, Format::Pgn);
    const std::string json = writeGamesToString({g}, Format::Moves);
    const std::string diagram = writeGamesToString({g}, Format::Transcript);
    CHECK(ggf.find("RU[") == std::string::npos);
    CHECK(pgn.find("[Rules") == std::string::npos);
    CHECK(pgn.find("[Variant") == std::string::npos);
    CHECK(json.find("\"rules\"") == std::string::npos);
    CHECK(diagram.find("Rules:") == std::string::npos);
    for (Format f : {Format::Ggf, Format::Pgn, Format::Moves, Format::Transcript})
        CHECK(roundTrip(g, f).rules.isOthello());
    // A handicap start written by an Othello record (rules left as they were) is read back as
    // the handicap it is, as before: BO[] says it, no RU[] needed.
    GameRecord h;
    h.start = *core::rulesStart(rulesFromCode("othello+handicap-a1-black"));
    REQUIRE(replayRecord(h, {}, {}));
    const std::string hggf = writeGamesToString({h}, Format::Ggf);
    CHECK(hggf.find("RU[") == std::string::npos);
    const FileResult r = readWith("h.ggf", hggf, Format::Ggf);
    REQUIRE(r.records.size() == 1);
    CHECK(core::rulesCode(r.records[0].rules) == "othello+handicap-a1-black");
}

TEST_CASE("rules records: a finished Reversi game states its disc count, read back without "
          "a disagreement",
          "[importers][rules]") {
    // A game that ends with empty squares: the discs as they stand, the empties nobody's.
    GameRecord g;
    for (unsigned seed = 1; seed < 2000; ++seed) {
        g = randomRulesGame(core::reversiRules(), seed);
        if (g.score.black + g.score.white < 64 && g.score.black != g.score.white) break;
    }
    REQUIRE(g.score.black + g.score.white < 64);
    const core::Score s = g.score;
    const std::string result = std::to_string(s.black) + "-" + std::to_string(s.white);
    const std::string pgn = writeGamesToString({g}, Format::Pgn);
    CHECK(pgn.find("[Result \"" + result + "\"]") != std::string::npos);
    CHECK(pgn.find("[Variant \"Reversi\"]") != std::string::npos);
    CHECK(pgn.find("[Scoring \"discs\"]") != std::string::npos);
    CHECK(pgn.find("[Rules \"reversi\"]") != std::string::npos);
    const std::string diagram = writeGamesToString({g}, Format::Transcript);
    CHECK(diagram.find("Score: " + result + "\n") != std::string::npos);
    CHECK(diagram.find("Rules: reversi\n") != std::string::npos);
    char re[32];
    std::snprintf(re, sizeof re, "RE[%+.3f]", static_cast<double>(s.black - s.white));
    CHECK(writeGamesToString({g}, Format::Ggf).find(re) != std::string::npos);
    CHECK(writeGamesToString({g}, Format::Moves).find("\"result\":\"" + result + "\"") !=
          std::string::npos);
    // Stated as read from another format (PGN's Result), written again to every format.
    const FileResult fromPgn = readWith("g.pgn", pgn, Format::Pgn);
    REQUIRE(fromPgn.records.size() == 1);
    REQUIRE(fromPgn.records[0].statedBlackDiscs == s.black);
    for (Format f : {Format::Ggf, Format::Pgn, Format::Moves, Format::Transcript}) {
        const GameRecord back = roundTrip(fromPgn.records[0], f);
        CHECK(back.score.black == s.black);
        CHECK(back.score.white == s.white);
    }
    // A stated count whose White part disagrees is said, though Black's agrees: the counts of a
    // disc-scored game need not sum to 64.
    std::string wrong = pgn;
    const std::string stated = "[Result \"" + result + "\"]";
    wrong.replace(wrong.find(stated), stated.size(),
                  "[Result \"" + std::to_string(s.black) + "-" + std::to_string(s.white + 1) +
                      "\"]");
    const FileResult w = readWith("w.pgn", wrong, Format::Pgn);
    REQUIRE(w.records.size() == 1);
    CHECK(hasCode(w.records[0], "result-mismatch"));
}

TEST_CASE("rules records: GGF reads RU[] and the c4>e6 moves, and a bad code is an error of that "
          "record only, located",
          "[importers][rules]") {
    const GameRecord g = gameWithLines(core::reversiRules(), 1);
    const std::string good = writeGamesToString({g}, Format::Ggf);
    CHECK(good.find("RU[reversi]") != std::string::npos);
    CHECK(good.find(">") != std::string::npos);
    const std::string bad = "(;GM[Othello]PB[a]PW[b]RU[reversi+sideways]BO[8 " +
                            std::string(64, '-') + " *]B[d5];)\n";
    const FileResult r = readWith("two.ggf", bad + good, Format::Ggf);
    REQUIRE(r.records.size() == 2);
    const Diagnostic* e = firstError(r.records[0]);
    REQUIRE(e);
    CHECK(e->code == "bad-rules");
    CHECK(e->where.line == 1);
    CHECK(e->where.column > 1);
    CHECK(e->message.find("reversi+sideways") != std::string::npos);
    CHECK(r.records[1].ok());
    CHECK(core::rulesCode(r.records[1].rules) == "reversi");
    // A pass left out under the rules (GGF tolerates it): told from a move by the wrong side on
    // the rules' own moves, made explicit by the replay.
    GameRecord passing;
    for (unsigned seed = 1; seed < 3000 && !passing.passes(); ++seed)
        passing = randomRulesGame(core::reversiRules(), seed);
    REQUIRE(passing.passes() > 0);
    std::string withoutPasses = writeGamesToString({passing}, Format::Ggf);
    for (std::size_t at; (at = withoutPasses.find("[PA]")) != std::string::npos;)
        withoutPasses.erase(at - 1, 5);
    const FileResult np = readWith("np.ggf", withoutPasses, Format::Ggf);
    REQUIRE(np.records.size() == 1);
    CHECK(np.records[0].ok());
    CHECK(core::movesString(np.records[0].moves) == core::movesString(passing.moves));
    // Without RU[] the placements are Othello moves on an empty board: refused, as before.
    std::string noRules = good;
    noRules.erase(noRules.find("RU[reversi]"), 11);
    const FileResult o = readWith("o.ggf", noRules, Format::Ggf);
    REQUIRE(o.records.size() == 1);
    CHECK_FALSE(o.records[0].ok());
}

TEST_CASE("rules records: PGN reads the Variant and Scoring tags, and the Rules tag wins",
          "[importers][rules]") {
    const GameRecord g = gameWithLines(core::reversiRules(), 1);
    std::string pgn = writeGamesToString({g}, Format::Pgn);
    // The human tags alone give the rule set.
    std::string human = pgn;
    human.erase(human.find("[Rules \"reversi\"]\n"), 18);
    FileResult r = readWith("h.pgn", human, Format::Pgn);
    REQUIRE(r.records.size() == 1);
    CHECK(r.records[0].ok());
    CHECK(core::rulesCode(r.records[0].rules) == "reversi");
    // When they disagree, the exact code is taken.
    std::string other = pgn;
    other.replace(other.find("[Variant \"Reversi\"]"), 19, "[Variant \"Reversi all lines\"]");
    r = readWith("o.pgn", other, Format::Pgn);
    REQUIRE(r.records.size() == 1);
    CHECK(core::rulesCode(r.records[0].rules) == "reversi");
    CHECK(r.records[0].ok());
    // A bad code is an error of the record, located at its tag.
    std::string bad = pgn;
    bad.replace(bad.find("[Rules \"reversi\"]"), 17, "[Rules \"checkers\"]");
    r = readWith("b.pgn", bad, Format::Pgn);
    REQUIRE(r.records.size() == 1);
    const Diagnostic* e = firstError(r.records[0]);
    REQUIRE(e);
    CHECK(e->code == "bad-rules");
    CHECK(e->where.line > 1);
    // [Scoring "discs"] on an Othello game: its result is the discs as they stand.
    const std::string wipe = "[Event \"?\"]\n[Scoring \"discs\"]\n[Result \"*\"]\n1. F5 *\n";
    r = readWith("s.pgn", wipe, Format::Pgn);
    REQUIRE(r.records.size() == 1);
    CHECK(core::rulesCode(r.records[0].rules) == "othello+discs");
}

TEST_CASE("rules records: JSON move lines read \"rules\", and a bad code is that line's error",
          "[importers][rules]") {
    const GameRecord g = gameWithLines(core::reversiRules(), 1);
    const std::string line = writeGamesToString({g}, Format::Moves);
    CHECK(line.find("\"rules\":\"reversi\"") != std::string::npos);
    const std::string bad = "{\"moves\": \"d5 d4 e4 e5\", \"rules\": \"reversi+upside-down\"}\n";
    const FileResult r = readWith("m.txt", bad + line, Format::Moves);
    REQUIRE(r.records.size() == 2);
    const Diagnostic* e = firstError(r.records[0]);
    REQUIRE(e);
    CHECK(e->code == "bad-rules");
    CHECK(e->where.line == 1);
    CHECK(r.records[1].ok());
    // The placements alone, under the rules: the cross, Black to move, not over.
    const FileResult p = readWith("p.txt", "{\"moves\": \"d5 d4 e4 e5\", \"rules\": \"reversi\"}\n",
                                  Format::Moves);
    REQUIRE(p.records.size() == 1);
    CHECK(p.records[0].ok());
    CHECK(p.records[0].status == GameStatus::Incomplete);
    CHECK(p.records[0].moves.size() == 4);
    // A pretty-printed JSON document of games reads its elements' "rules" the same way.
    const std::string document =
        "[\n  {\n    \"moves\": \"d5 d4 e4 e5 f5\",\n    \"rules\": \"reversi-all-lines\"\n  }\n]\n";
    const FileResult d = readWith("d.json", document, Format::Moves);
    REQUIRE(d.records.size() == 1);
    CHECK(d.records[0].ok());
    CHECK(core::rulesCode(d.records[0].rules) == "reversi-all-lines");
    CHECK(d.records[0].moves.size() == 5);
}

TEST_CASE("rules records: CSV reads a rules column", "[importers][rules]") {
    const std::string csv =
        "id,rules,moves\n1,reversi,d5d4e4e5f5\n2,othello,f5d6\n3,nonsense,f5\n";
    const FileResult r = readWith("r.csv", csv, Format::Csv);
    REQUIRE(r.records.size() == 3);
    CHECK(r.records[0].ok());
    CHECK(core::rulesCode(r.records[0].rules) == "reversi");
    CHECK(r.records[0].moves.size() == 5);
    CHECK(r.records[1].ok());
    CHECK(r.records[1].rules.isOthello());
    REQUIRE(firstError(r.records[2]));
    CHECK(firstError(r.records[2])->code == "bad-rules");
}

TEST_CASE("rules records: WTHOR refuses a game under other rules, naming them",
          "[importers][rules]") {
    for (const std::string code : {"reversi", "reversi-all-lines", "reversi+cross",
                                   "othello+discs", kHandicapCode}) {
        const GameRecord g = randomRulesGame(rulesFromCode(code), 5);
        std::string why;
        CHECK_FALSE(canWrite(g, Format::Wthor, &why));
        CHECK(why.find(code) != std::string::npos);
        CHECK(why.find("WTHOR holds only Othello games") != std::string::npos);
    }
    CHECK(canWrite(randomRulesGame(core::othelloRules(), 5), Format::Wthor));
}

TEST_CASE("rules records: a Reversi transcript numbers its placements 1-4 on the centre, or "
          "shows the centre discs",
          "[importers][rules]") {
    const std::string fixture =
        testing::slurp(testing::fixture("transcript/reversi-placements.transcript"));
    const FileResult r = readWith("reversi_placements.txt", fixture, Format::Transcript);
    REQUIRE(r.records.size() == 2);
    const GameRecord& numbered = r.records[0];
    for (const Diagnostic& d : numbered.diagnostics) INFO(d.format());
    REQUIRE(numbered.ok());
    CHECK(numbered.diagnostics.empty());
    CHECK(core::rulesCode(numbered.rules) == "reversi");
    CHECK(numbered.start == core::Position(0, 0, core::Color::Black));
    // Placements d5 d4 e4 e5 (Black's on the d5-e4 diagonal: the standard cross), then the moves
    // with the three lines the "Lines:" line names.
    CHECK(core::movesString(numbered.moves, false, " ") ==
          "d5 d4 e4 e5 f5 d6 c5 f4>d4 d3>d5 c6 c7>c5 b6");
    CHECK(numbered.black == "Pointed");
    const GameRecord& shown = r.records[1];
    for (const Diagnostic& d : shown.diagnostics) INFO(d.format());
    REQUIRE(shown.ok());
    CHECK(core::rulesCode(shown.rules) == "reversi+mirrored");
    CHECK(shown.start.black() == core::Position::start().white());
    CHECK(core::movesString(shown.moves, false, " ") == "e3 d3 c3>e3 b2");
    // Drawn centre discs with a number past 60: an error, not a game of no moves.
    std::string drawn = fixture.substr(fixture.find("# The same game's rules"));
    drawn.replace(drawn.find("  4  .  .  .  .  .  ."), 3, " 61");
    const FileResult bad = readWith("drawn.txt", drawn, Format::Transcript);
    REQUIRE(bad.records.size() == 1);
    REQUIRE(firstError(bad.records[0]));
    CHECK(firstError(bad.records[0])->code == "number-out-of-range");
}
