// Rules as data (core/Rules.h): presets and codes, starts, placements, one-line moves and their
// notation, replay under rules, scoring, game end. The rule books are ../shared/rules/.
#include <algorithm>
#include <catch2/catch.hpp>
#include <random>

#include "TestBoards.h"
#include "core/Replay.h"
#include "core/Rules.h"

using namespace othello::core;
using testing::moves;
using testing::squares;

namespace {

int sq(const char* name) {
    return parseSquare(name);
}

// Every combination of fields a code can say, handicaps of one to four corners included.
std::vector<Rules> everyRules() {
    std::vector<Rules> out;
    const Bitboard cornerSets[] = {squares({"a1"}), squares({"a1", "h8"}),
                                   squares({"h1", "a8", "h8"}), kCorners};
    for (const Flipping f : {Flipping::AllLines, Flipping::OneLine})
        for (const Start s : {Start::Cross, Start::MirroredCross, Start::Placements,
                              Start::AnyPosition, Start::Handicap})
            for (const Scoring sc : {Scoring::EmptiesToWinner, Scoring::Discs})
                for (const Color first : {Color::Black, Color::White}) {
                    Rules r{f, s, sc, first};
                    if (s != Start::Handicap) {
                        out.push_back(r);
                        continue;
                    }
                    for (const Bitboard corners : cornerSets)
                        for (const Color to : {Color::Black, Color::White}) {
                            r.handicapCorners = corners;
                            r.handicapTo = to;
                            out.push_back(r);
                        }
                }
    return out;
}

std::string upper(std::string s) {
    for (char& c : s)
        if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 32);
    return s;
}

// The rule book's C6 example (regle-othello-fr.txt): c6 outflanks four lines.
const Position kC6(squares({"a6", "a4", "e8", "c3"}),
                   squares({"b6", "b5", "d7", "c5", "c4", "d6", "e6"}), Color::Black);

}  // namespace

TEST_CASE("rules presets and their codes") {
    CHECK(othelloRules() == Rules{});
    CHECK(othelloRules().isOthello());
    CHECK_FALSE(reversiRules().isOthello());
    CHECK(rulesCode(othelloRules()) == "othello");
    CHECK(rulesCode(reversiRules()) == "reversi");
    CHECK(rulesCode(reversiAllLinesRules()) == "reversi-all-lines");
    CHECK(reversiRules().flipping == Flipping::OneLine);
    CHECK(reversiRules().start == Start::Placements);
    CHECK(reversiRules().scoring == Scoring::Discs);
    CHECK(reversiRules().firstToMove == Color::Black);  // the pointed discs: Black
    CHECK(reversiAllLinesRules().flipping == Flipping::AllLines);
    CHECK(parseRules("Reversi").rules == reversiRules());
    CHECK(parseRules("REVERSI-ALL-LINES").rules == reversiAllLinesRules());
    Rules booklet;  // two corners to the weaker player, who moves first
    booklet.start = Start::Handicap;
    booklet.handicapCorners = squares({"a1", "h8"});
    booklet.handicapTo = Color::White;
    booklet.firstToMove = Color::White;
    CHECK(rulesCode(booklet) == "othello+handicap-a1h8-white+white-first");
    Rules fromCross = reversiRules();
    fromCross.start = Start::Cross;
    CHECK(rulesCode(fromCross) == "reversi+cross");
    CHECK(rulesDescription(reversiRules()) ==
          "classic Reversi (placements on the centre, one line flips, chosen by the mover, discs "
          "on the board, black first)");
    CHECK(rulesDescription(booklet) ==
          "Othello (handicap corners a1h8 to white, every line flips, empties to the winner, "
          "white first)");
}

