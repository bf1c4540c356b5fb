// The journal read back (history) and undone (revert); see Journal.h for the blocking rule.
#include "storage/curation/DuplicateGroups.h"
#include "storage/curation/GameEditor.h"
#include "storage/curation/Journal.h"
#include "storage/problems/ProblemStore.h"
#include "storage/tournaments/StructureStore.h"

namespace othello::storage {

using nlohmann::json;

std::vector<Change> Archive::history(const HistoryFilter& filter) {
    ReadSnapshot snapshot(*impl_);
    return Journal::list(impl_->db, filter);
}

std::optional<Change> Archive::change(std::int64_t id) {
    ReadSnapshot snapshot(*impl_);
    return Journal::read(impl_->db, id);
}

namespace {

// The trashed game's deletion, as the change that blocks a revert needing the game.
std::int64_t trashChange(SQLite::Database& db, std::int64_t game) {
    SQLite::Statement s(db, "SELECT change_id FROM trash WHERE game_id = ?");
    s.bind(1, game);
    return s.executeStep() ? s.getColumn(0).getInt64() : 0;
}

std::int64_t revertEdit(Archive::Impl& impl, const Change& c) {
    SQLite::Database& db = impl.db;
    const json d = json::parse(c.details);
    const std::int64_t game = d["game"].get<std::int64_t>();
    std::string fields;
    json values = json::object();
    for (const auto& [f, v] : d["fields"].items()) {
        fields += (fields.empty() ? "" : ",") + f;
        values[f] = v["old"];
    }
    if (const std::int64_t by = Journal::blocker(db, c.id, game, fields))
        throwRevertBlocked(db, c.id, by, "changed the same game since");
    GameEditor editor(impl);
    requireInGames(db, editor, c.id, game, "moved the game to the trash");
    EditableGame g = editor.read(game);
    // The game must be as the change left it: a revert in effect since (an undone undo) may
    // have changed it back.
    for (const auto& [f, v] : d["fields"].items()) {
        if (fieldValue(g.record, f) == v["new"]) continue;
        if (const std::int64_t by = Journal::lastTouch(db, c.id, game, f))
            throwRevertBlocked(db, c.id, by, "changed its " + f + " since");
        throw RevertBlocked("change " + std::to_string(c.id) + " cannot be reverted: the " + f +
                                " of game " + std::to_string(game) +
                                " is no longer what it set. Nothing was changed.",
                            0);
    }
    try {
        return applyEdit(impl, editor, g, values, false, c.id).change;
    } catch (const AnnotationsMismatch& e) {
        // The moves and the annotations went separate ways since (a moves edit under an
        // annotations edit, or the other way round): the later of those changes blocks.
        if (const std::int64_t by = Journal::lastTouch(db, c.id, game, "moves,annotations"))
            throwRevertBlocked(db, c.id, by, "changed its moves or comments since");
        throw RevertBlocked("change " + std::to_string(c.id) + " cannot be reverted: " + e.what() +
                                ". Nothing was changed.",
                            0);
    }
}

// Moves `games` (those still in games) to the trash as the revert of `c`.
std::int64_t trashAsRevert(Archive::Impl& impl, const Change& c,
                           const std::vector<std::int64_t>& games, const std::string& what) {
    GameEditor editor(impl);
    JournalEntry e;
    e.kind = "revert";
    e.reverts = c.id;
    std::vector<std::int64_t> moved;
    for (const std::int64_t g : games)
        if (editor.inGames(g)) {
            moved.push_back(g);
            e.games.emplace_back(g, "trash");
        }
    e.summary = "revert of change " + std::to_string(c.id) + ": " + what + " (" +
                std::to_string(moved.size()) + (moved.size() == 1 ? " game" : " games") +
                " to the trash)";
    e.details = json{{"trashed", moved}};
    const std::int64_t id = Journal::record(impl.db, impl.user, e);
    editor.batchStatistics();
    for (const std::int64_t g : moved) editor.toTrash(g, id);
    editor.flushStatistics();
    return id;
}

// Brings `games` back from the trash as the revert of `c` (a deletion, or a revert that
// trashed them). A later restore or purge of one of them blocks it.
}  // namespace

void requireInGames(SQLite::Database& db, GameEditor& editor, std::int64_t change,
                    std::int64_t game, const std::string& trashedWhy) {
    if (editor.inGames(game)) return;
    if (const std::int64_t by = trashChange(db, game))
        throwRevertBlocked(db, change, by, trashedWhy);
    throw RevertBlocked("change " + std::to_string(change) + " cannot be reverted: game " +
                            std::to_string(game) + " was purged",
                        0);
}

void requireStillTrashed(SQLite::Database& db, GameEditor& editor, std::int64_t change,
                         const std::vector<std::int64_t>& games) {
    for (const std::int64_t g : games) {
        if (const std::int64_t by = Journal::blocker(db, change, g, "trash"))
            throwRevertBlocked(db, change, by,
                               "restored or purged game " + std::to_string(g) + " since");
        if (!editor.inTrash(g))
            throwRevertBlocked(db, change, 0,
                               "game " + std::to_string(g) + " is no longer in the trash");
    }
}

namespace {

std::int64_t restoreAsRevert(Archive::Impl& impl, const Change& c,
                             const std::vector<std::int64_t>& games) {
    SQLite::Database& db = impl.db;
    GameEditor editor(impl);
    requireStillTrashed(db, editor, c.id, games);
    JournalEntry e;
    e.kind = "revert";
    e.reverts = c.id;
    for (const std::int64_t g : games) e.games.emplace_back(g, "trash");
    e.summary = "revert of change " + std::to_string(c.id) + ": " +
                (games.size() == 1 ? "game " + std::to_string(games[0])
                                   : std::to_string(games.size()) + " games") +
                " back from the trash";
    e.details = json{{"restored", games}};
    const std::int64_t done = Journal::record(db, impl.user, e);
    for (const std::int64_t g : games) editor.fromTrash(g);
    return done;
}

// Undoes a revert (a redo): an edit's revert is itself an edit of the same fields; a revert
// that trashed games restores them, one that restored games trashes them again. A rename's
// revert is undone by renaming again.
std::int64_t revertRevert(Archive::Impl& impl, const Change& c) {
    SQLite::Database& db = impl.db;
    const json d = json::parse(c.details);
    if (d.contains("duplicates")) return revertDuplicates(impl, c);
    if (d.contains("fields")) return revertEdit(impl, c);
    if (d.contains("trashed"))
        return restoreAsRevert(impl, c, d["trashed"].get<std::vector<std::int64_t>>());
    if (d.contains("restored")) {
        const auto games = d["restored"].get<std::vector<std::int64_t>>();
        GameEditor editor(impl);
        for (const std::int64_t g : games) {
            if (const std::int64_t by = Journal::blocker(db, c.id, g, "*", "trash"))
                throwRevertBlocked(db, c.id, by, "changed game " + std::to_string(g) + " since");
            requireInGames(db, editor, c.id, g, "trashed it again");
        }
        return trashAsRevert(impl, c, games, "restore undone");
    }
    throw RevertBlocked("change " + std::to_string(c.id) +
                            " reverted a rename: rename again instead (it cannot be reverted)",
                        0);
}

}  // namespace

std::int64_t Archive::revert(std::int64_t id) {
    EditScope scope(*impl_, "revert");
    SQLite::Database& db = impl_->db;
    const std::optional<Change> c = Journal::read(db, id);
    if (!c) throw StorageError("no change " + std::to_string(id) + " in the journal");
    if (c->revertedBy) {
        std::string redo;
        // Undo and redo make a chain of reverts: the last one is what to revert now.
        std::int64_t last = c->revertedBy;
        for (auto r = Journal::read(db, last); r && r->revertedBy; r = Journal::read(db, last))
            last = r->revertedBy;
        if (last != c->revertedBy)
            redo = "; the last change of that chain is change " + std::to_string(last) +
                   " (revert it to undo again)";
        throw StorageError("change " + std::to_string(id) + " was already reverted by change " +
                           std::to_string(c->revertedBy) + redo);
    }
    std::int64_t done = 0;
    if (isStructureChange(*c)) {
        done = revertStructure(*this, *impl_, *c);
    } else if (isProblemChange(*c)) {
        done = revertProblemChange(*impl_, *c);
    } else if (c->kind == "revert") {
        done = revertRevert(*impl_, *c);
    } else if (c->kind == "purge") {
        throw RevertBlocked(
            "change " + std::to_string(id) + " purged games for good: it cannot be reverted", 0);
    } else if (c->kind == "edit") {
        done = revertEdit(*impl_, *c);
    } else if (c->kind == "add" || c->kind == "restore") {
        const std::int64_t game = json::parse(c->details)["game"].get<std::int64_t>();
        // Later changes of the game depend on it being there (a move to the trash does not).
        if (const std::int64_t by = Journal::blocker(db, id, game, "*", "trash"))
            throwRevertBlocked(db, id, by, "changed the game since");
        GameEditor editor(*impl_);
        if (c->kind == "restore" && !editor.inGames(game))
            throwRevertBlocked(db, id, trashChange(db, game), "moved it to the trash again");
        done = trashAsRevert(*impl_, *c, {game}, c->kind == "add" ? "game added" : "game restored");
    } else if (c->kind == "delete") {
        done = restoreAsRevert(*impl_, *c,
                               json::parse(c->details)["games"].get<std::vector<std::int64_t>>());
    } else if (c->kind == "import") {
        if (const std::int64_t by =
                Journal::blockerInRange(db, id, c->firstGame, c->lastGame, "trash"))
            throwRevertBlocked(db, id, by, "changed a game of the import since");
        std::vector<std::int64_t> games;
        SQLite::Statement s(db, "SELECT id FROM games WHERE id BETWEEN ? AND ? ORDER BY id");
        s.bind(1, c->firstGame);
        s.bind(2, c->lastGame);
        while (s.executeStep()) games.push_back(s.getColumn(0).getInt64());
        done = trashAsRevert(*impl_, *c, games, "import");
    } else if (c->kind == "rename-player" || c->kind == "rename-event") {
        done = revertRename(*impl_, *c);
    } else if (c->kind == "duplicates" || c->kind == "not-duplicates") {
        done = revertDuplicates(*impl_, *c);
    } else {
        throw RevertBlocked("change " + std::to_string(id) + " (" + c->kind +
                                ") cannot be reverted by this program",
                            0);
    }
    scope.commit();
    return done;
}

}  // namespace othello::storage
