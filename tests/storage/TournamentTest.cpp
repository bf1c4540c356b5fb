// Tournaments (storage/tournaments/Tournament.h, storage/tournaments/Standings.h): names and years, the tournament or
// collection rule, how each kind of game scores, standings with the Brightwell quotient, byes
// and withdrawals, rounds, the archive's grouping, and `othello-db events` / `event`.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "../core/CliProcess.h"
#include "StorageTestUtil.h"
#include "storage/Archive.h"
#include "storage/tournaments/Standings.h"
#include "storage/tournaments/Tournament.h"

using namespace storagetest;
using namespace othello::storage;
using testing::runCli;
using testing::shellQuote;

namespace {

// A game for the pure functions: a finished one by its final score, unless told otherwise.
TournamentGame game(std::int64_t id, const std::string& black, const std::string& white,
                    int blackDiscs, int whiteDiscs, const std::string& round = "") {
    TournamentGame g;
    g.id = id;
    g.black = black;
    g.white = white;
    g.round = round;
    g.complete = true;
    g.score = {blackDiscs, whiteDiscs};
    g.plies = 60;
    return g;
}

const Standing& player(const Standings& s, const std::string& name) {
    for (const Standing& p : s.players)
        if (p.player == name) return p;
    FAIL("no player " << name);
    return s.players.front();
}

TournamentShape shapeOf(const std::vector<std::pair<int, int>>& pairs) {
    TournamentShape s;
    for (const auto& [b, w] : pairs) s.add(b, w);
    return s;
}

}  // namespace

TEST_CASE("tournament names: a trailing year is the tournament's year", "[storage][tournament]") {
    CHECK(splitEventYear("World Championship - 2021").base == "World Championship");
    CHECK(splitEventYear("World Championship - 2021").year == 2021);
    CHECK(splitEventYear("Club Open 2019").year == 2019);
    CHECK(splitEventYear("Club Open (2019)").base == "Club Open");
    CHECK(splitEventYear("Club Open, 2019").base == "Club Open");
    // Not years: two digits (the 7th Dutch Open), five digits, out of range, a bare year.
    CHECK(splitEventYear("Dutch Open 07").base == "Dutch Open 07");
    CHECK(splitEventYear("Dutch Open 07").year == 0);
    CHECK(splitEventYear("Open 12021").year == 0);
    CHECK(splitEventYear("Cup 1850").year == 0);
    CHECK(splitEventYear("Open2021").year == 0);
    CHECK(splitEventYear("2021").base == "2021");
    CHECK(tournamentYear(2020, splitEventYear("Open - 2021")) == 2020);  // the game's own year
    CHECK(tournamentYear(0, splitEventYear("Open - 2021")) == 2021);
    CHECK(tournamentId(12, 2021) == 122021);
    CHECK(tournamentEventId(122021) == 12);
    CHECK(tournamentIdYear(122021) == 2021);
    CHECK(isByeName("BYE"));
    CHECK(isByeName("-bye-"));
    CHECK(isByeName("(Bye)"));
    CHECK_FALSE(isByeName("Byers"));
}

TEST_CASE("tournament or collection: names, then shapes", "[storage][tournament]") {
    // A small round robin is a tournament.
    const TournamentShape robin = shapeOf({{1, 2}, {3, 4}, {1, 3}, {2, 4}, {1, 4}, {2, 3}});
    CHECK(notTournamentReason("Club Open", robin).empty());
    // Named collections, whatever their shape.
    for (const char* name : {"Diverses parties", "Parties Internet (1-6)", "Parties amicales",
                             "PARTIES JAPONAISES", "Divers avant et pendant", "Études",
                             "GGS casual games", "PlayOK 2023", "Friendly games - 2020"})
        CHECK(notTournamentReason(name, robin) == "named as a collection of games");
    CHECK(notTournamentReason("", robin) == "no event name");
    // Two players meeting 9 times; 8 is still a match.
    std::vector<std::pair<int, int>> nine(9, {1, 2});
    CHECK(notTournamentReason("Club Open", shapeOf(nine)) == "two players met 9 times");
    nine.pop_back();
    CHECK(notTournamentReason("Match A-B", shapeOf(nine)).empty());
    // One player in 41 games (against 41 different opponents).
    std::vector<std::pair<int, int>> busy;
    for (int i = 0; i < 41; ++i) busy.push_back({1, 100 + i});
    CHECK(notTournamentReason("Club Open", shapeOf(busy)) == "a player played 41 games");
    // Unrelated games: 6 players, nobody twice. 4 players in 2 games may be one round.
    CHECK(notTournamentReason("Club Open", shapeOf({{1, 2}, {3, 4}, {5, 6}})) ==
          "nobody played twice: unrelated games");
    CHECK(notTournamentReason("Club Open", shapeOf({{1, 2}, {3, 4}})).empty());
    // A record of the top boards only (most players in one or two games) is a tournament.
    CHECK(notTournamentReason("All Japan Championships",
                              shapeOf({{1, 2}, {3, 4}, {1, 3}, {5, 6}, {1, 5}, {7, 8}, {9, 10}}))
              .empty());
}

