// othello-db analyze: the exact solver's review of the endgame of a stored game, of the games
// of a file, or (--all) of the whole archive, resumably, in the background.
#include <fmt/core.h>
#include <unistd.h>

#include <chrono>
#include <memory>

#include "AnalysisCli.h"
#include "JsonOutput.h"
#include "StorageCli.h"
#include "importers/GameResult.h"
#include "importers/Reader.h"
#include "importers/TextEscape.h"

namespace othello::cli {
namespace {

struct AnalyzeOptions {
    std::string target;
    int empties = analysis::kDefaultReviewEmpties;
    bool all = false;
    std::int64_t maxGames = -1;
    std::size_t tableMegabytes = 64;
    std::string db;
    bool json = false;
    bool quiet = false;
};

std::filesystem::path databasePath(const std::string& db) {
    return db.empty() ? storage::Archive::defaultDatabasePath() : std::filesystem::path(db);
}

// Writes wait for an import's batch to commit: --all for up to 10 minutes (an import of a
// whole archive writes big batches), a single analysis for a minute.
storage::AnalysisCache openCache(const std::filesystem::path& path, storage::Archive::Mode mode,
                                 int busyTimeoutMs = 60000) {
    try {
        return storage::AnalysisCache(path, mode, busyTimeoutMs);
    } catch (const storage::StorageError& e) {
        throw InputError(e.what());
    }
}

bool isGameId(const std::string& s) {
    return !s.empty() && s.size() < 18 && s.find_first_not_of("0123456789") == std::string::npos;
}

void printReview(const std::string& title, const analysis::GameReview& r) {
    fmt::print("{}\n{}{}", title, reviewTable(r), summaryLines(r));
}

nlohmann::json output(const AnalyzeOptions& o, nlohmann::json games) {
    return {{"point_of_view", kPointOfView},
            {"empties", o.empties},
            {"solver_version", analysis::kSolverVersion},
            {"games", std::move(games)}};
}

// A stored game: reviewed through the archive's cache, the review kept for search and show
// (unless a deeper one is stored already).
int analyzeGame(const AnalyzeOptions& o, std::int64_t id) {
    const std::filesystem::path path = databasePath(o.db);
    if (!std::filesystem::exists(path))
        throw InputError(
            fmt::format("no game with id {} (database {} does not exist)", id, path.string()));
    auto archive = openArchive(o.db, storage::Archive::Mode::ReadOnly);
    const auto game = archive.game(id);
    if (!game) throw InputError(fmt::format("no game with id {}", id));
    auto cache = openCache(path, storage::Archive::Mode::ReadWrite);
    analysis::Solver solver(o.tableMegabytes);
    const importers::GameRecord& g = game->record;
    const analysis::GameReview review =
        analysis::reviewGame(g.start, g.moves, o.empties, cache.positionSolver(solver));
    const auto stored = cache.review(id);
    if (!stored || stored->review.maxEmpties <= o.empties) cache.storeReview(id, review);
    if (o.json) {
        nlohmann::json j = reviewJson(review);
        j["id"] = id;
        j["black"] = g.black;
        j["white"] = g.white;
        j["source"] = g.source.describe();
        printJson(output(o, nlohmann::json::array({j})));  // names exact (JsonOutput.h)
        return kExitOk;
    }
    using importers::text::escapeForTerminal;  // names and paths come from files
    printReview(fmt::format("game {}: {} (Black) - {} (White), {}", id,
                            g.black.empty() ? "?" : escapeForTerminal(g.black),
                            g.white.empty() ? "?" : escapeForTerminal(g.white),
                            importers::resultText(g)),
                review);
    return kExitOk;
}

// The games of a file, read with the importers' front door as `check` does. Positions go
// through the archive's cache when the database exists (or --db names one).
int analyzeFile(const AnalyzeOptions& o) {
    const importers::FileResult file = importers::readFile(o.target);
    for (const importers::Diagnostic& d : file.fileDiagnostics)
        fmt::print(stderr, "{}\n", d.format());
    if (!file.readable || file.records.empty()) return kExitUsage;
    const std::filesystem::path path = databasePath(o.db);
    std::optional<storage::AnalysisCache> cache;
    if (!o.db.empty() || std::filesystem::exists(path))
        cache.emplace(openCache(path, storage::Archive::Mode::ReadWrite));
    analysis::Solver solver(o.tableMegabytes);
    const analysis::PositionSolver solve =
        cache ? cache->positionSolver(solver) : analysis::directSolver(solver);
    nlohmann::json games = nlohmann::json::array();
    int code = kExitOk;
    for (const importers::GameRecord& g : file.records) {
        if (g.status == importers::GameStatus::Error) {
            for (const importers::Diagnostic& d : g.diagnostics)
                fmt::print(stderr, "{}\n", d.format());
            fmt::print(stderr, "{}: not analysed (the record does not replay)\n",
                       importers::text::escapeForTerminal(g.source.describe()));
            code = kExitBadInput;
            continue;
        }
        const analysis::GameReview review =
            analysis::reviewGame(g.start, g.moves, o.empties, solve);
        if (o.json) {
            nlohmann::json j = reviewJson(review);
            j["id"] = nullptr;
            j["black"] = g.black;
            j["white"] = g.white;
            j["source"] = g.source.describe();
            games.push_back(std::move(j));
            continue;
        }
        using importers::text::escapeForTerminal;
        printReview(
            fmt::format("{}: {} (Black) - {} (White), {}", escapeForTerminal(g.source.describe()),
                        g.black.empty() ? "?" : escapeForTerminal(g.black),
                        g.white.empty() ? "?" : escapeForTerminal(g.white),
                        importers::resultText(g)),
            review);
    }
    if (o.json) printJson(output(o, std::move(games)));
    return code;
}

// The whole archive: games without a review at this depth, in id order, one short write each
// (a kill loses at most the game being solved; a rerun skips what is done). Never takes the
// import lock: imports and readers go on meanwhile.
int analyzeAll(const AnalyzeOptions& o) {
    const std::filesystem::path path = databasePath(o.db);
    auto archive = openArchive(o.db, storage::Archive::Mode::ReadOnly);
    auto cache = openCache(path, storage::Archive::Mode::ReadWrite, 600000);
    analysis::Solver solver(o.tableMegabytes);
    const auto solve = cache.positionSolver(solver);
    const std::int64_t alreadyDone = cache.reviewedGames(o.empties);
    std::int64_t todo = std::max<std::int64_t>(0, cache.gameCount() - alreadyDone);
    if (o.maxGames >= 0) todo = std::min(todo, o.maxGames);
    const bool terminal = !o.json && !o.quiet && isatty(STDERR_FILENO);
    const auto t0 = std::chrono::steady_clock::now();
    const auto elapsed = [&t0] {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    };
    std::int64_t done = 0, lastId = 0, moves = 0;
    double lastLine = 0;
    const auto progress = [&](bool force) {
        if (o.json || o.quiet) return;
        const double s = elapsed();
        const double perHour = s > 0 ? double(done) * 3600.0 / s : 0.0;
        if (terminal) {
            const int width = 30;
            const double frac = todo > 0 ? std::min(1.0, double(done) / double(todo)) : 1.0;
            const int filled = static_cast<int>(frac * width);
            fmt::print(stderr, "\r[{}{}] {}/{} games, {:.0f} games/h   ",
                       std::string(static_cast<std::size_t>(filled), '#'),
                       std::string(static_cast<std::size_t>(width - filled), '.'), done, todo,
                       perHour);
            std::fflush(stderr);
        } else if (force || s - lastLine >= 10.0) {
            lastLine = s;
            fmt::print(stderr, "{}/{} games analysed ({:.0f} games/h), last game {}\n", done, todo,
                       perHour, lastId);
        }
    };
    progress(true);
    while (o.maxGames < 0 || done < o.maxGames) {
        const auto ids = cache.gamesToReview(o.empties, lastId, 64);
        if (ids.empty()) break;
        for (const std::int64_t id : ids) {
            if (o.maxGames >= 0 && done >= o.maxGames) break;
            lastId = id;
            const auto game = archive.game(id);
            if (!game) continue;  // deleted meanwhile
            const analysis::GameReview review =
                analysis::reviewGame(game->record.start, game->record.moves, o.empties, solve);
            try {
                cache.storeReview(id, review);
            } catch (const storage::StorageError&) {
                if (archive.game(id)) throw;  // busy too long: stop, a rerun goes on
                continue;                     // the game was deleted meanwhile
            }
            ++done;
            moves += static_cast<std::int64_t>(review.moves.size());
            progress(false);
        }
    }
    if (terminal)
        fmt::print(stderr, "\n");
    else if (done > 0)
        progress(true);
    const double seconds = elapsed();
    const double perHour = seconds > 0 ? double(done) * 3600.0 / seconds : 0.0;
    const std::int64_t reviewed = cache.reviewedGames(o.empties);
    const std::int64_t total = cache.gameCount();
    if (o.json) {
        fmt::print("{}\n", nlohmann::json{{"empties", o.empties},
                                          {"analysed", done},
                                          {"moves_checked", moves},
                                          {"already_done", alreadyDone},
                                          {"reviewed", reviewed},
                                          {"games", total},
                                          {"remaining", total - reviewed},
                                          {"seconds", seconds},
                                          {"games_per_hour", perHour},
                                          {"cached_positions", cache.positionCount()}}
                               .dump());
        return kExitOk;
    }
    fmt::print(
        "analysed {} ({} checked) in {:.1f} s, {:.0f} games/h; {} of {} games reviewed at {} "
        "empties or more ({} before this run){}\n",
        plural(done, "game", "games"), plural(moves, "move", "moves"), seconds, perHour, reviewed,
        total, o.empties, alreadyDone, total > reviewed ? "; run again to go on" : "");
    return kExitOk;
}

int runAnalyze(const AnalyzeOptions& o) {
    if (o.empties < 0 || o.empties > 60) throw UsageError("--empties: expected 0..60");
    if (o.all) {
        if (!o.target.empty()) throw UsageError("give either --all or a game id / file, not both");
        return analyzeAll(o);
    }
    if (o.target.empty()) throw UsageError("give a game id, a file, or --all");
    std::error_code ec;
    if (!std::filesystem::exists(o.target, ec) && isGameId(o.target))
        return analyzeGame(o, std::stoll(o.target));
    return analyzeFile(o);
}

RegisterCommand analyzeCommand(85, [](CLI::App& app, Action& action) {
    auto o = std::make_shared<AnalyzeOptions>();
    auto* sub = app.add_subcommand(
        "analyze",
        "Judge every endgame move with the exact solver: the value before it, the best "
        "move(s), the move played and the discs it lost");
    sub->footer(
        "Values are final disc differences with perfect play from Black's point of view (+: "
        "Black ahead); a move's loss is the discs the mover gave away (best value minus the "
        "played move's value, from the mover's side). Passes are not judged; unfinished games "
        "are judged on the moves they have. Solved positions are cached in the archive (by "
        "canonical position, bounded, dropped when the solver changes), so analysing a position "
        "again is instant.\n"
        "--json prints {point_of_view: \"black\", empties, solver_version, games: [{id (null "
        "for a file's game), source, black, white, empties, point_of_view, moves: [{ply, "
        "move_number, side, empties, move, value, best_moves: [...], played_value, loss}], "
        "summary: {black: {moves_checked, perfect_moves, discs_lost, max_loss}, white: "
        "{...}}}]}.\n"
        "--all --json prints {empties, analysed, moves_checked, already_done, reviewed, games, "
        "remaining, seconds, games_per_hour, cached_positions}.");
    sub->add_option("TARGET", o->target,
                    "A stored game's id, or a record file (any format check reads)");
    sub->add_flag("--all", o->all,
                  "Analyse every stored game without a review at this depth (resumable: kill "
                  "it any time, run it again to go on; imports and searches keep working)");
    sub->add_option("--empties", o->empties,
                    "Judge moves from positions with at most N empty squares (default 24)");
    sub->add_option("--max-games", o->maxGames, "With --all: stop after N games");
    sub->add_option("--hash-mb", o->tableMegabytes,
                    "The solver's transposition table in MB (default 64)");
    sub->add_flag("--quiet", o->quiet, "With --all: no progress output");
    addDbOption(sub, o->db);
    sub->add_flag("--json", o->json, "Print a JSON object (fields below)");
    sub->callback(
        [o, &action] { action = [o] { return runCommand([o] { return runAnalyze(*o); }); }; });
});

}  // namespace
}  // namespace othello::cli
