// othello-db analyze: the review of a stored game or of the games of a file (the midgame
// search before --empties, the exact solver from there on; --endgame: the exact part only),
// or (--all without a target) of the endgames of the whole archive, resumably, in the
// background. Games under rules Othello's analysis does not hold for (classic Reversi, disc
// scoring, placements: analysis::othelloAnalysisApplies) are reviewed by the generic solver
// (analysis/RulesReview.h): exact where it finishes in the budget, the other moves said to be
// unavailable; never Othello's evaluation or solver, never through the cache.
#include <fmt/core.h>
#include <unistd.h>

#include <chrono>
#include <memory>

#include "AnalysisCli.h"
#include "JsonOutput.h"
#include "StorageCli.h"
#include "analysis/Evaluation.h"
#include "analysis/GameReviewer.h"
#include "analysis/RulesReview.h"
#include "importers/GameResult.h"
#include "importers/Reader.h"
#include "importers/TextEscape.h"

namespace othello::cli {
namespace {

struct AnalyzeOptions {
    std::string target;
    int empties = analysis::kDefaultReviewEmpties;
    bool all = false;  // with a target: every legal move's value; without: the whole archive
    bool allMoves = false;
    bool endgame = false;
    int depth = 0;       // 0: not given (kDefaultReviewDepth, or no cap with --time)
    double seconds = 0;  // per midgame position; 0: none
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

// The cache is written where the archive may be written (a missing file: where it may be
// created). Elsewhere (a read-only folder or mount, a file the user may not write) the
// analysis runs all the same, through a read-only cache, and says that nothing is kept.
bool cacheWritable(const std::filesystem::path& path) {
    if (storage::probeMedia(path) != storage::Media::Writable) return false;
    std::error_code ec;
    return !std::filesystem::exists(path, ec) || ::access(path.c_str(), W_OK) == 0;
}

storage::AnalysisCache openCacheFor(const AnalyzeOptions& o, const std::filesystem::path& path,
                                    int busyTimeoutMs = 60000) {
    if (cacheWritable(path))
        return openCache(path, storage::Archive::Mode::ReadWrite, busyTimeoutMs);
    if (!o.quiet)
        fmt::print(stderr,
                   "note: {} cannot be written here (read-only): analysing without caching; "
                   "the cache is not written and no review is stored\n",
                   importers::text::escapeForTerminal(path.string()));
    return openCache(path, storage::Archive::Mode::ReadOnly, busyTimeoutMs);
}

bool isGameId(const std::string& s) {
    return !s.empty() && s.size() < 18 && s.find_first_not_of("0123456789") == std::string::npos;
}

// A review and what it was made by: Othello's analysis (values storable in the cache), or the
// generic solver of the game's rules with the moves it could not judge.
struct Outcome {
    analysis::GameReview review;
    core::Rules rules;
    bool othello = true;
    int unavailable = 0;  // moves whose estimates are unavailable for these rules
    int exactFrom = 0;    // the most empties judged (generic solver); 0: none
};

// Under other rules: which rules, what the values count, and what could not be judged.
std::string rulesNote(const Outcome& o) {
    if (o.othello) return {};
    std::string note = fmt::format(
        "rules: {}; values count {}\n", core::rulesDescription(o.rules),
        o.rules.scoring == core::Scoring::Discs ? "the discs on the board, empties for nobody"
                                                : "empties to the winner");
    if (o.unavailable > 0)
        note += fmt::format(
            "estimates unavailable for these rules: {} not judged ({}; exact values by the "
            "generic solver, within {} s a position)\n",
            plural(o.unavailable, "move", "moves"),
            o.exactFrom > 0 ? fmt::format("judged from {} empties on", o.exactFrom)
                            : std::string("none could be solved"),
            analysis::RulesReviewOptions{}.secondsPerPosition);
    return note;
}

void printReview(const std::string& title, const Outcome& outcome) {
    const analysis::GameReview& r = outcome.review;
    fmt::print("{}\n{}{}{}", title, rulesNote(outcome), reviewTable(r), summaryLines(r));
    if (r.midgame)
        fmt::print("{} searched, {} solved, {} from the cache, in {:.1f} s\n",
                   plural(r.stats.searched, "position", "positions"),
                   plural(r.stats.solved, "position", "positions"),
                   r.stats.cachedEstimates + r.stats.cachedExact, r.stats.seconds);
}

bool wholeGame(const AnalyzeOptions& o) {
    return !o.endgame;
}

nlohmann::json output(const AnalyzeOptions& o, nlohmann::json games) {
    nlohmann::json j = {{"point_of_view", kPointOfView},
                        {"empties", o.empties},
                        {"solver_version", analysis::kSolverVersion}};
    if (wholeGame(o)) j["search_version"] = analysis::kMidgameSearchVersion;
    j["games"] = std::move(games);
    return j;
}

// The options of a review (see the command's help): of a target as its flags say; of the
// whole archive (--all without a target), the endgame only.
analysis::ReviewOptions reviewOptions(const AnalyzeOptions& o) {
    if (o.target.empty()) return analysis::endgameReviewOptions(o.empties);
    analysis::ReviewOptions r;
    r.exactEmpties = o.empties;
    r.midgame = wholeGame(o);
    r.allMoves = o.allMoves || o.all;
    r.secondsPerPosition = o.seconds;
    if (o.depth > 0)
        r.depth = o.depth;
    else if (o.seconds > 0)
        r.depth = 60;  // the time decides
    // With a time budget a cached estimate is reused from the depth asked (default 10).
    r.reuseDepth = o.depth > 0 ? o.depth : analysis::kDefaultReviewDepth;
    return r;
}

// The midgame's evaluation, or why a whole-game review cannot be made.
std::shared_ptr<const analysis::Evaluator> midgameEvaluation() {
    try {
        return analysis::Evaluation::standard();
    } catch (const analysis::EvalWeightsError& e) {
        throw InputError(std::string("cannot review the midgame: ") + e.what() +
                         " (--endgame reviews the endgame without it)");
    }
}

// Reviews games one after another with one reviewer (its tables kept), through the archive's
// cache when there is one (else every value is computed). An endgame review needs no
// evaluation. A progress line on a terminal (text output only) for the slow reviews, the
// midgame's or every move's; the endgame's best moves print none (analyze --all reviews them
// game after game under a progress line of its own).
class Reviewing {
  public:
    Reviewing(const AnalyzeOptions& o, storage::AnalysisCache* cache)
        : options_(reviewOptions(o)),
          progress_(!o.json && !o.quiet && isatty(STDERR_FILENO) &&
                    (options_.midgame || options_.allMoves)),
          tableMegabytes_(o.tableMegabytes) {
        if (options_.midgame) {
            reviewer_ = std::make_unique<analysis::GameReviewer>(
                midgameEvaluation(), o.tableMegabytes, o.tableMegabytes);
            // The estimates of another evaluation would never be used again.
            if (cache) cache->dropOtherEstimates(reviewer_->weightsVersion());
        } else {
            reviewer_ = std::make_unique<analysis::GameReviewer>(o.tableMegabytes);
        }
        options_.store = cache;
        if (progress_)
            options_.onProgress = [](const analysis::ReviewProgress& p) {
                fmt::print(stderr, "\rreviewing: {}/{} moves judged   ", p.judged, p.toJudge);
                std::fflush(stderr);
            };
    }
    Outcome review(const importers::GameRecord& g) {
        Outcome out;
        out.rules = g.rules;
        if (analysis::othelloAnalysisApplies(g.rules)) {
            out.review = reviewer_->review(g.start, g.moves, options_);
        } else {
            out.othello = false;
            const analysis::RulesReview r = reviewUnderRules(g);
            out.review = r.review;
            out.unavailable = r.unavailable;
            out.exactFrom = r.exactFrom;
        }
        if (progress_) fmt::print(stderr, "\r{:40}\r", "");
        return out;
    }

