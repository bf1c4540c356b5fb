#include "TrainingSet.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <mutex>
#include <thread>

#include "analysis/SolvedValues.h"
#include "analysis/Solver.h"
#include "core/Replay.h"
#include "importers/WthorReader.h"

namespace othello::train {
namespace {

using analysis::PatternLayout;
using core::Bitboard;

Sample makeSample(const core::Position& p, double labelBlack, bool exact, float weight) {
    const PatternLayout& layout = PatternLayout::get();
    const Bitboard player = p.player(), opponent = p.opponentDiscs();
    Sample s{};
    int j = 0;
    for (const auto& c : layout.classes())
        for (const auto& inst : c.instances)
            s.pattern[j++] = c.compactOf[static_cast<std::size_t>(
                PatternLayout::rawIndex(player, opponent, inst.data(), c.size))];
    const analysis::ScalarValues v = PatternLayout::scalarValues(player, opponent);
    s.playerMobility = static_cast<std::uint8_t>(v.playerMobility);
    s.opponentMobility = static_cast<std::uint8_t>(v.opponentMobility);
    s.playerPotential = static_cast<std::uint8_t>(v.playerPotential);
    s.opponentPotential = static_cast<std::uint8_t>(v.opponentPotential);
    s.parity = static_cast<std::uint8_t>(v.parity);
    s.empties = static_cast<std::uint8_t>(p.emptyCount());
    s.exact = exact ? 1 : 0;
    s.label = static_cast<float>(p.toMove() == core::Color::Black ? labelBlack : -labelBlack);
    s.weight = weight;
    return s;
}

// A point of the game whose exact value the solver gives.
struct ExactPoint {
    int empties = 0;
    int index = 0;  // of the position solved
    int black = 0;  // its value, Black's disc difference
    bool have = false;
};

// An off-path position (LoadOptions::deviations) and its exact value once solved.
struct Deviation {
    core::Position position;
    int black = 0;
    bool have = false;
};

struct Game {
    std::vector<core::Position> positions;
    std::vector<Deviation> deviations;
    bool validation = false;
    bool haveFinal = false, haveTheoretical = false;
    int finalBlack = 0, theoreticalBlack = 0, theoreticalEmpties = 0;
    std::vector<ExactPoint> exact;
};

// Gives every exact point of `games` its value: from the cache, else (unless cachedOnly) solved
// on `threads` threads and appended to the cache as it is found.
void solveExact(std::vector<Game>& games, const LoadOptions& options, LoadReport& report) {
    analysis::SolvedValues cache;
    if (!options.solveCache.empty()) cache = analysis::readSolvedValues(options.solveCache);
    struct Target {
        const core::Position* position;
        int* black;
        bool* have;
    };
    std::vector<Target> jobs;
    auto consider = [&](const core::Position& p, int& black, bool& have) {
        const auto it = cache.find({p.player(), p.opponentDiscs()});
        if (it != cache.end()) {
            black = p.toMove() == core::Color::Black ? it->second : -it->second;
            have = true;
            ++report.cachedSolves;
        } else if (options.cachedOnly) {
            ++report.missingSolves;
        } else {
            jobs.push_back({&p, &black, &have});
        }
    };
    for (Game& g : games) {
        for (ExactPoint& e : g.exact)
            consider(g.positions[static_cast<std::size_t>(e.index)], e.black, e.have);
        for (Deviation& d : g.deviations) consider(d.position, d.black, d.have);
    }
    // Any order gives the same values; a drawn one spreads a stopped run's work over all years.
    std::mt19937_64 rng(options.seed ^ 0x5EED5EEDULL);
    std::shuffle(jobs.begin(), jobs.end(), rng);
    std::ofstream out;
    if (!options.solveCache.empty() && !jobs.empty()) {
        out.open(options.solveCache, std::ios::app);
        if (!out) throw std::runtime_error("cannot write " + options.solveCache.string());
    }
    std::mutex outMutex;
    std::atomic<std::size_t> next{0};
    const auto t0 = std::chrono::steady_clock::now();
    auto work = [&] {
        analysis::Solver solver(16);
        analysis::SolveOptions o;
        o.threads = 1;
        for (std::size_t k = next++; k < jobs.size(); k = next++) {
            const Target& t = jobs[k];
            const core::Position& p = *t.position;
            const analysis::SolveResult r = solver.solve(p, o);
            if (!r.complete || r.kind != analysis::ValueKind::Exact) continue;
            *t.black = p.toMove() == core::Color::Black ? r.value : -r.value;
            *t.have = true;
            if (out.is_open()) {
                std::lock_guard lock(outMutex);
                analysis::appendSolvedValue(out, p.player(), p.opponentDiscs(), r.value);
            }
        }
    };
    std::vector<std::thread> pool;
    for (int t = 0; t < std::max(options.threads, 1); ++t) pool.emplace_back(work);
    for (auto& t : pool) t.join();
    report.solved = static_cast<std::int64_t>(jobs.size());
    report.solveSeconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// Leaves the game `plies` plies before its position with `empties` empties (a move other than
// the one played first, when there is one) and plays random legal moves down to `empties`.
// False when the game has no such position or the random line ends the game first.
bool makeDeviation(const std::vector<core::Position>& positions, int empties, int plies,
                   std::mt19937_64& rng, core::Position& out) {
    std::size_t at = positions.size();
    for (std::size_t i = 0; i < positions.size(); ++i)
        if (positions[i].emptyCount() == empties + plies) at = i;
    if (at == positions.size()) return false;
    core::Position p = positions[at];
    const Bitboard played =
        at + 1 < positions.size()
            ? (p.player() | p.opponentDiscs()) ^
                  (positions[at + 1].player() | positions[at + 1].opponentDiscs())
            : 0;
    bool first = true;
    while (p.emptyCount() > empties) {
        if (p.isGameOver()) return false;
        if (p.mustPass()) {
            p.pass();
            continue;
        }
        Bitboard moves = p.legalMoves();
        if (first && core::popcount(moves) > 1) moves &= ~played;
        first = false;
        std::uniform_int_distribution<int> pick(0, core::popcount(moves) - 1);
        for (int k = pick(rng); k > 0; --k) moves &= moves - 1;
        p.play(core::lowestSquare(moves));
    }
    if (p.isGameOver()) return false;
    if (p.mustPass()) p.pass();
    out = p;
    return true;
}

}  // namespace

int sampleIndices(const Sample& s, const PatternLayout& layout, std::uint32_t* out) {
    int n = 0;
    for (const auto& c : layout.classes())
        for (std::size_t i = 0; i < c.instances.size(); ++i, ++n)
            out[n] = static_cast<std::uint32_t>(c.offset + s.pattern[n]);
    const auto& sc = layout.scalars();
    out[n++] = static_cast<std::uint32_t>(sc.bias);
    if (s.parity) out[n++] = static_cast<std::uint32_t>(sc.parity);
    out[n++] = static_cast<std::uint32_t>(sc.playerMobility + s.playerMobility);
    out[n++] = static_cast<std::uint32_t>(sc.opponentMobility + s.opponentMobility);
    out[n++] = static_cast<std::uint32_t>(sc.playerPotential + s.playerPotential);
    out[n++] = static_cast<std::uint32_t>(sc.opponentPotential + s.opponentPotential);
    return n;
}

namespace {

// The game of `rec` with its known points (result, theoretical score, positions to solve) and
// its off-path positions; false when it replays to nothing usable. `index` is its place among
// the games kept, which seeds its off-path positions.
bool readGame(const importers::GameRecord& rec, const LoadOptions& options, std::size_t index,
              Game& g) {
    if (!rec.ok()) return false;
    const core::ReplayResult r = core::replay(rec.start, rec.moves);
    if (r.error) return false;
    g.positions = r.positions;
    if (r.over) {
        const core::Score sc = r.score();
        g.haveFinal = true;
        g.finalBlack = sc.black - sc.white;
    }
    if (rec.theoreticalScore && rec.theoreticalDepth && *rec.theoreticalScore <= 64) {
        const int depth = *rec.theoreticalDepth;
        bool reached = false;
        for (const core::Position& p : g.positions)
            if (p.emptyCount() == depth && !p.isGameOver()) reached = true;
        if (reached || (r.over && g.positions.back().emptyCount() > depth)) {
            g.haveTheoretical = true;
            g.theoreticalBlack = 2 * *rec.theoreticalScore - 64;
            g.theoreticalEmpties = reached ? depth : g.positions.back().emptyCount();
        }
    }
    for (const int empties : options.exactEmpties) {
        // At or past the theoretical score's point the solver would only repeat it.
        if (g.haveTheoretical && empties >= g.theoreticalEmpties) continue;
        for (std::size_t i = 0; i < g.positions.size(); ++i) {
            const core::Position& p = g.positions[i];
            if (p.emptyCount() == empties && !p.isGameOver()) {
                g.exact.push_back({empties, static_cast<int>(i), 0, false});
                break;
            }
        }
    }
    if (!g.validation && !options.deviationEmpties.empty()) {
        // Drawn from the game's own stream, so each game's positions do not depend on
        // the others.
        std::mt19937_64 drng(options.seed * 0x9E3779B97F4A7C15ULL +
                             static_cast<std::uint64_t>(index));
        std::uniform_int_distribution<std::size_t> pickEmpties(0,
                                                               options.deviationEmpties.size() - 1);
        std::uniform_int_distribution<int> pickPlies(1, 6);
        for (int d = 0; d < options.deviations; ++d) {
            Deviation dev;
            const int e = options.deviationEmpties[pickEmpties(drng)];
            if (makeDeviation(g.positions, e, pickPlies(drng), drng, dev.position))
                g.deviations.push_back(dev);
        }
    }
    return g.haveFinal || g.haveTheoretical || !g.exact.empty();
}

// The games of the WTHOR files of options.firstYear..lastYear, each drawn for validation or
// training.
std::vector<Game> readGames(const LoadOptions& options, LoadReport& report) {
    std::mt19937_64 rng(options.seed);
    std::uniform_real_distribution<double> unit(0, 1);
    std::vector<Game> games;
    for (int year = options.firstYear; year <= options.lastYear; ++year) {
        const auto path = options.directory / ("WTH_" + std::to_string(year) + ".wtb");
        std::error_code ec;
        if (!std::filesystem::exists(path, ec)) continue;
        const importers::FileResult file = importers::readWthor(path, {});
        ++report.files;
        for (const importers::GameRecord& rec : file.records) {
            if (options.maxGames > 0 && static_cast<int>(games.size()) >= options.maxGames) break;
            Game g;
            g.validation = unit(rng) < options.holdout;  // drawn for every record: reproducible
            if (!readGame(rec, options, games.size(), g)) {
                ++report.skippedGames;
                continue;
            }
            games.push_back(std::move(g));
        }
    }
    return games;
}

// A point of a game whose value is known.
struct KnownPoint {
    int at, value, kind;  // kind 0 theoretical, 1 solved, 2 result
};

// The label of a position with `e` empties: the value and the kind of the known point it comes
// from, and whether it is that point's own exact value.
struct Label {
    double value;
    int kind;
    bool exact;
};

Label labelAt(const std::vector<KnownPoint>& points, int e, const Game& g, bool interpolate) {
    // The label is the nearest known point's value (ties: the solved ones, listed first).
    std::size_t nearest = 0;
    for (std::size_t k = 1; k < points.size(); ++k)
        if (std::abs(e - points[k].at) < std::abs(e - points[nearest].at)) nearest = k;
    // Before the theoretical score's point, its value is the best label at hand.
    if (g.haveTheoretical && e >= g.theoreticalEmpties)
        for (std::size_t k = 0; k < points.size(); ++k)
            if (points[k].kind == 0) nearest = k;
    const int source = points[nearest].kind;
    const bool exact = e == points[nearest].at && source != 2;
    double value = points[nearest].value;
    if (interpolate && e != points[nearest].at) {
        // Between two known points: the errors of the moves between them are spread
        // evenly instead of all charged to the nearer side.
        int aboveAt = 1000, aboveValue = 0, belowAt = -1, belowValue = 0;
        for (const KnownPoint& pt : points) {
            if (pt.at > e && pt.at < aboveAt) {
                aboveAt = pt.at;
                aboveValue = pt.value;
            }
            if (pt.at < e && pt.at > belowAt) {
                belowAt = pt.at;
                belowValue = pt.value;
            }
        }
        if (aboveAt < 1000 && belowAt >= 0)
            value = aboveValue + (belowValue - aboveValue) * static_cast<double>(aboveAt - e) /
                                     static_cast<double>(aboveAt - belowAt);
    }
    return {value, source, exact};
}

// Adds the samples of `g` (its off-path positions, then its own) to the stages they train or
// validate.
void addSamples(const Game& g, const LoadOptions& options, std::vector<StageSet>& stages,
                LoadReport& report) {
    for (const Deviation& d : g.deviations) {
        if (!d.have) continue;
        const Sample sample =
            makeSample(d.position, d.black, true, static_cast<float>(options.exactWeight));
        for (int s = 0; s < analysis::kStageCount; ++s)
            if (trainsStage(d.position.emptyCount(), s, options.overlap))
                stages[static_cast<std::size_t>(s)].train.push_back(sample);
        ++report.deviationLabels;
    }
    // The known points of the game: the solved positions, the theoretical score, the result.
    std::vector<KnownPoint> points;
    for (const ExactPoint& x : g.exact)
        if (x.have) points.push_back({x.empties, x.black, 1});
    if (g.haveTheoretical) points.push_back({g.theoreticalEmpties, g.theoreticalBlack, 0});
    if (g.haveFinal) points.push_back({0, g.finalBlack, 2});
    if (points.empty()) return;
    for (const core::Position& p : g.positions) {
        if (p.isGameOver()) continue;
        const int e = p.emptyCount();
        const Label label = labelAt(points, e, g, options.interpolate);
        (label.kind == 0   ? report.theoreticalLabels
         : label.kind == 1 ? report.exactLabels
                           : report.resultLabels)++;
        const Sample sample =
            makeSample(p, label.value, label.exact,
                       label.exact ? static_cast<float>(options.exactWeight) : 1.0f);
        for (int s = 0; s < analysis::kStageCount; ++s) {
            StageSet& set = stages[static_cast<std::size_t>(s)];
            // Validation: the stage's own positions only, so the errors printed are the
            // stage's.
            if (g.validation) {
                if (analysis::stageOf(e) == s) set.validation.push_back(sample);
            } else if (trainsStage(e, s, options.overlap)) {
                set.train.push_back(sample);
            }
        }
        ++report.positions;
    }
}

}  // namespace

std::vector<StageSet> loadTrainingSet(const LoadOptions& options, LoadReport& report) {
    if (PatternLayout::get().instanceCount() != Sample::kInstances)
        throw std::logic_error("Sample::kInstances does not match the pattern layout");
    std::vector<Game> games = readGames(options, report);
    report.games = static_cast<std::int64_t>(games.size());
    solveExact(games, options, report);
    if (options.solveOnly) return std::vector<StageSet>(analysis::kStageCount);
    std::vector<StageSet> stages(analysis::kStageCount);
    for (const Game& g : games) addSamples(g, options, stages, report);
    return stages;
}

}  // namespace othello::train
