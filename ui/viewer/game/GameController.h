#pragma once
// The game on the board as a tree (GameTree.h): its main line with comments and nested
// variations, the place shown in it, the board editor, and the undo stack every edit goes
// through. Owns the board and move-list models the views show. All of it is in memory and
// cheap: a step recomputes nothing but the board model's changed squares.
//
// Lines and plies. `ply`, `plyCount`, line() and the counts are about the line shown: the
// main line, or inside a variation the moves leading to it and the variation's own. Stepping
// walks that line; stepping back to a variation's branch returns to the line it branches off
// (the variation stays in the tree and the move list). `inAnalysis`: the place shown is in a
// variation; `analysisFrom`: the ply where its outermost line leaves the main line.
//
// Playing a move. The line's next move steps; a variation there that starts with the move is
// entered; at the end of a line the move extends it (an edit). Any other move "differs from
// the game": `branchMode` says what then happens: a new variation there, an overwrite of the
// line from there, or (Ask, the default) nothing yet: `pendingMove` is set and the view asks,
// then calls resolveBranch. Nothing ever hides or drops moves without an undoable edit.
//
// Rules. The game is played under its core::Rules (GameInfo::rules; Othello's by default),
// chosen for a new game with newGameUnder(). During a Reversi game's placements the playable
// squares are the placement squares (core::placementSquares), and a click places a disc.
// Under the one-line rule a click on a square that outflanks several lines does not play yet:
// the candidate lines wait for a choice (`choosingLine`; the board numbers the discs each
// would flip), made with chooseLine(number) (a number key), chooseLineAt(square) (a click on
// one of its discs or its far end) or dropped with cancelLineChoice() (Escape; any step away
// drops it too). The move played is one ply holding the line token (core::lineMove), so undo
// and stepping treat it as any other move.
#include <QtQml/qqmlregistration.h>
#include <QObject>
#include <QStringList>
#include <QUndoStack>
#include <QVariantMap>

#include <functional>
#include <optional>

