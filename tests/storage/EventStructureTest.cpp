// An event's structure (storage/tournaments/EventStructure.h, storage/tournaments/StructureStore.h, issue 25): rounds
// as sources write them, stages apart from the Swiss, the stated number of rounds, what is
// guessed said in words, stored and journalled and revertible, and World Championships of the
// shared WTHOR archive.
#include <SQLiteCpp/SQLiteCpp.h>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "../core/CliProcess.h"
#include "StorageTestUtil.h"
#include "storage/Archive.h"
#include "storage/tournaments/EventStructure.h"
#include "storage/tournaments/Standings.h"
#include "storage/tournaments/Tournament.h"

using namespace storagetest;
using namespace othello::storage;
using testing::runCli;
using testing::shellQuote;

namespace {

TournamentGame game(std::int64_t id, const std::string& black, const std::string& white,
                    int blackDiscs, const std::string& round = "") {
    TournamentGame g;
    g.id = id;
    g.black = black;
    g.white = white;
    g.round = round;
    g.complete = true;
    g.score = {blackDiscs, 64 - blackDiscs};
    g.plies = 60;
    return g;
}

const Standing* find(const Standings& s, const std::string& name) {
    for (const Standing& p : s.players)
        if (p.player == name) return &p;
    return nullptr;
}

bool mentions(const std::vector<std::string>& notes, const std::string& text) {
    for (const std::string& n : notes)
        if (n.find(text) != std::string::npos) return true;
    return false;
}

// A Swiss of 6 players over 3 rounds (every player plays each round), then a play-off
// semi-final and a final between the leaders: 9 + 3 games. `rounds` gives the Round tags.
std::vector<TournamentGame> swissWithFinals(bool rounds, bool finalsFirst) {
    const std::vector<std::vector<std::pair<std::string, std::string>>> pairings = {
        {{"A", "B"}, {"C", "D"}, {"E", "F"}},
        {{"A", "C"}, {"B", "E"}, {"D", "F"}},
        {{"A", "D"}, {"B", "F"}, {"C", "E"}}};
    std::vector<TournamentGame> swiss, finals;
    std::int64_t id = 0;
    for (std::size_t r = 0; r < pairings.size(); ++r)
        for (const auto& [b, w] : pairings[r])
            swiss.push_back(game(0, b, w, 40, rounds ? std::to_string(r + 1) : ""));
    finals.push_back(game(0, "B", "C", 34, rounds ? "SF.1" : ""));
    finals.push_back(game(0, "A", "B", 20, rounds ? "F.1" : ""));
    finals.push_back(game(0, "B", "A", 20, rounds ? "F.2" : ""));
    std::vector<TournamentGame> all;
    for (auto* part : finalsFirst ? std::vector{&finals, &swiss} : std::vector{&swiss, &finals})
        for (TournamentGame& g : *part) {
            g.id = ++id;
            all.push_back(g);
        }
    return all;
}

}  // namespace

TEST_CASE("rounds as sources write them: Swiss rounds and stages", "[storage][structure]") {
    const auto swiss = [](const std::string& text, int n) {
        const auto r = parseRound(text);
        INFO(text);
        REQUIRE(r);
        CHECK(r->stage == Stage::Swiss);
        CHECK(r->number == n);
    };
    swiss("12", 12);
    swiss("12.3", 12);
    swiss("R12", 12);
    swiss("Round 12", 12);
    swiss("rd-4", 4);
    swiss("Group A 3", 3);  // other words: still the number, as before stages were read
    const auto stage = [](const std::string& text, Stage s, int n) {
        const auto r = parseRound(text);
        INFO(text);
        REQUIRE(r);
        CHECK(r->stage == s);
        CHECK(r->number == n);
    };
    stage("SF.1", Stage::Playoff, 1);
    stage("sf2", Stage::Playoff, 2);
    stage("Semi-final 1", Stage::Playoff, 1);
    stage("QF.3", Stage::Playoff, 3);
    stage("Play-off", Stage::Playoff, 0);
    stage("PO 2", Stage::Playoff, 2);
    stage("3rd place", Stage::Playoff, 0);
    stage("Tie-break", Stage::Playoff, 0);
    stage("F.2", Stage::Final, 2);
    stage("F", Stage::Final, 0);
    stage("Final", Stage::Final, 0);
    stage("Grand Final 3", Stage::Final, 3);
    for (const char* none : {"", "?", "-", "Group A", "*"}) {
        INFO(none);
        CHECK_FALSE(parseRound(none));
    }
    CHECK(parseStage("Play-off") == Stage::Playoff);
    CHECK(parseStage("FINAL") == Stage::Final);
    CHECK(parseStage("swiss") == Stage::Swiss);
    CHECK_FALSE(parseStage("semi"));
}