TEST_CASE("every rules value prints a code that parses back to it, in any case") {
    const std::vector<Rules> all = everyRules();
    CHECK(all.size() == 2 * 4 * 2 * 2 + 2 * 2 * 2 * 4 * 2);  // handicaps: corner sets, colours
    for (const Rules& r : all) {
        const std::string code = rulesCode(r);
        INFO(code);
        const RulesParse back = parseRules(code);
        REQUIRE_FALSE(back.error);
        CHECK(back.rules == r);
        CHECK(parseRules(upper(code)).rules == r);
    }
}

TEST_CASE("bad rules codes are refused with the offending part named") {
    const auto error = [](const char* code) {
        const RulesParse p = parseRules(code);
        return p.error ? *p.error : std::string("(accepted)");
    };
    CHECK_THAT(error("chess"), Catch::Contains("unknown rules 'chess'"));
    CHECK_THAT(error(""), Catch::Contains("unknown rules ''"));
    CHECK_THAT(error("othello+sideways"), Catch::Contains("unknown rules modifier 'sideways'"));
    CHECK_THAT(error("othello+"), Catch::Contains("unknown rules modifier ''"));
    CHECK_THAT(error("othello+discs+empties"), Catch::Contains("'empties' sets a rule"));
    CHECK_THAT(error("othello+mirrored+cross"), Catch::Contains("'cross' sets a rule"));
    CHECK_THAT(error("othello+handicap-a2-white"), Catch::Contains("'a2'"));
    CHECK_THAT(error("othello+handicap-a1a1-white"), Catch::Contains("given once"));
    CHECK_THAT(error("othello+handicap-a1-red"), Catch::Contains("'red'"));
    CHECK_THAT(error("othello+handicap-white"), Catch::Contains("handicap-<corners>-<colour>"));
    CHECK_THAT(error("othello+handicap-"), Catch::Contains("handicap-<corners>-<colour>"));
}

TEST_CASE("each start: the cross, its mirror, the empty board, handicap corners") {
    Rules r;
    CHECK(*rulesStart(r) == Position::start());
    r.start = Start::MirroredCross;
    CHECK(rulesStart(r)->black() == squares({"d4", "e5"}));
    CHECK(rulesStart(r)->white() == squares({"d5", "e4"}));
    CHECK(*rulesStart(reversiRules()) == Position(0, 0, Color::Black));
    const Rules booklet = parseRules("othello+handicap-a1h8-white+white-first").rules;
    const Position h = *rulesStart(booklet);
    CHECK(h.black() == squares({"d5", "e4"}));
    CHECK(h.white() == squares({"d4", "e5", "a1", "h8"}));
    CHECK(h.toMove() == Color::White);
    r.start = Start::AnyPosition;
    CHECK_FALSE(rulesStart(r));
}

TEST_CASE("placements: B W B W on the centre, each player's two discs on one diagonal") {
    const Rules rules = reversiRules();
    Position p = *rulesStart(rules);
    CHECK(inPlacements(p, rules));
    CHECK(placementSquares(p, rules) == kCentre);
    CHECK_FALSE(isGameOver(p, rules));  // the empty board is not a finished game here
    CHECK(p.isGameOver());              // ... though nobody could move under Othello's rules
    p.play(sq("d4"), 0);                // Black
    CHECK(placementSquares(p, rules) == squares({"e4", "d5"}));  // not e5: Black's diagonal
    p.play(sq("e4"), 0);                                         // White
    CHECK(placementSquares(p, rules) == squares({"e5"}));
    p.play(sq("e5"), 0);  // Black
    CHECK(placementSquares(p, rules) == squares({"d5"}));
    CHECK(ruleMoves(p, rules) == std::vector<RuleMove>{{sq("d5"), sq("d5"), 0}});
    p.play(sq("d5"), 0);  // White: the mirrored cross, Black (the pointed discs) to move
    CHECK_FALSE(inPlacements(p, rules));
    CHECK(p == *rulesStart(parseRules("othello+mirrored").rules));
    CHECK(placementSquares(p, rules) == 0);
    // Not placements rules, or not the centre only: no placements.
    CHECK_FALSE(inPlacements(Position(0, 0, Color::Black), othelloRules()));
    CHECK_FALSE(inPlacements(Position(squares({"a1"}), 0, Color::White), rules));
}

