#include "analysis/AnalysisController.h"

#include <QThread>
#include <QUndoStack>
#include <QVariantMap>
#include <algorithm>
#include <array>

#include "analysis/AnalysisStatus.h"
#include "analysis/FinalScore.h"
#include "analysis/SolverThread.h"
#include "archive/DbThread.h"
#include "core/Notation.h"
#include "game/GameController.h"

namespace othello::viewer {

using analysis::SolveResult;
using core::Position;

namespace {

// Beyond this many positions the table of known values starts again (a few MB).
constexpr std::size_t kMaxKnown = 200000;

ValueRange rangeOf(const analysis::MoveValue& m) {
    return m.kind == analysis::ValueKind::Exact ? ValueRange::exactly(m.value)
                                                : ValueRange{m.lower, m.upper};
}

}  // namespace

AnalysisController::AnalysisController(QObject* parent)
    : QObject(parent), worker_(std::make_unique<SolverThread>()) {}

AnalysisController::~AnalysisController() {
    cancelAll();  // a running solve stops at once; queued jobs return without solving
    worker_.reset();
}

void AnalysisController::setGame(GameController* game) {
    if (game == game_) return;
    if (game_) disconnect(game_, nullptr, this, nullptr);
    game_ = game;
    if (game_) {
        connect(game_, &GameController::positionChanged, this,
                &AnalysisController::scheduleRefresh);
        connect(game_, &GameController::lineChanged, this, &AnalysisController::scheduleRefresh);
        connect(game_, &GameController::editingChanged, this, &AnalysisController::scheduleRefresh);
    }
    scheduleRefresh();
}

void AnalysisController::setArchivePath(const QString& path) {
    worker_->openCache(path);
}

void AnalysisController::setEnabled(bool on) {
    if (on == enabled_) return;
    enabled_ = on;
    emit enabledChanged();
    refresh();
}

void AnalysisController::setMaxEmpties(int empties) {
    empties = std::clamp(empties, 0, 60);
    if (empties == maxEmpties_) return;
    maxEmpties_ = empties;
    emit settingsChanged();
    scheduleRefresh();
}

void AnalysisController::setSecondsPerPosition(double seconds) {
    if (seconds == seconds_ || seconds < 0) return;
    seconds_ = seconds;
    emit settingsChanged();
}

void AnalysisController::setMidgameDepth(int depth) {
    depth = std::clamp(depth, 1, 30);
    if (depth == midgameDepth_) return;
    midgameDepth_ = depth;
    // Shallower estimates than asked for are searched again; searches under way at the old
    // depth stop (the refresh posts them again).
    std::erase_if(estimates_, [depth](const auto& e) { return e.second.depth < depth; });
    for (const Job& job : pending_)
        if (job.task.estimate) job.cancel->store(true);
    std::erase_if(pending_, [](const Job& job) { return job.task.estimate; });
    emit settingsChanged();
    scheduleRefresh();
}

void AnalysisController::setMidgameSeconds(double seconds) {
    if (seconds == midgameSeconds_ || seconds < 0) return;
    midgameSeconds_ = seconds;
    emit settingsChanged();
}

void AnalysisController::scheduleRefresh() {
    // A move changes the line and then the ply: one refresh once both are done.
    if (refreshQueued_) return;
    refreshQueued_ = true;
    QMetaObject::invokeMethod(
        this,
        [this] {
            refreshQueued_ = false;
            refresh();
        },
        Qt::QueuedConnection);
}

AnalysisController::Known* AnalysisController::find(const Position& position) {
    const auto it = known_.find(position);
    return it == known_.end() ? nullptr : &it->second;
}

const AnalysisController::Known* AnalysisController::find(const Position& position) const {
    const auto it = known_.find(position);
    return it == known_.end() ? nullptr : &it->second;
}

void AnalysisController::refresh() {
    if (!game_ || !enabled_ || game_->editing()) {
        cancelAll();
        clearModels();
        emit statusChanged();
        return;
    }
    if (known_.size() > kMaxKnown) known_.clear();
    if (estimates_.size() > kMaxKnown / 10) estimates_.clear();
    // Finished games need no solver.
    for (const Position& p : game_->line().positions)
        if (p.isGameOver() && !find(p)) {
            Known& k = known_[p];
            // The side to move's final difference, empties to the winner: the solver's rule.
            k.value = ValueRange::exactly(analysis::finalDifference(p.player(), p.opponentDiscs()));
            k.final = k.movesFinal = true;
        }
    // Keep the jobs already queued in the right order (the one running above all); cancel
    // the rest and queue what is missing.
    const std::vector<Task> tasks = neededTasks();
    std::size_t keep = 0;
    while (keep < pending_.size() && keep < tasks.size() && pending_[keep].task == tasks[keep])
        ++keep;
    while (pending_.size() > keep) {
        pending_.back().cancel->store(true);
        pending_.pop_back();
    }
    for (std::size_t i = keep; i < tasks.size(); ++i) post(tasks[i]);
    applyToModels();
    emit statusChanged();
}

std::vector<AnalysisController::Task> AnalysisController::neededTasks() const {
    std::vector<Task> tasks;
    const Position& current = game_->current();
    const auto solvable = [this](const Position& p) {
        return !p.isGameOver() && p.emptyCount() <= maxEmpties_;
    };
    if (solvable(current)) {
        const Known* k = find(current);
        // The shown position alone first: its answer also gives the value of every position
        // one move away, which then needs no solve of its own.
        if (!k || !k->movesFinal) return {{current, true, game_->ply()}};
    } else if (estimable(current) && !current.mustPass()) {
        // Before the solver's reach: the midgame search of every move, first and alone.
        const Estimate* e = findEstimate(current);
        if (!e || !e->allMoves) return {{current, true, game_->ply(), true}};
    }
    // Then the rest of the line from its end: the small endgames first, each one a step
    // towards the next (the solver's table keeps what it learnt).
    const std::vector<Position>& positions = game_->line().positions;
    for (int i = int(positions.size()) - 1; i >= 0; --i) {
        const Position& p = positions[std::size_t(i)];
        if (p == current || !solvable(p)) continue;
        const Known* k = find(p);
        if (!k || !k->final) tasks.push_back({p, false, i});
    }
    // Then the midgame positions, estimated from the end backwards (the search's table keeps
    // what it learnt of the positions after them).
    for (int i = int(positions.size()) - 1; i >= 0; --i) {
        const Position& p = positions[std::size_t(i)];
        if (p == current || !estimable(p) || p.mustPass()) continue;
        const int played = std::size_t(i) < game_->line().plies.size()
                               ? game_->line().plies[std::size_t(i)].square
                               : core::kNoSquare;
        const Estimate* e = findEstimate(p);
        const bool playedKnown =
            played == core::kNoSquare ||
            (e &&
             (std::any_of(e->moves.begin(), e->moves.end(),
                          [played](const analysis::MoveValue& m) { return m.square == played; }) ||
              std::find(e->asked.begin(), e->asked.end(), played) != e->asked.end()));
        if (!e || !playedKnown) tasks.push_back({p, false, i, true, played});
    }
    return tasks;
}

bool AnalysisController::estimable(const Position& p) const {
    return !p.isGameOver() && p.emptyCount() > maxEmpties_ && evaluationError_.isEmpty();
}

const AnalysisController::Estimate* AnalysisController::findEstimate(const Position& p) const {
    const auto it = estimates_.find(p);
    return it == estimates_.end() ? nullptr : &it->second;
}

std::optional<int> AnalysisController::estimateOf(std::size_t ply) const {
    const std::vector<Position>& positions = game_->line().positions;
    if (ply >= positions.size()) return std::nullopt;
    if (const Estimate* e = findEstimate(positions[ply])) return e->value;
    // A pass: minus the value of the position after it (the same board, the other side).
    if (positions[ply].mustPass() && ply + 1 < positions.size()) {
        const Position& next = positions[ply + 1];
        if (const Estimate* e = findEstimate(next)) return -e->value;
        if (const Known* k = find(next); k && k->value.exact()) return -k->value.lower;
    }
    return std::nullopt;
}

void AnalysisController::postEstimate(const Task& task) {
    Job job{++nextJobId_, task, std::make_shared<std::atomic<bool>>(false)};
    pending_.push_back(job);
    const int depth = midgameDepth_;
    const double seconds = midgameSeconds_;
    worker_->post([this, job, depth, seconds](SolverBackend& backend) {
        if (job.cancel->load()) {
            DbThread::reply(this, [this, job] { estimateFinished(job.id, job.task, {}); });
            return;
        }
        if (const QString error = backend.evaluationError(); !error.isEmpty()) {
            DbThread::reply(this, [this, job, error] {
                evaluationError_ = error;
                estimateFinished(job.id, job.task, {});
            });
            return;
        }
        DbThread::reply(this, [this, id = job.id] { jobStarted(id); });
        Estimate e;
        if (job.task.allMoves) {
            analysis::MidgameOptions options;
            options.depth = depth;
            options.exactEmpties = -1;  // the solver's part is the controller's (maxEmpties)
            options.maxSeconds = seconds;
            options.minDepth = 1;
            options.allMoves = true;
            options.cancel = job.cancel.get();
            options.onProgress = [this, id = job.id](const analysis::MidgameProgress& p) {
                DbThread::reply(this, [this, id, p] {
                    if (id != runningJob_) return;
                    progress_.jobId = id;
                    progress_.midgame = p;
                    emit statusChanged();
                });
            };
            const analysis::MidgameResult r = backend.search(job.task.position, options);
            if (r.stop == analysis::StopReason::Cancelled) {
                DbThread::reply(this, [this, job] { estimateFinished(job.id, job.task, {}); });
                return;
            }
            backend.storeEstimate(job.task.position, r);
            e.value = r.value;
            e.depth = r.depth;
            e.allMoves = true;
            e.complete = r.complete;
            e.pv = r.pv;
            for (const analysis::MidgameMoveValue& m : r.moves) {
                analysis::MoveValue v;
                v.square = m.square;
                v.value = m.value;
                v.kind = m.kind;
                v.lower = v.upper = m.value;
                e.moves.push_back(v);
            }
        } else {
            analysis::ReviewOptions options;
            options.exactEmpties = -1;  // positions the controller estimates, never solved
            options.depth = depth;
            options.secondsPerPosition = seconds;
            options.cancel = job.cancel.get();
            bool fromCache = false;
            const analysis::PositionValues v =
                backend.review(job.task.position, job.task.played, options, &fromCache);
            if (!v.ok) {
                DbThread::reply(this, [this, job] { estimateFinished(job.id, job.task, {}); });
                return;
            }
            e.value = v.value;
            e.depth = v.depth;
            e.allMoves = v.allMoves;
            e.moves = v.moves;
            e.fromCache = fromCache;
            for (analysis::MoveValue& m : e.moves)
                if (m.kind != analysis::ValueKind::Exact) m.lower = m.upper = m.value;
        }
        DbThread::reply(this, [this, job, e] { estimateFinished(job.id, job.task, e); });
    });
}

void AnalysisController::estimateFinished(int id, const Task& task,
                                          std::optional<Estimate> estimate) {
    const auto it =
        std::find_if(pending_.begin(), pending_.end(), [id](const Job& j) { return j.id == id; });
    const bool wasRunning = runningJob_ == id;
    if (it != pending_.end()) pending_.erase(it);
    if (runningJob_ == id) runningJob_ = 0;
    if (!estimate) {
        if (evaluationError_.isEmpty()) {  // cancelled: asked again when needed
            ++cancelledCount_;
            if (wasRunning) ++interruptedCount_;
        }
        refresh();
        return;
    }
    if (estimate->fromCache)
        ++cachedEstimateCount_;
    else
        ++searchedCount_;
    Estimate& e = estimates_[task.position];
    // A search of every move replaces anything; a review's values add to what is known.
    if (estimate->allMoves || !e.allMoves || e.moves.empty()) {
        if (!estimate->allMoves && !e.moves.empty() && e.depth == estimate->depth) {
            for (const analysis::MoveValue& m : e.moves)
                if (std::none_of(
                        estimate->moves.begin(), estimate->moves.end(),
                        [&m](const analysis::MoveValue& n) { return n.square == m.square; }))
                    estimate->moves.push_back(m);
            std::stable_sort(estimate->moves.begin(), estimate->moves.end(),
                             [](const auto& a, const auto& b) { return a.value > b.value; });
        }
        e = *estimate;
    } else if (std::none_of(e.moves.begin(), e.moves.end(), [&task](const analysis::MoveValue& m) {
                   return m.square == task.played;
               })) {
        for (const analysis::MoveValue& m : estimate->moves)
            if (m.square == task.played) e.moves.push_back(m);
    }
    // Asked once: never again, even if the answer somehow lacks the move.
    if (!task.allMoves && task.played != core::kNoSquare) e.asked.push_back(task.played);
    refresh();
}

void AnalysisController::post(const Task& task) {
    if (task.estimate) {
        postEstimate(task);
        return;
    }
    Job job{++nextJobId_, task, std::make_shared<std::atomic<bool>>(false)};
    pending_.push_back(job);
    const double seconds = seconds_;
    worker_->post([this, job, seconds](SolverBackend& backend) {
        if (job.cancel->load()) {  // no longer needed: never started
            DbThread::reply(this, [this, job] { jobFinished(job.id, job.task, {}, false, true); });
            return;
        }
        if (std::optional<SolveResult> hit = backend.cached(job.task.position, job.task.allMoves)) {
            DbThread::reply(
                this, [this, job, r = *hit] { jobFinished(job.id, job.task, r, true, false); });
            return;
        }
        DbThread::reply(this, [this, id = job.id] { jobStarted(id); });
        analysis::SolveOptions options;
        options.allMoves = job.task.allMoves;
        options.maxSeconds = seconds;
        options.cancel = job.cancel.get();
        // One core stays with the window: steps keep their frame while the solver works.
        options.threads = std::max(1, QThread::idealThreadCount() - 1);
        options.onProgress = [this, id = job.id](const analysis::SolveProgress& p) {
            DbThread::reply(this, [this, id, p] {
                if (id != runningJob_) return;
                progress_.jobId = id;
                progress_.progress = p;
                emit statusChanged();
            });
        };
        const SolveResult r = backend.solve(job.task.position, options);
        backend.store(job.task.position, r);
        DbThread::reply(this, [this, job, r] { jobFinished(job.id, job.task, r, false, false); });
    });
}

void AnalysisController::cancelAll() {
    for (const Job& job : pending_) job.cancel->store(true);
    pending_.clear();
    runningJob_ = 0;
}

void AnalysisController::jobStarted(int id) {
    runningJob_ = id;
    progress_ = {id, {}, {}};
    emit statusChanged();
}

void AnalysisController::jobFinished(int id, const Task& task, const SolveResult& result,
                                     bool fromCache, bool skipped) {
    const auto it =
        std::find_if(pending_.begin(), pending_.end(), [id](const Job& j) { return j.id == id; });
    if (it != pending_.end()) pending_.erase(it);
    if (runningJob_ == id) runningJob_ = 0;
    if (skipped || result.stop == analysis::StopReason::Cancelled) {
        // A cancelled solve proved something, but not all it could: it is asked again when
        // needed rather than shown as a bound.
        ++cancelledCount_;
        if (!skipped) ++interruptedCount_;
        emit statusChanged();
        return;
    }
    if (!fromCache) ++solvedCount_;
    learn(task, result, fromCache);
    // Values learnt may make queued jobs unnecessary (a move's value is its child's value).
    refresh();
}

void AnalysisController::learn(const Task& task, const SolveResult& result, bool fromCache) {
    Known& k = known_[task.position];
    const ValueRange value = result.complete && result.kind == analysis::ValueKind::Exact
                                 ? ValueRange::exactly(result.value)
                                 : ValueRange{result.lower, result.upper};
    k.value = k.value.intersect(value);
    k.final = true;
    k.fromCache = k.fromCache || fromCache;
    if (task.allMoves) {  // no moves at all: a pass the cache kept without its move
        k.moves = result.moves;
        k.pv = result.pv;
        k.movesFinal = true;
    }
    // Each move's value is minus the value of the position it leads to.
    for (const analysis::MoveValue& m : result.moves) {
        Position child = task.position;
        if (m.square == core::kPass)
            child.pass();
        else
            child.play(m.square);
        Known& c = known_[child];
        c.value = c.value.intersect(rangeOf(m).flipped());
        if (c.value.exact()) c.final = true;
    }
}

ValueRange AnalysisController::playedValue(std::size_t ply) const {
    const core::ReplayResult& line = game_->line();
    ValueRange r;
    const int square = line.plies[ply].square;
    if (const Known* k = find(line.positions[ply]); k && k->movesFinal)
        for (const analysis::MoveValue& m : k->moves)
            if (m.square == square) r = r.intersect(rangeOf(m));
    if (const Known* next = find(line.positions[ply + 1])) r = r.intersect(next->value.flipped());
    return r;
}

void AnalysisController::applyToModels() {
    applyBoard();
    const core::ReplayResult& line = game_->line();
    QList<int> lower, upper, estimate;
    lower.reserve(qsizetype(line.positions.size()));
    upper.reserve(qsizetype(line.positions.size()));
    estimate.reserve(qsizetype(line.positions.size()));
    for (std::size_t i = 0; i < line.positions.size(); ++i) {
        const Position& p = line.positions[i];
        const Known* k = find(p);
        ValueRange r = k ? k->value : ValueRange{};
        const int sign = p.toMove() == core::Color::White ? -1 : 1;
        if (sign < 0) r = r.flipped();
        lower.push_back(r.lower);
        upper.push_back(r.upper);
        const std::optional<int> e = r.exact() ? std::nullopt : estimateOf(i);
        estimate.push_back(e ? sign * *e : kNoEstimate);
    }
    if (lower != lineLower_ || upper != lineUpper_ || estimate != lineEstimate_) {
        lineLower_ = lower;
        lineUpper_ = upper;
        lineEstimate_ = estimate;
        emit lineValuesChanged();
    }
    // Discs lost by each move played: the best value minus the played move's value.
    std::vector<QString> losses(line.plies.size());
    for (std::size_t i = 0; i < line.plies.size(); ++i) {
        if (line.plies[i].square == core::kPass) continue;
        if (line.positions[i].emptyCount() > maxEmpties_) {
            const Estimate* e = findEstimate(line.positions[i]);
            if (!e) continue;
            // An estimate: the search's value minus the move played's, at the same depth.
            for (const analysis::MoveValue& m : e->moves)
                if (m.square == line.plies[i].square && e->value > m.value)
                    losses[i] = QStringLiteral("~") + ValueRange::signedText(m.value - e->value);
            continue;
        }
        const Known* k = find(line.positions[i]);
        const ValueRange played = playedValue(i);
        if (!k || !k->value.known() || !played.known()) continue;
        const int lossLower = std::max(0, k->value.lower - played.upper);
        const int lossUpper = k->value.upper - played.lower;
        if (lossLower > 0) losses[i] = ValueRange{-lossUpper, -lossLower}.text();
    }
    game_->moveList()->setLosses(losses);
}

void AnalysisController::applyBoard() {
    const Position& current = game_->current();
    std::array<QString, 64> texts;
    core::Bitboard best = 0, bounds = 0;
    const Known* k = find(current);
    if (k && k->movesFinal) {
        for (const analysis::MoveValue& m : k->moves) {
            if (m.square < 0 || m.square >= 64) continue;
            const ValueRange r = rangeOf(m);
            texts[std::size_t(m.square)] = r.text();
            if (!r.exact()) bounds |= core::bit(m.square);
            // Best only when proven: at least as good as every other move can be.
            int othersUpper = -65;
            for (const analysis::MoveValue& o : k->moves)
                if (o.square != m.square) othersUpper = std::max(othersUpper, rangeOf(o).upper);
            if (r.lower >= othersUpper) best |= core::bit(m.square);
        }
    } else if (const Estimate* e = findEstimate(current); e && e->allMoves && !e->moves.empty()) {
        // Estimates: "~+4"; a value the search proved is exact. Best: the highest estimate.
        const int top = e->moves.front().value;
        for (const analysis::MoveValue& m : e->moves) {
            if (m.square < 0 || m.square >= 64) continue;
            const QString text = ValueRange::exactly(m.value).text();
            texts[std::size_t(m.square)] =
                m.kind == analysis::ValueKind::Exact ? text : QStringLiteral("~") + text;
            if (m.value == top) best |= core::bit(m.square);
        }
    }
    game_->board()->setMoveValues(current, texts, best, bounds);
    emit boardValuesChanged();
}

void AnalysisController::clearModels() {
    if (game_) {
        game_->board()->setMoveValues(game_->current(), {}, 0, 0);
        game_->moveList()->setLosses({});
    }
    if (!lineLower_.isEmpty()) {
        lineLower_.clear();
        lineUpper_.clear();
        lineEstimate_.clear();
        emit lineValuesChanged();
    }
    emit boardValuesChanged();
}

bool AnalysisController::currentDone() const {
    if (!enabled_ || !game_ || game_->editing()) return true;
    const Position& current = game_->current();
    if (current.isGameOver()) return true;
    if (current.emptyCount() > maxEmpties_) {
        if (!estimable(current) || current.mustPass()) return true;
        const Estimate* e = findEstimate(current);
        return e && e->allMoves;
    }
    const Known* k = find(current);
    return k && k->movesFinal;
}

QString AnalysisController::statusText() const {
    if (!enabled_ || !game_) return {};
    if (game_->editing()) return tr("The analysis waits for the set-up position.");
    ShownFacts f;
    f.position = game_->current();
    f.maxEmpties = maxEmpties_;
    f.midgameDepth = midgameDepth_;
    f.evaluationError = evaluationError_;
    if (f.position.emptyCount() > maxEmpties_) {
        if (f.position.mustPass()) f.passEstimate = estimateOf(std::size_t(game_->ply()));
        if (const Estimate* e = findEstimate(f.position); e && e->allMoves)
            f.estimate = ShownFacts::Estimate{e->value, e->depth, e->complete};
    } else if (const Known* k = find(f.position); k && k->movesFinal) {
        f.solved = ShownFacts::Solved{k->value, k->fromCache};
    }
    f.running = !pending_.empty() && pending_.front().id == runningJob_ &&
                pending_.front().task.position == f.position;
    f.midgame = progress_.midgame;
    f.solve = progress_.progress;
    return AnalysisStatus::shown(f);
}

QString AnalysisController::backgroundText() const {
    if (!enabled_ || !game_ || game_->editing()) return {};
    const Position& current = game_->current();
    BackgroundFacts f;
    f.maxEmpties = maxEmpties_;
    f.midgameDepth = midgameDepth_;
    for (const Job& job : pending_) {
        if (job.task.position == current) continue;
        ++f.left;
        if (!job.task.estimate) ++f.toSolve;
        if (job.id == runningJob_) {
            const bool solving = progress_.jobId == job.id && !job.task.estimate;
            f.running = BackgroundFacts::Running{job.task.ply, job.task.position.emptyCount(),
                                                 solving ? progress_.progress.nodes : 0};
        }
    }
    if (f.left == 0) {
        for (const Position& p : game_->line().positions) {
            if (p.isGameOver()) continue;
            if (const Known* k = find(p); k && k->value.known())
                ++f.solved;
            else if (findEstimate(p))
                ++f.estimated;
        }
    }
    return AnalysisStatus::background(f);
}

QVariantList AnalysisController::moveValues() const {
    QVariantList list;
    if (!game_ || !enabled_ || game_->editing()) return list;
    const core::Bitboard best = game_->board()->bestMoves();
    const Known* k = find(game_->current());
    if (!k || !k->movesFinal) {
        const Estimate* e = findEstimate(game_->current());
        if (!e || !e->allMoves || game_->current().emptyCount() <= maxEmpties_) return list;
        for (const analysis::MoveValue& m : e->moves) {
            const bool exact = m.kind == analysis::ValueKind::Exact;
            QVariantMap item;
            item[QStringLiteral("square")] = m.square;
            item[QStringLiteral("name")] = QString::fromStdString(core::squareName(m.square));
            item[QStringLiteral("lower")] = m.value;
            item[QStringLiteral("upper")] = m.value;
            item[QStringLiteral("estimate")] = !exact;
            item[QStringLiteral("depth")] = e->depth;
            item[QStringLiteral("text")] =
                (exact ? QString() : QStringLiteral("~")) + ValueRange::signedText(m.value);
            item[QStringLiteral("best")] = m.square < 64 && (best & core::bit(m.square)) != 0;
            list.push_back(item);
        }
        return list;
    }
    for (const analysis::MoveValue& m : k->moves) {
        const ValueRange r = rangeOf(m);
        QVariantMap item;
        item[QStringLiteral("square")] = m.square;
        item[QStringLiteral("name")] = QString::fromStdString(core::squareName(m.square));
        item[QStringLiteral("lower")] = r.lower;
        item[QStringLiteral("upper")] = r.upper;
        item[QStringLiteral("text")] = r.text();
        item[QStringLiteral("estimate")] = false;
        item[QStringLiteral("depth")] = game_->current().emptyCount();
        item[QStringLiteral("best")] = m.square < 64 && (best & core::bit(m.square)) != 0;
        list.push_back(item);
    }
    return list;
}

QList<int> AnalysisController::bestLine() const {
    QList<int> line;
    if (!game_ || !enabled_ || game_->editing()) return line;
    const Position& current = game_->current();
    const std::vector<int>* pv = nullptr;
    if (const Known* k = find(current); k && k->movesFinal && current.emptyCount() <= maxEmpties_)
        pv = &k->pv;
    else if (const Estimate* e = findEstimate(current); e && e->allMoves)
        pv = &e->pv;
    if (!pv) return line;
    // Only what replays from here (a table's PV could end in a stale move).
    Position p = current;
    for (int sq : *pv) {
        if (sq == core::kPass) {
            if (!p.mustPass()) break;
            p.pass();
        } else {
            if (sq < 0 || sq >= 64 || !p.isLegal(sq)) break;
            p.play(sq);
        }
        line.push_back(sq);
    }
    return line;
}

QString AnalysisController::currentKind() const {
    const QVariantList values = moveValues();
    if (values.isEmpty()) return {};
    const Known* k = find(game_->current());
    if (!k || !k->movesFinal) return QStringLiteral("estimate");
    return k->value.exact() ? QStringLiteral("exact") : QStringLiteral("bound");
}

bool AnalysisController::playBestLine() {
    const QList<int> pv = bestLine();
    if (pv.isEmpty()) return false;
    // Passes are played by the game tree itself: only the discs are played here.
    const int mode = game_->branchMode();
    game_->setBranchMode(GameController::BranchVariation);
    const int from = game_->ply();
    QUndoStack* undo = game_->undoStack();
    undo->beginMacro(tr("Best line"));
    int played = 0;
    for (int sq : pv) {
        if (sq == core::kPass) continue;
        if (!game_->playMove(sq)) break;
        ++played;
    }
    undo->endMacro();
    game_->setBranchMode(mode);
    // Back to the line's first move: stepping forward walks it.
    if (played > 1) game_->jump(from + 1);
    return played > 0;
}

}  // namespace othello::viewer
