// Every writer -> reader pair keeps every game: random records (legal games finished or not,
// no moves at all, passes, odd names, set-up starts where the format holds them) are written in
// each format and read back; the game count, the moves and what the format holds (names,
// event, date, result) must come back. Deterministic: a fixed seed, so a failure repeats.
// Plus the whole shared WTHOR archive through every writer (skipped when absent).
#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <random>

#include <unistd.h>

#include "WthorTestSupport.h"
#include "core/Notation.h"
#include "core/Replay.h"
#include "importers/GameResult.h"
#include "importers/Reader.h"
#include "importers/RecordReplay.h"
#include "importers/Writer.h"
#include "importers/WthorWriter.h"

using namespace othello;
using namespace othello::importers;

namespace {

// Names that break naive writers: quotes, brackets and backslashes of the PGN and GGF syntax,
// UTF-8 of several widths, tag-like text.
const char* const kNames[] = {"Penloup Dominique",
                              "O\"Brien \\\"the\\\" Quoter",
                              "[Event \"x\"]",
                              "Name] PW[Other",
                              "a\\",
                              "J\xC3\xBCrgen M\xC3\xBCller",
                              "\xE9\xBB\x92\xE7\x94\xB0 \xE5\xA4\xAA\xE9\x83\x8E",
                              "\xF0\x9F\x98\x80 smile",
                              "(;GM[Othello]",
                              "x|y, z",
                              "Score: 33-31",
                              "{comment} ;semi"};
const char* const kDates[] = {"", "1992", "1992-08", "1992-08-14", "2025-12-31"};
const Format kFormats[] = {Format::Moves, Format::Transcript, Format::Ggf, Format::Pgn};

struct Generator {
    std::mt19937 rng;
    explicit Generator(unsigned seed) : rng(seed) {}

    int below(int n) { return static_cast<int>(rng() % static_cast<unsigned>(n)); }
    bool chance(int percent) { return below(100) < percent; }
    std::string name() { return chance(10) ? std::string() : kNames[below(std::size(kNames))]; }

    // A random legal move of `p` (one must exist).
    int randomMove(const core::Position& p) {
        core::Bitboard moves = p.legalMoves();
        int pick = below(core::popcount(moves));
        for (int sq = 0; sq < 64; ++sq)
            if ((moves & core::bit(sq)) && pick-- == 0) return sq;
        return core::kNoSquare;
    }

    // A random game from `start`, cut at a random length (or played out), passes explicit.
    std::vector<int> game(core::Position p) {
        std::vector<int> moves;
        const bool atFirstPass = chance(15);  // cut where a side first has to pass, if it does
        const int cut = atFirstPass || chance(40) ? 1000 : below(62);
        // An unfinished game stops after a disc move, where the side to move may have to pass
        // (no reader may append that pass: issue 9, "no invented moves"); formats that leave
        // passes out (move lists, PGN) cannot hold a record ending in one.
        const auto cutHere = [&] {
            return static_cast<int>(moves.size()) >= cut &&
                   (moves.empty() || moves.back() != core::kPass);
        };
        while (!p.isGameOver() && !cutHere()) {
            if (p.mustPass()) {
                if (atFirstPass) break;
                p.pass();
                moves.push_back(core::kPass);
                continue;
            }
            const int sq = randomMove(p);
            p.play(sq);
            moves.push_back(sq);
        }
        return moves;
    }