TEST_CASE("stages: play-off and final games apart, never in the standings",
          "[storage][structure]") {
    // Before stages were read, "SF.1" and "F.2" were rounds 1 and 2 of the Swiss: the
    // finalists' play-off games counted in their points (WOC 2017 and 2019).
    const std::vector<TournamentGame> games = swissWithFinals(true, false);
    const Standings s = computeStandings(games);
    CHECK(s.roundsFrom == RoundsFrom::Source);
    CHECK(s.rounds == 3);
    REQUIRE(s.stageGames.size() == 3);
    CHECK(s.stageGames[0].stage == Stage::Playoff);
    CHECK(s.stageGames[0].round == "SF.1");
    CHECK_FALSE(s.stageGames[0].marked);
    CHECK(s.stageGames[1].stage == Stage::Final);
    CHECK(s.stageGames[2].stage == Stage::Final);
    for (const Standing& p : s.players) {
        INFO(p.player);
        CHECK(p.games == 3);  // the Swiss only
    }
    CHECK(find(s, "A")->points() == 3);
    CHECK(find(s, "B")->points() == 2);
    CHECK(s.gameStages.size() == games.size());
    CHECK(s.gameStages.back() == Stage::Final);
    CHECK(s.gameRounds.back() == 0);
    CHECK(s.guessedPlayoffs.empty());
    CHECK(s.overfull.empty());
    CHECK(mentions(structureNotes(s, 7), "3 rounds (from the source)"));
    CHECK(mentions(structureNotes(s, 7), "3 games apart from the Swiss (1 play-off, 2 final)"));

    // A stored stage wins over the round: "swiss" puts a game back, "final" takes one out.
    std::vector<TournamentGame> marked = games;
    marked[9].markedStage = Stage::Swiss;  // the semi-final counted after all
    marked[0].markedStage = Stage::Final;  // A-B of round 1 was no Swiss game
    const Standings m = computeStandings(marked);
    REQUIRE(m.stageGames.size() == 3);
    CHECK(m.stageGames[0].game == games[0].id);
    CHECK(m.stageGames[0].marked);
    CHECK(find(m, "B")->games == 3);  // lost A-B left, SF.1 came in
    CHECK(find(m, "A")->games == 2);
}

TEST_CASE("stated rounds set the Brightwell constant, guesses are said and never applied",
          "[storage][structure]") {
    // WTHOR's order: the finals first, then the Swiss, no rounds. File order gives more
    // rounds than anyone played games (the finalists' play-off games come first).
    const std::vector<TournamentGame> games = swissWithFinals(false, true);
    const Standings guessed = computeStandings(games);
    CHECK_FALSE(guessed.roundsStated);
    CHECK(guessed.typicalGames == 3);
    // The three finals games look like play-offs: A and B played more games than 3 rounds.
    CHECK(guessed.guessedPlayoffs == std::vector<std::int64_t>{1, 2, 3});
    // ...and are still counted: a guess is no fact.
    CHECK(find(guessed, "A")->games == 5);
    CHECK(guessed.stageGames.empty());
    const auto notes = structureNotes(guessed, 42);
    CHECK(mentions(notes, "3 games look like play-offs"));
    CHECK(mentions(notes, "`event 42 --stage playoff 1 2 3`"));
    CHECK(mentions(notes, "guessed from file order"));
    CHECK(mentions(notes, "`event 42 --rounds N`"));

    // The archivist states 3 rounds and marks them: nobody has more Swiss games than rounds.
    std::vector<TournamentGame> stated = games;
    for (int i = 0; i < 3; ++i) stated[static_cast<std::size_t>(i)].markedStage = Stage::Playoff;
    StandingsOptions o;
    o.rounds = 3;
    const Standings s = computeStandings(stated, o);
    CHECK(s.roundsStated);
    CHECK(s.rounds == 3);
    CHECK(s.brightwellConstant == 1);
    CHECK(s.roundsFrom == RoundsFrom::FileOrder);
    CHECK(s.guessedPlayoffs.empty());
    CHECK(s.overfull.empty());
    CHECK(s.stageGames.size() == 3);
    for (const Standing& p : s.players) CHECK(p.games <= 3);
    CHECK(mentions(structureNotes(s, 42), "3 rounds (stated), Brightwell constant 1"));

    // Stated 13 rounds of a 3-round file: c follows the statement (13 / 2 = 6).
    o.rounds = 13;
    CHECK(computeStandings(stated, o).brightwellConstant == 6);
    // Stated 2 rounds of a 3-round file: file order gives more, so the rounds are unknown.
    o.rounds = 2;
    CHECK(computeStandings(stated, o).roundsFrom == RoundsFrom::Estimated);
    // A player with more Swiss games than the rounds, in the middle of the file (no run of
    // play-offs explains it), is named.
    const std::vector<TournamentGame> middle = {
        game(1, "A", "B", 40), game(2, "X", "Y", 40), game(3, "X", "Z", 40), game(4, "X", "W", 40),
        game(5, "C", "D", 40), game(6, "A", "C", 40), game(7, "B", "D", 40)};
    const Standings over = computeStandings(middle, o);
    CHECK(over.guessedPlayoffs.empty());
    REQUIRE(over.overfull.size() == 1);
    CHECK(over.overfull[0].player == "X");
    CHECK(over.overfull[0].games == 3);
    CHECK(
        mentions(structureNotes(over, 42), "1 player plays more Swiss games than 2 rounds: X (3)"));
}