TEST_CASE("how each kind of game scores", "[storage][tournament]") {
    SECTION("finished: win, draw, by the final score") {
        const ScoredGame w = scoreGame(game(1, "A", "B", 40, 24));
        CHECK(w.how == GameScoring::Final);
        CHECK((w.blackPoints2 == 2 && w.whitePoints2 == 0));
        CHECK((w.blackDiscs == 40 && w.whiteDiscs == 24));
        const ScoredGame d = scoreGame(game(1, "A", "B", 32, 32));
        CHECK((d.blackPoints2 == 1 && d.whitePoints2 == 1));
    }
    SECTION("komi: the winner after the komi, the discs as played") {
        TournamentGame g = game(1, "A", "B", 33, 31);
        g.variant.komi = 3.0;  // 33-31 is +2 for Black, -1 after the komi: White wins
        const ScoredGame s = scoreGame(g);
        CHECK((s.blackPoints2 == 0 && s.whitePoints2 == 2));
        CHECK((s.blackDiscs == 33 && s.whiteDiscs == 31));
        g.variant.komi = 2.0;  // exactly even: a draw
        CHECK(scoreGame(g).blackPoints2 == 1);
    }
    SECTION("anti-Othello: the fewer discs win, each credited with the other's discs") {
        TournamentGame g = game(1, "A", "B", 64, 0);
        g.variant.anti = true;
        const ScoredGame s = scoreGame(g);
        CHECK((s.blackPoints2 == 0 && s.whitePoints2 == 2));
        CHECK((s.blackDiscs == 0 && s.whiteDiscs == 64));
    }
    SECTION("unfinished with a stated score: as stated") {
        TournamentGame g = game(1, "A", "B", 10, 5);
        g.complete = false;
        g.statedBlackDiscs = 20;
        const ScoredGame s = scoreGame(g);
        CHECK(s.how == GameScoring::Stated);
        CHECK((s.blackPoints2 == 0 && s.whitePoints2 == 2));
        CHECK((s.blackDiscs == 20 && s.whiteDiscs == 44));
    }
    SECTION("unfinished with a winner alone: the empties to the winner, at least 33") {
        TournamentGame g = game(1, "A", "B", 10, 5);
        g.complete = false;
        g.statedResult = "1-0";
        ScoredGame s = scoreGame(g);
        CHECK(s.how == GameScoring::Stated);
        CHECK(s.blackPoints2 == 2);
        CHECK((s.blackDiscs == 59 && s.whiteDiscs == 5));
        g.score = {3, 30};  // White resigned while ahead on the board
        s = scoreGame(g);
        CHECK((s.blackDiscs == 34 && s.whiteDiscs == 30));
        g.score = {2, 40};
        s = scoreGame(g);
        CHECK((s.blackDiscs == 33 && s.whiteDiscs == 31));
        g.statedResult = "1/2-1/2";
        s = scoreGame(g);
        CHECK((s.blackPoints2 == 1 && s.blackDiscs == 32 && s.whiteDiscs == 32));
        g.statedResult = "-12.50";  // a GGF RE of a komi game: White won
        CHECK(scoreGame(g).whitePoints2 == 2);
    }
    SECTION("a forfeit: no move played, the stated result") {
        TournamentGame g = game(1, "A", "B", 2, 2);
        g.complete = false;
        g.plies = 0;
        g.statedResult = "0-1";
        const ScoredGame s = scoreGame(g);
        CHECK(s.how == GameScoring::Forfeit);
        CHECK((s.whitePoints2 == 2 && s.blackDiscs == 2 && s.whiteDiscs == 62));
    }
    SECTION("unfinished without a result: not scored") {
        TournamentGame g = game(1, "A", "B", 30, 3);
        g.complete = false;
        g.statedResult = "";
        const ScoredGame s = scoreGame(g);
        CHECK(s.how == GameScoring::Unknown);
        CHECK((s.blackPoints2 == 0 && s.whitePoints2 == 0 && s.blackDiscs == 0));
    }
    SECTION("a bye: a win and 32 discs") {
        const ScoredGame s = scoreGame(game(1, "BYE", "B", 0, 0));
        CHECK(s.how == GameScoring::Bye);
        CHECK((s.whitePoints2 == 2 && s.whiteDiscs == 32 && s.blackPoints2 == 0));
    }
}

