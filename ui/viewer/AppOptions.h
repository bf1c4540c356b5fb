#pragma once
// The command-line choices the QML side reads (a singleton owned by main), and the signal the
// window sends once the first game is on screen (used by --screenshot and --bench).
#include <QtQml/qqmlregistration.h>
#include <QObject>
#include <QString>
#include <QStringList>

class QQmlEngine;
class QJSEngine;

namespace othello::viewer {

class AppOptions : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_SINGLETON
    Q_PROPERTY(QString databasePath MEMBER databasePath CONSTANT)
    Q_PROPERTY(qint64 gameId MEMBER gameId CONSTANT)
    Q_PROPERTY(qint64 eventId MEMBER eventId CONSTANT)
    Q_PROPERTY(bool eventWide MEMBER eventWide CONSTANT)
    Q_PROPERTY(QString player MEMBER player CONSTANT)
    Q_PROPERTY(QString pattern MEMBER pattern CONSTANT)
    Q_PROPERTY(int ply MEMBER ply CONSTANT)
    Q_PROPERTY(bool animations MEMBER animations CONSTANT)
    Q_PROPERTY(int tab MEMBER tab CONSTANT)
    Q_PROPERTY(bool analysis MEMBER analysis CONSTANT)
    Q_PROPERTY(int analysisEmpties MEMBER analysisEmpties CONSTANT)
    Q_PROPERTY(QStringList importPaths MEMBER importPaths CONSTANT)
    Q_PROPERTY(QStringList viewedFiles MEMBER viewedFiles CONSTANT)
    Q_PROPERTY(QString viewNote MEMBER viewNote CONSTANT)
    Q_PROPERTY(qint64 viewGames MEMBER viewGames CONSTANT)
    Q_PROPERTY(QString libraryPath MEMBER libraryPath CONSTANT)
    // Settings the window keeps between runs (QSettings of the application; Main.qml only, so
    // tests never touch the user's settings).
    Q_PROPERTY(bool numberedMoves READ numberedMoves WRITE setNumberedMoves NOTIFY settingsChanged)
    // "When a move differs from the game": GameController::BranchMode (0 ask, the default; 1
    // always make a variation; 2 overwrite).
    Q_PROPERTY(int branchMode READ branchMode WRITE setBranchMode NOTIFY settingsChanged)

  public:
    // The instance QML sees; created on first use, owned by C++.
    static AppOptions* instance();
    static AppOptions* create(QQmlEngine*, QJSEngine*);

    QString databasePath;    // empty: the default database
    qint64 gameId = 0;       // 0: the first game of the archive
    qint64 eventId = 0;      // 0: none; else shown in the Events tab
    bool eventWide = false;  // --wide: that event's table over the whole window
    QString player;          // --player: that player's page in the Players tab ("": none)
    QString pattern;         // --pattern: the Search tab's pattern editor open with it ("": none)
    int ply = -1;            // -1: the ply the game is opened at by default (0)
    bool animations = true;
    QStringList importPaths;  // files/folders to import once the archive is open
    // Files shown without importing them (FileView.h): databasePath is then their scratch
    // archive, libraryPath the user's archive ("" = the default) that "Import" stores them in.
    QStringList viewedFiles;
    QString viewNote;
    qint64 viewGames = 0;
    QString libraryPath;
    int tab = 0;               // the tab shown first: 0 moves, 1 tree, 2 search, 3 import, 4 events
    bool analysis = false;     // the endgame analysis on from the start
    int analysisEmpties = 24;  // it solves positions with at most this many empties

    bool numberedMoves() const;
    void setNumberedMoves(bool numbered);
    int branchMode() const;
    void setBranchMode(int mode);

    // Called by the window once the first game (or the reason there is none) is shown.
    Q_INVOKABLE void markLoaded();
    bool loaded() const { return loaded_; }

  signals:
    void firstGameShown();
    void settingsChanged();

  private:
    explicit AppOptions(QObject* parent = nullptr) : QObject(parent) {}
    bool loaded_ = false;
};

}  // namespace othello::viewer
