#include "ProblemsController.h"

#include <algorithm>

#include "core/Notation.h"
#include "problems/AnswerVerdict.h"

namespace othello::viewer {

namespace pr = othello::problems;

namespace {

// The values' budget in the viewer: exact up to 24 empties within 10 s on one thread (the
// machine is shared with the window and the game analysis), else the midgame search. A corner
// goal is judged without values (they only inform): exact up to 18 empties, else depth 10.
pr::CheckBudget trainingBudget(pr::Goal goal) {
    pr::CheckBudget b;
    if (goal == pr::Goal::Corner) {
        b.exactEmpties = 18;
        b.maxSeconds = 5;
        b.midgameDepth = 10;
        b.threads = 1;
        return b;
    }
    b.exactEmpties = 24;
    b.maxSeconds = 10;
    b.midgameDepth = 12;
    b.threads = 1;
    return b;
}

QString qs(const std::string& s) {
    return QString::fromStdString(s);
}

QString secondsText(double s) {
    const int whole = static_cast<int>(s + 0.5);
    return whole < 60 ? QStringLiteral("%1 s").arg(whole)
                      : QStringLiteral("%1 min %2 s").arg(whole / 60).arg(whole % 60);
}

}  // namespace

ProblemsController::ProblemsController(QObject* parent)
    : QObject(parent),
      checker_(std::make_shared<std::unique_ptr<pr::GoalChecker>>()),
      checkerThread_(std::make_unique<DbThread>(QStringLiteral("problem values"))) {
    connect(&solutionTimer_, &QTimer::timeout, this, [this] {
        if (solutionStep_ >= solutionLength()) solutionTimer_.stop();
        else stepSolution(1);
    });
}

ProblemsController::~ProblemsController() {
    shownGeneration_->store(-1);  // the checks still queued are skipped, not run at close
}

void ProblemsController::setArchive(ArchiveClient* archive) {
    if (archive_ == archive) return;
    archive_ = archive;
    emit archiveChanged();
}

QString ProblemsController::resultsPath() const {
    return results_ ? results_->path() : resultsPath_;
}

void ProblemsController::setResultsPath(const QString& path) {
    if (resultsPath_ == path && results_) return;
    resultsPath_ = path;
    results_.reset();
    emit resultsChanged();
}

TrainingResults& ProblemsController::results() const {
    if (!results_)
        results_ = std::make_unique<TrainingResults>(
            resultsPath_.isEmpty() ? TrainingResults::defaultPath() : resultsPath_);
    return *results_;
}

QString ProblemsController::key(const pr::Problem& p) const {
    return TrainingResults::problemKey(setName_, p.position, p.goal);
}

void ProblemsController::setMessage(const QString& text, bool error) {
    message_ = text;
    messageIsError_ = error;
    emit messageChanged();
}

void ProblemsController::refresh() {
    if (!archive_) return;
    loading_ = true;
    emit setsChanged();
    archive_->worker().post([self = QPointer<ProblemsController>(this)](ArchiveBackend* backend,
                                                                        const QString& openError) {
        QVariantList sets;
        QString error = openError;
        if (backend) {
            try {
                for (const storage::ProblemSetInfo& s : backend->problemSets())
                    sets.append(QVariantMap{{QStringLiteral("name"), qs(s.name)},
                                            {QStringLiteral("description"), qs(s.description)},
                                            {QStringLiteral("source"), qs(s.source)},
                                            {QStringLiteral("problems"), s.problems}});
            } catch (const std::exception& e) {
                error = QString::fromUtf8(e.what());
            }
        }
        if (!self) return;
        DbThread::reply(self, [self, sets, error] {
            if (!self) return;
            self->sets_ = sets;
            self->loading_ = false;
            if (!error.isEmpty()) self->setMessage(error, true);
            emit self->setsChanged();
        });
    });
}

void ProblemsController::openSet(const QString& name) {
    if (!archive_) return;
    loading_ = true;
    emit setsChanged();
    archive_->worker().post([self = QPointer<ProblemsController>(this), name](
                                ArchiveBackend* backend, const QString& openError) {
        pr::ProblemSet set;
        QString error = openError;
        if (backend) {
            try {
                set = backend->problemSet(name);
            } catch (const std::exception& e) {
                error = QString::fromUtf8(e.what());
            }
        }
        if (!self) return;
        DbThread::reply(self, [self, name, set = std::move(set), error]() mutable {
            if (!self) return;
            self->loading_ = false;
            if (!error.isEmpty()) {
                emit self->setsChanged();
                self->setMessage(error, true);
                return;
            }
            self->setName_ = name;  // before setsChanged: the panel's listeners see the set open
            self->problems_ = std::move(set.problems);
            self->index_ = -1;
            emit self->setsChanged();
            self->show(0);
            emit self->resultsChanged();
        });
    });
}

const pr::Problem* ProblemsController::current() const {
    if (index_ < 0 || index_ >= count()) return nullptr;
    return &problems_[static_cast<std::size_t>(index_)];
}

void ProblemsController::show(int index) {
    if (problems_.empty()) {
        index_ = 0;
        state_ = QStringLiteral("none");
    } else {
        index_ = std::clamp(index, 0, count() - 1);
        state_ = QStringLiteral("question");
    }
    ++generation_;
    check_.reset();
    answered_ = -1;
    pending_ = false;
    verdict_.clear();
    solution_.clear();
    solutionStep_ = 0;
    solutionTimer_.stop();
    shownFor_.start();
    emit problemChanged();
    emit boardChanged();
    emit resultsChanged();
    startValues();
}

void ProblemsController::tryAgain() {
    if (!current()) return;
    answered_ = -1;
    pending_ = false;
    verdict_.clear();
    solution_.clear();
    solutionStep_ = 0;
    solutionTimer_.stop();
    state_ = QStringLiteral("question");
    emit boardChanged();
}

void ProblemsController::startValues() {
    const pr::Problem* p = current();
    if (!p) return;
    if (std::optional<pr::CheckResult> stated = pr::statedCheck(*p)) {
        check_ = std::move(stated);
        return;
    }
    const int generation = generation_;
    shownGeneration_->store(generation);
    checkerThread_->post([self = QPointer<ProblemsController>(this), checker = checker_,
                          shown = shownGeneration_, problem = *p,
                          generation](ArchiveBackend*, const QString&) {
        // A problem left before its turn came is not computed (the player stepped past it).
        if (shown->load() != generation) return;
        if (!*checker) *checker = std::make_unique<pr::GoalChecker>(nullptr, 16);
        pr::CheckResult result = (*checker)->check(problem, trainingBudget(problem.goal));
        DbThread::reply(self, [self, generation, result = std::move(result)]() mutable {
            if (self) self->valuesArrived(generation, std::move(result));
        });
    });
}

void ProblemsController::valuesArrived(int generation, pr::CheckResult result) {
    if (generation != generation_) return;
    check_ = std::move(result);
    if (pending_) judge(answered_);
    emit boardChanged();
}

bool ProblemsController::answer(int square) {
    const pr::Problem* p = current();
    if (!p || state_ != QLatin1String("question")) return false;
    const bool legal = square == core::kPass ? !p->position.canMove()
                                             : square >= 0 && square < 64 && p->position.isLegal(square);
    if (!legal) return false;
    answered_ = square;
    if (!pr::judgedWithoutValues(*p) && !check_) {
        pending_ = true;
        state_ = QStringLiteral("checking");
        verdict_ = tr("Checking %1…").arg(qs(core::squareName(square)));
        emit boardChanged();
        return true;
    }
    judge(square);
    return true;
}

void ProblemsController::judge(int square) {
    const pr::Problem& p = *current();
    pending_ = false;
    const pr::Verdict v = pr::judgeAnswer(p, square, check_);
    state_ = v.right ? QStringLiteral("right") : QStringLiteral("wrong");
    verdict_ = qs(v.text);
    if (!results().record(key(p), v.right, shownFor_.elapsed() / 1000.0))
        setMessage(tr("Your result was not saved: %1").arg(results().error()), true);
    emit boardChanged();
    emit resultsChanged();
}

void ProblemsController::showSolution(int interval) {
    const pr::Problem* p = current();
    if (!p) return;
    if (answered_ < 0 && !pending_) {  // given up: an attempt that was not right
        if (!results().record(key(*p), false, shownFor_.elapsed() / 1000.0))
            setMessage(tr("Your result was not saved: %1").arg(results().error()), true);
        emit resultsChanged();
    }
    solution_ = p->line;
    if (solution_.empty()) {
        const std::vector<int>& goalMoves = check_ ? check_->goalMoves : std::vector<int>{};
        if (!p->answers.empty()) solution_ = {p->answers.front()};
        else if (!goalMoves.empty()) solution_ = {goalMoves.front()};
    }
    pending_ = false;
    state_ = QStringLiteral("solution");
    verdict_ = solution_.empty() ? tr("No solution is known for this problem.")
                                 : tr("Solution: %1").arg(qs(pr::movesText(solution_)));
    solutionStep_ = interval > 0 ? 0 : solutionLength();
    emit boardChanged();
    if (interval > 0 && !solution_.empty()) {
        solutionTimer_.start(interval);
        stepSolution(1);
    }
}

void ProblemsController::stepSolution(int delta) {
    if (state_ != QLatin1String("solution")) return;
    const int step = std::clamp(solutionStep_ + delta, 0, solutionLength());
    if (step == solutionStep_) return;
    solutionStep_ = step;
    emit boardChanged();
}

core::Position ProblemsController::shownPosition() const {
    const pr::Problem* p = current();
    if (!p) return core::Position(0, 0, core::Color::Black);
    core::Position pos = p->position;
    if (state_ != QLatin1String("solution")) return pos;
    for (int i = 0; i < solutionStep_; ++i) {
        const int move = solution_[static_cast<std::size_t>(i)];
        if (move != core::kPass && !pos.isLegal(move)) break;  // a stored line is validated
        pos = pr::after(pos, move);
    }
    return pos;
}

QVariantList ProblemsController::discs() const {
    const core::Position pos = shownPosition();
    QVariantList out;
    for (int sq = 0; sq < 64; ++sq)
        out.append(pos.discs(core::Color::Black) >> sq & 1   ? 1
                   : pos.discs(core::Color::White) >> sq & 1 ? 2
                                                              : 0);
    return out;
}

QVariantList ProblemsController::legal() const {
    QVariantList out;
    const pr::Problem* p = current();
    const core::Bitboard moves =
        p && state_ == QLatin1String("question") ? p->position.legalMoves() : 0;
    for (int sq = 0; sq < 64; ++sq) out.append(bool(moves >> sq & 1));
    return out;
}

QVariantList ProblemsController::values() const {
    QVariantList out;
    for (int sq = 0; sq < 64; ++sq) out.append(QString());
    const bool answeredShown = (state_ == QLatin1String("right") || state_ == QLatin1String("wrong") ||
                                (state_ == QLatin1String("solution") && solutionStep_ == 0));
    if (!check_ || !answeredShown) return out;
    for (const pr::MoveCheck& m : check_->moves)
        if (m.move >= 0 && m.move < 64) out[m.move] = qs(pr::valueLabel(m));
    return out;
}

QVariantList ProblemsController::goalSquares() const {
    QVariantList out;
    for (int sq = 0; sq < 64; ++sq) out.append(false);
    const pr::Problem* p = current();
    const bool after = state_ == QLatin1String("right") || state_ == QLatin1String("wrong");
    if (!p || !after) return out;
    if (p->goal == pr::Goal::Corner) {
        core::Bitboard moves = p->position.legalMoves();
        for (int sq = 0; sq < 64; ++sq)
            if (moves >> sq & 1 && pr::forcesCorner(p->position, sq)) out[sq] = true;
    } else if (check_) {
        for (int move : check_->goalMoves)
            if (move >= 0 && move < 64) out[move] = true;
    }
    return out;
}

QVariantList ProblemsController::marks() const {
    QVariantList out;
    for (int sq = 0; sq < 64; ++sq) out.append(QString());
    if (state_ != QLatin1String("solution")) return out;
    for (int i = 0; i < solutionStep_; ++i) {
        const int move = solution_[static_cast<std::size_t>(i)];
        if (move >= 0 && move < 64) out[move] = QString::number(i + 1);
    }
    return out;
}

QString ProblemsController::title() const {
    const pr::Problem* p = current();
    if (!p) return {};
    return p->title.empty() ? tr("Problem %1").arg(index_ + 1) : qs(p->title);
}

QString ProblemsController::goalText() const {
    const pr::Problem* p = current();
    if (!p) return {};
    const QString goal = qs(pr::goalDescription(p->goal));
    return p->question.empty() ? goal : qs(p->question);
}

QString ProblemsController::sideToMove() const {
    const pr::Problem* p = current();
    if (!p) return {};
    return p->position.toMove() == core::Color::Black ? tr("Black") : tr("White");
}

QString ProblemsController::details() const {
    const pr::Problem* p = current();
    if (!p) return {};
    QStringList parts;
    parts << tr("%1 empties").arg(p->difficulty.empties);
    if (p->difficulty.goalMoves >= 0)
        parts << tr("%1 of %2 moves reach the goal").arg(p->difficulty.goalMoves).arg(p->difficulty.legalMoves);
    if (!p->source.empty()) parts << tr("source: %1").arg(qs(p->source));
    for (const std::string& t : p->tags) parts << QLatin1Char('#') + qs(t);
    return parts.join(QStringLiteral(" · "));
}

QString ProblemsController::valuesNote() const {
    const pr::Problem* p = current();
    if (!p || p->goal == pr::Goal::Text) return {};
    if (!check_) return tr("Computing every move's value…");
    const QString time = check_->seconds > 0 ? tr(", %1 s").arg(check_->seconds, 0, 'f', 1) : QString();
    return tr("Values: %1%2").arg(qs(check_->method), time);
}

QString ProblemsController::resultText() const {
    const pr::Problem* p = current();
    if (!p) return {};
    const ProblemResult r = results().result(key(*p));
    if (r.attempts == 0) return tr("Not tried yet");
    QString text = r.attempts == 1 ? tr("1 attempt") : tr("%1 attempts").arg(r.attempts);
    if (r.solvedFirstTime) text += tr(", solved first time in %1").arg(secondsText(r.seconds));
    else if (r.solved) text += tr(", solved in %1").arg(secondsText(r.seconds));
    else text += tr(", not solved yet");
    return text;
}

QVariantMap ProblemsController::summary() const {
    QStringList keys;
    for (const pr::Problem& p : problems_) keys << key(p);
    const SetSummary s = results().summary(keys);
    return {{QStringLiteral("total"), s.total},
            {QStringLiteral("attempted"), s.attempted},
            {QStringLiteral("solved"), s.solved},
            {QStringLiteral("solvedFirstTime"), s.solvedFirstTime},
            {QStringLiteral("seconds"), s.seconds}};
}

QString ProblemsController::summaryText() const {
    if (problems_.empty()) return {};
    const QVariantMap s = summary();
    return tr("%1: %2 solved first time · %3 attempted · %4 problems · %5 solved in %6")
        .arg(setName_)
        .arg(s.value(QStringLiteral("solvedFirstTime")).toInt())
        .arg(s.value(QStringLiteral("attempted")).toInt())
        .arg(s.value(QStringLiteral("total")).toInt())
        .arg(s.value(QStringLiteral("solved")).toInt())
        .arg(secondsText(s.value(QStringLiteral("seconds")).toDouble()));
}

void ProblemsController::makeProblem(const QString& setName, const QString& board,
                                     const QString& goal, const QString& title,
                                     const QString& source) {
    const core::BoardParse parsed = core::parseBoard(board.toStdString());
    const std::optional<pr::Goal> g = pr::parseGoal(goal.toStdString());
    if (setName.trimmed().isEmpty()) return setMessage(tr("Name the set first."), true);
    if (parsed.error || !g) return setMessage(tr("Not a position or goal: %1 %2").arg(board, goal), true);
    pr::Problem p;
    p.set = setName.trimmed().toStdString();
    p.title = title.toStdString();
    p.position = parsed.position;
    p.goal = *g;
    p.source = source.toStdString();
    pr::fillDifficulty(p);
    if (const std::string why = pr::validate(p); !why.empty()) return setMessage(qs(why), true);
    if (!archive_) return;
    // The answer is every move reaching the goal, found as `problems from-game` finds it
    // (problems::takeAnswers), on the checker's thread: a problem no move solves is refused.
    setMessage(tr("Finding the moves that reach the goal…"), false);
    checkerThread_->post([self = QPointer<ProblemsController>(this), checker = checker_,
                          p](ArchiveBackend*, const QString&) mutable {
        if (!*checker) *checker = std::make_unique<pr::GoalChecker>(nullptr, 16);
        const std::string why = pr::takeAnswers(p, (*checker)->check(p, trainingBudget(p.goal)));
        DbThread::reply(self, [self, p, why] {
            if (!self) return;
            if (!why.empty()) return self->setMessage(tr("Not added: %1").arg(qs(why)), true);
            self->addProblem(p);
        });
    });
}

void ProblemsController::addProblem(const pr::Problem& p) {
    if (!archive_) return;
    pr::ProblemSet set;
    set.name = p.set;
    set.problems = {p};
    archive_->worker().post([self = QPointer<ProblemsController>(this), set](
                                ArchiveBackend* backend, const QString& openError) {
        QString text = openError;
        bool error = true;
        if (backend) {
            try {
                const storage::ProblemAddResult r = backend->addProblems(set);
                error = r.added.empty();
                text = error ? tr("Not added to %1: %2")
                                   .arg(qs(set.name), r.skipped.empty() ? QString() : qs(r.skipped.front().why))
                             : tr("Added to set %1 (problem %2)").arg(qs(set.name)).arg(r.added.front());
            } catch (const std::exception& e) {
                text = tr("Not added: %1").arg(QString::fromUtf8(e.what()));
            }
        }
        DbThread::reply(self, [self, text, error] {
            if (!self) return;
            self->setMessage(text, error);
            if (!error) self->refresh();
        });
    });
}

}  // namespace othello::viewer