TEST_CASE("standings: points, Brightwell quotient, discs, crosstable", "[storage][tournament]") {
    CHECK(brightwellConstant(13) == 6);  // the WOC
    CHECK(brightwellConstant(7) == 3);
    CHECK(brightwellConstant(1) == 1);
    // A round robin of 4 in 3 rounds, c = 6 (worked by hand):
    //   A: beat B 40-24, lost to C 20-44, beat D 33-31: 2 points, 93 discs
    //   B: 24, beat D 50-14, lost to C 10-54: 1 point, 84 discs
    //   C: drew D 32-32, 44, 54: 2.5 points, 130 discs
    //   D: 32, 14, 31: 0.5 points, 77 discs
    // BQ = discs + 6 x the opponents' points: A 93 + 6(1 + 2.5 + 0.5) = 117, B 84 + 6 x 5 =
    // 114, C 130 + 6 x 3.5 = 151, D 77 + 6 x 5.5 = 110.
    const std::vector<TournamentGame> games = {
        game(1, "A", "B", 40, 24, "1"), game(2, "C", "D", 32, 32, "1"),
        game(3, "A", "C", 20, 44, "2"), game(4, "B", "D", 50, 14, "2"),
        game(5, "A", "D", 33, 31, "3"), game(6, "B", "C", 10, 54, "3")};
    StandingsOptions options;
    options.brightwellConstant = 6;
    const Standings s = computeStandings(games, options);
    CHECK(s.roundsFrom == RoundsFrom::Source);
    CHECK(s.rounds == 3);
    CHECK(s.brightwellConstant == 6);
    REQUIRE(s.players.size() == 4);
    CHECK(s.players[0].player == "C");
    CHECK(s.players[0].points() == 2.5);
    CHECK(s.players[0].brightwell() == 151);
    CHECK(s.players[0].discs == 130);
    CHECK(s.players[1].player == "A");
    CHECK(s.players[1].brightwell() == 117);
    CHECK(s.players[2].player == "B");
    CHECK(s.players[2].brightwell() == 114);
    CHECK(s.players[3].player == "D");
    CHECK(s.players[3].brightwell() == 110);
    CHECK((s.players[0].wins == 2 && s.players[0].draws == 1 && s.players[0].losses == 0));
    CHECK(s.players[3].rank == 4);
    // Results by round, opponents as indexes in rank order.
    const Standing& a = s.players[1];
    REQUIRE(a.results.size() == 3);
    CHECK((a.results[0].round == 1 && s.players[a.results[0].opponent].player == "B"));
    CHECK((a.results[1].round == 2 && a.results[1].points2 == 0 && a.results[1].black));
    // Crosstable: 6 pairs, the better-ranked first.
    REQUIRE(s.pairs.size() == 6);
    CHECK((s.pairs[0].a == 0 && s.pairs[0].b == 1));  // C - A
    CHECK((s.pairs[0].aPoints2 == 2 && s.pairs[0].bPoints2 == 0));
    CHECK(s.pairs[0].games == std::vector<std::int64_t>{3});
    // The default constant for 3 rounds is 1.
    CHECK(computeStandings(games).brightwellConstant == 1);

    // Equal on points, BQ and discs: one rank for both.
    const Standings tie = computeStandings({game(1, "X", "Y", 32, 32)});
    CHECK((tie.players[0].rank == 1 && tie.players[1].rank == 1));
}