TEST_CASE("replay under Reversi: placements, then moves, bad placements are errors") {
    const Rules rules = reversiRules();
    const Position empty = *rulesStart(rules);
    const ReplayResult r = replay(empty, moves("e4 d4 d5 e5 f5"), rules);
    REQUIRE_FALSE(r.error);
    REQUIRE(r.plies.size() == 5);
    CHECK(r.plies[0].placement);
    CHECK(r.plies[3].placement);
    CHECK(r.plies[3].side == Color::White);
    CHECK_FALSE(r.plies[4].placement);
    CHECK(r.positions[4] == Position::start());
    CHECK(r.final() == replay(Position::start(), moves("f5")).final());
    CHECK(r.moves() == moves("e4 d4 d5 e5 f5"));
    const ReplayResult partial = replay(empty, moves("e4 d4"), rules);
    REQUIRE_FALSE(partial.error);
    CHECK_FALSE(partial.over);
    CHECK(partial.plies.size() == 2);  // no pass inferred during the placements
    CHECK(partial.score() == Score{1, 1});
    // One disc placed: nobody could move under Othello's rules, yet the game goes on.
    const ReplayResult one = replay(empty, moves("d4"), rules);
    REQUIRE_FALSE(one.error);
    CHECK_FALSE(one.over);
    CHECK(one.plies.size() == 1);
    CHECK(one.passes == 0);

    const ReplayResult sameDiagonal = replay(empty, moves("d4 e5"), rules);
    REQUIRE(sameDiagonal.error);
    CHECK(sameDiagonal.error->code == ReplayErrorCode::BadPlacement);
    CHECK_THAT(sameDiagonal.error->describe(),
               Catch::StartsWith("move 2 (e5, white): a placement goes on a free centre square"));
    const ReplayResult offCentre = replay(empty, moves("c3"), rules);
    REQUIRE(offCentre.error);
    CHECK(offCentre.error->code == ReplayErrorCode::BadPlacement);
    const ReplayResult pass = replay(empty, moves("d4 pass"), rules);
    REQUIRE(pass.error);
    CHECK_THAT(pass.error->describe(), Catch::StartsWith("move 2 (pass, white): a placement"));
    // Othello's replay of the same record: nothing outflanks on the empty board.
    CHECK(replay(empty, moves("e4"), othelloRules()).error->code == ReplayErrorCode::GameOver);
}

TEST_CASE("lineFlips: the C6 example's four lines, by far end, their union the flips") {
    LineFlip lines[8];
    const int n = lineFlips(kC6.player(), kC6.opponentDiscs(), sq("c6"), lines);
    REQUIRE(n == 4);
    CHECK(lines[0].end == sq("c3"));
    CHECK(lines[0].discs == squares({"c5", "c4"}));
    CHECK(lines[1].end == sq("a4"));
    CHECK(lines[1].discs == squares({"b5"}));
    CHECK(lines[2].end == sq("a6"));
    CHECK(lines[2].discs == squares({"b6"}));
    CHECK(lines[3].end == sq("e8"));
    CHECK(lines[3].discs == squares({"d7"}));
    CHECK((lines[0].discs | lines[1].discs | lines[2].discs | lines[3].discs) ==
          kC6.flipsOf(sq("c6")));
    CHECK(lineFlips(kC6.player(), kC6.opponentDiscs(), sq("f6"), lines) == 0);
}

