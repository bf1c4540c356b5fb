#pragma once
// The analysis shown beside the game: when enabled, the position on the board is analysed first
// (every legal move's value, written on its square by the BoardModel, best moves highlighted),
// then every other position of the line shown, in the background: first those with at most
// `maxEmpties` empty squares, solved exactly from the end backwards, then the others, estimated
// by the midgame search (the graph's value along the whole game, the move list's loss marks).
// Before the solver's reach the shown position is searched by the midgame search
// (analysis/MidgameSearch.h) over the learned evaluation, to `midgameDepth` or for
// `midgameSeconds`, every legal move valued; the other positions of the line are valued as a
// game review does (analysis/GameReviewer.h: the position's value and the move played, at the
// same depth).
//
// Contract
// - Square values are final disc differences from the side to move's point of view (as
//   WZebra and NBoard show them); the graph's values are from Black's point of view; a loss is
//   the value of the best move minus the value of the move played (>= 0).
// - Nothing runs on the UI thread: solves run on a SolverThread, answers come back queued.
//   Moving to another position cancels the solves no longer needed (the solver's cancel flag;
//   queued jobs are skipped) and puts the new position first. A solve that hits the time
//   budget is shown as a bound ("≥+4"), never as exact.
// - Estimates are marked as estimates everywhere: "~+4" on the squares and in the loss marks
//   ("~−4"), their own line and legend in the graph (lineEstimate), "estimate, depth N" in the
//   status. A value the search proved (it reached the end of the game) is shown as exact.
// - playBestLine() plays the principal variation of the shown position's analysis into the
//   game tree as a variation (one undoable edit; the stored game changes only on Save).
// - With an archive open, values already in its analysis cache come back without solving,
//   and values solved here are stored there (not when the archive is read-only); estimates are
//   kept there too (keyed on the search and weights versions) and reused by the reviews.
//
// - Rules (setRules; Othello's until told): a game whose rules Othello's analysis holds for
//   (analysis::othelloAnalysisApplies: every line flips, empties to the winner, whatever the
//   start) is analysed as above. Under other rules (classic Reversi, disc scoring, placements)
//   the generic solver (analysis/RulesSolver.h) solves the positions with at most
//   min(maxEmpties, analysis::kRulesSolverReach) empties, values in the rules' scoring, never
//   through the archive's cache; there is no midgame search (the evaluation is Othello's):
//   before that, and where a solve stops at the budget, the status says "estimates
//   unavailable for these rules". setGame follows the game's rules (GameController::rules,
//   rulesChanged); setRules is for a controller without a game (tests).
//
// Rooms: this class schedules (which positions next, the jobs on the SolverThread, cancels)
// and carries the properties QML reads; what is known of each position and its writing into
// the board, the move list and the graph is LineValues.h; the status words AnalysisStatus.h.
#include <QtQml/qqmlregistration.h>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QVariantList>
#include <atomic>
#include <deque>
#include <memory>
#include <optional>
#include <vector>

#include "analysis/GameReviewer.h"
#include "analysis/LineValues.h"
#include "analysis/MidgameSearch.h"
#include "analysis/RulesSolver.h"
#include "analysis/Solver.h"
#include "analysis/ValueRange.h"

