// othello-train: learns the evaluation's weights (analysis/Evaluation) from WTHOR game files
// and writes the weights file (analysis/data/othello-eval.bin by default).
//
// Inputs: WTH_<year>.wtb for the years asked (default 1977-2018; years from 2019 on are the
// test set of bench/bench_eval and are refused), read through importers/WthorReader.
// Positions: every position of every game that replays, game-over positions left out, sorted by
// stage (min(empties, 59) / 5: 12 stages).
// Labels (TrainingSet.h), the final disc difference from the side to move taken from the
// points of the game whose value is known: the WTHOR theoretical score (perfect play from the
// file's depth, 24 empties) for every position at that depth or earlier; the exact values of
// the game's positions at each of --exact-empties (solver; kept in --solve-cache, so a retrain
// solves only what no earlier run solved); the game's result at the end. A position between
// two of them gets the value interpolated between both by empties (--no-interpolate: the nearer
// one's value).
// Off-path positions (--deviations per training game, default 2): the game left a few random
// plies before one of --deviation-empties (default 12-19) and played on at random to it, solved
// exactly (through the same cache). The midgame search evaluates mostly such positions, which
// no game record holds: they took bench_eval's depth-8 error from 3.68 to 3.44 discs.
// Fit (StageFit.h): ridge least squares per stage by preconditioned conjugate gradients, then
// --huber-rounds refits with Huber weights; the iteration with the best validation error kept
// (on exact labels where the stage has them); --holdout of the games (drawn with --seed) are
// the validation set. A stage also learns from the positions within --overlap empties of it
// (default 5). Everything is deterministic for a given seed and input. --stages fits a few
// stages only (the others left zero) for quick tuning.
// Time on the project machine (2 cores): the solves dominate a first run: 124,030 positions at
// 14 empties (12-13 min on busy cores) and 236,009 off-path positions at 12-19 empties (about
// 50 min on two idle cores, 17 ms each per core). With every solve in the cache the whole run
// takes 2 min 50 s on 2 idle cores and 2.9 GB of memory (the overlap stores a position in up
// to three stages).
// --exact-empties 0 skips the solves but the depth-8 error of bench_eval grows (3.2 to 4.5
// discs, measured with the first layout); more depths (10,12,14,16) changed it by 0.01.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <mutex>
#include <sstream>
#include <thread>

#include "StageFit.h"
#include "TrainingSet.h"
#include "analysis/EvalWeights.h"
#include "analysis/PatternLayout.h"

using namespace othello;