TEST_CASE("standings: byes and withdrawals in the Brightwell quotient", "[storage][tournament]") {
    // D withdraws after round 1; A and B each get a bye. c = 6.
    //   A: beat B 40-24 (52 = 40 + 6x2), lost to C 30-34 (42), bye (44 = 32 + 6 x own 2): 138
    //   B: lost to A 24 (36), bye (44), beat C 33-31 (45): 125
    //   C: beat D 44-20 (withdrawn: 32 + 6 x own 2 = 44), beat A 34 (46), lost to B 31 (43): 133
    const std::vector<TournamentGame> games = {
        game(1, "A", "B", 40, 24, "1"), game(2, "C", "D", 44, 20, "1"),
        game(3, "A", "C", 30, 34, "2"), game(4, "B", "BYE", 0, 0, "2"),
        game(5, "BYE", "A", 0, 0, "3"), game(6, "B", "C", 33, 31, "3")};
    StandingsOptions options;
    options.brightwellConstant = 6;
    const Standings s = computeStandings(games, options);
    REQUIRE(s.players.size() == 4);  // the bye is no player
    CHECK(player(s, "D").withdrawn);
    CHECK_FALSE(player(s, "A").withdrawn);
    CHECK(player(s, "A").brightwell() == 138);
    CHECK(player(s, "B").brightwell() == 125);
    CHECK(player(s, "C").brightwell() == 133);
    CHECK(player(s, "A").byes == 1);
    CHECK(player(s, "A").points() == 2);
    CHECK(player(s, "A").discs == 102);
    CHECK(s.players[0].player == "A");
    CHECK(s.players[1].player == "C");
    CHECK(s.players[2].player == "B");
    // A bye's result has no opponent.
    const auto& last = player(s, "A").results.back();
    CHECK((last.opponent == -1 && last.how == GameScoring::Bye && last.round == 3));
    // Named withdrawals count with any rounds; rounds from file order never guess them.
    std::vector<TournamentGame> unnumbered = games;
    for (auto& g : unnumbered) g.round.clear();
    CHECK_FALSE(player(computeStandings(unnumbered, options), "D").withdrawn);
    options.withdrawn = {"D"};
    CHECK(player(computeStandings(unnumbered, options), "D").withdrawn);
}

TEST_CASE("standings: rounds from the source, from file order, or unknown",
          "[storage][tournament]") {
    // Round by round in the file: the rounds come back.
    std::vector<TournamentGame> games = {game(1, "A", "B", 40, 24), game(2, "C", "D", 40, 24),
                                         game(3, "A", "C", 40, 24), game(4, "B", "D", 40, 24),
                                         game(5, "A", "D", 40, 24), game(6, "B", "C", 40, 24)};
    Standings s = computeStandings(games);
    CHECK(s.roundsFrom == RoundsFrom::FileOrder);
    CHECK(s.rounds == 3);
    CHECK(s.gameRounds == std::vector<int>{1, 1, 2, 2, 3, 3});
    // By player (as WTHOR lists them): far more rounds than games, so the rounds are unknown
    // and the length is the games most players played.
    // A round robin of 6 listed player by player: 9 rounds for 5 games each.
    games.clear();
    const std::vector<std::string> names = {"A", "B", "C", "D", "E", "F"};
    for (std::size_t i = 0; i < names.size(); ++i)
        for (std::size_t k = i + 1; k < names.size(); ++k)
            games.push_back(
                game(static_cast<std::int64_t>(games.size() + 1), names[i], names[k], 40, 24));
    s = computeStandings(games);
    CHECK(s.roundsFrom == RoundsFrom::Estimated);
    CHECK(s.rounds == 5);
    CHECK(s.gameRounds == std::vector<int>(15, 0));
    CHECK(player(s, "A").results.front().round == 0);
    // Source rounds: the number in "3.1" or "R3".
    games = {game(1, "A", "B", 40, 24, "R1"), game(2, "A", "B", 24, 40, "2.1")};
    s = computeStandings(games);
    CHECK(s.roundsFrom == RoundsFrom::Source);
    CHECK(s.gameRounds == std::vector<int>{1, 2});
}

namespace {

// PGN of one tournament under both spellings, with an unfinished game of each kind, and a
// collection; GGF of an anti-Othello game.
const char* kPgn =
    "[Event \"Club Open\"]\n[Date \"2021\"]\n[Round \"1\"]\n[Black \"Ann\"]\n[White \"Bob\"]\n"
    "[Result \"64-0\"]\n1. D3 C3 2. B3 D2 3. E1 D6 4. D7 E3 5. F4 64-0\n\n"
    "[Event \"Club Open - 2021\"]\n[Date \"2021\"]\n[Round \"1\"]\n[Black \"Cid\"]\n"
    "[White \"Dan\"]\n[Result \"20-44\"]\n1. F5 F6 20-44\n\n"
    "[Event \"Club Open - 2021\"]\n[Date \"2021\"]\n[Round \"2\"]\n[Black \"Ann\"]\n"
    "[White \"Cid\"]\n[Result \"1-0\"]\n1. F5 D6 2. C3 1-0\n\n"
    "[Event \"Club Open - 2021\"]\n[Date \"2021\"]\n[Round \"2\"]\n[Black \"Bob\"]\n"
    "[White \"Dan\"]\n[Result \"*\"]\n1. F5 D6 2. C5 *\n\n"
    "[Event \"Club Open - 2021\"]\n[Date \"2021\"]\n[Round \"3\"]\n[Black \"Dan\"]\n"
    "[White \"Ann\"]\n[Result \"0-1\"]\n0-1\n\n"
    "[Event \"Club Open\"]\n[Date \"2020\"]\n[Round \"1\"]\n[Black \"Ann\"]\n[White \"Bob\"]\n"
    "[Result \"20-44\"]\n1. E6 F4 20-44\n\n"
    "[Event \"Parties amicales\"]\n[Date \"2021\"]\n[Black \"Ann\"]\n[White \"Bob\"]\n"
    "[Result \"20-44\"]\n1. C4 C3 20-44\n";

const char* kAntiGgf =
    "(;GM[Othello]PB[Bob]PW[Cid]EV[Club Open - 2021]RO[3]DT[2021]TY[8a]RE[-64.00]"
    "B[d3]W[c3]B[b3]W[d2]B[e1]W[d6]B[d7]W[e3]B[f4];)\n";

struct ClubArchive {
    TempDir dir{"tournament"};
    fs::path db = dir / "games.sqlite";
    ClubArchive() {
        writeFile(dir / "club.pgn", kPgn);
        writeFile(dir / "anti.ggf", kAntiGgf);
        Archive a(db);
        const ImportResult r = a.importFiles({dir / "club.pgn", dir / "anti.ggf"});
        REQUIRE(r.rejected == 0);
        REQUIRE(r.imported == 8);
    }
    nlohmann::json json(const std::string& args, int exitCode = 0) const {
        const auto r = runCli(args + " --json --db " + shellQuote(db.string()));
        INFO(args << "\n" << r.err);
        REQUIRE(r.exitCode == exitCode);
        return nlohmann::json::parse(r.out);
    }
};

}  // namespace