    GameRecord record() {
        GameRecord g;
        if (chance(10)) {
            // A set-up start: a position of a random game, either side to move.
            core::Position p = core::Position::start();
            for (int k = below(12) + 1; k > 0 && !p.isGameOver(); --k) {
                if (p.mustPass()) p.pass();
                p.play(randomMove(p));
            }
            if (chance(50) && p.canMove()) p.pass();
            if (p.mustPass()) p.pass();
            g.start = p;
        }
        const std::vector<int> moves = chance(5) ? std::vector<int>{} : game(g.start);
        REQUIRE(replayRecord(g, moves, {}));
        g.diagnostics.clear();
        g.black = name();
        g.white = name();
        g.event = chance(30) ? std::string() : kNames[below(std::size(kNames))];
        g.date = kDates[below(std::size(kDates))];
        g.year = g.date.empty() ? 0 : std::stoi(g.date.substr(0, 4));
        // A stated result the moves do not reach: a resignation or a loss on time.
        if (!g.complete() && chance(50)) g.statedBlackDiscs = below(65);
        return g;
    }
};

std::string describe(const GameRecord& g) {
    return "black '" + g.black + "' white '" + g.white + "' event '" + g.event + "' date '" +
           g.date + "' moves " + core::movesString(g.moves, true) + " result " + resultText(g) +
           (g.diagnostics.empty()
                ? ""
                : " first diagnostic: " + g.diagnostics[0].code + " " + g.diagnostics[0].message);
}

// The warnings a faithful round trip may give: a game of no moves is flagged as such.
bool onlyExpectedWarnings(const GameRecord& g) {
    for (const Diagnostic& d : g.diagnostics)
        if (d.code != "no-moves") return false;
    return true;
}

// Writes `games` in `format` and reads them back; checks what `format` holds.
void roundTrip(const std::vector<GameRecord>& games, Format format) {
    std::vector<GameRecord> written;
    for (const GameRecord& g : games)
        if (canWrite(g, format)) written.push_back(g);
    const std::string text = writeGamesToString(written, format);
    const FileResult back = readTextAs("round-trip", text, format, nullptr, {});
    INFO(formatName(format));
    REQUIRE(back.records.size() == written.size());
    for (std::size_t i = 0; i < written.size(); ++i) {
        const GameRecord& a = written[i];
        const GameRecord& b = back.records[i];
        INFO("game " << i << ": " << describe(a));
        INFO("read back: " << describe(b));
        CHECK(b.ok());
        CHECK(onlyExpectedWarnings(b));
        CHECK(b.moves == a.moves);
        CHECK(b.start == a.start);
        CHECK(b.black == a.black);
        CHECK(b.white == a.white);
        CHECK(b.event == a.event);
        CHECK(b.date == a.date);
        CHECK(resultText(b) == resultText(a));
    }
    if (format == Format::Transcript) {
        // An unfinished game written as a diagram reads back without a warning, --strict too.
        ReadOptions strict;
        strict.strict = true;
        const FileResult s = readTextAs("strict", text, format, nullptr, strict);
        REQUIRE(s.records.size() == written.size());
        for (std::size_t i = 0; i < written.size(); ++i)
            if (!written[i].moves.empty()) CHECK(s.records[i].ok());
    }
}

}  // namespace

TEST_CASE("round trip: random records through every writer and reader") {
    Generator gen(20261123);
    std::vector<GameRecord> games;
    for (int i = 0; i < 3000; ++i) games.push_back(gen.record());
    // The cases that must be there whatever the seed: no moves, unfinished, passes, set-up.
    CHECK(std::count_if(games.begin(), games.end(), [](auto& g) { return g.moves.empty(); }) > 0);
    CHECK(std::count_if(games.begin(), games.end(), [](auto& g) { return g.passes() > 0; }) > 0);
    CHECK(std::count_if(games.begin(), games.end(), [](auto& g) { return !g.complete(); }) > 0);
    CHECK(std::count_if(games.begin(), games.end(), [](auto& g) { return !g.standardStart; }) > 0);
    // Cut where the side to move has to pass: the pass is not in the record, nor read back.
    CHECK(std::count_if(games.begin(), games.end(), [](auto& g) {
              const core::ReplayResult r = core::replay(g.start, g.moves);
              return !g.complete() && !r.plies.empty() && r.plies.back().inferredPass;
          }) > 0);
    for (Format f : kFormats) {
        // In batches, so that a failure names a small file.
        for (std::size_t from = 0; from < games.size(); from += 100) {
            const std::vector<GameRecord> batch(
                games.begin() + static_cast<std::ptrdiff_t>(from),
                games.begin() + static_cast<std::ptrdiff_t>(std::min(from + 100, games.size())));
            roundTrip(batch, f);
        }
    }
}

TEST_CASE("round trip: a game with no moves stays one game in every format") {
    GameRecord forfeit;
    REQUIRE(replayRecord(forfeit, {}, {}));
    forfeit.black = "Absent";
    forfeit.white = "Present";
    forfeit.statedBlackDiscs = 0;  // a forfeit: 0-64
    GameRecord next;
    REQUIRE(replayRecord(next, {core::parseSquare("f5")}, {}));
    next.black = "Next";
    for (Format f : kFormats) roundTrip({forfeit, next, forfeit}, f);
}