TEST_CASE("rule moves: one per square with every line, one per line under the one-line rule") {
    const std::vector<RuleMove> all = ruleMoves(kC6, othelloRules());
    const std::vector<RuleMove> one = ruleMoves(kC6, reversiRules());
    int c6All = 0;
    for (const RuleMove& m : all) c6All += m.square == sq("c6");
    std::vector<int> c6Moves;
    for (const RuleMove& m : one)
        if (m.square == sq("c6")) c6Moves.push_back(m.move);
    CHECK(c6All == 1);
    CHECK(c6Moves == std::vector<int>{lineMove(sq("c6"), sq("c3")), lineMove(sq("c6"), sq("a4")),
                                      lineMove(sq("c6"), sq("a6")), lineMove(sq("c6"), sq("e8"))});
    // From the cross every move outflanks one line: bare squares.
    for (const RuleMove& m : ruleMoves(Position::start(), reversiRules()))
        CHECK_FALSE(isLineMove(m.move));
    // A pass when only the opponent can move; nothing once neither can.
    const Position mustPass(squares({"a1"}), squares({"b1"}), Color::White);
    CHECK(ruleMoves(mustPass, reversiRules()) == std::vector<RuleMove>{{kPass, kPass, 0}});
    CHECK(ruleMoves(Position(squares({"d4", "e4"}), 0, Color::White), reversiRules()).empty());
}

TEST_CASE("a one-line move names its line: c4>e6, any case, printed lower-case") {
    CHECK(moveSquare(lineMove(sq("c4"), sq("e6"))) == sq("c4"));
    CHECK(lineEnd(lineMove(sq("c4"), sq("e6"))) == sq("e6"));
    for (int s = 0; s < 64; ++s)
        for (int e = 0; e < 64; ++e) {
            const int m = lineMove(s, e);
            REQUIRE(isLineMove(m));
            REQUIRE((moveSquare(m) == s && lineEnd(m) == e));
        }
    for (int token = 0; token <= kPass; ++token) {
        CHECK_FALSE(isLineMove(token));
        CHECK(moveSquare(token) == token);
        CHECK(lineEnd(token) == kNoSquare);
    }
    const MovesParse p = parseMoves("c4>e6 C4>E6,f5 1.d3>D5");
    REQUIRE_FALSE(p.error);
    const int c4e6 = lineMove(sq("c4"), sq("e6"));
    CHECK(p.moves == std::vector<int>{c4e6, c4e6, sq("f5"), lineMove(sq("d3"), sq("d5"))});
    CHECK(p.columns == std::vector<std::size_t>{0, 6, 12, 17});
    CHECK(moveName(c4e6) == "c4>e6");
    CHECK(moveName(sq("c4")) == "c4");
    CHECK(moveName(kPass) == "pass");
    CHECK(movesString(p.moves) == "c4>e6c4>e6f5d3>d5");
    CHECK(parseMoves(movesString(p.moves)).moves == p.moves);
    CHECK(parseMove("C4>E6") == c4e6);
    CHECK(parseMove("c4") == sq("c4"));
    CHECK(parseMove("c4>") == kNoSquare);
    CHECK(parseMove("c4>e9") == kNoSquare);
    // A '>' not followed by a square stays the bad token it always was.
    for (const char* bad : {"c4>e66", "c4>", "c4>z9", "c4 >e6"}) {
        INFO(bad);
        const MovesParse m = parseMoves(bad);
        REQUIRE(m.error);
        CHECK(m.moves == std::vector<int>{sq("c4")});
        CHECK(m.error->token[0] == '>');
    }
}