TEST_CASE("archive: one tournament per name and year, whatever the spelling",
          "[storage][tournament]") {
    ClubArchive club;
    Archive a(club.db, Archive::Mode::ReadOnly);
    const std::vector<TournamentSummary> all = a.tournaments();
    REQUIRE(all.size() == 3);  // Club Open 2020, Club Open 2021, Parties amicales 2021
    const auto matches = matchTournaments(all, "club open 2021");
    REQUIRE(matches.size() == 1);
    const TournamentSummary& open = matches.front();
    CHECK(open.name == "Club Open");
    CHECK(open.year == 2021);
    CHECK(open.games == 6);
    CHECK(open.players == 4);
    CHECK(open.isTournament);
    CHECK(open.eventNames == std::vector<std::string>{"Club Open", "Club Open - 2021"});
    CHECK(open.id == tournamentId(open.eventIds.front(), 2021));
    CHECK(matchTournaments(all, "Club Open").size() == 2);                   // two years
    CHECK(matchTournaments(all, "Club Open", 2020).size() == 1);             // --year
    CHECK(matchTournaments(all, "amicales").front().isTournament == false);  // substring

    const auto t = a.tournament(open.id);
    REQUIRE(t);
    CHECK(t->summary.id == open.id);
    REQUIRE(t->games.size() == 6);
    CHECK(!a.tournament(open.id + 1));  // no game in 2022
    const Standings s = computeStandings(t->games);
    CHECK(s.roundsFrom == RoundsFrom::Source);
    CHECK(s.rounds == 3);
    // Ann: beat Bob 64-0, beat Cid by "1-0" after F5 D6 C3 (5-2 on the board plus the 57
    // empties: 62-2), won Dan's forfeit "0-1" (no move: 2 discs plus 60 empties, 62-2): 3
    // points. Bob: lost 0-64, the "*" game against Dan unscored, lost the anti game to Cid
    // (Bob ended with 64 discs: Cid wins and is credited 64). Dan: won 44-20 against Cid.
    const Standing& ann = player(s, "Ann");
    CHECK(ann.points() == 3);
    CHECK(ann.discs == 64 + 62 + 62);
    CHECK(s.players.front().player == "Ann");
    const Standing& bob = player(s, "Bob");
    CHECK(bob.points() == 0);
    CHECK(bob.unscored == 1);
    CHECK(bob.games == 2);
    CHECK(bob.discs == 0);
    CHECK(player(s, "Dan").unscored == 1);
    CHECK(player(s, "Dan").points() == 1);
    CHECK(player(s, "Dan").discs == 44 + 2);
    CHECK(player(s, "Cid").points() == 1);
    CHECK(player(s, "Cid").discs == 20 + 2 + 64);
}

