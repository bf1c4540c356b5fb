#pragma once
// The Problems tab (training, issue 29): the archive's problem sets, one problem on the board,
// the player's answer judged by the problem's goal, the value of every move shown once answered,
// the solution line played, and the player's results (TrainingResults.h, in the user's own data
// folder, never in the archive).
//
// Judging. "force a corner" is decided at once (problems::forcesCorner). best / win / draw need
// every move's value: the source's stated values when they cover every legal move, else the
// goal checker (problems/GoalChecker.h: exact within the budget below, else the midgame search's
// estimate, and the verdict says so) run on a thread of its own as soon as the problem is shown;
// an answer given before the values are in waits for them ("checking"). For "best" every move
// of the best value is right (ties accepted). A "text" goal is never checked: the answer is
// compared with the stated answers and the verdict says the engine did not check it.
//
// Results. Each answer is an attempt; the first answer ever given to a problem decides "solved
// first time"; the time is from the problem shown to the first right answer. Showing the
// solution before any answer counts as an attempt that was not right (the player gave up).
//
// Making problems. makeProblem finds the moves reaching the goal on the checker's thread (the
// training budget below; problems::takeAnswers, as `problems from-game`) and refuses a position
// where none does; it then adds the position (the game shown at its ply) with those answers to a
// set through the archive's worker (ArchiveBackend::addProblems: journalled, revertible); a
// read-only archive refuses, and the message says why.
#include <QElapsedTimer>
#include <QObject>
#include <QTimer>
#include <QVariantList>
#include <QtQml/qqmlregistration.h>
#include <atomic>
#include <memory>
#include <optional>

#include "archive/ArchiveClient.h"
#include "archive/DbThread.h"
#include "problems/GoalChecker.h"
#include "problems/Problem.h"
#include "training/TrainingResults.h"

namespace othello::viewer {

class ProblemsController : public QObject {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(othello::viewer::ArchiveClient* archive READ archive WRITE setArchive NOTIFY
                   archiveChanged)
    // Where the results are kept ("" until set: TrainingResults::defaultPath() on first use).
    Q_PROPERTY(QString resultsPath READ resultsPath WRITE setResultsPath NOTIFY resultsChanged)
    // The archive's sets: [{name, description, source, problems}].
    Q_PROPERTY(QVariantList sets READ sets NOTIFY setsChanged)
    Q_PROPERTY(bool loading READ loading NOTIFY setsChanged)
    Q_PROPERTY(QString setName READ setName NOTIFY problemChanged)
    Q_PROPERTY(int index READ index NOTIFY problemChanged)
    Q_PROPERTY(int count READ count NOTIFY problemChanged)
    Q_PROPERTY(QString title READ title NOTIFY problemChanged)
    Q_PROPERTY(QString goalText READ goalText NOTIFY problemChanged)
    Q_PROPERTY(QString sideToMove READ sideToMove NOTIFY problemChanged)  // "Black" / "White"
    Q_PROPERTY(QString details READ details NOTIFY problemChanged)  // source, empties, tags
    // The board shown: discs (64 ints: 0 empty, 1 black, 2 white), the squares a click
    // answers (64 bools), the values once answered (64 strings: "+4", "~-2" for an estimate),
    // the moves reaching the goal once answered (64 bools), the solution's move numbers
    // (64 strings) and the square answered (-1: none).
    Q_PROPERTY(QVariantList discs READ discs NOTIFY boardChanged)
    Q_PROPERTY(QVariantList legal READ legal NOTIFY boardChanged)
    Q_PROPERTY(QVariantList values READ values NOTIFY boardChanged)
    Q_PROPERTY(QVariantList goalSquares READ goalSquares NOTIFY boardChanged)
    Q_PROPERTY(QVariantList marks READ marks NOTIFY boardChanged)
    Q_PROPERTY(int answered READ answered NOTIFY boardChanged)
    // "none" (no problem), "question", "checking" (answered, values coming), "right", "wrong",
    // "solution".
    Q_PROPERTY(QString state READ state NOTIFY boardChanged)
    Q_PROPERTY(QString verdict READ verdict NOTIFY boardChanged)
    Q_PROPERTY(QString valuesNote READ valuesNote NOTIFY boardChanged)
    Q_PROPERTY(bool valuesReady READ valuesReady NOTIFY boardChanged)
    Q_PROPERTY(int solutionStep READ solutionStep NOTIFY boardChanged)
    Q_PROPERTY(int solutionLength READ solutionLength NOTIFY boardChanged)
    // The player's results: this problem's, the set's ({total, attempted, solved,
    // solvedFirstTime, seconds}) and the set's in words.
    Q_PROPERTY(QString resultText READ resultText NOTIFY resultsChanged)
    Q_PROPERTY(QVariantMap summary READ summary NOTIFY resultsChanged)
    Q_PROPERTY(QString summaryText READ summaryText NOTIFY resultsChanged)
    // What happened to the last request (a problem made, an error), for the status line.
    Q_PROPERTY(QString message READ message NOTIFY messageChanged)
    Q_PROPERTY(bool messageIsError READ messageIsError NOTIFY messageChanged)