TEST_CASE("replay of one-line moves: the line said when several, errors name the choices") {
    const Rules rules = reversiRules();
    const ReplayResult bare = replay(kC6, moves("c6"), rules);
    REQUIRE(bare.error);
    CHECK(bare.error->code == ReplayErrorCode::AmbiguousLine);
    CHECK(bare.error->describe() ==
          "move 1 (c6, black): outflanks 4 lines, say which: c6>c3, c6>a4, c6>a6 or c6>e8");
    const ReplayResult wrong = replay(kC6, moves("c6>e6"), rules);
    REQUIRE(wrong.error);
    CHECK(wrong.error->code == ReplayErrorCode::WrongLine);
    CHECK(wrong.error->describe() ==
          "move 1 (c6>e6, black): outflanks no line ending at e6 (its lines: c6>c3, c6>a4, "
          "c6>a6 or c6>e8)");
    const ReplayResult named = replay(kC6, moves("C6>A4"), rules);
    REQUIRE_FALSE(named.error);
    CHECK(named.plies[0].flips == squares({"b5"}));
    CHECK(named.plies[0].line == sq("a4"));
    CHECK(named.final().white() == (kC6.white() & ~squares({"b5"})));
    CHECK(named.moves() == moves("c6>a4"));
    // One line: the bare square, or the square with its line (kept as the bare square).
    const ReplayResult one = replay(Position::start(), moves("f5"), rules);
    const ReplayResult oneNamed = replay(Position::start(), moves("f5>d5"), rules);
    REQUIRE_FALSE(one.error);
    REQUIRE_FALSE(oneNamed.error);
    CHECK(one.final() == oneNamed.final());
    CHECK(oneNamed.moves() == moves("f5"));
    const ReplayResult oneWrong = replay(Position::start(), moves("f5>f3"), rules);
    REQUIRE(oneWrong.error);
    CHECK(oneWrong.error->describe() ==
          "move 1 (f5>f3, black): outflanks no line ending at f3 (its line: f5>d5)");
    // Every line flips: naming one is an error, under Othello's replay too.
    const ReplayResult allLines = replay(kC6, moves("c6>a4"), reversiAllLinesRules());
    REQUIRE(allLines.error);
    CHECK(allLines.error->code == ReplayErrorCode::WrongLine);
    CHECK(allLines.error->describe() ==
          "move 1 (c6>a4, black): names a line, but every outflanked line flips under these "
          "rules");
    const ReplayResult othello = replay(kC6, moves("c6>a4"));
    REQUIRE(othello.error);
    CHECK(othello.error->code == ReplayErrorCode::NotASquare);
    CHECK_THAT(othello.error->describe(), Catch::StartsWith("move 1 (c6>a4, black): names a line"));
}

TEST_CASE("scoring: empties to the winner (Othello's) or the discs on the board") {
    // A wipe-out: 13-0 on the board.
    const std::vector<int> wipe = moves("d3c3b3d2e1d6d7e3f4");
    const ReplayResult o = replay(Position::start(), wipe);
    REQUIRE(o.over);
    CHECK(finalScore(o.final(), Scoring::EmptiesToWinner) == Score{64, 0});
    CHECK(finalScore(o.final(), Scoring::Discs) == Score{13, 0});
    CHECK(o.final().finalScore() == Score{64, 0});
    const ReplayResult discs = replay(Position::start(), wipe, parseRules("othello+discs").rules);
    REQUIRE(discs.over);
    CHECK(discs.score() == Score{13, 0});
    CHECK(replay(Position::start(), wipe, othelloRules()).score() == Score{64, 0});
    // Two empties at the end of a 31-31 game: 32-32 with the empties, 31-31 on the board.
    const std::vector<int> game = moves(
        "e6f6d3e7e8c3g5g7c4d6f7h4h7c5b4b5g6e2b2f4e3a1g4a4a5f2d2d7g2a6d8f5b6e1c2h6b3g8g3d1"
        "b1g1h8a7f8a2h5a3b7f1h2c8h3c1b8c7c6f3");
    CHECK(replay(Position::start(), game).score() == Score{32, 32});
    const ReplayResult board = replay(Position::start(), game, reversiAllLinesRules());
    REQUIRE_FALSE(board.error);
    CHECK(board.over);
    CHECK(board.score() == Score{31, 31});
    // While the game goes on both scorings are the disc counts.
    const Position mid = replay(Position::start(), moves("f5d6c3")).final();
    CHECK(finalScore(mid, Scoring::EmptiesToWinner) == mid.discCount());
    CHECK(finalScore(mid, Scoring::Discs) == mid.discCount());
}