namespace othello::viewer {

class GameController;
class SolverThread;

class AnalysisController : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("AnalysisController belongs to an ArchiveClient")
    Q_PROPERTY(bool enabled READ enabled WRITE setEnabled NOTIFY enabledChanged)
    Q_PROPERTY(int maxEmpties READ maxEmpties WRITE setMaxEmpties NOTIFY enabledChanged)
    Q_PROPERTY(double secondsPerPosition READ secondsPerPosition WRITE setSecondsPerPosition NOTIFY
                   enabledChanged)
    // What the shown position's analysis is doing or found, and the rest of the line.
    Q_PROPERTY(QString statusText READ statusText NOTIFY statusChanged)
    Q_PROPERTY(QString backgroundText READ backgroundText NOTIFY statusChanged)
    Q_PROPERTY(bool busy READ busy NOTIFY statusChanged)
    // The shown position's move values are on the board (exact or bounds), or there is
    // nothing to solve there (game over, too many empties, analysis off).
    Q_PROPERTY(bool currentDone READ currentDone NOTIFY statusChanged)
    // Jobs dropped because the position changed: skipped before they started, or solves
    // stopped half-way by the cancel flag (also counted in interruptedCount).
    Q_PROPERTY(int cancelledCount READ cancelledCount NOTIFY statusChanged)
    Q_PROPERTY(int interruptedCount READ interruptedCount NOTIFY statusChanged)
    // Solves run here (not answered from the cache).
    Q_PROPERTY(int solvedCount READ solvedCount NOTIFY statusChanged)
    // Midgame searches run here, and estimates the archive's cache answered.
    Q_PROPERTY(int searchedCount READ searchedCount NOTIFY statusChanged)
    Q_PROPERTY(int cachedEstimateCount READ cachedEstimateCount NOTIFY statusChanged)
    // Per ply of the line shown (plyCount + 1 entries), Black's point of view: lower == upper
    // is exact, [-64, 64] unknown. Empty when the analysis is off.
    Q_PROPERTY(QList<int> lineLower READ lineLower NOTIFY lineValuesChanged)
    Q_PROPERTY(QList<int> lineUpper READ lineUpper NOTIFY lineValuesChanged)
    // Per ply of the line shown, Black's point of view: the midgame search's estimate where
    // there is no exact value; noEstimate (127) where there is none (or the value is exact).
    Q_PROPERTY(QList<int> lineEstimate READ lineEstimate NOTIFY lineValuesChanged)
    Q_PROPERTY(int noEstimate READ noEstimate CONSTANT)
    // The midgame search of the positions before the solver's reach.
    Q_PROPERTY(int midgameDepth READ midgameDepth WRITE setMidgameDepth NOTIFY settingsChanged)
    Q_PROPERTY(
        double midgameSeconds READ midgameSeconds WRITE setMidgameSeconds NOTIFY settingsChanged)
    // Why there are no estimates ("" when the evaluation is loaded or not yet needed).
    Q_PROPERTY(QString evaluationError READ evaluationError NOTIFY statusChanged)
    // The shown position's move values (as moveValues()) and its best line (squares, passes
    // as 64), with a change signal for views.
    Q_PROPERTY(QVariantList currentMoveValues READ moveValues NOTIFY boardValuesChanged)
    Q_PROPERTY(QList<int> bestLine READ bestLine NOTIFY boardValuesChanged)
    // "exact", "bound" or "estimate": what the shown position's values are ("" none yet).
    Q_PROPERTY(QString currentKind READ currentKind NOTIFY boardValuesChanged)
    // The rules the analysis works under (setRules): their code, and whether estimates exist
    // for them (false: the generic solver's exact values only).
    Q_PROPERTY(QString rulesCode READ rulesCode NOTIFY rulesChanged)
    Q_PROPERTY(bool estimatesAvailable READ estimatesAvailable NOTIFY rulesChanged)
    // The most empties solved exactly under the current rules (maxEmpties, or less under rules
    // the generic solver answers).
    Q_PROPERTY(int exactEmpties READ exactEmpties NOTIFY rulesChanged)

  public:
    explicit AnalysisController(QObject* parent = nullptr);
    ~AnalysisController() override;

    void setGame(GameController* game);
    // The archive whose cache to use ("" none); called once the archive is open.
    void setArchivePath(const QString& path);
    // The shown game's rules (core::Rules; Othello's by default). A change drops every value
    // known and the work under way, and analyses again under the new rules.
    void setRules(const core::Rules& rules);
    const core::Rules& rules() const { return rules_; }
    QString rulesCode() const;
    bool estimatesAvailable() const;
    int exactEmpties() const;

