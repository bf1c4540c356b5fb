// The analysis' scheduling: which positions to solve or estimate next, the jobs on the solver
// thread and their answers (see AnalysisController.h; what is known and shown: LineValues.cpp).
#include "analysis/AnalysisController.h"

#include <QThread>
#include <QUndoStack>
#include <algorithm>

#include "analysis/AnalysisStatus.h"
#include "analysis/SolverThread.h"
#include "archive/DbThread.h"
#include "game/GameController.h"

namespace othello::viewer {

using analysis::SolveResult;
using core::Position;

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
        // The game's rules are the analysis' (a Reversi game is never analysed as Othello).
        connect(game_, &GameController::rulesChanged, this, [this] { setRules(game_->rules()); });
        setRules(game_->rules());
    }
    scheduleRefresh();
}

void AnalysisController::setArchivePath(const QString& path) {
    worker_->openCache(path);
}

void AnalysisController::setRules(const core::Rules& rules) {
    if (rules == rules_) return;
    rules_ = rules;
    // Values and work under way were under the old rules.
    cancelAll();
    values_.setRules(rules);
    emit rulesChanged();
    scheduleRefresh();
}

QString AnalysisController::rulesCode() const {
    return QString::fromStdString(core::rulesCode(rules_));
}

bool AnalysisController::estimatesAvailable() const {
    return analysis::othelloAnalysisApplies(rules_);
}

int AnalysisController::exactEmpties() const {
    return estimatesAvailable() ? maxEmpties_ : std::min(maxEmpties_, analysis::kRulesSolverReach);
}

bool AnalysisController::gameOver(const Position& p) const {
    return core::isGameOver(p, rules_);
}

bool AnalysisController::solvable(const Position& p) const {
    return !gameOver(p) && p.emptyCount() <= exactEmpties();
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
    emit rulesChanged();  // exactEmpties follows
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
    values_.dropEstimatesBelow(depth);
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

void AnalysisController::refresh() {
    if (!game_ || !enabled_ || game_->editing()) {
        cancelAll();
        clearModels();
        emit statusChanged();
        return;
    }
    values_.prepare(game_->line().positions);
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
    if (solvable(current)) {
        const Known* k = values_.find(current);
        // The shown position alone first: its answer also gives the value of every position
        // one move away, which then needs no solve of its own.
        if (!k || !k->movesFinal) return {{current, true, game_->ply()}};
    } else if (estimable(current) && !current.mustPass()) {
        // Before the solver's reach: the midgame search of every move, first and alone.
        const Estimate* e = values_.findEstimate(current);
        if (!e || !e->allMoves) return {{current, true, game_->ply(), true}};
    }
    // Then the rest of the line from its end: the small endgames first, each one a step
    // towards the next (the solver's table keeps what it learnt).
    const std::vector<Position>& positions = game_->line().positions;
    for (int i = int(positions.size()) - 1; i >= 0; --i) {
        const Position& p = positions[std::size_t(i)];
        if (p == current || !solvable(p)) continue;
        const Known* k = values_.find(p);
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
        const Estimate* e = values_.findEstimate(p);
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
    // No evaluation exists for other rules: never Othello's estimates passed off as theirs.
    return estimatesAvailable() && !gameOver(p) && p.emptyCount() > maxEmpties_ &&
           evaluationError_.isEmpty();
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
    values_.addEstimate(task.position, task.allMoves, task.played, std::move(*estimate));
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
    // Other rules: the generic solver, never the cache (it keys positions alone, and holds
    // Othello's values).
    const std::optional<core::Rules> otherRules =
        estimatesAvailable() ? std::nullopt : std::optional<core::Rules>(rules_);
    worker_->post([this, job, seconds, otherRules](SolverBackend& backend) {
        if (job.cancel->load()) {  // no longer needed: never started
            DbThread::reply(this, [this, job] { jobFinished(job.id, job.task, {}, false, true); });
            return;
        }
        if (std::optional<SolveResult> hit =
                otherRules ? std::nullopt : backend.cached(job.task.position, job.task.allMoves)) {
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
        if (otherRules) {
            const SolveResult r = backend.solve(job.task.position, *otherRules, options);
            DbThread::reply(this,
                            [this, job, r] { jobFinished(job.id, job.task, r, false, false); });
            return;
        }
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
    values_.learn(task.position, task.allMoves, result, fromCache);
    // Values learnt may make queued jobs unnecessary (a move's value is its child's value).
    refresh();
}

void AnalysisController::applyToModels() {
    values_.showBoard(*game_);
    emit boardValuesChanged();
    if (LineValues::Curves curves = values_.curves(game_->line()); curves != curves_) {
        curves_ = std::move(curves);
        emit lineValuesChanged();
    }
    values_.showLosses(*game_, exactEmpties());
}

void AnalysisController::clearModels() {
    if (game_) LineValues::clear(*game_);
    if (!curves_.lower.isEmpty()) {
        curves_ = {};
        emit lineValuesChanged();
    }
    emit boardValuesChanged();
}

bool AnalysisController::currentDone() const {
    if (!enabled_ || !game_ || game_->editing()) return true;
    const Position& current = game_->current();
    if (gameOver(current)) return true;
    if (current.emptyCount() > exactEmpties()) {
        if (!estimable(current) || current.mustPass()) return true;
        const Estimate* e = values_.findEstimate(current);
        return e && e->allMoves;
    }
    const Known* k = values_.find(current);
    return k && k->movesFinal;
}

QString AnalysisController::statusText() const {
    if (!enabled_ || !game_) return {};
    if (game_->editing()) return tr("The analysis waits for the set-up position.");
    ShownFacts f;
    f.position = game_->current();
    f.rules = rules_;
    f.maxEmpties = exactEmpties();
    f.midgameDepth = midgameDepth_;
    f.evaluationError = evaluationError_;
    if (f.position.emptyCount() > exactEmpties()) {
        if (f.position.mustPass())
            f.passEstimate = values_.estimateOf(game_->line(), std::size_t(game_->ply()));
        if (const Estimate* e = values_.findEstimate(f.position); e && e->allMoves)
            f.estimate = ShownFacts::Estimate{e->value, e->depth, e->complete};
    } else if (const Known* k = values_.find(f.position); k && k->movesFinal) {
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
    f.maxEmpties = exactEmpties();
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
            if (gameOver(p)) continue;
            if (const Known* k = values_.find(p); k && k->value.known())
                ++f.solved;
            else if (values_.findEstimate(p))
                ++f.estimated;
        }
    }
    return AnalysisStatus::background(f);
}

QVariantList AnalysisController::moveValues() const {
    if (!game_ || !enabled_ || game_->editing()) return {};
    return values_.moveValues(game_->current(), exactEmpties(), game_->board()->bestMoves());
}

QList<int> AnalysisController::bestLine() const {
    if (!game_ || !enabled_ || game_->editing()) return {};
    return values_.bestLine(game_->current(), exactEmpties());
}

QString AnalysisController::currentKind() const {
    if (moveValues().isEmpty()) return {};
    return values_.currentKind(game_->current());
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