TEST_CASE("cli events and event: listing, standings, JSON, errors", "[storage][tournament][cli]") {
    ClubArchive club;
    const auto events = club.json("events");
    REQUIRE(events["events"].size() == 3);
    const auto& first = events["events"][0];  // by year: Club Open 2020
    CHECK(first["name"] == "Club Open");
    CHECK(first["year"] == 2020);
    CHECK(first["is_tournament"] == true);
    CHECK(first["not_tournament_reason"].is_null());
    CHECK(club.json("events --tournaments")["events"].size() == 2);

    const auto j = club.json("event 'Club Open 2021'");
    CHECK(j["name"] == "Club Open");
    CHECK(j["year"] == 2021);
    CHECK(j["games"] == 6);
    CHECK(j["events"].size() == 2);
    CHECK(j["rounds"] == 3);
    CHECK(j["rounds_from"] == "source");
    CHECK(j["brightwell_constant"] == 1);
    REQUIRE(j["standings"].size() == 4);
    CHECK(j["standings"][0]["player"] == "Ann");
    CHECK(j["standings"][0]["points"] == 3.0);
    const auto& results = j["standings"][0]["results"];
    REQUIRE(results.size() == 3);
    CHECK(results[1]["scoring"] == "stated");
    CHECK(results[2]["scoring"] == "forfeit");
    CHECK(results[2]["color"] == "white");
    CHECK(j["crosstable"].is_array());
    CHECK(j["game_list"].size() == 6);
    // The same by id, and by its name with --year.
    const auto byId = club.json("event " + std::to_string(j["id"].get<std::int64_t>()));
    CHECK(byId["standings"] == j["standings"]);
    CHECK(club.json("event 'club open' --year 2021")["id"] == j["id"]);
    // A collection: no standings.
    const auto amicales = club.json("event amicales");
    CHECK(amicales["is_tournament"] == false);
    CHECK(amicales["not_tournament_reason"] == "named as a collection of games");
    CHECK(amicales["standings"].is_null());
    CHECK(amicales["crosstable"].is_null());
    // Text.
    const auto text = runCli("event 'Club Open - 2021' --db " + shellQuote(club.db.string()));
    CHECK(text.exitCode == 0);
    CHECK(text.out.find("Club Open 2021") != std::string::npos);
    CHECK(text.out.find("3 rounds (from the source)") != std::string::npos);
    // Errors: several years (usage, 2), none (1).
    const auto ambiguous = runCli("event 'Club Open' --db " + shellQuote(club.db.string()));
    CHECK(ambiguous.exitCode == 2);
    CHECK(ambiguous.err.find("2 events match") != std::string::npos);
    const auto none = runCli("event Nowhere --db " + shellQuote(club.db.string()));
    CHECK(none.exitCode == 1);
    CHECK(none.err.find("no event matches") != std::string::npos);
}

TEST_CASE("cli event --withdrawn: a withdrawal the source does not show",
          "[storage][tournament][cli]") {
    ClubArchive club;
    const auto plain = club.json("event 'Club Open 2021'");
    std::string last;
    for (const auto& p : plain["standings"]) {
        CHECK(p["withdrawn"] == false);
        last = p["player"].get<std::string>();
    }
    const auto j = club.json("event 'Club Open 2021' --withdrawn '" + last + "'");
    bool found = false;
    for (const auto& p : j["standings"])
        if (p["player"] == last) {
            found = true;
            CHECK(p["withdrawn"] == true);
        } else {
            CHECK(p["withdrawn"] == false);
        }
    CHECK(found);
    // Their opponents' quotients change (32 + c x own points replaces the game); points do not.
    CHECK(j["standings"] != plain["standings"]);
    double before = 0, after = 0;
    for (const auto& p : plain["standings"]) before += p["points"].get<double>();
    for (const auto& p : j["standings"]) after += p["points"].get<double>();
    CHECK(before == after);
    // A name that plays no game of the event is a usage error naming it.
    const auto typo =
        runCli("event 'Club Open 2021' --withdrawn Nobody --db " + shellQuote(club.db.string()));
    CHECK(typo.exitCode == 2);
    CHECK(typo.err.find("\"Nobody\" plays no game of Club Open 2021") != std::string::npos);
}

