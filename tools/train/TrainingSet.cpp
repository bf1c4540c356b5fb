#include "TrainingSet.h"

#include <atomic>
#include <chrono>
#include <cstdio>
#include <thread>

#include "analysis/Flips.h"
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

struct Game {
    std::vector<core::Position> positions;
    bool validation = false;
    bool haveFinal = false, haveTheoretical = false, haveExact = false;
    int finalBlack = 0, theoreticalBlack = 0, theoreticalEmpties = 0, exactBlack = 0;
    int exactIndex = -1;  // the position solved
};

// Solves the positions of `games` marked with an exactIndex, on `threads` threads.
void solveExact(std::vector<Game>& games, int threads, LoadReport& report) {
    std::vector<std::size_t> jobs;
    for (std::size_t i = 0; i < games.size(); ++i)
        if (games[i].exactIndex >= 0) jobs.push_back(i);
    std::atomic<std::size_t> next{0};
    const auto t0 = std::chrono::steady_clock::now();
    auto work = [&] {
        analysis::Solver solver(16);
        analysis::SolveOptions o;
        o.threads = 1;
        for (std::size_t k = next++; k < jobs.size(); k = next++) {
            Game& g = games[jobs[k]];
            const core::Position& p = g.positions[static_cast<std::size_t>(g.exactIndex)];
            const analysis::SolveResult r = solver.solve(p, o);
            g.exactBlack = p.toMove() == core::Color::Black ? r.value : -r.value;
            g.haveExact = r.complete && r.kind == analysis::ValueKind::Exact;
        }
    };
    std::vector<std::thread> pool;
    for (int t = 0; t < std::max(threads, 1); ++t) pool.emplace_back(work);
    for (auto& t : pool) t.join();
    report.solved = static_cast<std::int64_t>(jobs.size());
    report.solveSeconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
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

std::vector<StageSet> loadTrainingSet(const LoadOptions& options, LoadReport& report) {
    if (PatternLayout::get().instanceCount() != Sample::kInstances)
        throw std::logic_error("Sample::kInstances does not match the pattern layout");
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
            if (!rec.ok()) {
                ++report.skippedGames;
                continue;
            }
            const core::ReplayResult r = core::replay(rec.start, rec.moves);
            if (r.error) {
                ++report.skippedGames;
                continue;
            }
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
            if (options.exactEmpties > 0) {
                for (std::size_t i = 0; i < g.positions.size(); ++i) {
                    const core::Position& p = g.positions[i];
                    if (p.emptyCount() == options.exactEmpties && !p.isGameOver()) {
                        g.exactIndex = static_cast<int>(i);
                        break;
                    }
                }
            }
            if (!g.haveFinal && !g.haveTheoretical && g.exactIndex < 0) {
                ++report.skippedGames;
                continue;
            }
            games.push_back(std::move(g));
        }
    }
    report.games = static_cast<std::int64_t>(games.size());
    if (options.exactEmpties > 0) solveExact(games, options.threads, report);

    std::vector<StageSet> stages(analysis::kStageCount);
    for (const Game& g : games) {
        for (const core::Position& p : g.positions) {
            if (p.isGameOver()) continue;
            const int e = p.emptyCount();
            // The nearest point of the game where the value is known (ties: the exact one).
            int label = 0, distance = 1000, source = -1;
            auto consider = [&](bool have, int at, int value, int kind) {
                if (!have) return;
                const int d = std::abs(e - at);
                if (d < distance) {
                    distance = d;
                    label = value;
                    source = kind;
                }
            };
            consider(g.haveExact, options.exactEmpties, g.exactBlack, 1);
            if (g.haveTheoretical && e >= g.theoreticalEmpties) {
                distance = -1;
                label = g.theoreticalBlack;
                source = 0;
            }
            consider(g.haveTheoretical, g.theoreticalEmpties, g.theoreticalBlack, 0);
            consider(g.haveFinal, 0, g.finalBlack, 2);
            if (source < 0) continue;
            (source == 0   ? report.theoreticalLabels
             : source == 1 ? report.exactLabels
                           : report.resultLabels)++;
            const bool exact = distance == 0 || (distance == -1 && e == g.theoreticalEmpties);
            double value = label;
            if (options.interpolate && distance > 0) {
                // Between two known points: the errors of the moves between them are spread
                // evenly instead of all charged to the nearer side.
                struct Point {
                    bool have;
                    int at, value;
                };
                const Point points[] = {
                    {g.haveTheoretical, g.theoreticalEmpties, g.theoreticalBlack},
                    {g.haveExact, options.exactEmpties, g.exactBlack},
                    {g.haveFinal, 0, g.finalBlack}};
                int aboveAt = 1000, aboveValue = 0, belowAt = -1, belowValue = 0;
                for (const Point& pt : points) {
                    if (!pt.have) continue;
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
                    value = aboveValue + (belowValue - aboveValue) *
                                             static_cast<double>(aboveAt - e) /
                                             static_cast<double>(aboveAt - belowAt);
            }
            const Sample sample =
                makeSample(p, value, exact, exact ? static_cast<float>(options.exactWeight) : 1.0f);
            for (int s = 0; s < analysis::kStageCount; ++s) {
                const int lo = s * analysis::kStageEmpties;
                const int hi =
                    s == analysis::kStageCount - 1 ? 60 : lo + analysis::kStageEmpties - 1;
                const bool own = analysis::stageOf(e) == s;
                if (!own && (e < lo - options.overlap || e > hi + options.overlap)) continue;
                StageSet& set = stages[static_cast<std::size_t>(s)];
                // Validation: the stage's own positions only, so the errors printed are the
                // stage's.
                if (g.validation) {
                    if (own) set.validation.push_back(sample);
                } else {
                    set.train.push_back(sample);
                }
            }
            ++report.positions;
        }
    }
    return stages;
}

}  // namespace othello::train
