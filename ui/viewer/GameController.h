#pragma once
// The game on the board: its moves, the current ply, an optional analysis line branching off
// it, and the board editor. Owns the board and move-list models the views show. All of it is
// in memory and cheap: a step recomputes nothing but the board model's changed squares.
#include <QtQml/qqmlregistration.h>
#include <QObject>

#include "BoardModel.h"
#include "GameInfo.h"
#include "MoveListModel.h"
#include "core/Replay.h"

namespace othello::viewer {

class GameController : public QObject {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(othello::viewer::BoardModel* board READ board CONSTANT)
    Q_PROPERTY(othello::viewer::MoveListModel* moveList READ moveList CONSTANT)
    Q_PROPERTY(int ply READ ply WRITE jump NOTIFY positionChanged)
    Q_PROPERTY(int plyCount READ plyCount NOTIFY lineChanged)
    Q_PROPERTY(int sideToMove READ sideToMove NOTIFY positionChanged)  // 1 Black, 2 White
    Q_PROPERTY(int blackCount READ blackCount NOTIFY positionChanged)
    Q_PROPERTY(int whiteCount READ whiteCount NOTIFY positionChanged)
    Q_PROPERTY(int lastMove READ lastMove NOTIFY positionChanged)  // square, 64 pass, -1 none
    // The game's own move from the position shown (square, 64 pass); -1 at its end or off it
    // (in an analysis line, from the branch on).
    Q_PROPERTY(int gameNextMove READ gameNextMove NOTIFY positionChanged)
    // The move list's row holding the move that led here; -1 at the start.
    Q_PROPERTY(int currentMoveRow READ currentMoveRow NOTIFY positionChanged)
    Q_PROPERTY(QString statusText READ statusText NOTIFY positionChanged)
    Q_PROPERTY(bool gameOver READ gameOver NOTIFY positionChanged)
    Q_PROPERTY(QString positionString READ positionString NOTIFY positionChanged)
    Q_PROPERTY(QString movesText READ movesText NOTIFY positionChanged)
    Q_PROPERTY(QList<int> blackCounts READ blackCounts NOTIFY lineChanged)
    Q_PROPERTY(QList<int> whiteCounts READ whiteCounts NOTIFY lineChanged)
    Q_PROPERTY(bool inAnalysis READ inAnalysis NOTIFY lineChanged)
    Q_PROPERTY(int analysisFrom READ analysisFrom NOTIFY lineChanged)
    Q_PROPERTY(bool editing READ editing NOTIFY editingChanged)
    Q_PROPERTY(int editSide READ editSide WRITE setEditSide NOTIFY editingChanged)
    Q_PROPERTY(QString editError READ editError NOTIFY editingChanged)
    // Header of the game shown.
    Q_PROPERTY(qint64 gameId READ gameId NOTIFY headerChanged)
    Q_PROPERTY(QString blackName READ blackName NOTIFY headerChanged)
    Q_PROPERTY(QString whiteName READ whiteName NOTIFY headerChanged)
    Q_PROPERTY(QString event READ event NOTIFY headerChanged)
    Q_PROPERTY(QString round READ round NOTIFY headerChanged)
    Q_PROPERTY(int year READ year NOTIFY headerChanged)
    Q_PROPERTY(QString result READ result NOTIFY headerChanged)
    Q_PROPERTY(QString theoretical READ theoretical NOTIFY headerChanged)
    Q_PROPERTY(QString opening READ opening WRITE setOpening NOTIFY headerChanged)
    Q_PROPERTY(QString source READ source NOTIFY headerChanged)

  public:
    explicit GameController(QObject* parent = nullptr);

    BoardModel* board() { return &board_; }
    MoveListModel* moveList() { return &moveList_; }