TEST_CASE("archive: withdrawals stored with a tournament, followed through renames",
          "[storage][tournament]") {
    ClubArchive club;
    std::int64_t id = 0, collection = 0;
    {
        Archive a(club.db, Archive::Mode::ReadOnly);
        const auto all = a.tournaments();
        id = matchTournaments(all, "club open 2021").front().id;
        collection = matchTournaments(all, "amicales").front().id;
    }
    Archive a(club.db);
    auto t = a.tournament(id);
    REQUIRE(t);
    CHECK(t->withdrawals.empty());
    const Standings plain = computeStandings(*t);
    CHECK_FALSE(player(plain, "Dan").withdrawn);

    // Dan played round 3 (the forfeit against Ann): "after round 2" contradicts the source.
    CHECK_THROWS_WITH(a.withdraw(id, "Dan", 2),
                      Catch::Contains("\"Dan\" played round 3 of Club Open 2021"));
    CHECK_THROWS_WITH(a.withdraw(id, "Dan", 4), Catch::Contains("has 3 rounds"));
    CHECK_THROWS_WITH(a.withdraw(id, "Dan", 1000), Catch::Contains("1..999"));
    CHECK_THROWS_WITH(a.withdraw(id, "Nobody"), Catch::Contains("\"Nobody\" plays no game"));
    CHECK_THROWS_WITH(a.withdraw(collection, "Ann"), Catch::Contains("is not a tournament"));
    CHECK_THROWS_WITH(a.withdraw(id + 1, "Ann"), Catch::Contains("no event with id"));
    CHECK(a.tournament(id)->withdrawals.empty());  // nothing stored by the refusals

    const std::int64_t change = a.withdraw(id, "Dan", 3);
    CHECK(change > 0);
    CHECK(a.withdraw(id, "Dan", 3) == 0);  // already so
    t = a.tournament(id);
    REQUIRE(t->withdrawals == std::vector<Withdrawal>{{"Dan", 3}});
    const Standings s = computeStandings(*t);
    CHECK(player(s, "Dan").withdrawn);
    CHECK(player(s, "Dan").withdrewAfterRound == 3);
    CHECK_FALSE(player(s, "Ann").withdrawn);
    // Cid lost 20-44 to Dan: that game leaves Cid's quotient for 32 + c x Cid's own points;
    // nobody's points change.
    CHECK(player(s, "Cid").brightwell2 != player(plain, "Cid").brightwell2);
    CHECK(player(s, "Cid").points2 == player(plain, "Cid").points2);
    // The journal says who and when; `revert` does not dispatch it (Withdrawals.h).
    const auto history = a.history();
    REQUIRE_FALSE(history.empty());
    CHECK(history.front().id == change);
    CHECK(history.front().kind == "withdraw");
    CHECK(history.front().summary == "\"Dan\" withdrew from Club Open 2021 after round 3");
    CHECK(history.front().games.empty());
    CHECK_THROWS(a.revert(change));
    CHECK(a.tournament(id)->withdrawals == std::vector<Withdrawal>{{"Dan", 3}});
    // Replaced, not added: the round given last.
    CHECK(a.withdraw(id, "Dan") > 0);
    CHECK(a.tournament(id)->withdrawals == std::vector<Withdrawal>{{"Dan", 0}});

    // A rename follows; a merge into another player too (no foreign key stops it).
    CHECK(a.renamePlayer("Dan", "Daniel") == 3);
    CHECK(a.tournament(id)->withdrawals == std::vector<Withdrawal>{{"Daniel", 0}});
    CHECK(player(computeStandings(*a.tournament(id)), "Daniel").withdrawn);
    CHECK(a.renamePlayer("Daniel", "Bob") == 3);
    CHECK(a.tournament(id)->withdrawals == std::vector<Withdrawal>{{"Bob", 0}});

    // Removed, journalled; removing what is not stored is an error.
    CHECK(a.unwithdraw(id, "Bob") > 0);
    CHECK(a.tournament(id)->withdrawals.empty());
    CHECK(a.history().front().kind == "unwithdraw");
    CHECK_THROWS_WITH(a.unwithdraw(id, "Bob"), Catch::Contains("no withdrawal of \"Bob\""));

    // Readers read them; they cannot store them.
    a.withdraw(id, "Cid", 3);
    Archive reader(club.db, Archive::Mode::ReadOnly);
    CHECK(reader.tournament(id)->withdrawals == std::vector<Withdrawal>{{"Cid", 3}});
    CHECK_THROWS_WITH(reader.withdraw(id, "Ann"), Catch::Contains("read-only"));
}