TEST_CASE("round trip: WTHOR keeps the count, moves and years") {
    Generator gen(7);
    std::vector<GameRecord> games;
    for (int i = 0; i < 500; ++i) games.push_back(gen.record());
    std::vector<GameRecord> written;
    for (const GameRecord& g : games)
        if (canWrite(g, Format::Wthor) && g.year > 0) written.push_back(g);
    const auto dir = std::filesystem::temp_directory_path() /
                     ("othello-roundtrip-" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    const std::vector<std::filesystem::path> files = writeWthorYearFiles(written, dir);
    std::vector<GameRecord> back;
    for (const auto& f : files) {
        FileResult r = readFile(f);
        for (auto& g : r.records) back.push_back(std::move(g));
    }
    std::filesystem::remove_all(dir);
    REQUIRE(back.size() == written.size());
    // Files come out by year: compare as multisets of (year, moves).
    auto key = [](const GameRecord& g) { return std::make_pair(g.year, g.moves); };
    std::vector<std::pair<int, std::vector<int>>> a, b;
    for (const auto& g : written) a.push_back(key(g));
    for (const auto& g : back) b.push_back(key(g));
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    for (std::size_t i = 0; i < a.size(); ++i) {
        INFO(i << ": written " << a[i].first << " " << core::movesString(a[i].second, true));
        INFO("read back " << b[i].first << " " << core::movesString(b[i].second, true));
        REQUIRE(a[i] == b[i]);
    }
}

TEST_CASE("round trip shared: the whole WTHOR archive through every writer and back") {
    if (!wthortest::haveSharedData()) {
        WARN("skipped: no shared data at " OTHELLO_SHARED_DATA " (absent on a fresh clone)");
        return;
    }
    const auto started = std::chrono::steady_clock::now();
    std::vector<std::filesystem::path> files;
    for (const auto& e : std::filesystem::directory_iterator(wthortest::sharedData("wthor")))
        if (e.path().extension() == ".wtb") files.push_back(e.path());
    std::sort(files.begin(), files.end());
    REQUIRE(files.size() >= 45);
    std::vector<GameRecord> games;
    for (const auto& f : files) {
        FileResult r = readFile(f);
        for (auto& g : r.records)
            if (g.ok()) games.push_back(std::move(g));
    }
    INFO(games.size() << " games");
    REQUIRE(games.size() > 120000);
    for (Format f : kFormats) roundTrip(games, f);
    // WTHOR itself: one file per year in a folder, read back in year order.
    const auto dir = std::filesystem::temp_directory_path() /
                     ("othello-roundtrip-wthor-" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    std::vector<GameRecord> back;
    for (const auto& f : writeWthorYearFiles(games, dir)) {
        FileResult r = readFile(f);
        for (auto& g : r.records) back.push_back(std::move(g));
    }
    std::filesystem::remove_all(dir);
    REQUIRE(back.size() == games.size());
    for (std::size_t i = 0; i < games.size(); ++i) {
        INFO(i << ": " << describe(games[i]) << "\nread back: " << describe(back[i]));
        REQUIRE(back[i].moves == games[i].moves);
        REQUIRE(back[i].black == games[i].black);
        REQUIRE(back[i].white == games[i].white);
        REQUIRE(back[i].event == games[i].event);
        REQUIRE(back[i].year == games[i].year);
        REQUIRE(resultText(back[i]) == resultText(games[i]));
    }
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    WARN("the whole archive (" << games.size() << " games) through 5 formats in " << seconds
                               << " s");
}

TEST_CASE("round trip: a PGN forfeit written with tags only stays its own game") {
    // Other programs write a game of no moves as its tags alone, without the result again as
    // movetext: the blank line before the next tags still ends it.
    const std::string pgn =
        "[Event \"F\"]\n[Black \"Absent\"]\n[White \"Present\"]\n"
        "[Result \"0-64\"]\n\n[Event \"G\"]\n[Black \"X\"]\n[White \"Y\"]\n"
        "[Result \"*\"]\n1. F5 *\n";
    const FileResult r = readTextAs("forfeit.pgn", pgn, Format::Pgn, nullptr, {});
    REQUIRE(r.records.size() == 2);
    CHECK(r.records[0].black == "Absent");
    CHECK(r.records[0].moves.empty());
    CHECK(resultText(r.records[0]) == "0-64 (unfinished)");
    CHECK(r.records[1].black == "X");
    CHECK(r.records[1].event == "G");
    // The usual layout is untouched: tags, a blank line, then the moves.
    const FileResult one = readTextAs("one.pgn", "[Event \"E\"]\n[Black \"B\"]\n\n1. F5 D6 *\n",
                                      Format::Pgn, nullptr, {});
    REQUIRE(one.records.size() == 1);
    CHECK(one.records[0].black == "B");
    CHECK(one.records[0].moves.size() == 2);
}
