// Problems from the archive's games (ProblemGenerator.h).
#include "storage/problems/ProblemGenerator.h"

#include <set>

#include "core/Notation.h"
#include "core/Replay.h"
#include "core/Symmetry.h"
#include "core/Words.h"

namespace othello::storage {

std::string gameSourceText(const StoredGame& game, int ply) {
    const importers::GameRecord& r = game.record;
    std::string s = "game " + std::to_string(game.id) + " (" + (r.black.empty() ? "?" : r.black) +
                    " vs " + (r.white.empty() ? "?" : r.white);
    if (!r.event.empty()) s += ", " + r.event;
    if (r.year) {
        s += ' ';  // appended: g++ 12 warns falsely on " " + std::string (-Wrestrict)
        s += std::to_string(r.year);
    }
    s += "), ply ";
    s += std::to_string(ply);
    return s;
}

namespace {

core::ReplayResult replayed(const StoredGame& game) {
    if (!game.record.rules.playsAsOthello())
        throw StorageError("game " + std::to_string(game.id) +
                           " is not played under Othello's rules: problems are Othello's");
    return core::replay(game.record.start, game.record.moves);
}

}  // namespace

problems::Problem problemFromGame(const StoredGame& game, int ply, problems::Goal goal,
                                  problems::GoalChecker* checker,
                                  const problems::CheckBudget& budget) {
    const core::ReplayResult r = replayed(game);
    if (ply < 0 || ply >= static_cast<int>(r.positions.size()))
        throw StorageError("game " + std::to_string(game.id) + " has " +
                           std::to_string(r.positions.size() - 1) + " plies: no ply " +
                           std::to_string(ply));
    problems::Problem p;
    p.position = r.positions[static_cast<std::size_t>(ply)];
    if (p.position.isGameOver())
        throw StorageError("the game is over at ply " + std::to_string(ply) + " of game " +
                           std::to_string(game.id));
    p.goal = goal;
    p.source = gameSourceText(game, ply);
    p.title = "Game " + std::to_string(game.id) + ", ply " + std::to_string(ply);
    p.tags = {"from-game"};
    if (ply < static_cast<int>(r.plies.size()))
        p.comment = "played in the game: " +
                    core::squareName(r.plies[static_cast<std::size_t>(ply)].square);
    problems::fillDifficulty(p);
    if (checker && problems::goalIsChecked(goal)) {
        const problems::CheckResult c = checker->check(p, budget);
        if (const std::string why = problems::takeAnswers(p, c); !why.empty())
            throw StorageError("game " + std::to_string(game.id) + ", ply " +
                               std::to_string(ply) + ": " + why);
        if (!c.exact && goal != problems::Goal::Corner)  // a corner's answer needs no values
            p.comment += (p.comment.empty() ? "" : "; ") + std::string("answer from ") + c.method;
    }
    return p;
}

const char* generatorKindName(GeneratorKind kind) {
    return kind == GeneratorKind::OnlyWin ? "only-win" : "blunder";
}

namespace {

// The candidate of a game: the first ply at exactly `empties` empties with a move to play.
std::optional<std::size_t> candidatePly(const core::ReplayResult& r, int empties) {
    for (std::size_t i = 0; i + 1 < r.positions.size(); ++i) {
        const core::Position& p = r.positions[i];
        if (p.emptyCount() < empties) return std::nullopt;
        if (p.emptyCount() == empties && p.canMove() && r.plies[i].square != core::kPass) return i;
    }
    return std::nullopt;
}

// The problem a candidate makes, or nullopt when it does not qualify.
std::optional<problems::Problem> qualify(const StoredGame& g, const core::ReplayResult& r,
                                         std::size_t ply, const GeneratorOptions& o,
                                         const problems::CheckResult& c) {
    problems::Problem p;
    p.position = r.positions[ply];
    p.source = gameSourceText(g, static_cast<int>(ply));
    p.tags = {"generated", generatorKindName(o.kind), std::to_string(o.empties) + "-empties"};
    const int played = r.plies[ply].square;
    const problems::MoveCheck* playedValue = c.find(played);
    if (o.kind == GeneratorKind::OnlyWin) {
        std::vector<int> winning;
        for (const problems::MoveCheck& m : c.moves)
            if (m.value > 0) winning.push_back(m.move);
        if (winning.size() != 1) return std::nullopt;
        p.goal = problems::Goal::Win;
        p.question = "find the only winning move";
        p.answers = winning;
    } else {
        if (!playedValue || c.bestValue - playedValue->value < o.minLoss) return std::nullopt;
        p.goal = problems::Goal::Best;
        p.question = "find the best move (the game's move lost " +
                     std::to_string(c.bestValue - playedValue->value) + " discs)";
        for (const problems::MoveCheck& m : c.moves)
            if (m.value == c.bestValue) p.answers.push_back(m.move);
        if (o.maxGoalMoves > 0 && static_cast<int>(p.answers.size()) > o.maxGoalMoves)
            return std::nullopt;
    }
    if (playedValue)
        p.comment = "played in the game: " + core::squareName(played) + " (" +
                    core::signedValue(playedValue->value) + ")";
    for (const problems::MoveCheck& m : c.moves) p.values.push_back({m.move, m.value});
    problems::fillDifficulty(p);
    p.difficulty.goalMoves = static_cast<int>(p.answers.size());
    return p;
}

}  // namespace

GeneratorResult generateProblems(Archive& archive, const GeneratorOptions& o,
                                 problems::GoalChecker& checker) {
    GeneratorResult out;
    out.set.description =
        std::string(o.kind == GeneratorKind::OnlyWin
                        ? "find the only winning move"
                        : "find the best move where a game's move was a blunder") +
        " at " + std::to_string(o.empties) + " empties";
    SearchFilter filter = o.filter;
    filter.limit = -1;
    filter.offset = 0;
    filter.sort = SortKey::Id;
    filter.descending = false;
    // The ids are read first (solving inside forEachGame would hold its read transaction),
    // each game then on its turn: memory stays small on a big archive.
    std::vector<std::int64_t> ids;
    archive.forEachGame(filter, [&](const StoredGame& g) {
        if (g.record.rules.playsAsOthello()) ids.push_back(g.id);
    });
    std::set<std::pair<core::Bitboard, std::pair<core::Bitboard, int>>> seen;
    for (const std::int64_t id : ids) {
        if (static_cast<int>(out.set.problems.size()) >= o.count) break;
        const std::optional<StoredGame> stored = archive.game(id);
        if (!stored) continue;
        const StoredGame& g = *stored;
        ++out.gamesRead;
        const core::ReplayResult r = core::replay(g.record.start, g.record.moves);
        const auto ply = candidatePly(r, o.empties);
        if (ply) {
            const core::Position& pos = r.positions[*ply];
            const core::Canonical canon = core::canonical(pos);
            const auto key = std::make_pair(
                canon.position.black(),
                std::make_pair(canon.position.white(), static_cast<int>(pos.toMove())));
            if (seen.count(key)) {
                ++out.symmetricRepeats;
            } else {
                ++out.candidates;
                const problems::CheckResult c = checker.values(pos, o.budget);
                if (!c.exact) {
                    ++out.inexact;
                } else if (auto p = qualify(g, r, *ply, o, c)) {
                    seen.insert(key);
                    p->title = (g.record.black.empty() ? "?" : g.record.black) + " - " +
                               (g.record.white.empty() ? "?" : g.record.white);
                    if (g.record.year) {
                        p->title += ' ';
                        p->title += std::to_string(g.record.year);
                    }
                    out.set.problems.push_back(std::move(*p));
                }
            }
        }
        if (o.onProgress) o.onProgress(out.gamesRead, static_cast<int>(out.set.problems.size()));
    }
    return out;
}

}  // namespace othello::storage
