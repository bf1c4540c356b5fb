#include "game/GameController.h"

#include <algorithm>

#include "core/Notation.h"
#include "game/TreeCommand.h"
#include "importers/ReadLimits.h"

namespace othello::viewer {

using core::Color;
using core::Position;

namespace {

quint64 nextGameKey() {
    static quint64 key = 0;
    return ++key;
}

}  // namespace

GameController::GameController(QObject* parent) : QObject(parent), key_(nextGameKey()) {
    setLine();
    refreshBoard(false);
    for (const auto signal : {&QUndoStack::canUndoChanged, &QUndoStack::canRedoChanged})
        connect(&undoStack_, signal, this, &GameController::undoStateChanged);
    for (const auto signal : {&QUndoStack::undoTextChanged, &QUndoStack::redoTextChanged})
        connect(&undoStack_, signal, this, &GameController::undoStateChanged);
}

GameController::~GameController() {
    // The stack's commands die with it; nothing here should hear about that.
    undoStack_.disconnect(this);
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
    // The game's own move: off the main line there is none.
    if (editing_ || !path_.empty() || std::size_t(ply_) >= line_.plies.size())
        return core::kNoSquare;
    return line_.plies[std::size_t(ply_)].square;
}

QString GameController::statusText() const {
    const Position& p = current();
    const QString side = p.toMove() == Color::Black ? tr("Black") : tr("White");
    if (gameOver()) {
        const core::Score s = core::finalScore(p, rules().scoring);
        const QString winner = s.black > s.white   ? tr("Black wins")
                               : s.white > s.black ? tr("White wins")
                                                   : tr("Draw");
        return tr("Game over: %1 %2–%3").arg(winner).arg(s.black).arg(s.white);
    }
    if (placing()) return tr("%1 places a disc on the centre").arg(side);
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

void GameController::setOpening(const QString& name) {
    if (name == game_.opening) return;
    game_.opening = name;
    emit headerChanged();
}

void GameController::setLine() {
    line_ = tree_.replay(tree_.lineMoves(path_));
    blackCounts_.clear();
    whiteCounts_.clear();
    blackCounts_.reserve(qsizetype(line_.positions.size()));
    whiteCounts_.reserve(qsizetype(line_.positions.size()));
    for (const Position& p : line_.positions) {
        blackCounts_.push_back(p.count(Color::Black));
        whiteCounts_.push_back(p.count(Color::White));
    }
    moveList_.setTree(tree_, path_);
    emit lineChanged();
}

void GameController::refreshBoard(bool animateFlips) {
    if (editing_) {
        board_.setState(editPosition_, false, 0, core::kNoSquare, 0);
        return;
    }
    int last = core::kNoSquare;
    core::Bitboard flipped = 0;
    if (ply_ > 0) {
        const core::Ply& p = line_.plies[std::size_t(ply_ - 1)];
        if (p.square != core::kPass) last = p.square;
        if (animateFlips) flipped = p.flips;
    }
    board_.setState(current(), true, playable(), last, flipped);
}

void GameController::setGame(const GameInfo& game, int ply) {
    const bool wasEditing = editing_;
    // Another game replacing one with unsaved edits: one undo brings those edits back.
    const bool sameGame = game.id != 0 && game.id == game_.id;
    std::optional<Snapshot> left;
    if (modified_ && !sameGame) left = snapshot();
    editing_ = false;
    clearPending();
    const core::Rules before = rules();
    game_ = game;
    // Rules that disagree with the start (a record from before rules were stored, a set-up
    // board): the start kept, the rules' flipping and scoring fitted to it.
    const std::optional<Position> ruleStart = core::rulesStart(game_.rules);
    if (ruleStart && *ruleStart != game_.start)
        game_.rules = core::fitStart(game_.rules, game_.start, false);
    tree_ = GameTree(game_.start, game_.moves, game_.comments, game_.variations, game_.rules);
    // A record that does not replay keeps its legal prefix; keep the stored moves in step.
    game_.moves = tree_.mainLine();
    saved_ = tree_;
    if (!sameGame) key_ = nextGameKey();
    path_.clear();
    setLine();
    ply_ = std::clamp(ply, 0, plyCount());
    refreshBoard(false);
    emit headerChanged();
    emitRulesChanged(before);
    emit positionChanged();
    if (wasEditing) emit editingChanged();
    updateModified();
    if (left)
        undoStack_.push(new TreeCommand(this, tr("Leave the edited game"), *left, snapshot(),
                                        /*applied=*/true));
}

void GameController::markSaved() {
    saved_ = tree_;
    updateModified();
}

void GameController::updateModified() {
    const bool modified = !(tree_ == saved_);
    if (modified == modified_) return;
    modified_ = modified;
    emit modifiedChanged();
}

int GameController::analysisFrom() const {
    return path_.empty() ? -1 : tree_.variations()[std::size_t(path_.front())].ply;
}

QString GameController::locationKey() const {
    return MoveListModel::keyOf(path_, ply_);
}

QString GameController::comment() const {
    return QString::fromStdString(tree_.comment(location()));
}

bool GameController::canComment() const {
    if (editing_) return false;
    const importers::Variation* n = tree_.node(path_);
    return n && ply_ - tree_.offset(path_) <= int(n->moves.size());
}

void GameController::setBranchMode(int mode) {
    mode = std::clamp(mode, int(BranchAsk), int(BranchOverwrite));
    if (mode == branchMode_) return;
    branchMode_ = mode;
    emit branchModeChanged();
}

void GameController::clearPending() {
    clearLineChoice();
    if (pendingMove_ < 0) return;
    pendingMove_ = -1;
    emit pendingMoveChanged();
}

void GameController::moveTo(const TreeLocation& target, bool animate) {
    const TreeLocation at = tree_.normalize(target);
    const bool newLine = at.path != path_;
    if (!newLine && at.ply == ply_) return;
    const bool forwardOne = animate && at.ply == ply_ + 1;
    path_ = at.path;
    ply_ = at.ply;
    if (newLine) setLine();
    refreshBoard(forwardOne);
    emit positionChanged();
}

void GameController::jump(int ply) {
    if (editing_) return;
    clearPending();
    moveTo({path_, ply}, true);
}

void GameController::step(int delta) {
    jump(ply_ + delta);
}

bool GameController::goTo(const QString& key) {
    if (editing_) return false;
    const std::optional<TreeLocation> at = MoveListModel::parseKey(key);
    if (!at || !tree_.node(at->path)) return false;
    clearPending();
    moveTo(*at, true);
    return true;
}

bool GameController::playMove(int square) {
    if (editing_) return false;
    // A line move (the analysis' best line under the one-line rule) names its line: no choice.
    if (core::isLineMove(square)) {
        if (choosingLine()) clearLineChoice();
        return playToken(square);
    }
    if (square < 0 || square >= 64) return false;
    if (choosingLine()) {
        if (chooseLineAt(square)) return true;
        clearLineChoice();  // a click elsewhere: the choice is dropped, the click stands
    }
    const std::vector<core::RuleMove> moves = movesOn(square);
    if (moves.empty()) return false;
    clearPending();
    if (moves.size() == 1) return playToken(moves.front().move);
    // Several lines (the one-line rule): the player picks one first.
    choiceSquare_ = square;
    choices_ = moves;
    std::vector<core::LineFlip> lines;
    for (const core::RuleMove& m : moves) lines.push_back({core::lineEnd(m.move), m.flips});
    board_.setChoice(square, lines);
    emit lineChoiceChanged();
    return true;
}

bool GameController::playToken(int square) {
    if (!isPlayable(square)) return false;
    clearPending();
    const TreeLocation at = location();
    const QString name = QString::fromStdString(core::moveName(square));
    switch (tree_.effect(at, square)) {
        case MoveEffect::Step:
        case MoveEffect::EnterVariation:
            moveTo(tree_.follow(at, square), true);
            return true;
        case MoveEffect::Extend:
            return edit(tr("Play %1").arg(name), [square](GameTree& t, const TreeLocation& here) {
                return t.extend(here, square);
            });
        case MoveEffect::Differs:
            break;
    }
    if (branchMode_ == BranchAsk) {
        pendingMove_ = square;
        emit pendingMoveChanged();
        return true;
    }
    return playDiffering(square, branchMode_);
}

bool GameController::resolveBranch(int choice) {
    const int square = pendingMove_;
    clearPending();
    if (square < 0 || editing_ || (choice != BranchVariation && choice != BranchOverwrite))
        return false;
    if (!isPlayable(square) || tree_.effect(location(), square) != MoveEffect::Differs)
        return false;
    return playDiffering(square, choice);
}

bool GameController::playDiffering(int square, int mode) {
    const QString name = QString::fromStdString(core::moveName(square));
    if (mode == BranchOverwrite)
        return edit(
            tr("Overwrite with %1").arg(name),
            [square](GameTree& t, const TreeLocation& here) { return t.overwrite(here, square); });
    const bool made = edit(
        tr("Variation %1").arg(name),
        [square](GameTree& t, const TreeLocation& here) { return t.addVariation(here, square); });
    if (!made)
        lastError_ = tr("Variations nest at most %1 deep.").arg(importers::kMaxVariationDepth);
    return made;
}

bool GameController::setComment(const QString& text) {
    if (!canComment()) return false;
    const QString old = comment();
    const QString what = text.trimmed().isEmpty() ? tr("Delete comment")
                         : old.isEmpty()          ? tr("Add comment")
                                                  : tr("Edit comment");
    const std::string value = text.toStdString();
    return edit(what,
                [value](GameTree& t, const TreeLocation& here) -> std::optional<TreeLocation> {
                    if (!t.setComment(here, value)) return std::nullopt;
                    return here;
                });
}

bool GameController::deleteVariation() {
    if (editing_ || path_.empty()) return false;
    return edit(tr("Delete variation"),
                [](GameTree& t, const TreeLocation& here) { return t.deleteFrom(here); });
}

bool GameController::promoteVariation() {
    if (editing_ || path_.empty()) return false;
    return edit(tr("Promote variation"),
                [](GameTree& t, const TreeLocation& here) { return t.promote(here); });
}

GameController::Snapshot GameController::snapshot() const {
    return Snapshot{tree_, location(), key_, game_, saved_};
}

bool GameController::edit(
    const QString& text,
    const std::function<std::optional<TreeLocation>(GameTree&, const TreeLocation&)>& op) {
    if (editing_) return false;
    Snapshot after = snapshot();
    const std::optional<TreeLocation> at = op(after.tree, location());
    if (!at) return false;
    after.at = *at;
    undoStack_.push(new TreeCommand(this, text, snapshot(), std::move(after), false));
    return true;
}

void GameController::apply(const Snapshot& s) {
    const bool wasEditing = editing_;
    editing_ = false;
    clearPending();
    const core::Rules before = rules();
    if (s.key != key_) {
        // The command belongs to a game no longer shown: bring that game back.
        game_ = s.header;
        key_ = s.key;
        saved_ = s.saved;
        emit headerChanged();
    }
    tree_ = s.tree;
    game_.moves = tree_.mainLine();
    game_.comments = tree_.comments();
    game_.variations = tree_.variations();
    const TreeLocation at = tree_.normalize(s.at);
    path_ = at.path;
    ply_ = at.ply;
    setLine();
    refreshBoard(false);
    emitRulesChanged(before);
    emit positionChanged();
    if (wasEditing) emit editingChanged();
    updateModified();
}

void GameController::leaveAnalysis() {
    if (path_.empty()) return;
    clearPending();
    moveTo({{}, analysisFrom()}, false);
}

void GameController::newGame() {
    GameInfo game;
    game.event = tr("New game");
    setGame(game, 0);
}

void GameController::startEditing() {
    if (editing_) return;
    clearPending();
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
    // The rules' flipping and scoring stay; the board may be a handicap (the cross plus one
    // colour's corners), a cross, or any position.
    game.rules = core::fitStart(rules(), editPosition_);
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