#include "core/Replay.h"
#include "game/BoardModel.h"
#include "game/GameInfo.h"
#include "game/GameTree.h"
#include "game/MoveListModel.h"
#include "storage/Archive.h"

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
    // The game's own move from the position shown (square, 64 pass): the main line's; -1 at
    // its end or in a variation.
    Q_PROPERTY(int gameNextMove READ gameNextMove NOTIFY positionChanged)
    // The next move of the line shown (square, 64 pass); -1 at its end.
    Q_PROPERTY(int nextMove READ nextMove NOTIFY positionChanged)
    // The move list's row holding the move that led here; -1 at the start.
    Q_PROPERTY(int currentMoveRow READ currentMoveRow NOTIFY positionChanged)
    Q_PROPERTY(QString statusText READ statusText NOTIFY positionChanged)
    Q_PROPERTY(bool gameOver READ gameOver NOTIFY positionChanged)
    Q_PROPERTY(QString positionString READ positionString NOTIFY positionChanged)
    Q_PROPERTY(QString movesText READ movesText NOTIFY positionChanged)
    Q_PROPERTY(QList<int> blackCounts READ blackCounts NOTIFY lineChanged)
    Q_PROPERTY(QList<int> whiteCounts READ whiteCounts NOTIFY lineChanged)
    // The place shown is in a variation (see "Lines and plies").
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
    // The main line or annotations differ from what was loaded or last saved.
    Q_PROPERTY(bool modified READ modified NOTIFY modifiedChanged)
    // What a move that differs from the line does: BranchAsk, BranchVariation, BranchOverwrite.
    Q_PROPERTY(int branchMode READ branchMode WRITE setBranchMode NOTIFY branchModeChanged)
    // The move waiting for the user's answer (branchMode Ask); -1 none.
    Q_PROPERTY(int pendingMove READ pendingMove NOTIFY pendingMoveChanged)
    // The place shown as the move list names it ("" path, ":" ply: ":12", "0.1:15").
    Q_PROPERTY(QString locationKey READ locationKey NOTIFY positionChanged)
    // Variations nested around the place shown (0 on the main line).
    Q_PROPERTY(int variationDepth READ variationDepth NOTIFY positionChanged)
    // The comment on the position shown ("" none), and whether it can have one.
    Q_PROPERTY(QString comment READ comment NOTIFY positionChanged)
    Q_PROPERTY(bool canComment READ canComment NOTIFY positionChanged)
    // The undo stack as the views show it.
    Q_PROPERTY(bool canUndo READ canUndo NOTIFY undoStateChanged)
    Q_PROPERTY(bool canRedo READ canRedo NOTIFY undoStateChanged)
    Q_PROPERTY(QString undoText READ undoText NOTIFY undoStateChanged)
    Q_PROPERTY(QString redoText READ redoText NOTIFY undoStateChanged)
    // The game's rules: their code (core::rulesCode) and, for the header, their words: ""
    // for Othello from the cross (nothing to say), else core::rulesDescription.
    Q_PROPERTY(QString rulesCode READ rulesCode NOTIFY rulesChanged)
    Q_PROPERTY(QString rulesText READ rulesText NOTIFY rulesChanged)
    // The position shown is in the placements (a click places a disc on the centre).
    Q_PROPERTY(bool placing READ placing NOTIFY positionChanged)
    // A one-line move waiting for its line (see "Rules"): the square clicked, the candidate
    // lines as moves ("c4>e6", numbered from 1 in this order) and what to do, in words.
    Q_PROPERTY(bool choosingLine READ choosingLine NOTIFY lineChoiceChanged)
    Q_PROPERTY(int choiceSquare READ choiceSquare NOTIFY lineChoiceChanged)
    Q_PROPERTY(QStringList choiceNames READ choiceNames NOTIFY lineChoiceChanged)
    Q_PROPERTY(QString choiceText READ choiceText NOTIFY lineChoiceChanged)
    // The branch question's moves as written ("c4>e6" for a line move): pendingMove and the
    // line's next move.
    Q_PROPERTY(QString pendingMoveText READ pendingMoveText NOTIFY pendingMoveChanged)
    Q_PROPERTY(QString nextMoveText READ nextMoveText NOTIFY positionChanged)

  public:
    enum BranchMode { BranchAsk = 0, BranchVariation = 1, BranchOverwrite = 2 };
    Q_ENUM(BranchMode)

    explicit GameController(QObject* parent = nullptr);
    ~GameController() override;

    BoardModel* board() { return &board_; }
    MoveListModel* moveList() { return &moveList_; }

    int ply() const { return ply_; }
    int plyCount() const { return static_cast<int>(line_.plies.size()); }
    int sideToMove() const;
    int blackCount() const { return current().count(core::Color::Black); }
    int whiteCount() const { return current().count(core::Color::White); }
    int lastMove() const;
    int gameNextMove() const;
    int nextMove() const {
        return !editing_ && std::size_t(ply_) < line_.plies.size()
                   ? line_.plies[std::size_t(ply_)].square
                   : core::kNoSquare;
    }
    int currentMoveRow() const { return ply_ > 0 ? moveList_.rowOfLocation(path_, ply_) : -1; }
    QString statusText() const;
    bool gameOver() const { return core::isGameOver(current(), rules()); }
    QString positionString() const;
    QString movesText() const;
    QList<int> blackCounts() const { return blackCounts_; }
    QList<int> whiteCounts() const { return whiteCounts_; }
    bool inAnalysis() const { return !path_.empty(); }
    int analysisFrom() const;
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

    // Every undoable edit of the viewer, one stack: edits of the game shown (moves,
    // variations, comments: pushed here) and changes to the archive (save, delete, restore:
    // pushed by the curation controller). Ctrl+Z / Ctrl+Shift+Z walk it.
    QUndoStack* undoStack() { return &undoStack_; }
    bool canUndo() const { return undoStack_.canUndo(); }
    bool canRedo() const { return undoStack_.canRedo(); }
    QString undoText() const { return undoStack_.undoText(); }
    QString redoText() const { return undoStack_.redoText(); }
    Q_INVOKABLE void undo() { undoStack_.undo(); }
    Q_INVOKABLE void redo() { undoStack_.redo(); }

    // What "Save" stores: the game's main line (from game().start, passes explicit) and its
    // comments and variations as edited in the viewer. `modified`: they differ from what was
    // loaded or last saved (markSaved() after a save succeeded).
    const std::vector<int>& mainLine() const { return tree_.mainLine(); }
    storage::GameAnnotations annotations() const { return {tree_.comments(), tree_.variations()}; }
    bool modified() const { return modified_; }
    void markSaved();
    const GameTree& tree() const { return tree_; }
    TreeLocation location() const { return {path_, ply_}; }

    int branchMode() const { return branchMode_; }
    void setBranchMode(int mode);
    int pendingMove() const { return pendingMove_; }  // a move token (Bitboard.h)
    QString pendingMoveText() const;
    QString nextMoveText() const;
    QString locationKey() const;
    int variationDepth() const { return int(path_.size()); }
    QString comment() const;
    bool canComment() const;

    const core::Position& current() const { return line_.positions[std::size_t(ply_)]; }
    // The header and the tree as GameInfo (moves, comments and variations as edited).
    const GameInfo& game() const { return game_; }
    // The line shown: its positions (plyCount + 1) and plies.
    const core::ReplayResult& line() const { return line_; }
    // The moves of the line shown, up to the current ply (passes explicit).
    std::vector<int> movesToCurrent() const;
    // Whether the line shown starts at the standard start and flips as Othello does (openings
    // are named from there, the archive's statistics are about such lines).
    bool fromStandardStart() const {
        return !line_.positions.empty() && line_.positions.front() == core::Position::start() &&
               rules().flipping == core::Flipping::AllLines;
    }

    // The rules of the game shown (for the analysis: rulesChanged when another game under
    // other rules is shown).
    const core::Rules& rules() const { return tree_.rules(); }
    QString rulesCode() const;
    QString rulesText() const;
    bool placing() const { return core::inPlacements(current(), rules()); }
    bool choosingLine() const { return !choices_.empty(); }
    int choiceSquare() const { return choosingLine() ? choiceSquare_ : core::kNoSquare; }
    QStringList choiceNames() const;
    QString choiceText() const;

    // Shows `game` (its tree: moves, comments, variations) at `ply` of its main line
    // (clamped); leaves the editor; not modified. Showing another game while this one has
    // unsaved edits pushes an undo command that brings it back as it was.
    void setGame(const GameInfo& game, int ply = 0);

    Q_INVOKABLE void jump(int ply);
    Q_INVOKABLE void step(int delta);
    Q_INVOKABLE void first() { jump(0); }
    Q_INVOKABLE void last() { jump(plyCount()); }
    // Plays `square` from the current position (see "Playing a move"). False when illegal
    // (or when a variation would nest deeper than the model keeps: lastError says so).
    // A square that outflanks several lines under the one-line rule starts a line choice
    // instead (see "Rules"); while one waits, a click on a disc of a candidate line (or its
    // far end) chooses it, and a click elsewhere drops it and counts as a click of its own.
    // A line move token (core::lineMove, as the analysis' best line gives) plays that line.
    Q_INVOKABLE bool playMove(int square);
    // The line choice: the candidate `number` (1-based, as the board numbers them), the one
    // holding `square` (a disc it flips or its far end), or none. False when there is no
    // choice or no such line (the choice then stays).
    Q_INVOKABLE bool chooseLine(int number);
    Q_INVOKABLE bool chooseLineAt(int square);
    Q_INVOKABLE void cancelLineChoice();
    // Answers the question about `pendingMove`: BranchVariation or BranchOverwrite play it
    // so, anything else drops it. False when there was no question or the move was refused.
    Q_INVOKABLE bool resolveBranch(int choice);
    // Returns to the main line at the ply where the variation shown leaves it.
    Q_INVOKABLE void leaveAnalysis();
    // Goes to a place the move list names (locationKey form); false when there is none.
    Q_INVOKABLE bool goTo(const QString& key);

    // Edits, each one command on the undo stack. False (and nothing pushed) when it does not
    // apply or changes nothing.
    // Sets the comment on the position shown (normalised: one paragraph); "" deletes it.
    Q_INVOKABLE bool setComment(const QString& text);
    Q_INVOKABLE bool deleteComment() { return setComment(QString()); }
    // In a variation: deletes it from the move shown on (all of it at its first move).
    Q_INVOKABLE bool deleteVariation();
    // In a variation: makes it the main line; the lines it replaces become variations.
    Q_INVOKABLE bool promoteVariation();
    // A new game from the standard start (no header).
    Q_INVOKABLE void newGame();
    // A new game under the rules of `code` (core::rulesCode form: "othello", "reversi",
    // "reversi-all-lines", "othello+handicap-a1h8-white+white-first"), from their start. False
    // with lastError() when the code is not valid or names no start (+position: set one up).
    Q_INVOKABLE bool newGameUnder(const QString& code);
    // The words for a rules code (rulesDescription), or what is wrong with it, for the
    // new-game dialog: {ok, text}.
    Q_INVOKABLE QVariantMap describeRules(const QString& code) const;
    // Replaces the game by the typed moves from the start of the game's rules (the standard
    // start for Othello and a set-up position), played under them; false (and nothing
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
    void modifiedChanged();
    void branchModeChanged();
    void pendingMoveChanged();
    void undoStateChanged();
    void rulesChanged();
    void lineChoiceChanged();

  public:
    // Everything an undo command restores: the tree and the place shown, and (to bring the
    // game back when another one is shown by then) its header, identity and saved state.
    struct Snapshot {
        GameTree tree;
        TreeLocation at;
        quint64 key = 0;
        GameInfo header;
        GameTree saved;
    };

  private:
    friend class TreeCommand;

    void setLine();
    void refreshBoard(bool animateFlips);
    void moveTo(const TreeLocation& at, bool animate);
    Snapshot snapshot() const;
    void apply(const Snapshot& s);
    // Runs `op` on a copy of the tree at the place shown; pushes the change as one command.
    bool edit(const QString& text,
              const std::function<std::optional<TreeLocation>(GameTree&, const TreeLocation&)>& op);
    bool playDiffering(int square, int mode);
    // Plays a move token (a move of ruleMoves at the place shown), see "Playing a move".
    bool playToken(int token);
    // The moves of the side to move on `square` (several: one per line under one-line rules).
    std::vector<core::RuleMove> movesOn(int square) const;
    bool isPlayable(int token) const;
    core::Bitboard playable() const;
    // The rules and start typed or pasted moves are played from (see setMovesText).
    core::Rules typingRules() const;
    // Drops what waits for the user: the branch question and the line choice.
    void clearPending();
    void clearLineChoice();
    void emitRulesChanged(const core::Rules& before);
    void updateModified();

    GameInfo game_;
    GameTree tree_;
    GameTree saved_;  // the tree as loaded or last saved
    std::vector<int> path_;
    quint64 key_ = 0;          // which game: setGame of another game gives a new one
    core::ReplayResult line_;  // the line shown
    int ply_ = 0;
    int branchMode_ = BranchAsk;
    int pendingMove_ = -1;
    int choiceSquare_ = core::kNoSquare;
    std::vector<core::RuleMove> choices_;  // the candidate lines; empty: no choice waits
    bool editing_ = false;
    core::Position editPosition_;
    QString editError_;
    QString lastError_;
    QList<int> blackCounts_;
    QList<int> whiteCounts_;
    BoardModel board_;
    MoveListModel moveList_;
    QUndoStack undoStack_;
    bool modified_ = false;
};

}  // namespace othello::viewer
