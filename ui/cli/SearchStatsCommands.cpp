// othello-db search and stats: games by players, event, year, result and position.
#include <fmt/core.h>

#include <memory>
#include <utility>

#include "JsonOutput.h"
#include "StorageCli.h"
#include "Words.h"
#include "core/Notation.h"
#include "importers/GameResult.h"
#include "importers/TextEscape.h"
#include "storage/patterns/PatternSearch.h"
#include "storage/query/ArchiveJson.h"
#include "storage/query/FilterText.h"
#include "storage/query/PatternText.h"

namespace othello::cli {
namespace {

struct SearchOptions {
    FilterOptions filter;
    std::string db;
    bool json = false;
    std::string pattern;        // --pattern (core/Pattern.h grammar)
    bool patternGiven = false;  // --pattern '' is a pattern that does not parse, not none
    bool noSymmetry = false;
    std::string ply;  // --ply A-B or A
};

void printRows(const std::vector<storage::GameRow>& rows) {
    bool unknown = false;
    for (const auto& g : rows) {
        // One text for a result everywhere (importers/GameResult.h): "33-31",
        // "33-31 (unfinished)" for a stated result the moves stop short of, "*" when unknown.
        const auto result = storage::rowResult(g);
        const std::string score = result.text();
        unknown = unknown || !result.known();
        fmt::print("#{:<7} {:>4} {:<20} {:>6} {:<20} {:<24}", g.id,
                   g.year > 0 ? std::to_string(g.year) : std::string("—"),
                   shorten(g.black.empty() ? "?" : g.black, 20), score,
                   shorten(g.white.empty() ? "?" : g.white, 20), shorten(g.event, 24));
        if (g.ply) fmt::print(" ply {:2}", *g.ply);
        if (!g.opening.empty()) fmt::print("  [{}]", g.opening);
        if (g.unreadableRules)
            fmt::print("  <{}>", storage::unreadableRulesText(*g.unreadableRules));
        else if (!g.rules.isOthello())
            fmt::print("  <{}>", core::rulesCode(g.rules));
        fmt::print("\n         {}\n", core::movesString(g.moves, true));
    }
    if (unknown)
        fmt::print(
            "* unfinished game without a stated result: not counted by --result or in "
            "statistics\n");
}

void printPage(const storage::SearchResult& r, std::int64_t offset) {
    fmt::print("{}", plural(r.total, "game", "games"));
    if (!r.games.empty())
        fmt::print(", showing {}-{}", offset + 1,
                   offset + static_cast<std::int64_t>(r.games.size()));
    fmt::print("\n");
    printRows(r.games);
}

// search --pattern: the games the other filters select, those where the pattern holds within
// the ply window, each with the first such ply (GameRow::ply), paged as a plain search.
int runPatternSearch(const SearchOptions& o) {
    storage::PatternRequest request;
    try {
        // As /api/search reads pattern, symmetry and ply (storage/query/PatternText.h).
        request = storage::readPatternText({o.pattern, !o.noSymmetry, o.ply},
                                           [](const std::string& field) { return "--" + field; });
    } catch (const storage::FilterError& e) {
        throw UsageError(e.what());
    }
    const storage::PatternQuery& query = request.query;
    const storage::SearchFilter f = makeFilter(o.filter);
    auto archive = openArchive(o.db, storage::Archive::Mode::ReadOnly);
    warnUnindexed(archive);
    const storage::PatternCorpus corpus = storage::PatternCorpus::load(archive, f);
    const std::vector<storage::PatternHit> hits = corpus.search(query);
    storage::SearchResult r;
    r.total = static_cast<std::int64_t>(hits.size());
    r.games = storage::hitRows(archive, corpus, hits, f.offset, f.limit);
    if (o.json) {
        nlohmann::json j;
        j["total"] = r.total;
        j["pattern"] = request.pattern;
        j["games"] = nlohmann::json::array();
        for (const auto& row : r.games) j["games"].push_back(storage::gameRowJson(row));
        printJson(j);
        return kExitOk;
    }
    fmt::print("pattern: {}{}\n", request.pattern, o.noSymmetry ? "" : " (under the 8 symmetries)");
    printPage(r, f.offset);
    return kExitOk;
}

int runSearch(const SearchOptions& o) {
    if (o.patternGiven) return runPatternSearch(o);
    if (o.noSymmetry || !o.ply.empty())
        throw UsageError("--no-symmetry and --ply go with --pattern");
    storage::SearchFilter f = makeFilter(o.filter);
    f.withOpenings = true;
    // --moves: the deepest opening along the moves; --position: that position's own name;
    // --opening: that opening (makeFilter found it).
    const auto named = storage::findOpening(o.filter.opening).opening;
    const std::string queryOpening = named ? named->name : positionQuery(o.filter.query).opening;
    auto archive = openArchive(o.db, storage::Archive::Mode::ReadOnly);
    warnUnindexed(archive);
    const storage::SearchResult r = archive.search(f);
    if (o.json) {
        nlohmann::json j;
        j["total"] = r.total;
        j["games"] = nlohmann::json::array();
        for (const auto& row : r.games) j["games"].push_back(storage::gameRowJson(row));
        if (f.position) j["opening"] = queryOpening;
        printJson(j);
        return kExitOk;
    }
    if (!queryOpening.empty()) fmt::print("opening: {}\n", queryOpening);
    printPage(r, f.offset);
    return kExitOk;
}

RegisterCommand searchCommand("search", [](CLI::App& app, Action& action) {
    auto o = std::make_shared<SearchOptions>();
    auto* sub = app.add_subcommand("search",
                                   "Find games by player, event, year, result, "
                                   "position or opening (filters combine)");
    addFilterOptions(sub, o->filter, true);
    addDbOption(sub, o->db);
    auto* pattern =
        sub->add_option("--pattern", o->pattern,
                        "Games with this shape on the board (see below); each with the first ply "
                        "where it holds");
    sub->add_flag("--no-symmetry", o->noSymmetry,
                  "--pattern as written only (default: under the 8 symmetries)");
    sub->add_option("--ply", o->ply,
                    "--pattern within plies A-B (or at ply A); ply 0 is the start");
    sub->add_flag("--json", o->json,
                  "Print {total, opening, pattern, games: [{id, black, white, event, year, "
                  "black_score, result, unfinished, result_known, moves, passes, ply, opening, "
                  "rules, rules_text, handicap}]}");
    sub->footer(
        "A game under rules other than Othello's shows its rules code in <> after its line "
        "(<reversi>, <othello+handicap-a1h8-white>); a classic Reversi game's result is its "
        "discs as they stand (34-29). --rules reversi finds every classic Reversi game (a "
        "preset's name matches its modifiers too), --rules reversi+empties exactly those; "
        "--handicap finds every handicap game, --handicap a1,h8 those given a1 and h8.\n"
        "Each game's [opening] is the longest named line it follows (under symmetry, through "
        "transpositions): `othello-db openings` lists the catalogue. --opening Tiger finds the "
        "games reaching the Tiger's position, those going on into the Rose-Bill too (each row "
        "naming its own opening); --opening 虎 is the same search, --opening \"rose-b\" too short "
        "(Rose-Bill, "
        "Rose-Birth, ...): the error lists the names it could mean.\n\n"
        "--pattern: a 64-character mask a1 b1 .. h1 a2 .. h8 (X black, O white, - empty, * any "
        "disc, ? anything; spaces between rows allowed), or a list such as 'a1=X b2=- c1=*'; "
        "either may add same(a1,h1) (both squares hold discs of the same colour). Examples: "
        "--pattern 'a1=X b2=-' (a corner taken, its X-square empty), --pattern "
        "'a1=O b1=O c1=O d1=O e1=O f1=O g1=O h1=O' --ply 20-40 --player Tamenori. Every other "
        "filter combines with it; ply is the position after that many moves and passes.");
    sub->callback([o, pattern, &action] {
        o->patternGiven = pattern->count() > 0;
        action = [o] { return runCommand([o] { return runSearch(*o); }); };
    });
});

struct StatsOptions {
    PositionOptions query;
    std::string rules;
    std::string db;
    bool json = false;
};

std::string moveName(int square) {
    return square == core::kPass ? "pass" : core::squareName(square);
}

int runStats(const StatsOptions& o) {
    std::string rules;
    if (!o.rules.empty()) {
        std::string why;
        const auto text = storage::rulesFilterText(o.rules, why);
        if (!text) throw UsageError("--rules: " + why);
        rules = *text;
    }
    const PositionQuery query =
        positionQuery(o.query, rules.empty() ? core::Rules{} : core::parseRules(rules).rules);
    if (!query.position) throw UsageError("give --moves SEQ, --start or --position BOARD");
    const auto& position = query.position;
    auto archive = openArchive(o.db, storage::Archive::Mode::ReadOnly);
    warnUnindexed(archive);
    storage::PositionStats s = archive.stats(*position, rules);
    // --moves: the deepest named opening along the moves, not only the exact position's name.
    s.opening = query.opening;
    if (o.json) {
        printJson(storage::statsJson(s));  // the API's form too
        return kExitOk;
    }
    fmt::print("{}", core::boardDiagram(*position, position->legalMoves()));
    if (!s.opening.empty()) fmt::print("opening: {}\n", s.opening);
    const auto pct = [](std::int64_t n, std::int64_t d) {
        return d ? 100.0 * double(n) / double(d) : 0.0;
    };
    fmt::print(
        "{}: Black wins {} ({:.1f}%), draws {}, White wins {} ({:.1f}%), average "
        "Black score {:.1f}",
        plural(s.games, "game", "games"), s.blackWins, pct(s.blackWins, s.decided()), s.draws,
        s.whiteWins, pct(s.whiteWins, s.decided()), s.avgBlackScore());
    if (s.unknownResults())
        fmt::print(" ({} unfinished, result unknown, not counted)", s.unknownResults());
    fmt::print("\n");
    if (!s.moves.empty())
        fmt::print("{:<6} {:>7} {:>7} {:>6} {:>7} {:>9}\n", "move", "games", "black%", "draws",
                   "white%", "avg black");
    for (const auto& m : s.moves)
        fmt::print("{:<6} {:>7} {:>6.1f}% {:>6} {:>6.1f}% {:>9.1f}\n", moveName(m.move), m.games,
                   pct(m.blackWins, m.decided()), m.draws, pct(m.whiteWins, m.decided()),
                   m.avgBlackScore());
    return kExitOk;
}

RegisterCommand statsCommand("stats", [](CLI::App& app, Action& action) {
    auto o = std::make_shared<StatsOptions>();
    auto* sub = app.add_subcommand(
        "stats", "Results of the games reaching a position and of each next move played");
    addPositionOptions(sub, o->query);
    sub->add_option("--rules", o->rules,
                    std::string(kRulesFilterHelp) +
                        "; only those games are counted (default: Othello's games alone); with "
                        "--moves, the moves are played from these rules' start");
    addDbOption(sub, o->db);
    sub->add_flag("--json", o->json,
                  "Print {games, black_wins, draws, white_wins, avg_black_score, unfinished, "
                  "opening, opening_detail, moves: [...]} (opening_detail: the opening's names "
                  "apart, as `openings --json` lists it, or null)");
    sub->footer(
        "Unfinished games whose record states no result have an unknown result: they count "
        "in games (and `unfinished`) but not in the wins, draws, percentages or average Black "
        "score. WTHOR's unfinished games carry an official result and count by it.\n"
        "opening: with --moves/--start the deepest named opening reached along the moves; "
        "with --position the name of exactly that position.\n"
        "Without --rules (or with --rules othello) the statistics are Othello's: games under "
        "other rules (classic Reversi, disc scoring, handicaps) and anti-Othello games are "
        "found by `search --position` but never counted here. With --rules CODE only the games "
        "under those rules count, a game scored by its discs with the empties given to its "
        "winner (34-29 counts as 35 for Black in the average).");
    sub->callback(
        [o, &action] { action = [o] { return runCommand([o] { return runStats(*o); }); }; });
});

}  // namespace
}  // namespace othello::cli
