// GameController and moves as text: the moves copied (Ctrl+C, written as core writes them,
// "c4>e6" for a one-line move), typed (the Edit tab, setMovesText) and pasted (Ctrl+V: moves
// or a board string), typed and pasted moves played under the rules of the game shown.
#include "core/Notation.h"
#include "game/GameController.h"

namespace othello::viewer {

using core::Color;
using core::Position;

core::Rules GameController::typingRules() const {
    core::Rules rules = this->rules();
    if (!core::rulesStart(rules)) {  // a set-up position: typed moves start from the cross
        rules.start = core::Start::Cross;
        rules.firstToMove = Color::Black;
    }
    return rules;
}

QString GameController::movesText() const {
    std::vector<int> moves;
    for (int i = 0; i < ply_; ++i) moves.push_back(line_.plies[std::size_t(i)].token());
    return QString::fromStdString(core::movesString(moves, false, " "));
}

bool GameController::setMovesText(const QString& text) {
    const core::MovesParse parsed = core::parseMoves(text.toStdString());
    if (parsed.error) {
        lastError_ = tr("Column %1: %2")
                         .arg(parsed.error->column + 1)
                         .arg(QString::fromStdString(parsed.error->message));
        return false;
    }
    const core::Rules rules = typingRules();
    const Position start = *core::rulesStart(rules);
    const core::ReplayResult r = core::replay(start, parsed.moves, rules);
    if (r.error) {
        lastError_ = QString::fromStdString(r.error->describe());
        return false;
    }
    lastError_.clear();
    GameInfo game;
    game.event = tr("Typed moves");
    game.rules = rules;
    game.start = start;
    game.moves = parsed.moves;
    setGame(game, int(r.plies.size()));
    return true;
}

QString GameController::lineText() const {
    std::vector<int> moves;
    moves.reserve(line_.plies.size());
    for (const core::Ply& p : line_.plies) moves.push_back(p.token());
    return QString::fromStdString(core::movesString(moves, false, " "));
}

bool GameController::pasteText(const QString& text) {
    const QString trimmed = text.trimmed();
    if (trimmed.isEmpty()) {
        lastError_ = tr("The clipboard holds no text.");
        return false;
    }
    const core::MovesParse moves = core::parseMoves(trimmed.toStdString());
    const core::Rules rules = typingRules();
    const Position start = *core::rulesStart(rules);
    if (!moves.error) {
        const core::ReplayResult r = core::replay(start, moves.moves, rules);
        if (!r.error) {
            // Already on the board: step there, keeping the game (and its header).
            if (line_.positions.front() == start && r.plies.size() <= line_.plies.size()) {
                bool prefix = true;
                for (std::size_t i = 0; i < r.plies.size() && prefix; ++i)
                    prefix = r.plies[i].token() == line_.plies[i].token();
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
        game.rules = core::fitStart(this->rules(), board.position);
        game.start = board.position;
        setGame(game, 0);
        return true;
    }
    lastError_ = moves.error ? tr("Neither moves (column %1: %2) nor a board (%3)")
                                   .arg(moves.error->column + 1)
                                   .arg(QString::fromStdString(moves.error->message),
                                        QString::fromStdString(board.error->message))
                             : tr("Moves that cannot be played: %1")
                                   .arg(QString::fromStdString(
                                       core::replay(start, moves.moves, rules).error->describe()));
    return false;
}

}  // namespace othello::viewer