TEST_CASE("the game ends when neither side can move: full board, one colour gone") {
    for (const Rules& rules : {othelloRules(), reversiRules(), reversiAllLinesRules()}) {
        INFO(rulesCode(rules));
        const Position full(~Bitboard{0} & ~squares({"h8"}), squares({"h8"}), Color::Black);
        CHECK(isGameOver(full, rules));
        CHECK(ruleMoves(full, rules).empty());
        const Position gone(squares({"d4", "e4", "c3"}), 0, Color::White);
        CHECK(isGameOver(gone, rules));
        const Position blocked(squares({"a1"}), squares({"h8"}), Color::Black);
        CHECK(isGameOver(blocked, rules));
        CHECK_FALSE(isGameOver(Position::start(), rules));
    }
}

TEST_CASE("random Reversi games replay from their tokens, move for move") {
    std::mt19937_64 rng(1128);
    int lineMoves = 0, games = 0;
    for (const Rules& rules : {reversiRules(), reversiAllLinesRules()}) {
        for (int g = 0; g < 300; ++g, ++games) {
            Position p = *rulesStart(rules);
            std::vector<int> tokens;
            std::vector<Position> seen{p};
            while (!isGameOver(p, rules)) {
                const std::vector<RuleMove> ms = ruleMoves(p, rules);
                REQUIRE_FALSE(ms.empty());
                // Under the one-line rule, the squares with a move are Othello's.
                Bitboard squaresWithMove = 0;
                for (const RuleMove& m : ms)
                    if (m.square != kPass) squaresWithMove |= bit(m.square);
                if (!inPlacements(p, rules)) CHECK(squaresWithMove == p.legalMoves());
                const RuleMove& m = ms[rng() % ms.size()];
                lineMoves += isLineMove(m.move);
                tokens.push_back(m.move);
                playRuleMove(p, m);
                seen.push_back(p);
            }
            const std::string text = movesString(tokens, false, " ");
            const ReplayResult r = replay(*rulesStart(rules), parseMoves(text).moves, rules);
            INFO(text);
            REQUIRE_FALSE(r.error);
            CHECK(r.over);
            CHECK(r.positions == seen);
            CHECK(r.moves() == tokens);
            CHECK(r.score() == p.discCount());
        }
    }
    CHECK(games == 600);
    CHECK(lineMoves > 100);  // the one-line games did choose among several lines
}

TEST_CASE("fitStart: a record's start read as the cross, its mirror, a handicap, or a board") {
    const Position cross = Position::start();
    CHECK(rulesCode(fitStart(othelloRules(), cross)) == "othello");
    CHECK(rulesCode(fitStart(othelloRules(), Position(cross.white(), cross.black(),
                                                      Color::Black))) == "othello+mirrored");
    // Two corners to White, White first: the booklet's handicap game.
    const Bitboard a1h8 = (Bitboard{1} << 0) | (Bitboard{1} << 63);
    const Position handicap(cross.black(), cross.white() | a1h8, Color::White);
    const Rules h = fitStart(othelloRules(), handicap);
    CHECK(rulesCode(h) == "othello+handicap-a1h8-white+white-first");
    CHECK(rulesStart(h) == handicap);
    // Not recognised when asked not to (storage's migration), or when both colours have corners,
    // a corner disc sits elsewhere, or the cross is broken.
    CHECK(fitStart(othelloRules(), handicap, false).start == Start::AnyPosition);
    const Position both(cross.black() | 1, cross.white() | (Bitboard{1} << 63), Color::Black);
    CHECK(fitStart(othelloRules(), both).start == Start::AnyPosition);
    const Position edge(cross.black() | 2, cross.white(), Color::Black);
    CHECK(fitStart(othelloRules(), edge).start == Start::AnyPosition);
    // Reversi keeps its flipping and scoring; its empty board stays placements.
    const Rules reversi = fitStart(reversiRules(), Position(0, 0, Color::Black));
    CHECK(reversi == reversiRules());
    CHECK(fitStart(reversiRules(), cross).flipping == Flipping::OneLine);
    CHECK(fitStart(reversiRules(), cross).start == Start::Cross);
}

