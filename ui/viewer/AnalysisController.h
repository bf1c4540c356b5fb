#pragma once
// The exact endgame analysis shown beside the game: when enabled, the position on the board is
// solved first (every legal move's value, written on its square by the BoardModel, best moves
// highlighted), then every other position of the line shown with at most `maxEmpties` empty
// squares, from the end backwards (the graph's exact value, the move list's loss marks).
//
// Contract
// - Square values are final disc differences from the side to move's point of view (as
//   WZebra and NBoard show them); the graph's values are from Black's point of view; a loss is
//   the value of the best move minus the value of the move played (>= 0).
// - Nothing runs on the UI thread: solves run on a SolverThread, answers come back queued.
//   Moving to another position cancels the solves no longer needed (the solver's cancel flag;
//   queued jobs are skipped) and puts the new position first. A solve that hits the time
//   budget is shown as a bound ("≥+4"), never as exact; nothing is ever guessed.
// - With an archive open, values already in its analysis cache come back without solving,
//   and values solved here are stored there (not when the archive is read-only).
#include <QtQml/qqmlregistration.h>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QVariantList>
#include <atomic>
#include <deque>
#include <memory>
#include <unordered_map>
#include <vector>

#include "ValueRange.h"
#include "analysis/Solver.h"
#include "core/Symmetry.h"

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
    // Per ply of the line shown (plyCount + 1 entries), Black's point of view: lower == upper
    // is exact, [-64, 64] unknown. Empty when the analysis is off.
    Q_PROPERTY(QList<int> lineLower READ lineLower NOTIFY lineValuesChanged)
    Q_PROPERTY(QList<int> lineUpper READ lineUpper NOTIFY lineValuesChanged)

  public:
    explicit AnalysisController(QObject* parent = nullptr);
    ~AnalysisController() override;

    void setGame(GameController* game);
    // The archive whose cache to use ("" none); called once the archive is open.
    void setArchivePath(const QString& path);

    bool enabled() const { return enabled_; }
    void setEnabled(bool on);
    int maxEmpties() const { return maxEmpties_; }
    void setMaxEmpties(int empties);
    double secondsPerPosition() const { return seconds_; }
    void setSecondsPerPosition(double seconds);

    QString statusText() const;
    QString backgroundText() const;
    bool busy() const { return !pending_.empty(); }
    bool currentDone() const;
    int cancelledCount() const { return cancelledCount_; }
    int interruptedCount() const { return interruptedCount_; }
    int solvedCount() const { return solvedCount_; }
    QList<int> lineLower() const { return lineLower_; }
    QList<int> lineUpper() const { return lineUpper_; }

    // The shown position's move values as on the board: [{square, name, lower, upper, text,
    // best}], best first; empty while unknown or with the analysis off.
    Q_INVOKABLE QVariantList moveValues() const;
    Q_INVOKABLE void toggle() { setEnabled(!enabled_); }

  signals:
    void enabledChanged();
    void settingsChanged();
    void statusChanged();
    void lineValuesChanged();

  private:
    struct Known {
        ValueRange value;         // the position's value, side to move's point of view
        bool final = false;       // solved (exactly, or as far as the budget went)
        bool movesFinal = false;  // `moves` holds every legal move's value
        bool fromCache = false;
        std::vector<analysis::MoveValue> moves;
    };
    struct Hash {
        std::size_t operator()(const core::Position& p) const { return core::positionHash(p); }
    };
    struct Task {
        core::Position position;
        bool allMoves = false;
        int ply = 0;
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
    };

    void scheduleRefresh();
    void refresh();
    std::vector<Task> neededTasks() const;
    void post(const Task& task);
    void cancelAll();
    void jobStarted(int id);
    void jobFinished(int id, const Task& task, const analysis::SolveResult& result, bool fromCache,
                     bool skipped);
    void learn(const Task& task, const analysis::SolveResult& result, bool fromCache);
    Known* find(const core::Position& position);
    const Known* find(const core::Position& position) const;
    void applyToModels();
    void applyBoard();
    void clearModels();
    ValueRange playedValue(std::size_t ply) const;

    QPointer<GameController> game_;  // QML may destroy it first
    bool enabled_ = false;
    bool refreshQueued_ = false;
    int maxEmpties_ = 24;
    double seconds_ = 20;
    int nextJobId_ = 0;
    int runningJob_ = 0;  // the job the worker is on (0: none or unknown)
    Progress progress_;
    int cancelledCount_ = 0;
    int interruptedCount_ = 0;
    int solvedCount_ = 0;
    std::deque<Job> pending_;  // posted, not answered yet, in the worker's order
    std::unordered_map<core::Position, Known, Hash> known_;
    QList<int> lineLower_;
    QList<int> lineUpper_;
    std::unique_ptr<SolverThread> worker_;  // last: it stops (and its replies die) first
};

}  // namespace othello::viewer