    int ply() const { return ply_; }
    int plyCount() const { return static_cast<int>(line_.plies.size()); }
    int sideToMove() const;
    int blackCount() const { return current().count(core::Color::Black); }
    int whiteCount() const { return current().count(core::Color::White); }
    int lastMove() const;
    int gameNextMove() const;
    int currentMoveRow() const { return ply_ > 0 ? moveList_.rowOfPly(ply_) : -1; }
    QString statusText() const;
    bool gameOver() const { return current().isGameOver(); }
    QString positionString() const;
    QString movesText() const;
    QList<int> blackCounts() const { return blackCounts_; }
    QList<int> whiteCounts() const { return whiteCounts_; }
    bool inAnalysis() const { return analysisFrom_ >= 0; }
    int analysisFrom() const { return analysisFrom_; }
    bool editing() const { return editing_; }
    int editSide() const { return editPosition_.toMove() == core::Color::Black ? 1 : 2; }
    QString editError() const { return editError_; }

    qint64 gameId() const { return game_.id; }
    QString blackName() const { return game_.black; }
    QString whiteName() const { return game_.white; }
    QString event() const { return game_.event; }
    QString round() const { return game_.round; }
    int year() const { return game_.year; }
    QString result() const { return game_.result; }
    QString theoretical() const { return game_.theoretical; }
    QString opening() const { return game_.opening; }
    void setOpening(const QString& name);
    QString source() const { return game_.source; }

    const core::Position& current() const { return line_.positions[std::size_t(ply_)]; }
    const GameInfo& game() const { return game_; }
    // The line shown: its positions (plyCount + 1) and plies.
    const core::ReplayResult& line() const { return line_; }
    // The moves of the line shown, up to the current ply (passes explicit).
    std::vector<int> movesToCurrent() const;
    // Whether the line shown starts at the standard start (openings are named from there).
    bool fromStandardStart() const {
        return !line_.positions.empty() && line_.positions.front() == core::Position::start();
    }

    // Shows `game` at `ply` (clamped); leaves analysis and the editor.
    void setGame(const GameInfo& game, int ply = 0);

    Q_INVOKABLE void jump(int ply);
    Q_INVOKABLE void step(int delta);
    Q_INVOKABLE void first() { jump(0); }
    Q_INVOKABLE void last() { jump(plyCount()); }
    // Plays `square` from the current position. The next move of the line just steps; any
    // other legal move starts (or continues) an analysis line. False when illegal.
    Q_INVOKABLE bool playMove(int square);
    // Returns to the game's own moves at the ply where the analysis left them.
    Q_INVOKABLE void leaveAnalysis();
    // A new game from the standard start (no header).
    Q_INVOKABLE void newGame();
    // Replaces the game by the typed moves from the standard start; false (and nothing
    // changed) when they do not replay. The reason goes to `lastError`.
    Q_INVOKABLE bool setMovesText(const QString& text);
    Q_INVOKABLE QString lastError() const { return lastError_; }
    // Every move of the line shown ("f5 d6 ..."), for the clipboard.
    Q_INVOKABLE QString lineText() const;
    // Goes to what a pasted text describes: a move list (a prefix of the line shown: that ply
    // of it; else a new line from the start, at its end) or a board string ("... X": that
    // position of the line shown, else a new line from it). False with lastError() otherwise.
    Q_INVOKABLE bool pasteText(const QString& text);

    // Board editor: starts from the current position; a click cycles empty/black/white.
    Q_INVOKABLE void startEditing();
    Q_INVOKABLE void cycleSquare(int square);
    Q_INVOKABLE void clearEditBoard();
    Q_INVOKABLE void standardEditBoard();
    void setEditSide(int side);
    // Takes the edited board as the start of a new line (a set-up or handicap game); false
    // with `editError` set when the position is not usable.
    Q_INVOKABLE bool finishEditing();
    Q_INVOKABLE void cancelEditing();

  signals:
    void positionChanged();
    void lineChanged();
    void headerChanged();
    void editingChanged();

  private:
    void setLine(const core::Position& start, const std::vector<int>& moves);
    void refreshBoard(bool animateFlips);

    GameInfo game_;
    std::vector<int> mainMoves_;  // the game's own moves
    core::ReplayResult line_;     // the line shown: the game, or the game up to analysisFrom_
                                  // followed by analysis moves
    int ply_ = 0;
    int analysisFrom_ = -1;
    bool editing_ = false;
    core::Position editPosition_;
    QString editError_;
    QString lastError_;
    QList<int> blackCounts_;
    QList<int> whiteCounts_;
    BoardModel board_;
    MoveListModel moveList_;
};

}  // namespace othello::viewer