    bool enabled() const { return enabled_; }
    void setEnabled(bool on);
    int maxEmpties() const { return maxEmpties_; }
    void setMaxEmpties(int empties);
    double secondsPerPosition() const { return seconds_; }
    void setSecondsPerPosition(double seconds);
    int midgameDepth() const { return midgameDepth_; }
    void setMidgameDepth(int depth);
    double midgameSeconds() const { return midgameSeconds_; }
    void setMidgameSeconds(double seconds);
    QString evaluationError() const { return evaluationError_; }
    static constexpr int kNoEstimate = LineValues::kNoEstimate;
    int noEstimate() const { return kNoEstimate; }

    QString statusText() const;
    QString backgroundText() const;
    bool busy() const { return !pending_.empty(); }
    bool currentDone() const;
    int cancelledCount() const { return cancelledCount_; }
    int interruptedCount() const { return interruptedCount_; }
    int solvedCount() const { return solvedCount_; }
    int searchedCount() const { return searchedCount_; }
    int cachedEstimateCount() const { return cachedEstimateCount_; }
    QList<int> lineLower() const { return curves_.lower; }
    QList<int> lineUpper() const { return curves_.upper; }
    QList<int> lineEstimate() const { return curves_.estimate; }
    QList<int> bestLine() const;
    QString currentKind() const;

    // The shown position's move values as on the board: [{square, name, lower, upper, text,
    // best, estimate, depth}], best first; empty while unknown or with the analysis off.
    // Estimates: lower == upper == the estimate, `estimate` true, text "~+4".
    Q_INVOKABLE QVariantList moveValues() const;
    Q_INVOKABLE void toggle() { setEnabled(!enabled_); }
    // Plays bestLine() from the shown position as a variation (moves the game already has are
    // followed), then shows its first move, so the line can be stepped through. One undoable
    // edit. False when there is no best line (analysis off, not analysed yet, game over).
    Q_INVOKABLE bool playBestLine();

  signals:
    void enabledChanged();
    void settingsChanged();
    void statusChanged();
    void lineValuesChanged();
    void boardValuesChanged();
    void rulesChanged();

  private:
    using Known = LineValues::Known;
    using Estimate = LineValues::Estimate;
    struct Task {
        core::Position position;
        bool allMoves = false;
        int ply = 0;
        bool estimate = false;         // the midgame search, not the solver
        int played = core::kNoSquare;  // estimate without allMoves: the move to value
        bool operator==(const Task&) const = default;
    };
    struct Job {
        int id = 0;
        Task task;
        std::shared_ptr<std::atomic<bool>> cancel;
    };
    struct Progress {
        int jobId = 0;
        analysis::SolveProgress progress;
        analysis::MidgameProgress midgame;
    };

    void scheduleRefresh();
    void refresh();
    std::vector<Task> neededTasks() const;
    void post(const Task& task);
    void cancelAll();
    void jobStarted(int id);
    void jobFinished(int id, const Task& task, const analysis::SolveResult& result, bool fromCache,
                     bool skipped);
    void estimateFinished(int id, const Task& task, std::optional<Estimate> estimate);
    void postEstimate(const Task& task);
    bool estimable(const core::Position& position) const;
    bool solvable(const core::Position& position) const;
    bool gameOver(const core::Position& position) const;
    void applyToModels();
    void clearModels();

    QPointer<GameController> game_;  // QML may destroy it first
    core::Rules rules_;
    bool enabled_ = false;
    bool refreshQueued_ = false;
    int maxEmpties_ = 24;
    double seconds_ = 20;
    int midgameDepth_ = analysis::kDefaultReviewDepth;
    double midgameSeconds_ = 5;
    QString evaluationError_;
    int nextJobId_ = 0;
    int runningJob_ = 0;  // the job the worker is on (0: none or unknown)
    Progress progress_;
    int cancelledCount_ = 0;
    int interruptedCount_ = 0;
    int solvedCount_ = 0;
    int searchedCount_ = 0;
    int cachedEstimateCount_ = 0;
    std::deque<Job> pending_;  // posted, not answered yet, in the worker's order
    LineValues values_;
    LineValues::Curves curves_;             // as last shown (empty: the analysis off)
    std::unique_ptr<SolverThread> worker_;  // last: it stops (and its replies die) first
};

}  // namespace othello::viewer