TEST_CASE("a Swiss summing games of other rules says so", "[storage][structure]") {
    std::vector<TournamentGame> games = {game(1, "A", "B", 40, "1"), game(2, "C", "D", 40, "1"),
                                         game(3, "A", "C", 40, "2"), game(4, "B", "D", 40, "2")};
    CHECK(computeStandings(games).otherRules.empty());
    CHECK_FALSE(mentions(structureNotes(computeStandings(games), 1), "other rules"));
    games[1].variant.anti = true;
    games[3].variant.komi = 2.5;
    const Standings s = computeStandings(games);
    CHECK(s.plainGames == 2);
    CHECK(s.otherRules == std::map<std::string, int>{{"anti-Othello", 1}, {"komi 2.5", 1}});
    CHECK(mentions(structureNotes(s, 1),
                   "games under other rules than plain Othello are summed in this table (2 plain, "
                   "1 anti-Othello, 1 komi 2.5)"));
}

TEST_CASE("guessPlayoffs: runs at the start and at the end of the file", "[storage][structure]") {
    // Round order, a two-game final at the end between the leaders.
    // Round order, the two finalists met at the top of round 1 and in a two-game final at
    // the end: the end explains all their extra games, so round 1's game stays in the Swiss.
    std::vector<StructureGame> g = {{"A", "B"}, {"C", "D"}, {"E", "F"}, {"A", "C"},
                                    {"B", "E"}, {"D", "F"}, {"A", "B"}, {"B", "A"}};
    CHECK(typicalGames(g) == 2);
    CHECK(guessPlayoffs(g, 2) == std::vector<std::size_t>{6, 7});
    // No player above the rounds: nothing guessed.
    CHECK(guessPlayoffs(g, 4).empty());
    // WTHOR's order (the final first). A women's final between a player with a game in excess
    // and one without (a Swiss game short) is taken while one of its players has games left.
    g = {{"W", "Y"}, {"W", "A"}, {"X", "B"}, {"C", "D"},
         {"W", "C"}, {"X", "D"}, {"A", "B"}, {"Y", "Z"}};
    CHECK(typicalGames(g) == 2);
    CHECK(guessPlayoffs(g, 2) == std::vector<std::size_t>{0});
    // Games against a bye carry no player.
    g = {{"A", "bye"}, {"A", "B"}};
    CHECK(guessPlayoffs(g, 1) == std::vector<std::size_t>{0});
}