  private:
    // Other rules: the exact part by the generic solver, through no cache.
    analysis::RulesReview reviewUnderRules(const importers::GameRecord& g) {
        if (!rulesSolver_) rulesSolver_ = std::make_unique<analysis::RulesSolver>(tableMegabytes_);
        analysis::RulesReviewOptions o;
        o.exactEmpties = options_.exactEmpties;
        o.allMoves = options_.allMoves;
        if (progress_)
            o.onProgress = [](int done, int total) {
                fmt::print(stderr, "\rreviewing: {}/{} positions solved   ", done, total);
                std::fflush(stderr);
            };
        return analysis::reviewUnderRules(g.start, g.moves, g.rules, o, *rulesSolver_);
    }

    analysis::ReviewOptions options_;
    bool progress_;
    std::size_t tableMegabytes_;
    std::unique_ptr<analysis::GameReviewer> reviewer_;
    std::unique_ptr<analysis::RulesSolver> rulesSolver_;  // made for the first such game
};

nlohmann::json gameJson(const Outcome& outcome, const importers::GameRecord& g) {
    const analysis::GameReview& review = outcome.review;
    nlohmann::json j = reviewJson(review);
    if (review.midgame) j["stats"] = reviewStatsJson(review.stats);
    j["rules"] = core::rulesCode(g.rules);
    j["scoring"] = g.rules.scoring == core::Scoring::Discs ? "discs" : "empties";
    j["estimates_unavailable"] = outcome.unavailable;
    j["black"] = g.black;
    j["white"] = g.white;
    j["source"] = g.source.describe();
    return j;
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
    auto cache = openCacheFor(o, path);
    const importers::GameRecord& g = game->record;
    const Outcome review = Reviewing(o, &cache).review(g);
    // The exact part is kept for search --lost-discs and show (AnalysisCache.h); a review
    // under other rules is not (its values are not Othello's).
    const bool keep = !cache.readOnly() && review.othello;
    const auto stored = keep ? cache.review(id) : std::nullopt;
    if (keep && (!stored || stored->review.maxEmpties <= o.empties))
        cache.storeReview(id, review.review);
    if (o.json) {
        nlohmann::json j = gameJson(review, g);
        j["id"] = id;
        nlohmann::json out = output(o, nlohmann::json::array({j}));  // names exact (JsonOutput.h)
        out["cache_written"] = keep;
        printJson(out);
        return kExitOk;
    }
    using importers::text::escapeForTerminal;  // names and paths come from files
    printReview(
        fmt::format("game {}: {} (Black) - {} (White), {}", id,
                    g.black.empty() ? "?" : escapeForTerminal(g.black),
                    g.white.empty() ? "?" : escapeForTerminal(g.white), importers::resultText(g)),
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
    if (!o.db.empty() || std::filesystem::exists(path)) cache.emplace(openCacheFor(o, path));
    Reviewing reviewing(o, cache ? &*cache : nullptr);
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
        const Outcome review = reviewing.review(g);
        if (o.json) {
            nlohmann::json j = gameJson(review, g);
            j["id"] = nullptr;
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
    if (o.json) {
        nlohmann::json out = output(o, std::move(games));
        out["cache_written"] = cache && !cache->readOnly();
        printJson(out);
    }
    return code;
}

// The whole archive: games without a review at this depth, in id order, one short write each
// (a kill loses at most the game being solved; a rerun skips what is done). Never takes the
// import lock: imports and readers go on meanwhile.
int analyzeAll(const AnalyzeOptions& o) {
    const std::filesystem::path path = databasePath(o.db);
    auto archive = openArchive(o.db, storage::Archive::Mode::ReadOnly);
    auto cache = openCacheFor(o, path, 600000);
    const bool keep = !cache.readOnly();
    Reviewing reviewing(o, &cache);  // the endgame only
    const std::int64_t alreadyDone = cache.reviewedGames(o.empties);
    std::int64_t todo = std::max<std::int64_t>(0, cache.gameCount() - alreadyDone);
    if (o.maxGames >= 0) todo = std::min(todo, o.maxGames);
    const bool terminal = !o.json && !o.quiet && isatty(STDERR_FILENO);
    const auto t0 = std::chrono::steady_clock::now();
    const auto elapsed = [&t0] {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    };
    std::int64_t done = 0, lastId = 0, moves = 0, otherRules = 0;
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
            if (!analysis::othelloAnalysisApplies(game->record.rules)) {
                ++otherRules;  // its review could not be kept (values not Othello's)
                continue;
            }
            const analysis::GameReview review = reviewing.review(game->record).review;
            try {
                if (keep) cache.storeReview(id, review);
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
                                          {"cached_positions", cache.positionCount()},
                                          {"cache_written", keep},
                                          {"other_rules", otherRules}}
                               .dump());
        return kExitOk;
    }
    fmt::print(
        "analysed {} ({} checked) in {:.1f} s, {:.0f} games/h; {} of {} games reviewed at {} "
        "empties or more ({} before this run){}{}\n",
        plural(done, "game", "games"), plural(moves, "move", "moves"), seconds, perHour, reviewed,
        total, o.empties, alreadyDone,
        otherRules > 0 ? fmt::format("; {} under other rules skipped (their reviews are not "
                                     "kept: analyze GAME_ID reviews one)",
                                     plural(otherRules, "game", "games"))
                       : std::string(),
        !keep                           ? "; the cache is not written (read-only archive): "
                                          "these reviews were not kept"
        : total > reviewed + otherRules ? "; run again to go on"
                                        : "");
    return kExitOk;
}

int runAnalyze(const AnalyzeOptions& o) {
    if (o.empties < 0 || o.empties > 60) throw UsageError("--empties: expected 0..60");
    if (o.depth < 0 || o.depth > 60) throw UsageError("--depth: expected 1..60");
    if (o.seconds < 0) throw UsageError("--time: expected seconds > 0");
    const bool midgameFlags = o.depth > 0 || o.seconds > 0 || o.allMoves;
    if (o.endgame && (o.depth > 0 || o.seconds > 0))
        throw UsageError("--endgame reviews the endgame only: --depth and --time do not apply");
    if (o.all && o.target.empty()) {
        // The whole archive: endgames only (a whole-game review takes some 15-20 s a game).
        if (midgameFlags)
            throw UsageError(
                "analyze --all (no game) reviews the endgame of every stored game; review the "
                "midgame game by game (analyze GAME_ID [--depth D])");
        return analyzeAll(o);
    }
    if (o.target.empty()) throw UsageError("give a game id, a file, or --all");
    std::error_code ec;
    if (!std::filesystem::exists(o.target, ec) && isGameId(o.target))
        return analyzeGame(o, std::stoll(o.target));
    return analyzeFile(o);
}

RegisterCommand analyzeCommand("analyze", [](CLI::App& app, Action& action) {
    auto o = std::make_shared<AnalyzeOptions>();
    auto* sub = app.add_subcommand(
        "analyze",
        "Review a game (under its own rules): for every move, the best move and its value, the move played, its "
        "value and the discs it lost (exact from --empties on, estimated before)");

    sub->footer(
        "Forms:\n"
        "  othello-db analyze (GAME_ID | FILE) [--empties N] [--depth D | --time S] "
        "[--all-moves | --all] [--endgame] [--json]\n"
        "  othello-db analyze --all [--empties N] [--max-games N]   (the endgames of the whole "
        "archive)\n"
        "Every move of the game is judged: from positions with at most --empties empty squares "
        "(default 24) by the exact solver (values marked exact), before that by the midgame "
        "search over the learned evaluation at --depth plies (default 10; about 0.3 s a "
        "position, some 15-20 s a game on a 2-core machine) or for --time seconds a position "
        "(estimates, marked ~ in text, kind \"estimate\" in JSON, with the depth searched). "
        "The move played is searched at the same depth as the best move, so an estimated loss "
        "compares like with like. best_moves holds the best move found and the move played when it "
        "is as good (every move reaching the value with --all-moves or --endgame). A loss of 2 "
        "discs or more is a mistake, 6 or more a blunder. "
        "--endgame judges the exact part only (no evaluation needed). With a TARGET, --all is "
        "--all-moves: every legal move's value; without one, --all reviews the endgames of "
        "every stored game (below).\n"
        "Values are final disc differences from Black's point of view (+: Black ahead); a "
        "move's loss is the discs the mover gave away (best value minus the played move's "
        "value, from the mover's side, never negative). Passes are not judged; unfinished games "
        "are judged on the moves they have. Solved positions and midgame estimates are cached "
        "in the archive (by canonical position, bounded): a second review of the game, or of "
        "any game reaching the same positions, is instant. A cached estimate shallower than "
        "--depth is searched again (with --time: shallower than --depth, default 10); exact "
        "values are dropped when the solver changes, estimates when the search or the "
        "evaluation's weights change. A stored game keeps the exact part of its review (for "
        "search --lost-discs and show). An archive that cannot be written here (a read-only "
        "folder or mount, a file you may not write) is analysed all the same, without caching: "
        "a note on stderr says the cache is not written, and --json has cache_written false.\n"
        "--json prints {point_of_view: \"black\", empties, solver_version, search_version (not "
        "with --endgame), games: [{id (null for a file's game), source, black, white, empties, "
        "point_of_view, midgame, depth and seconds_per_position (null: none) when midgame, "
        "all_moves, complete, moves: [{ply, move_number, side, empties, move, kind "
        "(\"exact\"|\"estimate\"), depth (empties solved or plies searched), value, best_moves: "
        "[...], played_value, loss, and with --all-moves moves: [{move, value, kind, loss}] best "
        "first}], summary: {black: {moves_checked, exact_moves, perfect_moves, discs_lost, "
        "average_loss, mistakes, blunders, max_loss, max_loss_at: {ply, move_number, move} or "
        "null}, white: {...}}, stats (when midgame): {searched, solved, cached_estimates, "
        "cached_exact, nodes, seconds}}], cache_written}.\n"
        "--all (no target) --json prints {empties, analysed, moves_checked, already_done, "
        "reviewed, games, remaining, seconds, games_per_hour, cached_positions, "
        "cache_written, other_rules (games under other rules skipped)}.\n"
        "Games under other rules (classic Reversi, disc scoring, placements: the game's own "
        "rules) are reviewed by a generic exact solver: from --empties on, each position "
        "within 20 s (about 14 empties or more in that time), values in the rules' scoring "
        "(discs: the disc difference on the board, empties for nobody); the other moves are "
        "not judged (estimates unavailable for these rules: no evaluation exists for them). "
        "Such reviews go through no cache and are not stored; JSON adds per game rules, "
        "scoring (\"empties\" or \"discs\") and estimates_unavailable (moves not judged).");
    sub->add_option("TARGET", o->target,
                    "A stored game's id, or a record file (any format check reads)");
    sub->add_flag("--all", o->all,
                  "With a TARGET: every legal move's value (as --all-moves). Without: review the "
                  "endgame of every stored game without a review at this depth (resumable: kill "
                  "it any time, run it again to go on; imports and searches keep working)");
    sub->add_flag("--all-moves", o->allMoves, "Every legal move's value, not only the best");
    sub->add_option("--depth", o->depth,
                    "Midgame search depth in plies (default 10; with --time, the most it may "
                    "reach)");
    sub->add_option("--time", o->seconds,
                    "Seconds of midgame search per position (iterative deepening; at least one "
                    "ply)");
    sub->add_flag("--endgame", o->endgame,
                  "Judge only the moves from --empties on, with the exact solver");
    sub->add_option("--empties", o->empties,
                    "Exact from positions with at most N empty squares (default 24)");
    sub->add_option("--max-games", o->maxGames, "With --all: stop after N games");
    sub->add_option("--hash-mb", o->tableMegabytes,
                    "The solver's transposition table in MB (default 64)");
    sub->add_flag("--quiet", o->quiet, "No progress output");
    addDbOption(sub, o->db);
    sub->add_flag("--json", o->json, "Print a JSON object (fields below)");
    sub->callback(
        [o, &action] { action = [o] { return runCommand([o] { return runAnalyze(*o); }); }; });
});

}  // namespace
}  // namespace othello::cli