  public:
    explicit ProblemsController(QObject* parent = nullptr);
    ~ProblemsController() override;

    ArchiveClient* archive() const { return archive_; }
    void setArchive(ArchiveClient* archive);
    QString resultsPath() const;
    void setResultsPath(const QString& path);
    QVariantList sets() const { return sets_; }
    bool loading() const { return loading_; }
    QString setName() const { return setName_; }
    int index() const { return index_; }
    int count() const { return static_cast<int>(problems_.size()); }
    QString title() const;
    QString goalText() const;
    QString sideToMove() const;
    QString details() const;
    QVariantList discs() const;
    QVariantList legal() const;
    QVariantList values() const;
    QVariantList goalSquares() const;
    QVariantList marks() const;
    int answered() const { return answered_; }
    QString state() const { return state_; }
    QString verdict() const { return verdict_; }
    QString valuesNote() const;
    bool valuesReady() const { return check_.has_value(); }
    int solutionStep() const { return solutionStep_; }
    int solutionLength() const { return static_cast<int>(solution_.size()); }
    QString resultText() const;
    QVariantMap summary() const;
    QString summaryText() const;
    QString message() const { return message_; }
    bool messageIsError() const { return messageIsError_; }

    // Reads the archive's sets again.
    Q_INVOKABLE void refresh();
    // Opens set `name` at its first problem.
    Q_INVOKABLE void openSet(const QString& name);
    Q_INVOKABLE void show(int index);
    Q_INVOKABLE void next() { show(index_ + 1); }
    Q_INVOKABLE void previous() { show(index_ - 1); }
    // The player's answer (a square, or 64 for a pass). False when it is no legal move or the
    // problem was already answered (tryAgain first).
    Q_INVOKABLE bool answer(int square);
    // The same problem again, unanswered (the attempt already counted stays).
    Q_INVOKABLE void tryAgain();
    // Plays the solution line from the problem's position, a move every `interval` ms (0: at
    // once to its end).
    Q_INVOKABLE void showSolution(int interval = 500);
    Q_INVOKABLE void stepSolution(int delta);
    // Adds the position `board` (a board string with the side to move) to set `setName` with
    // goal `goal` (best, win, draw, corner), named `title`, from `source`. The answer is
    // reported through `message`.
    Q_INVOKABLE void makeProblem(const QString& setName, const QString& board, const QString& goal,
                                 const QString& title, const QString& source);

  signals:
    void archiveChanged();
    void setsChanged();
    void problemChanged();
    void boardChanged();
    void resultsChanged();
    void messageChanged();

  private:
    const problems::Problem* current() const;
    void setMessage(const QString& text, bool error);
    void addProblem(const problems::Problem& p);  // makeProblem's second step, answers found
    void startValues();
    void valuesArrived(int generation, problems::CheckResult result);
    void judge(int square);
    TrainingResults& results() const;
    QString key(const problems::Problem& p) const;
    core::Position shownPosition() const;

    ArchiveClient* archive_ = nullptr;
    QString resultsPath_;
    mutable std::unique_ptr<TrainingResults> results_;  // read on first need
    QVariantList sets_;
    bool loading_ = false;
    QString setName_;
    std::vector<problems::Problem> problems_;
    int index_ = 0;
    int generation_ = 0;  // drops values of a problem no longer shown
    std::optional<problems::CheckResult> check_;
    int answered_ = -1;
    bool pending_ = false;  // an answer waits for the values
    QString state_ = QStringLiteral("none");
    QString verdict_;
    std::vector<int> solution_;
    int solutionStep_ = 0;
    QTimer solutionTimer_;
    QElapsedTimer shownFor_;
    QString message_;
    bool messageIsError_ = false;
    // Made on checkerThread_ at the first problem needing values, used there only.
    std::shared_ptr<std::unique_ptr<problems::GoalChecker>> checker_;
    // The generation shown, read by the checker thread to skip problems left meanwhile.
    std::shared_ptr<std::atomic<int>> shownGeneration_ = std::make_shared<std::atomic<int>>(0);
    std::unique_ptr<DbThread> checkerThread_;         // last: stops first
};

}  // namespace othello::viewer
