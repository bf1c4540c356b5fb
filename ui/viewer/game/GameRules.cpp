// GameController and the game's rules (GameController.h, "Rules"): a new game under chosen
// rules, their words for the header, the squares playable under them (placements), and the
// choice of a line when a one-line move outflanks several.
#include <QStringList>

#include "core/Notation.h"
#include "game/GameController.h"

namespace othello::viewer {

using core::Color;
using core::Position;

QString GameController::rulesCode() const {
    return QString::fromStdString(core::rulesCode(rules()));
}

QString GameController::rulesText() const {
    // A set-up position (whoever is to move there) is still Othello: nothing to say.
    core::Rules othello = core::othelloRules();
    othello.start = rules().start;
    othello.firstToMove = rules().firstToMove;
    if (rules() == core::othelloRules() ||
        (rules().start == core::Start::AnyPosition && rules() == othello))
        return {};
    return QString::fromStdString(core::rulesDescription(rules()));
}

QString GameController::pendingMoveText() const {
    return pendingMove_ < 0 ? QString() : QString::fromStdString(core::moveName(pendingMove_));
}

QString GameController::nextMoveText() const {
    if (editing_ || std::size_t(ply_) >= line_.plies.size()) return {};
    return QString::fromStdString(core::moveName(line_.plies[std::size_t(ply_)].token()));
}

QStringList GameController::choiceNames() const {
    QStringList names;
    for (const core::RuleMove& m : choices_)
        names.push_back(QString::fromStdString(core::moveName(m.move)));
    return names;
}

QString GameController::choiceText() const {
    if (!choosingLine()) return {};
    // Short enough for the status line beside the disc counts at the usual window width.
    return tr("%1: %2 lines. Click a numbered disc or press 1–%2; Esc cancels")
        .arg(QString::fromStdString(core::squareName(choiceSquare_)))
        .arg(choices_.size());
}

void GameController::clearLineChoice() {
    if (choices_.empty()) return;
    choices_.clear();
    choiceSquare_ = core::kNoSquare;
    board_.setChoice(core::kNoSquare, {});
    emit lineChoiceChanged();
}

void GameController::emitRulesChanged(const core::Rules& before) {
    if (!(before == rules())) emit rulesChanged();
}

std::vector<core::RuleMove> GameController::movesOn(int square) const {
    std::vector<core::RuleMove> moves;
    if (editing_ || square < 0 || square >= 64) return moves;
    for (const core::RuleMove& m : core::ruleMoves(current(), rules()))
        if (m.square == square) moves.push_back(m);
    return moves;
}

bool GameController::isPlayable(int token) const {
    if (editing_) return false;
    for (const core::RuleMove& m : core::ruleMoves(current(), rules()))
        if (m.move == token && m.square != core::kPass) return true;
    return false;
}

core::Bitboard GameController::playable() const {
    const Position& p = current();
    return placing() ? core::placementSquares(p, rules()) : p.legalMoves();
}

bool GameController::chooseLine(int number) {
    if (number < 1 || std::size_t(number) > choices_.size()) return false;
    const int token = choices_[std::size_t(number - 1)].move;
    clearLineChoice();
    return playToken(token);
}

bool GameController::chooseLineAt(int square) {
    if (square < 0 || square >= 64) return false;
    for (std::size_t i = 0; i < choices_.size(); ++i)
        if ((choices_[i].flips & core::bit(square)) || core::lineEnd(choices_[i].move) == square)
            return chooseLine(int(i) + 1);
    return false;
}

void GameController::cancelLineChoice() {
    clearLineChoice();
}

bool GameController::newGameUnder(const QString& code) {
    const core::RulesParse parsed = core::parseRules(code.trimmed().toStdString());
    if (parsed.error) {
        lastError_ = QString::fromStdString(*parsed.error);
        return false;
    }
    const std::optional<Position> start = core::rulesStart(parsed.rules);
    if (!start) {
        lastError_ = tr("These rules start from a given position: set one up instead.");
        return false;
    }
    lastError_.clear();
    GameInfo game;
    game.event = tr("New game");
    game.rules = parsed.rules;
    game.start = *start;
    setGame(game, 0);
    return true;
}

QVariantMap GameController::describeRules(const QString& code) const {
    const core::RulesParse parsed = core::parseRules(code.trimmed().toStdString());
    const std::string text = parsed.error ? *parsed.error : core::rulesDescription(parsed.rules);
    return {{QStringLiteral("ok"), !parsed.error},
            {QStringLiteral("text"), QString::fromStdString(text)}};
}

}  // namespace othello::viewer