TEST_CASE("cli event --withdraw: stored with the event, every later event shows it",
          "[storage][tournament][cli]") {
    ClubArchive club;
    const std::string db = " --db " + shellQuote(club.db.string());
    const auto j = club.json("event 'Club Open 2021' --withdraw Dan --after-round 3");
    REQUIRE(j["withdrawals"].size() == 1);
    CHECK(j["withdrawals"][0]["player"] == "Dan");
    CHECK(j["withdrawals"][0]["after_round"] == 3);
    // No option now: the stored withdrawal counts, as --withdrawn Dan does for one command.
    const auto later = club.json("event 'Club Open 2021'");
    const auto named = club.json("event 'Club Open 2021' --withdrawn Dan");
    CHECK(later["standings"] == j["standings"]);
    for (const auto& p : later["standings"]) {
        CHECK(p["withdrawn"] == (p["player"] == "Dan"));
        CHECK(p["withdrawn_after_round"] == (p["player"] == "Dan" ? nlohmann::json(3) : nullptr));
    }
    for (std::size_t i = 0; i < named["standings"].size(); ++i)
        CHECK(named["standings"][i]["brightwell"] == later["standings"][i]["brightwell"]);
    // Text: the mark, the rule, who and when.
    const auto text = runCli("event 'Club Open 2021'" + db);
    CHECK(text.exitCode == 0);
    CHECK(text.out.find("Dan (w)") != std::string::npos);
    CHECK(text.out.find("(w) withdrew: games against them count 32 + c x own points") !=
          std::string::npos);
    CHECK(text.out.find("(w) Dan: withdrew after round 3 (stored)") != std::string::npos);
    const auto stored = runCli("event 'Club Open 2021' --withdraw Ann" + db);
    CHECK(stored.exitCode == 0);
    CHECK(stored.out.find("stored: Ann withdrew (change ") != std::string::npos);
    // Journalled.
    CHECK(club.json("history --limit 1")["changes"][0]["kind"] == "withdraw");
    // Errors: a round the source contradicts (1), a name not in the event (2), options (2).
    const auto early = runCli("event 'Club Open 2021' --withdraw Dan --after-round 2" + db);
    CHECK(early.exitCode == 1);
    CHECK(early.err.find("played round 3") != std::string::npos);
    CHECK(runCli("event 'Club Open 2021' --withdraw Nobody" + db).exitCode == 2);
    CHECK(runCli("event 'Club Open 2021' --after-round 2" + db).exitCode == 2);
    CHECK(runCli("event 'Club Open 2021' --withdraw Dan --unwithdraw Dan" + db).exitCode == 2);
    CHECK(runCli("event amicales --withdraw Ann" + db).exitCode == 2);
    // Removed.
    const auto removed = club.json("event 'Club Open 2021' --unwithdraw Dan");
    REQUIRE(removed["withdrawals"].size() == 1);  // Ann's stays
    CHECK(removed["withdrawals"][0]["player"] == "Ann");
    CHECK(club.json("history --limit 1")["changes"][0]["kind"] == "unwithdraw");
    CHECK(runCli("event 'Club Open 2021' --unwithdraw Dan" + db).exitCode == 1);
}

TEST_CASE("shared WTHOR: World Championships 2019 and 1985, and a collection",
          "[storage][tournament]") {
    const fs::path data = OTHELLO_SHARED_DATA;
    const fs::path wtb = data / "wthor" / "WTH_2019.wtb";
    if (!fs::exists(wtb)) {
        WARN("shared data absent (" << data << "): test skipped");
        return;
    }
    TempDir dir("tournament-shared");
    Archive a(dir / "games.sqlite");
    REQUIRE(a.importFiles({wtb}).rejected == 0);
    const auto all = a.tournaments();
    const auto woc = matchTournaments(all, "World Championship");
    REQUIRE(woc.size() == 1);
    CHECK(woc.front().isTournament);
    CHECK(woc.front().games == 453);
    CHECK(woc.front().players == 74);
    const auto t = a.tournament(woc.front().id);
    REQUIRE(t);
    const Standings s = computeStandings(t->games);
    // WTHOR lists the finals first, then each player's games: no rounds, and the 13 Swiss
    // rounds most players played give the WOC's constant, 6.
    CHECK(s.roundsFrom == RoundsFrom::Estimated);
    CHECK(s.rounds == 13);
    CHECK(s.brightwellConstant == 6);
    // The two finalists (the file's first game) lead on points, finals included.
    CHECK(((s.players[0].player == t->games[0].black && s.players[1].player == t->games[0].white) ||
           (s.players[0].player == t->games[0].white && s.players[1].player == t->games[0].black)));
    const auto japanese = matchTournaments(all, "Parties japonaises");
    REQUIRE(japanese.size() == 1);
    CHECK_FALSE(japanese.front().isTournament);

    // 1985: Takizawa Masaki, that year's World Champion, won all his 8 recorded games.
    const fs::path wtb1985 = data / "wthor" / "WTH_1985.wtb";
    REQUIRE(a.importFiles({wtb1985}).rejected == 0);
    const auto woc1985 = matchTournaments(a.tournaments(), "World Championship 1985");
    REQUIRE(woc1985.size() == 1);
    const Standings s1985 = computeStandings(a.tournament(woc1985.front().id)->games);
    CHECK(s1985.players.front().player == "Takizawa Masaki");
    CHECK(s1985.players.front().points() == 8);
    CHECK(s1985.players.front().rank == 1);
}