TEST_CASE("playsAsOthello: Othello from the cross or a board of its own, nothing else") {
    CHECK(othelloRules().playsAsOthello());
    CHECK(parseRules("othello+position").rules.playsAsOthello());
    CHECK_FALSE(parseRules("othello+white-first").rules.playsAsOthello());
    CHECK_FALSE(parseRules("othello+mirrored").rules.playsAsOthello());
    CHECK_FALSE(parseRules("othello+discs").rules.playsAsOthello());
    CHECK_FALSE(parseRules("othello+handicap-a1-black").rules.playsAsOthello());
    CHECK_FALSE(reversiRules().playsAsOthello());
    CHECK_FALSE(reversiAllLinesRules().playsAsOthello());
}

// The same squares played under classic Reversi (one line, chosen) and under Reversi with every
// line: the boards part at the first choice that leaves a line unflipped, and the results differ.
// The moves are chosen so that every square is legal under both (a seeded walk), and the test
// asserts what it relies on: at least five one-line choices among several lines.
TEST_CASE("the same squares under one-line and all-lines rules: boards and results differ") {
    std::mt19937_64 rng(28);
    const Rules one = reversiRules(), all = reversiAllLinesRules();
    for (int attempt = 0; attempt < 50; ++attempt) {
        Position p = *rulesStart(one), q = *rulesStart(all);
        std::vector<int> oneTokens, allTokens;
        int choices = 0, firstApart = -1;
        while (!isGameOver(p, one) && !isGameOver(q, all)) {
            std::vector<RuleMove> both;
            const std::vector<RuleMove> qs = ruleMoves(q, all);
            for (const RuleMove& m : ruleMoves(p, one))
                for (const RuleMove& n : qs)
                    if (m.square == n.square) both.push_back(m);
            if (both.empty()) break;
            const RuleMove m = both[rng() % both.size()];
            const RuleMove n = *std::find_if(
                qs.begin(), qs.end(), [&](const RuleMove& x) { return x.square == m.square; });
            choices += isLineMove(m.move);
            oneTokens.push_back(m.move);
            allTokens.push_back(n.move);
            playRuleMove(p, m);
            playRuleMove(q, n);
            if (firstApart < 0 && !(p == q)) firstApart = int(oneTokens.size());
        }
        if (!isGameOver(p, one) || !isGameOver(q, all) || choices < 5) continue;
        const ReplayResult a = replay(*rulesStart(one), oneTokens, one);
        const ReplayResult b = replay(*rulesStart(all), allTokens, all);
        REQUIRE_FALSE(a.error);
        REQUIRE_FALSE(b.error);
        if (a.score() == b.score()) continue;
        INFO(movesString(oneTokens, false, " "));
        // The placements are the same; the first line choice that left a line unflipped parts
        // the boards, and they stay apart to the end of one game at least.
        REQUIRE(firstApart > 4);
        CHECK(a.positions[4] == b.positions[4]);
        CHECK_FALSE(a.positions[firstApart] == b.positions[firstApart]);
        CHECK(isLineMove(oneTokens[firstApart - 1]));
        CHECK(moveSquare(oneTokens[firstApart - 1]) == allTokens[firstApart - 1]);
        // Each scored by discs on the board: what the replay says is the final board's count.
        CHECK(a.score() == a.positions.back().discCount());
        CHECK(b.score() == b.positions.back().discCount());
        CHECK(a.score().black != b.score().black);
        return;
    }
    FAIL("no seeded walk gave a finished pair of games with five choices and different results");
}