namespace {

// A PGN of the Swiss with its finals (Round tags "1".."3", "SF.1", "F.1", "F.2").
std::string swissPgn(bool rounds) {
    // Each game its own moves: the same players with the same moves would be one game.
    const std::vector<std::string> openings = {"F5 D6", "F5 F4", "F5 F6", "E6 D6",
                                               "E6 F4", "E6 F6", "D3 C3", "D3 E3",
                                               "D3 C5", "C4 C3", "C4 E3", "C4 C5"};
    std::size_t next = 0;
    std::string s;
    for (const TournamentGame& g : swissWithFinals(rounds, !rounds)) {
        s += "[Event \"Club Masters\"]\n[Date \"2024\"]\n";
        if (!g.round.empty()) s += "[Round \"" + g.round + "\"]\n";
        const std::string result = g.score.black > 32 ? "1-0" : "0-1";
        s += "[Black \"" + g.black + "\"]\n[White \"" + g.white + "\"]\n[Result \"" + result +
             "\"]\n1. " + openings[next++ % openings.size()] + " " + result + "\n\n";
    }
    return s;
}

struct MastersArchive {
    TempDir dir{"structure"};
    fs::path db = dir / "games.sqlite";
    std::int64_t id = 0;
    explicit MastersArchive(bool rounds) {
        writeFile(dir / "masters.pgn", swissPgn(rounds));
        Archive a(db);
        REQUIRE(a.importFiles({dir / "masters.pgn"}).imported == 12);
        const auto t = matchTournaments(a.tournaments(), "Club Masters");
        REQUIRE(t.size() == 1);
        id = t.front().id;
    }
    nlohmann::json json(const std::string& args, int exitCode = 0) const {
        const auto r = runCli(args + " --json --db " + shellQuote(db.string()));
        INFO(args << "\n" << r.err);
        REQUIRE(r.exitCode == exitCode);
        return nlohmann::json::parse(r.out);
    }
};

}  // namespace

TEST_CASE("archive: PGN rounds SF.1 and F.2 read on import as stages", "[storage][structure]") {
    MastersArchive m(true);
    Archive a(m.db, Archive::Mode::ReadOnly);
    const auto t = a.tournament(m.id);
    REQUIRE(t);
    const Standings s = computeStandings(*t);
    CHECK(s.stageGames.size() == 3);
    for (const Standing& p : s.players) CHECK(p.games == 3);
    const auto j = m.json("event " + std::to_string(m.id));
    REQUIRE(j["stage_games"].size() == 3);
    CHECK(j["stage_games"][0]["stage"] == "playoff");
    CHECK(j["stage_games"][0]["stage_from"] == "round");
    CHECK(j["stage_games"][1]["round"] == "F.1");
    CHECK(j["game_list"][9]["stage"] == "playoff");
    CHECK(j["game_list"][0]["stage"] == "swiss");
    CHECK(j["notes"][0]["text"] == "3 rounds (from the source), Brightwell constant 1");
}

TEST_CASE("archive: stated rounds and stages, journalled, revertible, shown by every view",
          "[storage][structure]") {
    MastersArchive m(false);
    std::int64_t roundsChange = 0, stageChange = 0;
    {
        Archive a(m.db);
        const Standings before = computeStandings(*a.tournament(m.id));
        CHECK(before.guessedPlayoffs == std::vector<std::int64_t>{1, 2, 3});
        roundsChange = a.setEventRounds(m.id, 3);
        CHECK(roundsChange > 0);
        CHECK(a.setEventRounds(m.id, 3) == 0);  // so already
        stageChange = a.setGameStages(m.id, {1, 2, 3}, Stage::Playoff);
        CHECK(stageChange > 0);
        CHECK(a.setGameStages(m.id, {1, 2, 3}, Stage::Playoff) == 0);
        CHECK_THROWS_WITH(
            a.setGameStages(m.id, {2, 999}, Stage::Final),
            Catch::Contains("not games of Club Masters 2024") && Catch::Contains("999"));
        CHECK_THROWS_WITH(a.setEventRounds(m.id, 0), Catch::Contains("1..999"));
        const auto t = a.tournament(m.id);
        REQUIRE(t);
        CHECK(t->statedRounds == 3);
        CHECK(t->games[0].markedStage == Stage::Playoff);
        const Standings s = computeStandings(*t);
        CHECK(s.roundsStated);
        CHECK(s.stageGames.size() == 3);
        CHECK(s.guessedPlayoffs.empty());
        for (const Standing& p : s.players) CHECK(p.games == 3);
        const auto history = a.history();
        CHECK(history[0].kind == "stage");
        CHECK(history[0].games == std::vector<std::int64_t>{1, 2, 3});
        CHECK(history[1].kind == "event-rounds");
        CHECK(history[1].summary == "Club Masters 2024: 3 Swiss rounds");
    }
    // The CLI shows the same (text and JSON).
    const auto j = m.json("event " + std::to_string(m.id));
    CHECK(j["rounds_stated"] == true);
    CHECK(j["stated_rounds"] == 3);
    CHECK(j["stage_games"].size() == 3);
    CHECK(j["stage_games"][0]["stage_from"] == "stated");
    CHECK(j["guessed_playoffs"].empty());
    const auto text =
        runCli("event " + std::to_string(m.id) + " --db " + shellQuote(m.db.string()));
    CHECK(text.out.find("3 rounds (stated), Brightwell constant 1") != std::string::npos);
    CHECK(text.out.find("games apart from the Swiss (not counted in the standings)") !=
          std::string::npos);

    // Reverts, in any order the journal allows; a revert of a revert redoes.
    {
        Archive a(m.db);
        const std::int64_t undo = a.revert(stageChange);
        CHECK(a.tournament(m.id)->games[0].markedStage == std::nullopt);
        const std::int64_t redo = a.revert(undo);
        CHECK(a.tournament(m.id)->games[0].markedStage == Stage::Playoff);
        // A later stage change of the same game blocks the revert of the redo's ancestor.
        const std::int64_t later = a.setGameStages(m.id, {2}, Stage::Final);
        CHECK_THROWS_AS(a.revert(redo), RevertBlocked);
        a.revert(later);
        a.revert(redo);
        CHECK(a.tournament(m.id)->games[1].markedStage == std::nullopt);
        // Rounds: a later statement blocks; reverted in order, nothing is stated.
        const std::int64_t five = a.setEventRounds(m.id, 5);
        CHECK_THROWS_AS(a.revert(roundsChange), RevertBlocked);
        a.revert(five);
        CHECK(a.tournament(m.id)->statedRounds == 3);
        a.revert(roundsChange);
        CHECK(a.tournament(m.id)->statedRounds == std::nullopt);
        // A purged game's stage goes with it.
        a.setGameStages(m.id, {1}, Stage::Final);
        a.deleteGames({1});
        a.purgeGames({1});
    }
    SQLite::Database raw(m.db.string());
    CHECK(raw.execAndGet("SELECT count(*) FROM game_stages").getInt() == 0);
}

