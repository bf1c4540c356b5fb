#pragma once
// The undo command of GameController's edits (private to it: GameController.cpp only).
#include <QUndoCommand>
#include <utility>

#include "game/GameController.h"

namespace othello::viewer {

// One edit of the game shown (or the switch away from an edited game): restores the snapshot
// from before it on undo, the one after it on redo. Snapshots are whole trees: a game's
// annotations are small, and a restore that cannot drift from the edit is worth the copies.
class TreeCommand : public QUndoCommand {
  public:
    TreeCommand(GameController* game, const QString& text, GameController::Snapshot before,
                GameController::Snapshot after, bool applied)
        : QUndoCommand(text),
          game_(game),
          before_(std::move(before)),
          after_(std::move(after)),
          skipRedo_(applied) {}
    void undo() override { game_->apply(before_); }
    void redo() override {
        // Pushed after the change it records was made (the switch to another game).
        if (std::exchange(skipRedo_, false)) return;
        game_->apply(after_);
    }

  private:
    GameController* game_;
    GameController::Snapshot before_;
    GameController::Snapshot after_;
    bool skipRedo_;
};

}  // namespace othello::viewer
