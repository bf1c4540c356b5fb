// bench_review: the review of whole games (analysis/GameReviewer.h) as `othello-db analyze`
// runs it: real 60-move WTHOR games, the midgame search at depth 10 before 24 empties, the
// exact solver (the value, best move and the move played) from 24 empties on. Prints per game the
// seconds (split midgame / endgame), the positions searched and solved, then the median; then a
// second review of the first game through the archive's cache (storage/cache/AnalysisCache.h, a
// temporary file), which must search and solve nothing.
//
//   bench_review [--games N] [--depth D] [--empties E] [--file WTH_YYYY.wtb] [--threads T]
//                [--all-moves]   (every legal move's value, as analyze --all-moves)
//
// Target (issue 12): <= 60 s per game, median. Each game is reviewed with a fresh reviewer
// (cold tables), the way a first `analyze GAME_ID` runs. Skips with a message when
// ../shared/data is absent.
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "BenchUtil.h"
#include "analysis/Evaluation.h"
#include "analysis/GameReviewer.h"
#include "core/Replay.h"
#include "importers/WthorReader.h"
#include "storage/cache/AnalysisCache.h"

namespace fs = std::filesystem;
using namespace othello;

namespace {

const fs::path kData = OTHELLO_SHARED_DATA;

struct Config {
    int games = 6;
    int depth = analysis::kDefaultReviewDepth;
    int empties = analysis::kDefaultReviewEmpties;
    int threads = 0;
    bool allMoves = false;  // every legal move's value (analyze --all-moves)
    std::string file = "WTH_2021.wtb";
};

// Games of 60 moves (no pass, a full board), spread over the file.
std::vector<importers::GameRecord> pickGames(const fs::path& file, int count) {
    std::vector<importers::GameRecord> all;
    for (auto& rec : importers::readWthor(file, {}).records) {
        if (!rec.ok() || rec.moves.size() != 60) continue;
        const core::ReplayResult r = core::replay(rec.start, rec.moves);
        if (r.error || r.passes != 0 || r.final().emptyCount() != 0) continue;
        all.push_back(std::move(rec));
    }
    std::vector<importers::GameRecord> picked;
    if (all.empty()) return picked;
    const std::size_t step = std::max<std::size_t>(1, all.size() / static_cast<std::size_t>(count));
    for (std::size_t i = 0; i < all.size() && static_cast<int>(picked.size()) < count; i += step)
        picked.push_back(all[i]);
    return picked;
}

struct Timing {
    double midgame = 0, endgame = 0;
};

}  // namespace

int main(int argc, char** argv) {
    Config cfg;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        const auto next = [&]() -> std::string {
            if (i + 1 >= argc) {
                std::fprintf(stderr, "bench_review: %s needs a value\n", a.c_str());
                std::exit(2);
            }
            return argv[++i];
        };
        if (a == "--games")
            cfg.games = std::atoi(next().c_str());
        else if (a == "--depth")
            cfg.depth = std::atoi(next().c_str());
        else if (a == "--empties")
            cfg.empties = std::atoi(next().c_str());
        else if (a == "--threads")
            cfg.threads = std::atoi(next().c_str());
        else if (a == "--file")
            cfg.file = next();
        else if (a == "--all-moves")
            cfg.allMoves = true;
        else {
            std::fprintf(stderr,
                         "usage: bench_review [--games N] [--depth D] [--empties E] [--file "
                         "WTH_YYYY.wtb] [--threads T] [--all-moves]\n");
            return 2;
        }
    }
    const fs::path file = kData / "wthor" / cfg.file;
    if (!fs::exists(file)) {
        std::printf("bench_review: %s not found (../shared/data absent): skipped\n",
                    file.string().c_str());
        return 0;
    }
    const auto games = pickGames(file, cfg.games);
    if (games.empty()) {
        std::printf("bench_review: no 60-move game in %s: skipped\n", file.string().c_str());
        return 0;
    }
    const auto eval = analysis::Evaluation::standard();
    std::printf(
        "review of %zu 60-move games of %s: midgame search depth %d before %d empties, "
        "exact from %d empties on; %s; solver threads %d (0: all); a fresh reviewer per "
        "game\n",
        games.size(), cfg.file.c_str(), cfg.depth, cfg.empties, cfg.empties,
        cfg.allMoves ? "every legal move's value" : "the best and the played move's value",
        cfg.threads);
    std::printf("%-4s %-28s %7s %7s %7s %9s %9s %9s\n", "game", "players", "judged", "search",
                "solve", "midgame s", "endgame s", "total s");

    analysis::ReviewOptions options;
    options.exactEmpties = cfg.empties;
    options.depth = cfg.depth;
    options.solverThreads = cfg.threads;
    options.allMoves = cfg.allMoves;
    std::vector<double> totals, midgames, endgames;
    for (std::size_t g = 0; g < games.size(); ++g) {
        analysis::GameReviewer reviewer(eval);
        Timing t;
        double last = 0;
        options.onProgress = [&](const analysis::ReviewProgress& p) {
            const double dt = p.stats.seconds - last;
            last = p.stats.seconds;
            (p.last->kind == analysis::ValueKind::Estimate ? t.midgame : t.endgame) += dt;
        };
        const analysis::GameReview r = reviewer.review(games[g].start, games[g].moves, options);
        const std::string players = games[g].black + " - " + games[g].white;
        std::printf("%-4zu %-28.28s %7zu %7d %7d %9.2f %9.2f %9.2f\n", g + 1, players.c_str(),
                    r.moves.size(), r.stats.searched, r.stats.solved, t.midgame, t.endgame,
                    r.stats.seconds);
        std::fflush(stdout);
        totals.push_back(r.stats.seconds);
        midgames.push_back(t.midgame);
        endgames.push_back(t.endgame);
    }
    const double med = bench::median(totals);
    std::printf(
        "median per game: %.2f s (midgame %.2f s, endgame %.2f s), max %.2f s; target "
        "<= 60 s: %s\n",
        med, bench::median(midgames), bench::median(endgames),
        *std::max_element(totals.begin(), totals.end()), med <= 60 ? "met" : "NOT met");

    // The cache: the first game reviewed twice through a temporary archive's cache.
    char dirTemplate[] = "/tmp/bench_review.XXXXXX";
    if (!mkdtemp(dirTemplate)) return 1;
    const fs::path dir = dirTemplate;
    {
        storage::AnalysisCache cache(dir / "cache.sqlite");
        options.onProgress = nullptr;
        double seconds[2];
        analysis::ReviewStats stats[2];
        options.store = &cache;
        for (int run = 0; run < 2; ++run) {
            analysis::GameReviewer reviewer(eval);
            cache.dropOtherEstimates(reviewer.weightsVersion());
            const auto t0 = std::chrono::steady_clock::now();
            const auto r = reviewer.review(games[0].start, games[0].moves, options);
            seconds[run] = bench::secondsSince(t0);
            stats[run] = r.stats;
        }
        std::printf(
            "cache: game 1 reviewed through the archive's cache: first %.2f s (%d "
            "searched, %d solved), second %.3f s (%d searched, %d solved, %d estimates "
            "and %d exact values read)\n",
            seconds[0], stats[0].searched, stats[0].solved, seconds[1], stats[1].searched,
            stats[1].solved, stats[1].cachedEstimates, stats[1].cachedExact);
    }
    fs::remove_all(dir);
    return 0;
}
