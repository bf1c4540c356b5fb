#include "GameController.h"

#include <algorithm>

#include "core/Notation.h"

namespace othello::viewer {

using core::Color;
using core::Position;

GameController::GameController(QObject* parent) : QObject(parent) {
    setLine(Position::start(), {});
    refreshBoard(false);
}

int GameController::sideToMove() const {
    const Position& p = editing_ ? editPosition_ : current();
    return p.toMove() == Color::Black ? 1 : 2;
}

int GameController::lastMove() const {
    if (ply_ == 0) return core::kNoSquare;
    return line_.plies[std::size_t(ply_ - 1)].square;
}

int GameController::gameNextMove() const {
    if (editing_ || std::size_t(ply_) >= line_.plies.size()) return core::kNoSquare;
    if (analysisFrom_ >= 0 && ply_ >= analysisFrom_) return core::kNoSquare;
    return line_.plies[std::size_t(ply_)].square;
}

QString GameController::statusText() const {
    const Position& p = current();
    const QString side = p.toMove() == Color::Black ? tr("Black") : tr("White");
    if (p.isGameOver()) {
        const core::Score s = p.finalScore();
        const QString winner = s.black > s.white   ? tr("Black wins")
                               : s.white > s.black ? tr("White wins")
                                                   : tr("Draw");
        return tr("Game over: %1 %2–%3").arg(winner).arg(s.black).arg(s.white);
    }
    QString text;
    if (ply_ > 0 && line_.plies[std::size_t(ply_ - 1)].square == core::kPass)
        text = (p.toMove() == Color::Black ? tr("White passed. ") : tr("Black passed. "));
    if (p.mustPass()) return text + tr("%1 has no move and must pass").arg(side);
    return text + tr("%1 to move").arg(side);
}

QString GameController::positionString() const {
    return QString::fromStdString(core::boardStringWithSide(current()));
}

std::vector<int> GameController::movesToCurrent() const {
    std::vector<int> moves;
    moves.reserve(std::size_t(ply_));
    for (int i = 0; i < ply_; ++i) moves.push_back(line_.plies[std::size_t(i)].square);
    return moves;
}

QString GameController::movesText() const {
    return QString::fromStdString(core::movesString(movesToCurrent(), false, " "));
}

void GameController::setOpening(const QString& name) {
    if (name == game_.opening) return;
    game_.opening = name;
    emit headerChanged();
}

void GameController::setLine(const Position& start, const std::vector<int>& moves) {
    line_ = core::replay(start, moves);
    blackCounts_.clear();
    whiteCounts_.clear();
    blackCounts_.reserve(qsizetype(line_.positions.size()));
    whiteCounts_.reserve(qsizetype(line_.positions.size()));
    for (const Position& p : line_.positions) {
        blackCounts_.push_back(p.count(Color::Black));
        whiteCounts_.push_back(p.count(Color::White));
    }
    moveList_.setLine(line_.plies, analysisFrom_);
    emit lineChanged();
}

void GameController::refreshBoard(bool animateFlips) {
    if (editing_) {
        board_.setState(editPosition_, false, core::kNoSquare, 0);
        return;
    }
    int last = core::kNoSquare;
    core::Bitboard flipped = 0;
    if (ply_ > 0) {
        const core::Ply& p = line_.plies[std::size_t(ply_ - 1)];
        if (p.square != core::kPass) last = p.square;
        if (animateFlips) flipped = p.flips;
    }
    board_.setState(current(), true, last, flipped);
}

void GameController::setGame(const GameInfo& game, int ply) {
    const bool wasEditing = editing_;
    editing_ = false;
    game_ = game;
    mainMoves_ = game.moves;
    analysisFrom_ = -1;
    setLine(game.start, mainMoves_);
    // A record that does not replay keeps its legal prefix; keep the stored moves in step.
    mainMoves_ = line_.moves();
    ply_ = std::clamp(ply, 0, plyCount());
    refreshBoard(false);
    emit headerChanged();
    emit positionChanged();
    if (wasEditing) emit editingChanged();
}

void GameController::jump(int ply) {
    if (editing_) return;
    ply = std::clamp(ply, 0, plyCount());
    if (analysisFrom_ >= 0 && ply <= analysisFrom_) {
        // Stepping back to where the analysis branched off returns to the game's own moves.
        analysisFrom_ = -1;
        setLine(game_.start, mainMoves_);
        ply = std::clamp(ply, 0, plyCount());
    }
    if (ply == ply_) return;
    const bool forwardOne = ply == ply_ + 1;
    ply_ = ply;
    refreshBoard(forwardOne);
    emit positionChanged();
}

void GameController::step(int delta) {
    jump(ply_ + delta);
}

bool GameController::playMove(int square) {
    if (editing_ || square < 0 || square >= 64 || !current().isLegal(square)) return false;
    if (ply_ < plyCount() && line_.plies[std::size_t(ply_)].square == square) {
        step(1);
        return true;
    }
    std::vector<int> moves = movesToCurrent();
    moves.push_back(square);
    if (game_.id != 0 && analysisFrom_ < 0) analysisFrom_ = ply_;
    if (analysisFrom_ < 0) mainMoves_ = moves;  // free play: the line is the game
    setLine(game_.start, moves);
    ply_ += 1;
    refreshBoard(true);
    emit positionChanged();
    return true;
}

void GameController::leaveAnalysis() {
    if (analysisFrom_ < 0) return;
    const int back = analysisFrom_;
    analysisFrom_ = -1;
    setLine(game_.start, mainMoves_);
    ply_ = std::clamp(back, 0, plyCount());
    refreshBoard(false);
    emit positionChanged();
}

void GameController::newGame() {
    GameInfo game;
    game.event = tr("New game");
    setGame(game, 0);
}

bool GameController::setMovesText(const QString& text) {
    const core::MovesParse parsed = core::parseMoves(text.toStdString());
    if (parsed.error) {
        lastError_ = tr("Column %1: %2")
                         .arg(parsed.error->column + 1)
                         .arg(QString::fromStdString(parsed.error->message));
        return false;
    }
    const core::ReplayResult r = core::replay(Position::start(), parsed.moves);
    if (r.error) {
        lastError_ = QString::fromStdString(r.error->describe());
        return false;
    }
    lastError_.clear();
    GameInfo game;
    game.event = tr("Typed moves");
    game.moves = parsed.moves;
    setGame(game, int(r.plies.size()));
    return true;
}

QString GameController::lineText() const {
    std::vector<int> moves;
    moves.reserve(line_.plies.size());
    for (const core::Ply& p : line_.plies) moves.push_back(p.square);
    return QString::fromStdString(core::movesString(moves, false, " "));
}

bool GameController::pasteText(const QString& text) {
    const QString trimmed = text.trimmed();
    if (trimmed.isEmpty()) {
        lastError_ = tr("The clipboard holds no text.");
        return false;
    }
    const core::MovesParse moves = core::parseMoves(trimmed.toStdString());
    if (!moves.error) {
        const core::ReplayResult r = core::replay(Position::start(), moves.moves);
        if (!r.error) {
            // Already on the board: step there, keeping the game (and its header).
            if (fromStandardStart() && r.plies.size() <= line_.plies.size()) {
                bool prefix = true;
                for (std::size_t i = 0; i < r.plies.size() && prefix; ++i)
                    prefix = r.plies[i].square == line_.plies[i].square;
                if (prefix) {
                    lastError_.clear();
                    jump(int(r.plies.size()));
                    return true;
                }
            }
            return setMovesText(trimmed);
        }
    }
    const core::BoardParse board = core::parseBoard(trimmed.toStdString());
    if (!board.error) {
        lastError_.clear();
        for (std::size_t i = 0; i < line_.positions.size(); ++i)
            if (line_.positions[i] == board.position) {
                jump(int(i));
                return true;
            }
        GameInfo game;
        game.event = tr("Pasted position");
        game.start = board.position;
        setGame(game, 0);
        return true;
    }
    lastError_ = moves.error
                     ? tr("Neither moves (column %1: %2) nor a board (%3)")
                           .arg(moves.error->column + 1)
                           .arg(QString::fromStdString(moves.error->message),
                                QString::fromStdString(board.error->message))
                     : tr("Moves that cannot be played: %1")
                           .arg(QString::fromStdString(
                               core::replay(Position::start(), moves.moves).error->describe()));
    return false;
}

void GameController::startEditing() {
    if (editing_) return;
    editing_ = true;
    editPosition_ = current();
    editError_.clear();
    refreshBoard(false);
    emit editingChanged();
    emit positionChanged();
}

void GameController::cycleSquare(int square) {
    if (!editing_ || square < 0 || square >= 64) return;
    core::Bitboard black = editPosition_.black(), white = editPosition_.white();
    const core::Bitboard b = core::bit(square);
    if (black & b) {
        black &= ~b;
        white |= b;
    } else if (white & b) {
        white &= ~b;
    } else {
        black |= b;
    }
    editPosition_ = Position(black, white, editPosition_.toMove());
    editError_.clear();
    refreshBoard(false);
    emit editingChanged();
}

void GameController::clearEditBoard() {
    if (!editing_) return;
    editPosition_ = Position(0, 0, editPosition_.toMove());
    refreshBoard(false);
    emit editingChanged();
}

void GameController::standardEditBoard() {
    if (!editing_) return;
    editPosition_ = Position::start();
    refreshBoard(false);
    emit editingChanged();
}

void GameController::setEditSide(int side) {
    const Color c = side == 2 ? Color::White : Color::Black;
    if (!editing_ || c == editPosition_.toMove()) return;
    editPosition_ = Position(editPosition_.black(), editPosition_.white(), c);
    emit editingChanged();
    emit positionChanged();
}

bool GameController::finishEditing() {
    if (!editing_) return false;
    if ((editPosition_.black() | editPosition_.white()) == 0) {
        editError_ = tr("The board is empty: place some discs first.");
        emit editingChanged();
        return false;
    }
    GameInfo game;
    game.event = tr("Set-up position");
    game.start = editPosition_;
    setGame(game, 0);  // leaves the editor
    return true;
}

void GameController::cancelEditing() {
    if (!editing_) return;
    editing_ = false;
    refreshBoard(false);
    emit editingChanged();
    emit positionChanged();
}

}  // namespace othello::viewer