namespace {

// "12,14,16", or "none".
std::string joinList(const std::vector<int>& values) {
    std::string out;
    for (int v : values) out += (out.empty() ? "" : ",") + std::to_string(v);
    return out.empty() ? "none" : out;
}

struct TrainOptions {
    train::LoadOptions load;
    train::FitOptions fit;
    std::filesystem::path out;
    int priorOverlap = 0;
    int narrowOverlap = 0;        // --overlap as given (load.overlap: the wider of both)
    std::vector<int> onlyStages;  // --stages
};

// The defaults the --help shows.
TrainOptions defaultOptions() {
    TrainOptions o;
    train::LoadOptions& load = o.load;
    load.directory = std::filesystem::path(OTHELLO_SHARED_DATA) / "wthor";
    load.exactEmpties = {14};
    // Measured with bench_eval --mixed (README): 236,000 off-path positions took the depth-8
    // error from 3.68 to 3.44 discs; the overlap gives depth 0 a little more data (6.23 to 6.14).
    load.deviations = 2;
    load.deviationEmpties = {12, 13, 14, 15, 16, 17, 18, 19};
    load.overlap = 5;
    {
        // The solve cache lives next to the program (the build tree), like bench_eval's.
        std::error_code ec;
        const auto exe = std::filesystem::read_symlink("/proc/self/exe", ec);
        if (!ec) load.solveCache = exe.parent_path() / "othello-train-solves.cache";
    }
    o.out = std::filesystem::path(OTHELLO_SOURCE_DIR) / "analysis" / "data" / "othello-eval.bin";
    return o;
}

// The options of the training set: which games, which labels, which positions.
void addLoadOptions(CLI::App& app, TrainOptions& o) {
    train::LoadOptions& load = o.load;
    app.add_option("--data", load.directory, "Directory of the WTH_<year>.wtb files")
        ->capture_default_str();
    app.add_option("--first-year", load.firstYear, "First year read")->capture_default_str();
    app.add_option("--last-year", load.lastYear, "Last year read (at most 2018)")
        ->capture_default_str()
        ->check(CLI::Range(1900, 2018));
    app.add_option("--exact-empties", load.exactEmpties,
                   "Solve each game's positions with these numbers of empties for exact labels "
                   "(e.g. 14,20; 0: none)")
        ->capture_default_str()
        ->delimiter(',')
        ->check(CLI::Range(0, 23));
    app.add_option("--deviations", load.deviations,
                   "Off-path positions per training game: left a few random plies before "
                   "one of --deviation-empties and played on at random to it, solved exactly")
        ->capture_default_str()
        ->check(CLI::Range(0, 16));
    app.add_option("--deviation-empties", load.deviationEmpties,
                   "Empties of the off-path positions (drawn evenly from the list)")
        ->capture_default_str()
        ->delimiter(',')
        ->check(CLI::Range(1, 23));
    app.add_option("--solve-cache", load.solveCache,
                   "File of exact values solved by earlier runs, appended to as positions are "
                   "solved (\"\": none)")
        ->capture_default_str();
    app.add_flag("--cached-only", load.cachedOnly,
                 "Solve nothing: positions missing from the solve cache get no exact label");
    app.add_flag("--solve-only", load.solveOnly,
                 "Only solve the --exact-empties positions into the solve cache, in a drawn "
                 "order (stop it at any time; the next run goes on), and write no weights");
    app.add_option("--holdout", load.holdout, "Share of games kept for validation")
        ->capture_default_str()
        ->check(CLI::Range(0.0, 0.5));
    app.add_option("--overlap", load.overlap,
                   "A position also trains the stages within this many empties of its own")
        ->capture_default_str()
        ->check(CLI::Range(0, 10));
}

// The options of the fit, the label weights and the rest; in --help after addLoadOptions'.
void addFitOptions(CLI::App& app, TrainOptions& o) {
    train::LoadOptions& load = o.load;
    train::FitOptions& fit = o.fit;
    app.add_option("--prior-overlap", o.priorOverlap,
                   "Fit each stage first on the positions within this many empties of it, then "
                   "on those within --overlap with its weights pulled towards that first fit "
                   "(0: one fit)")
        ->capture_default_str()
        ->check(CLI::Range(0, 20));
    app.add_option("--stages", o.onlyStages,
                   "Fit only these stages, the others left zero (for tuning; the file is not "
                   "a usable evaluation; e.g. 2,3,4)")
        ->delimiter(',')
        ->check(CLI::Range(0, analysis::kStageCount - 1));
    app.add_option("--exact-weight", load.exactWeight,
                   "Weight of positions with an exact label (others: 1)")
        ->capture_default_str();
    app.add_flag("--interpolate,!--no-interpolate", load.interpolate,
                 "Label positions between two known points by linear interpolation (default; "
                 "--no-interpolate: the nearer point's value)");
    app.add_option("--seed", load.seed, "Seed of the validation split")->capture_default_str();
    app.add_option("--max-games", load.maxGames, "Read at most this many games (0: all)")
        ->capture_default_str();
    app.add_option("--iterations", fit.iterations, "Conjugate-gradient iterations per stage")
        ->capture_default_str();
    app.add_option("--ridge", fit.ridge, "Ridge penalty per weight")->capture_default_str();
    app.add_option("--huber-rounds", fit.huberRounds,
                   "Refits with Huber weights after the least-squares fit (0: none)")
        ->capture_default_str();
    app.add_option("--huber-delta", fit.huberDelta,
                   "Huber threshold in discs: larger errors count linearly")
        ->capture_default_str();
    app.add_option("--threads", load.threads, "Threads")->capture_default_str();
    app.add_option("-o,--out", o.out, "Weights file written")->capture_default_str();
}

// The parsed options made canonical: the exact depths sorted without 0 or repeats, no
// off-path depths without off-path positions, the load overlap the wider of both fits'.
// False (with the message printed) when they contradict each other.
bool settleOptions(TrainOptions& o) {
    train::LoadOptions& load = o.load;
    std::erase(load.exactEmpties, 0);
    std::sort(load.exactEmpties.begin(), load.exactEmpties.end());
    load.exactEmpties.erase(std::unique(load.exactEmpties.begin(), load.exactEmpties.end()),
                            load.exactEmpties.end());
    if (load.deviations == 0) load.deviationEmpties.clear();
    if (load.solveOnly && load.solveCache.empty()) {
        std::fprintf(stderr, "othello-train: --solve-only needs a --solve-cache\n");
        return false;
    }
    o.narrowOverlap = load.overlap;
    load.overlap = std::max(load.overlap, o.priorOverlap);
    return true;
}

// Seconds since the training started.
class Clock {
  public:
    double elapsed() const {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0_).count();
    }