TEST_CASE("cli event --rounds and --stage", "[storage][structure][cli]") {
    MastersArchive m(false);
    const std::string db = " --db " + shellQuote(m.db.string());
    const std::string id = std::to_string(m.id);
    auto r = runCli("event " + id + db);
    CHECK(r.exitCode == 0);
    CHECK(r.out.find("3 games look like play-offs") != std::string::npos);
    CHECK(r.out.find("--stage playoff 1 2 3") != std::string::npos);
    r = runCli("event " + id + " --rounds 3 --stage playoff 1 2 3" + db);
    INFO(r.err);
    CHECK(r.exitCode == 0);
    CHECK(r.out.find("stored: Club Masters 2024 has 3 Swiss rounds") != std::string::npos);
    CHECK(r.out.find("stored: 3 games marked playoff") != std::string::npos);
    CHECK(r.out.find("3 rounds (stated)") != std::string::npos);
    CHECK(r.out.find("look like play-offs") == std::string::npos);
    // Errors: a stage that is none (usage), a game of another event (input), no games.
    CHECK(runCli("event " + id + " --stage semis 1" + db).exitCode == 2);
    CHECK(runCli("event " + id + " --stage final" + db).exitCode == 2);
    r = runCli("event " + id + " --stage final 77" + db);
    CHECK(r.exitCode == 1);
    CHECK(r.err.find("not games of Club Masters 2024") != std::string::npos);
    CHECK(runCli("event " + id + " --rounds 1000" + db).exitCode == 2);
    // --rounds 0 removes the statement; --stage none the marks.
    r = runCli("event " + id + " --rounds 0 --stage none 1 2 3" + db);
    CHECK(r.exitCode == 0);
    CHECK(r.out.find("no longer has its rounds stated") != std::string::npos);
    CHECK(r.out.find("look like play-offs") != std::string::npos);
}

