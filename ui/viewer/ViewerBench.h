#pragma once
// `othello-viewer --bench`: scripted navigation and searches in the real window, timed from
// the action to the frame that shows it; prints medians and exits. Run it on a database
// holding all shared WTHOR games to check the targets (first game <= 1 s, a step
// within one frame, a search or tree update <= 100 ms) and the endgame analysis (values on the
// board after the switch; steps while the solver runs).
#include <QElapsedTimer>
#include <QObject>
#include <vector>

class QQuickWindow;

namespace othello::viewer {

class ArchiveClient;
class GameController;

class ViewerBench : public QObject {
    Q_OBJECT

  public:
    ViewerBench(QQuickWindow* window, QElapsedTimer sinceStart);
    void start();

  private:
    void run();
    void runAnalysis();
    void runPatterns();
    // Waits for `signal` of `sender`; false on timeout.
    template <class Sender, class Signal>
    bool waitFor(Sender* sender, Signal signal, int timeoutMs = 5000);
    bool waitFrame();
    void report(const char* what, std::vector<double> ms);

    QQuickWindow* window_;
    QElapsedTimer sinceStart_;
    ArchiveClient* archive_ = nullptr;
    GameController* game_ = nullptr;
    bool failed_ = false;
};

}  // namespace othello::viewer