  private:
    std::chrono::steady_clock::time_point t0_ = std::chrono::steady_clock::now();
};

void printSolveOnly(const TrainOptions& o, const train::LoadReport& report) {
    std::printf(
        "%lld games; exact values at %s empties and %d off-path per game: %lld in the "
        "cache, %lld solved in %.1f s, appended to %s\n",
        static_cast<long long>(report.games), joinList(o.load.exactEmpties).c_str(),
        o.load.deviations, static_cast<long long>(report.cachedSolves),
        static_cast<long long>(report.solved), report.solveSeconds,
        o.load.solveCache.string().c_str());
}

void printLoadReport(const TrainOptions& o, const train::LoadReport& report, double seconds) {
    std::printf(
        "%d files, %lld games (%lld skipped), %lld positions; labels: %lld theoretical, "
        "%lld exact, %lld results, %lld off-path exact; exact values at %s empties: %lld from "
        "the cache, %lld solved in %.1f s, %lld missing; %.1f s\n",
        report.files, static_cast<long long>(report.games),
        static_cast<long long>(report.skippedGames), static_cast<long long>(report.positions),
        static_cast<long long>(report.theoreticalLabels),
        static_cast<long long>(report.exactLabels), static_cast<long long>(report.resultLabels),
        static_cast<long long>(report.deviationLabels), joinList(o.load.exactEmpties).c_str(),
        static_cast<long long>(report.cachedSolves), static_cast<long long>(report.solved),
        report.solveSeconds, static_cast<long long>(report.missingSolves), seconds);
    std::fflush(stdout);
}

// Fits every stage asked (--stages) on o.load.threads threads, printing each stage's errors as
// it is done; a stage not fitted has empty weights.
std::vector<train::FitResult> fitStages(const TrainOptions& o,
                                        const std::vector<train::StageSet>& stages,
                                        const Clock& clock) {
    std::vector<train::FitResult> results(stages.size());
    std::atomic<std::size_t> next{0};
    std::mutex printMutex;
    auto work = [&] {
        // Largest stages are not the last: take them in order, each thread the next one free.
        for (std::size_t s = next++; s < stages.size(); s = next++) {
            if (!o.onlyStages.empty() && std::find(o.onlyStages.begin(), o.onlyStages.end(),
                                                   static_cast<int>(s)) == o.onlyStages.end())
                continue;
            const train::EmptiesRange own = train::stageEmpties(static_cast<int>(s));
            auto window = [&](int overlap) {
                train::FitOptions f = o.fit;
                f.minEmpties = own.first - overlap;
                f.maxEmpties = own.last + overlap;
                return f;
            };
            train::FitResult wide;
            if (o.priorOverlap > o.narrowOverlap) {
                wide = train::fitStage(stages[s], window(o.priorOverlap));
                results[s] = train::fitStage(stages[s], window(o.narrowOverlap), &wide.weights);
            } else {
                results[s] = train::fitStage(stages[s], window(o.narrowOverlap));
            }
            const train::FitResult& r = results[s];
            const double quantised = train::meanAbsoluteError(stages[s].validation, r.weights,
                                                              analysis::kEvalUnitsPerDisc);
            std::lock_guard lock(printMutex);
            std::printf(
                "stage %2zu (empties %2d-%2d): %7zu train, %6zu validation positions, "
                "best iteration %2d, MAE train %.2f, validation %.2f (stored %.2f), on %zu "
                "exact labels %.2f",
                s, own.first, own.last, r.trainUsed, stages[s].validation.size(), r.bestIteration,
                r.trainMae, r.validationMae, quantised, r.validationExact, r.validationExactMae);
            if (o.priorOverlap > o.narrowOverlap)
                std::printf(" (wide fit: %zu train, iteration %d, exact %.2f)", wide.trainUsed,
                            wide.bestIteration, wide.validationExactMae);
            std::printf("; validation slope %.3f; %.0f s\n", r.validationSlope, clock.elapsed());
            std::fflush(stdout);
        }
    };
    std::vector<std::thread> pool;
    for (int t = 0; t < std::max(1, o.load.threads); ++t) pool.emplace_back(work);
    for (auto& t : pool) t.join();
    return results;
}