TEST_CASE("shared WTHOR: World Championships 2005, 2017 and 2019 structured",
          "[storage][structure]") {
    const fs::path data = OTHELLO_SHARED_DATA;
    const fs::path wthor = data / "wthor";
    if (!fs::exists(wthor / "WTH_2017.wtb")) {
        WARN("shared data absent (" << data << "): test skipped");
        return;
    }
    TempDir dir("structure-shared");
    Archive a(dir / "games.sqlite");
    REQUIRE(a.importFiles({wthor / "WTH_2005.wtb", wthor / "WTH_2017.wtb", wthor / "WTH_2019.wtb"})
                .rejected == 0);
    const auto all = a.tournaments();
    // Before the structure is given, every guess is said as one.
    for (const int year : {2005, 2017, 2019}) {
        INFO(year);
        const auto woc = matchTournaments(all, "World Championship", year);
        REQUIRE(woc.size() == 1);
        const Standings s = computeStandings(*a.tournament(woc.front().id));
        const auto notes = structureNotes(s, woc.front().id);
        CHECK_FALSE(s.roundsStated);
        CHECK((mentions(notes, "guessed from file order") || mentions(notes, "rounds not known")));
        CHECK(mentions(notes, "look like play-offs"));
    }
    // 2005 was read as "19 rounds (from file order), Brightwell constant 9": now a guess.
    const auto woc2005 = matchTournaments(all, "World Championship", 2005).front();
    const Standings s2005 = computeStandings(*a.tournament(woc2005.id));
    CHECK(s2005.rounds == 19);
    CHECK(mentions(structureNotes(s2005, woc2005.id),
                   "19 rounds guessed from file order, Brightwell constant 9 (most players played "
                   "13 games)"));

    // 2017: the archivist states 13 rounds and marks the games the tool names.
    const auto woc = matchTournaments(all, "World Championship", 2017).front();
    const Standings before = computeStandings(*a.tournament(woc.id));
    // Before: the finalists' play-off games counted in the Swiss (18 games for Takahashi).
    CHECK(find(before, "Takahashi Akihiro")->games == 18);
    REQUIRE(before.guessedPlayoffs.size() == 12);
    a.setEventRounds(woc.id, 13);
    a.setGameStages(woc.id, before.guessedPlayoffs, Stage::Playoff);
    const Standings after = computeStandings(*a.tournament(woc.id));
    CHECK(after.rounds == 13);
    CHECK(after.brightwellConstant == 6);
    CHECK(after.stageGames.size() == 12);
    CHECK(after.guessedPlayoffs.empty());
    CHECK(after.overfull.empty());
    for (const Standing& p : after.players) {
        INFO(p.player);
        CHECK(p.games <= 13);
        for (const PlayerResult& r : p.results)
            for (const std::int64_t g : before.guessedPlayoffs) CHECK(r.game != g);
    }
    CHECK(find(after, "Takahashi Akihiro")->games == 13);
}

TEST_CASE("one definition of an event: info counts what events lists",
          "[storage][structure][cli]") {
    // The same name in two years, a second spelling, and a collection: 4 events (a name in a
    // year), 3 of them tournaments, 3 names. `info` said 3 events (the names recorded) while
    // `events` listed 4.
    TempDir dir("structure-count");
    const fs::path db = dir / "games.sqlite";
    writeFile(dir / "a.pgn",
              "[Event \"Club Masters\"]\n[Date \"2023\"]\n[Black \"A\"]\n[White \"B\"]\n"
              "[Result \"1-0\"]\n1. F5 D6 1-0\n\n"
              "[Event \"Club Masters\"]\n[Date \"2024\"]\n[Black \"A\"]\n[White \"B\"]\n"
              "[Result \"1-0\"]\n1. F5 F6 1-0\n\n"
              "[Event \"Club Masters - 2022\"]\n[Date \"2022\"]\n[Black \"A\"]\n[White \"B\"]\n"
              "[Result \"1-0\"]\n1. E6 F4 1-0\n\n"
              "[Event \"Parties amicales\"]\n[Date \"2024\"]\n[Black \"A\"]\n[White \"B\"]\n"
              "[Result \"1-0\"]\n1. D3 C3 1-0\n");
    {
        Archive a(db);
        REQUIRE(a.importFiles({dir / "a.pgn"}).imported == 4);
        const auto c = a.eventCounts();
        CHECK(c.events == 4);
        CHECK(c.tournaments == 3);
        CHECK(c.names == 3);
    }
    const auto info = runCli("info --json --db " + shellQuote(db.string()));
    REQUIRE(info.exitCode == 0);
    const auto events = runCli("events --json --db " + shellQuote(db.string()));
    REQUIRE(events.exitCode == 0);
    const auto j = nlohmann::json::parse(info.out);
    CHECK(j["events"] == nlohmann::json::parse(events.out)["events"].size());
    CHECK(j["tournaments"] == 3);
    CHECK(j["event_names"] == 3);
    const auto text = runCli("info --db " + shellQuote(db.string()));
    CHECK(text.out.find("events: 4 (an event name in a year; 3 of them tournaments") !=
          std::string::npos);
}
