// The steps of every change of games (see GameEditor.h).
#include "storage/curation/GameEditor.h"

#include <algorithm>

#include "importers/GameResult.h"
#include "storage/curation/AnnotationStore.h"

namespace othello::storage {

std::string trimmedName(const std::string& s) {
    const auto b = s.find_first_not_of(" \t\r\n");
    if (b == std::string::npos) return std::string();
    return s.substr(b, s.find_last_not_of(" \t\r\n") - b + 1);
}

void requireWritable(const Archive::Impl& impl) {
    if (impl.readOnly) throw StorageError("archive is read-only: it was opened read-only");
}

std::int64_t Archive::Impl::gameIdFloor() {
    return scalar(
        "SELECT max((SELECT coalesce(max(id), 0) FROM games), "
        "(SELECT coalesce(max(id), 0) FROM trash_games), "
        "(SELECT coalesce(max(value), 0) FROM meta WHERE key IN ('removed_upto', "
        "'indexed_upto')))");
}

GameEditor::GameEditor(Archive::Impl& impl) : impl_(impl), db_(impl.db) {}

bool GameEditor::inGames(std::int64_t id) {
    SQLite::Statement& s = impl_.statement("SELECT 1 FROM games WHERE id = ?");
    s.bind(1, id);
    const bool found = s.executeStep();
    s.reset();  // a cached statement left stepping would hold its snapshot
    return found;
}

bool GameEditor::inTrash(std::int64_t id) {
    SQLite::Statement& s = impl_.statement("SELECT 1 FROM trash_games WHERE id = ?");
    s.bind(1, id);
    const bool found = s.executeStep();
    s.reset();  // a cached statement left stepping would hold its snapshot
    return found;
}

EditableGame GameEditor::read(std::int64_t id) {
    const std::string& select = GameColumns::selectSql();
    SQLite::Statement s(db_,
                        "SELECT g.black_id AS black_id, g.white_id AS white_id, g.event_id AS "
                        "event_id, g.source_id AS source_id, " +
                            select.substr(sizeof "SELECT " - 1) + "WHERE g.id = ?");
    s.bind(1, id);
    if (!s.executeStep()) {
        if (inTrash(id))
            throw StorageError("game " + std::to_string(id) +
                               " is in the trash (restore it first)");
        throw StorageError("no game " + std::to_string(id));
    }
    EditableGame g;
    GameColumns::read(s, g.record);
    g.unreadableRules = GameColumns::unreadableRules(
        s.getColumn("rules").isNull() ? std::nullopt
                                      : std::optional<std::string>(s.getColumn("rules").getString()));
    g.refs.id = id;
    g.refs.blackId = s.getColumn("black_id").getInt64();
    g.refs.whiteId = s.getColumn("white_id").getInt64();
    if (!s.getColumn("event_id").isNull()) g.refs.eventId = s.getColumn("event_id").getInt64();
    if (!s.getColumn("source_id").isNull()) g.refs.sourceId = s.getColumn("source_id").getInt64();
    s.reset();
    GameAnnotations a = AnnotationStore(impl_).read(id);
    g.record.comments = std::move(a.comments);
    g.record.variations = std::move(a.variations);
    return g;
}

void GameEditor::write(EditableGame& game) {
    // Written back, the stand-in rules would replace the code and key it was stored with.
    if (game.unreadableRules)
        throw StorageError("game " + std::to_string(game.refs.id.value_or(0)) +
                           " is stored under rules this program cannot read (\"" +
                           *game.unreadableRules +
                           "\", written by a later version of othello-db): it is not changed");
    game.refs.movesKey = movesKey(game.record.start, game.record.moves, game.record.rules);
    game.refs.recordHash = recordHash(game.record);
    GameColumns(db_, true).insert(game.record, game.refs);
}

std::int64_t GameEditor::insert(const importers::GameRecord& r) {
    GameRowRefs refs;
    refs.id = impl_.gameIdFloor() + 1;
    refs.blackId = playerId(r.black);
    refs.whiteId = playerId(r.white);
    refs.eventId = eventId(r.event);
    refs.movesKey = movesKey(r.start, r.moves, r.rules);
    refs.recordHash = recordHash(r);
    const std::int64_t id = GameColumns(db_).insert(r, refs);
    // Only the main line is indexed: variations are analysis, not games played.
    index(id);
    if (r.annotated()) AnnotationStore(impl_).write(id, {r.comments, r.variations});
    return id;
}

void GameEditor::advanceIndexedUpto(std::int64_t id) {
    SQLite::Statement s(db_, "UPDATE meta SET value = max(value, ?) WHERE key = 'indexed_upto'");
    s.bind(1, id);
    s.exec();
}

void GameEditor::index(std::int64_t id) {
    SQLite::Statement g(
        db_, std::string("SELECT start, moves, ") + kIndexResultSql + " FROM games WHERE id = ?");
    g.bind(1, id);
    if (!g.executeStep()) return;
    const auto start = g.getColumn(0), moves = g.getColumn(1);
    PositionIndexer indexer(db_, impl_.statsMaxDiscs);
    indexer.add(id, decodeStart(start.getBlob(), start.getBytes()),
                decodeMoves(moves.getBlob(), moves.getBytes()), g.getColumn(2).getInt());
    indexer.flush();
    // Every game below is indexed (the caller indexed a killed import's games first).
    advanceIndexedUpto(id);
}

void GameEditor::unindex(std::int64_t id) {
    SQLite::Statement g(db_, "SELECT start, moves FROM games WHERE id = ?");
    g.bind(1, id);
    if (!g.executeStep()) return;
    const auto startCol = g.getColumn(0), movesCol = g.getColumn(1);
    core::Position p = decodeStart(startCol.getBlob(), startCol.getBytes());
    const std::vector<int> moves = decodeMoves(movesCol.getBlob(), movesCol.getBytes());
    g.reset();
    // The positions the indexer wrote (PositionIndexer::addRows replays the same way), read
    // back from the index itself: the statistics lose exactly what the entries added.
    for (std::size_t ply = 0; ply <= moves.size(); ++ply) {
        const core::Canonical c = core::canonical(p);
        const auto hash = static_cast<std::int64_t>(core::canonicalHash(c.position));
        if (batch_)
            queued_.emplace_back(hash, id);
        else
            deletePosition(hash, id);
        if (ply == moves.size() || !playStoredMove(p, moves[ply])) break;
    }
    if (!batch_) flushStatistics();
}

void GameEditor::deletePosition(std::int64_t hash, std::int64_t game) {
    // Read, then delete: DELETE ... RETURNING would build an ephemeral table (a temp file for a
    // writer) at every call, which cost more than the deletion itself.
    SQLite::Statement& read =
        impl_.statement("SELECT entry FROM positions WHERE hash = ? AND entry >= ? AND entry < ?");
    read.bind(1, hash);
    read.bind(2, game << 24);
    read.bind(3, (game + 1) << 24);
    std::vector<std::int64_t> entries;
    while (read.executeStep()) entries.push_back(read.getColumn(0).getInt64());
    read.reset();
    if (entries.empty()) return;
    SQLite::Statement& del =
        impl_.statement("DELETE FROM positions WHERE hash = ? AND entry >= ? AND entry < ?");
    del.bind(1, hash);
    del.bind(2, game << 24);
    del.bind(3, (game + 1) << 24);
    del.exec();
    for (const std::int64_t e : entries) {
        if (!entryShallow(e) || entryResult(e) == kOutsideStats) continue;
        Figures f;
        storage::add(f, entryResult(e));
        subtract(hash, entryNext(e), f);
    }
}

void GameEditor::subtract(std::int64_t hash, int next, const Figures& f) {
    storage::add(taken_[{hash, next}], f);
}

void GameEditor::flushStatistics() {
    std::sort(queued_.begin(), queued_.end());
    for (const auto& [hash, game] : queued_) deletePosition(hash, game);
    queued_.clear();
    queued_.shrink_to_fit();
    SQLite::Statement& stat = impl_.statement(
        "UPDATE position_stats SET games = games - ?, black_wins = black_wins - ?, draws = "
        "draws - ?, white_wins = white_wins - ?, sum_black = sum_black - ? WHERE hash = ? AND "
        "next = ?");
    SQLite::Statement& empty =
        impl_.statement("DELETE FROM position_stats WHERE hash = ? AND next = ? AND games <= 0");
    for (const auto& [key, f] : taken_) {
        stat.bind(1, f.games);
        stat.bind(2, f.blackWins);
        stat.bind(3, f.draws);
        stat.bind(4, f.whiteWins);
        stat.bind(5, f.sumBlackScore);
        stat.bind(6, key.first);
        stat.bind(7, key.second);
        stat.exec();
        stat.reset();
        empty.bind(1, key.first);
        empty.bind(2, key.second);
        empty.exec();
        empty.reset();
    }
    taken_.clear();
}

void GameEditor::keepOrigin(std::int64_t id) {
    SQLite::Statement& s = impl_.statement(
        "INSERT OR IGNORE INTO game_origins(game_id, moves_key, record_hash, "
        "source_id, source_record, source_line, source_game_id) SELECT id, "
        "moves_key, record_hash, source_id, source_record, source_line, "
        "source_game_id FROM games WHERE id = ?");
    s.bind(1, id);
    s.exec();
}

void GameEditor::toTrash(std::int64_t id, std::int64_t change) {
    keepOrigin(id);
    unindex(id);
    SQLite::Statement& copy =
        impl_.statement("INSERT INTO trash_games SELECT * FROM games WHERE id = ?");
    copy.bind(1, id);
    if (copy.exec() != 1) throw StorageError("no game " + std::to_string(id));
    SQLite::Statement& del = impl_.statement("DELETE FROM games WHERE id = ?");
    del.bind(1, id);
    del.exec();
    SQLite::Statement& t =
        impl_.statement("INSERT OR REPLACE INTO trash(game_id, change_id) VALUES(?, ?)");
    t.bind(1, id);
    t.bind(2, change);
    t.exec();
    SQLite::Statement& m =
        impl_.statement("UPDATE meta SET value = max(value, ?) WHERE key = 'removed_upto'");
    m.bind(1, id);
    m.exec();
}

void GameEditor::fromTrash(std::int64_t id) {
    SQLite::Statement& copy =
        impl_.statement("INSERT INTO games SELECT * FROM trash_games WHERE id = ?");
    copy.bind(1, id);
    if (copy.exec() != 1) throw StorageError("game " + std::to_string(id) + " is not in the trash");
    // Out of the trash tables; its comments and variations never left (keyed by its id).
    for (const char* sql :
         {"DELETE FROM trash_games WHERE id = ?", "DELETE FROM trash WHERE game_id = ?"}) {
        SQLite::Statement& s = impl_.statement(sql);
        s.bind(1, id);
        s.exec();
    }
    index(id);
}

void GameEditor::purge(std::int64_t id) {
    // The stage stated for it (StructureStore.h) goes with it; ids are never reused.
    for (const char* sql : {"DELETE FROM trash_games WHERE id = ?",
                            "DELETE FROM trash WHERE game_id = ?",
                            "DELETE FROM game_stages WHERE game_id = ?"}) {
        SQLite::Statement& s = impl_.statement(sql);
        s.bind(1, id);
        s.exec();
    }
    AnnotationStore(impl_).erase(id);
}

std::int64_t GameEditor::playerId(const std::string& name) {
    for (const char* sql : {"SELECT id FROM players WHERE name = ?",
                            "SELECT player_id FROM player_aliases WHERE name = ?"}) {
        SQLite::Statement s(db_, sql);
        s.bind(1, name);
        if (s.executeStep()) return s.getColumn(0).getInt64();
    }
    SQLite::Statement s(db_, "INSERT INTO players(name, folded) VALUES(?, ?)");
    s.bind(1, name);
    s.bind(2, foldText(name));
    s.exec();
    return db_.getLastInsertRowid();
}

std::int64_t GameEditor::eventId(const std::string& name) {
    SQLite::Statement s(db_, "SELECT id FROM events WHERE name = ?");
    s.bind(1, name);
    if (s.executeStep()) return s.getColumn(0).getInt64();
    SQLite::Statement i(db_, "INSERT INTO events(name, folded) VALUES(?, ?)");
    i.bind(1, name);
    i.bind(2, foldText(name));
    i.exec();
    return db_.getLastInsertRowid();
}

std::string GameEditor::describe(const importers::GameRecord& r) {
    std::string s = (r.black.empty() ? "?" : r.black) + " - " + (r.white.empty() ? "?" : r.white);
    if (!r.event.empty()) s += ", " + r.event;
    if (!r.date.empty()) s += ", " + r.date;
    s += ", " + importers::GameResult::of(r).text();
    return s;
}

}  // namespace othello::storage
