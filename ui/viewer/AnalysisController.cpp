#include "AnalysisController.h"

#include <QThread>
#include <QVariantMap>
#include <algorithm>
#include <array>

#include "DbThread.h"
#include "GameController.h"
#include "SolverThread.h"
#include "core/Notation.h"

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

// The final disc difference of a finished game, side to move's point of view.
int finalDifference(const Position& p) {
    const core::Score s = p.finalScore();
    return p.toMove() == core::Color::Black ? s.black - s.white : s.white - s.black;
}

QString nodesText(std::uint64_t nodes) {
    if (nodes >= 10'000'000) return AnalysisController::tr("%1 M nodes").arg(nodes / 1'000'000);
    if (nodes >= 1'000'000)
        return AnalysisController::tr("%1 M nodes").arg(double(nodes) / 1e6, 0, 'f', 1);
    if (nodes >= 10'000) return AnalysisController::tr("%1 k nodes").arg(nodes / 1000);
    return AnalysisController::tr("%1 nodes").arg(nodes);
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
    // Finished games need no solver.
    for (const Position& p : game_->line().positions)
        if (p.isGameOver() && !find(p)) {
            Known& k = known_[p];
            k.value = ValueRange::exactly(finalDifference(p));
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
    return tasks;
}

void AnalysisController::post(const Task& task) {
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
                progress_ = {id, p};
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
    progress_ = {id, {}};
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
    QList<int> lower, upper;
    lower.reserve(qsizetype(line.positions.size()));
    upper.reserve(qsizetype(line.positions.size()));
    for (const Position& p : line.positions) {
        const Known* k = find(p);
        ValueRange r = k ? k->value : ValueRange{};
        if (p.toMove() == core::Color::White) r = r.flipped();
        lower.push_back(r.lower);
        upper.push_back(r.upper);
    }
    if (lower != lineLower_ || upper != lineUpper_) {
        lineLower_ = lower;
        lineUpper_ = upper;
        emit lineValuesChanged();
    }
    // Discs lost by each move played: the best value minus the played move's value.
    std::vector<QString> losses(line.plies.size());
    for (std::size_t i = 0; i < line.plies.size(); ++i) {
        if (line.plies[i].square == core::kPass) continue;
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
    }
    game_->board()->setMoveValues(current, texts, best, bounds);
}

void AnalysisController::clearModels() {
    if (game_) {
        game_->board()->setMoveValues(game_->current(), {}, 0, 0);
        game_->moveList()->setLosses({});
    }
    if (!lineLower_.isEmpty()) {
        lineLower_.clear();
        lineUpper_.clear();
        emit lineValuesChanged();
    }
}

bool AnalysisController::currentDone() const {
    if (!enabled_ || !game_ || game_->editing()) return true;
    const Position& current = game_->current();
    if (current.isGameOver() || current.emptyCount() > maxEmpties_) return true;
    const Known* k = find(current);
    return k && k->movesFinal;
}

QString AnalysisController::statusText() const {
    if (!enabled_ || !game_) return {};
    if (game_->editing()) return tr("The analysis waits for the set-up position.");
    const Position& current = game_->current();
    const int empties = current.emptyCount();
    if (current.isGameOver()) return tr("Game over: nothing to solve.");
    if (empties > maxEmpties_)
        return tr("Not solved: %1 empty squares (the analysis starts at %2).")
            .arg(empties)
            .arg(maxEmpties_);
    const QString side = current.toMove() == core::Color::Black ? tr("Black") : tr("White");
    if (const Known* k = find(current); k && k->movesFinal) {
        const QString source = k->fromCache ? tr(", from the archive's cache") : QString();
        const QString what = current.mustPass() ? tr("%1 must pass: %2").arg(side, k->value.text())
                                                : tr("%1 to move: %2").arg(side, k->value.text());
        if (k->value.exact())
            return tr("%1 with perfect play (exact, %2 empties%3).")
                .arg(what)
                .arg(empties)
                .arg(source);
        if (!k->value.known())
            return tr("%1 to move: nothing proven, the time budget ran out (%2 empties).")
                .arg(side)
                .arg(empties);
        return tr("%1 (a bound: the time budget ran out, %2 empties).").arg(what).arg(empties);
    }
    const bool running = !pending_.empty() && pending_.front().id == runningJob_ &&
                         pending_.front().task.position == current;
    if (!running) return tr("Waiting to solve this position (%1 empties)…").arg(empties);
    const analysis::SolveProgress& p = progress_.progress;
    QString text = tr("Solving this position: %1 empties").arg(empties);
    if (p.movesTotal > 0) text += tr(", %1/%2 moves").arg(p.movesDone).arg(p.movesTotal);
    if (p.nodes > 0) text += QStringLiteral(", ") + nodesText(p.nodes);
    if (p.seconds > 0) text += tr(", %1 s").arg(p.seconds, 0, 'f', 1);
    return text + QStringLiteral("…");
}

QString AnalysisController::backgroundText() const {
    if (!enabled_ || !game_ || game_->editing()) return {};
    const Position& current = game_->current();
    int left = 0;
    const Job* running = nullptr;
    for (const Job& job : pending_) {
        if (job.task.position == current) continue;
        ++left;
        if (job.id == runningJob_) running = &job;
    }
    if (left == 0) {
        int solved = 0;
        for (const Position& p : game_->line().positions)
            if (const Known* k = find(p); k && k->value.known() && !p.isGameOver()) ++solved;
        return solved > 0 ? tr("Rest of the line: %1 positions solved (up to %2 empties).")
                                .arg(solved)
                                .arg(maxEmpties_)
                          : QString();
    }
    QString text = tr("Rest of the line: %1 positions to solve").arg(left);
    if (running) {
        text += tr(", now ply %1 (%2 empties")
                    .arg(running->task.ply)
                    .arg(running->task.position.emptyCount());
        if (progress_.jobId == running->id && progress_.progress.nodes > 0)
            text += QStringLiteral(", ") + nodesText(progress_.progress.nodes);
        text += QStringLiteral(")");
    }
    return text + QStringLiteral("…");
}

QVariantList AnalysisController::moveValues() const {
    QVariantList list;
    if (!game_ || !enabled_) return list;
    const Known* k = find(game_->current());
    if (!k || !k->movesFinal) return list;
    const core::Bitboard best = game_->board()->bestMoves();
    for (const analysis::MoveValue& m : k->moves) {
        const ValueRange r = rangeOf(m);
        QVariantMap item;
        item[QStringLiteral("square")] = m.square;
        item[QStringLiteral("name")] = QString::fromStdString(core::squareName(m.square));
        item[QStringLiteral("lower")] = r.lower;
        item[QStringLiteral("upper")] = r.upper;
        item[QStringLiteral("text")] = r.text();
        item[QStringLiteral("best")] = m.square < 64 && (best & core::bit(m.square)) != 0;
        list.push_back(item);
    }
    return list;
}

}  // namespace othello::viewer