// The weights file's description: the data, every option that shapes the weights, and each
// stage's validation error.
std::string describe(const TrainOptions& o, const train::LoadReport& report,
                     const std::vector<train::FitResult>& results) {
    const train::LoadOptions& load = o.load;
    const train::FitOptions& fit = o.fit;
    std::ostringstream desc;
    desc << "othello-train: WTHOR " << load.firstYear << "-" << load.lastYear << ", "
         << report.games << " games, " << report.positions << " positions, exact labels at "
         << joinList(load.exactEmpties) << " empties and " << report.deviationLabels
         << " off-path positions (" << load.deviations << " per game at "
         << joinList(load.deviationEmpties) << " empties; " << report.cachedSolves + report.solved
         << " solved, " << report.missingSolves << " missing), seed " << load.seed << ", holdout "
         << load.holdout << ", interpolate " << load.interpolate << ", overlap " << o.narrowOverlap
         << ", prior overlap " << o.priorOverlap << ", exact weight " << load.exactWeight
         << ", ridge " << fit.ridge << ", " << fit.iterations << " iterations, Huber rounds "
         << fit.huberRounds << " delta " << fit.huberDelta << "; validation MAE";
    for (std::size_t s = 0; s < results.size(); ++s) {
        char buf[32];
        std::snprintf(buf, sizeof buf, " %.2f", results[s].validationMae);
        desc << buf;
    }
    return desc.str();
}

// The fitted weights in evaluation units, rounded and clamped to 16 bits; a stage not fitted
// (--stages) left zero.
analysis::EvalWeights quantise(const std::vector<train::FitResult>& results,
                               std::string description) {
    analysis::EvalWeights weights = analysis::EvalWeights::empty();
    weights.description = std::move(description);
    for (int s = 0; s < weights.stages; ++s) {
        const auto& w = results[static_cast<std::size_t>(s)].weights;
        if (w.empty()) continue;  // not fitted (--stages): left zero
        for (int f = 0; f < weights.weightsPerStage; ++f) {
            const double v =
                std::round(w[static_cast<std::size_t>(f)] * analysis::kEvalUnitsPerDisc);
            weights.weights[static_cast<std::size_t>(s) *
                                static_cast<std::size_t>(weights.weightsPerStage) +
                            static_cast<std::size_t>(f)] =
                static_cast<std::int16_t>(std::clamp(v, -32767.0, 32767.0));
        }
    }
    return weights;
}

}  // namespace

int main(int argc, char** argv) {
    TrainOptions o = defaultOptions();
    CLI::App app{
        "Trains the pattern evaluation on WTHOR games (years before 2019) and writes the weights "
        "file.\nLabels: WTHOR theoretical scores (exact at the file's depth, 24 empties), exact "
        "solver values at --exact-empties, game results at the end; interpolated between them."
        "\nFit: ridge least squares per stage (12 stages of 5 empties), conjugate gradients, "
        "then Huber refits; best validation iteration kept.\nReproducible: the same data and "
        "options give the same file. About an hour on 2 idle cores (the solves; 3 minutes "
        "once they are cached)."};
    addLoadOptions(app, o);
    addFitOptions(app, o);
    CLI11_PARSE(app, argc, argv);
    if (!settleOptions(o)) return 1;

    const Clock clock;
    train::LoadReport report;
    std::vector<train::StageSet> stages;
    try {
        stages = train::loadTrainingSet(o.load, report);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "othello-train: %s\n", e.what());
        return 1;
    }
    if (o.load.solveOnly) {
        printSolveOnly(o, report);
        return 0;
    }
    if (report.positions == 0) {
        std::fprintf(stderr, "othello-train: no positions read from %s\n",
                     o.load.directory.string().c_str());
        return 1;
    }
    printLoadReport(o, report, clock.elapsed());
    const std::vector<train::FitResult> results = fitStages(o, stages, clock);
    try {
        quantise(results, describe(o, report, results)).save(o.out);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "othello-train: %s\n", e.what());
        return 1;
    }
    std::printf("wrote %s (%ju bytes) in %.1f s\n", o.out.string().c_str(),
                static_cast<std::uintmax_t>(std::filesystem::file_size(o.out)), clock.elapsed());
    return 0;
}
