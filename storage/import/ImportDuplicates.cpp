// What an import finds already stored (see ImportSession.h): duplicates of a record (the same
// record, or the same game told by another record), unfinished games that are a prefix of
// another, and records whose stored game was edited or deleted since (game_origins).
#include <sqlite3.h>

#include <algorithm>

#include "storage/curation/GameEditor.h"
#include "storage/database/GameColumns.h"
#include "storage/import/ImportSession.h"

namespace othello::storage {

using importers::Diagnostic;
using importers::GameRecord;
using importers::Severity;

namespace {

// Two headers known on both sides, one the start of the other.
bool agree(const std::string& a, const std::string& b) {
    if (a.empty() || b.empty()) return false;
    return a.size() <= b.size() ? b.compare(0, a.size(), a) == 0 : a.compare(0, b.size(), b) == 0;
}

}  // namespace

std::optional<std::int64_t> ImportSession::findDuplicate(const GameRecord& r, std::int64_t key,
                                                         std::int64_t hash,
                                                         std::optional<SameMoves>& other) {
    // Old spellings of renamed players (player_aliases) stand for the player they were merged
    // into, so a re-imported file finds its games under the new name.
    const std::string& fb = matchName(r.black);
    const std::string& fw = matchName(r.white);
    // "?" is how PGN and GGF write a name nobody knows.
    const auto known = [](const std::string& f) { return !f.empty() && f != "?"; };
    const bool namesKnown = known(fb) && known(fw);
    const std::string& fe = folded(r.event);
    const std::optional<std::int64_t> source = storedSourceId(r.source.path);
    std::optional<std::int64_t> found;
    forEachSameMoves(key, [&](SQLite::Statement& s) {
        SameMoves g;
        g.id = s.getColumn(0).getInt64();
        g.black = s.getColumn(1).getInt64();
        g.white = s.getColumn(2).getInt64();
        g.event = s.getColumn(3).getInt64();
        g.date = s.getColumn(4).getString();
        // The same record: from the same place of the same file, or with the file's own id of
        // the game, or saying exactly the same things.
        const bool sameRecord =
            (source && r.source.record >= 0 && !s.getColumn(6).isNull() &&
             s.getColumn(6).getInt64() == *source && !s.getColumn(7).isNull() &&
             s.getColumn(7).getInt64() == r.source.record) ||
            // A game the file names by its own id (eOthello's CSV),
            // stored before schema 7 kept that id: its file and line
            // stand for it (CSV rows have no record index).
            (source && !r.gameId.empty() && s.getColumn(8).isNull() && r.source.record < 0 &&
             r.source.line > 0 && !s.getColumn(6).isNull() &&
             s.getColumn(6).getInt64() == *source && s.getColumn(7).isNull() &&
             !s.getColumn(9).isNull() && s.getColumn(9).getInt64() == r.source.line) ||
            (!r.gameId.empty() && s.getColumn(8).getString() == r.gameId) ||
            (!s.getColumn(5).isNull() && s.getColumn(5).getInt64() == hash);
        // The same game told by another record: same moves, the same players (known), and an
        // event and date both known that agree, one the start of the other: WTHOR says
        // "Australian National" and 2021 where its PGN says "Australian National - 2021" and
        // 2021, a list may give a year where another gives the day.
        const bool sameGame = namesKnown && foldedOf_[g.black] == fb && foldedOf_[g.white] == fw &&
                              agree(eventFolded_[g.event], fe) && agree(g.date, r.date);
        if (sameRecord || sameGame) {
            found = g.id;
            return false;
        }
        if (!other) other = std::move(g);
        return true;
    });
    return found;
}

template <typename Visit>
void ImportSession::forEachSameMoves(std::int64_t key, Visit&& visit) {
    static constexpr const char* kColumns =
        "SELECT id, black_id, white_id, event_id, date, record_hash, source_id, source_record, "
        "source_game_id, source_line FROM games ";
    if (sessionKeys_) {
        if (!sameMovesById_) sameMovesById_.emplace(db_, std::string(kColumns) + "WHERE id = ?");
        SQLite::Statement& s = *sameMovesById_;
        for (const std::int64_t id : sessionKeys_->ids(key)) {
            s.bind(1, id);
            const bool more = !s.executeStep() || visit(s);
            s.reset();
            if (!more) return;
        }
        return;
    }
    if (!sameMoves_) sameMoves_.emplace(db_, std::string(kColumns) + "WHERE moves_key = ?");
    SQLite::Statement& s = *sameMoves_;
    s.bind(1, key);
    while (s.executeStep())
        if (!visit(s)) break;
    s.reset();
}

void ImportSession::checkPrefixOf(const GameRecord& r, std::int64_t id) {
    if (!anyIncomplete_) return;  // no unfinished game to be the prefix of this one
    for (std::size_t n = 0; n + 1 < r.moves.size(); ++n) {
        const std::int64_t key = prefixKeys_[n + 1];  // add() computed them
        if (!incompleteSeen_.mayContain(key)) continue;
        if (sessionKeys_) {
            for (const std::int64_t other : sessionKeys_->ids(key)) {
                if (other == id || sessionKeys_->complete(other)) continue;
                addPrefix(other, id, r, static_cast<int>(n + 1), false);
                break;
            }
            continue;
        }
        if (!incompleteAt_)
            incompleteAt_.emplace(db_,
                                  "SELECT id FROM games WHERE moves_key = ? AND complete = 0 AND "
                                  "id != ? LIMIT 1");
        incompleteAt_->bind(1, key);
        incompleteAt_->bind(2, id);
        std::optional<std::int64_t> shorter;
        if (incompleteAt_->executeStep()) shorter = incompleteAt_->getColumn(0).getInt64();
        incompleteAt_->reset();
        if (shorter) addPrefix(*shorter, id, r, static_cast<int>(n + 1), false);
    }
}

void ImportSession::reportShortPrefixes() {
    if (result_.shortPrefixes == 0) return;
    const std::int64_t n = result_.shortPrefixes;
    // One file: the note is about it; several: about none of them.
    const std::string path =
        shortPrefixFiles_.size() == 1 ? shortPrefixFiles_.front() : std::string();
    std::string message = std::to_string(n) + (n == 1 ? " unfinished game" : " unfinished games") +
                          " of at most " + std::to_string(kShortPrefixPlies) + " moves " +
                          (n == 1 ? "is a prefix of another game" : "are prefixes of other games") +
                          " (abandoned in the opening): kept, not listed one by one" +
                          (shortPrefixFiles_.size() > 1 ? " (from several files)" : "");
    result_.keep(result_.notes, importers::fileDiagnostic(Severity::Warning, path, "short-prefixes",
                                                          std::move(message)));
}

void ImportSession::reportPrefixes() {
    if (newIncomplete_.empty()) return;
    SQLite::Statement game(db_,
                           "SELECT start, moves, source_line, source_record, "
                           "(SELECT path FROM sources WHERE id = source_id), rules "
                           "FROM games WHERE id = ?");
    SQLite::Statement reach(db_, "SELECT entry FROM positions WHERE hash = ?");
    // A game's start, moves and rules: replayed under its rules (placements and one-line moves
    // are no Othello moves), and a prefix only of a game under the same rules (Codec.h keyRules:
    // the same squares under classic Reversi and its all-lines variant are other games).
    const auto load = [&game](std::int64_t id, core::Position& start, std::vector<int>& moves,
                              core::Rules& rules) {
        game.reset();
        game.bind(1, id);
        if (!game.executeStep()) return false;
        const auto s = game.getColumn(0), m = game.getColumn(1), code = game.getColumn(5);
        start = decodeStart(s.getBlob(), s.getBytes());
        moves = decodeMoves(m.getBlob(), m.getBytes());
        rules = GameColumns::rulesOf(
            code.isNull() ? std::nullopt : std::optional<std::string>(code.getString()), start);
        return true;
    };
    for (std::int64_t id : newIncomplete_) {
        core::Position start, otherStart;
        std::vector<int> moves, other;
        core::Rules rules, otherRules;
        if (!load(id, start, moves, rules)) continue;
        GameRecord where;
        where.source.path = game.getColumn(4).isNull() ? "" : game.getColumn(4).getString();
        where.source.line = game.getColumn(2).isNull() ? 0 : game.getColumn(2).getInt();
        where.source.record = game.getColumn(3).isNull() ? -1 : game.getColumn(3).getInt64();
        const core::ReplayResult rr = core::replay(start, moves, rules);
        reach.reset();
        // The position after the stored plies (the replay may add a forced pass after them).
        const std::size_t last = std::min(moves.size(), rr.positions.size() - 1);
        reach.bind(1, static_cast<std::int64_t>(core::positionHash(rr.positions[last])));
        std::vector<std::int64_t> candidates;
        while (reach.executeStep() && candidates.size() < 200) {
            const std::int64_t e = reach.getColumn(0).getInt64();
            if (entryGame(e) != id && entryPly(e) == static_cast<int>(moves.size()))
                candidates.push_back(entryGame(e));
        }
        for (std::int64_t c : candidates) {
            if (!load(c, otherStart, other, otherRules) || !(otherStart == start) ||
                !(keyRules(otherRules) == keyRules(rules)) || other.size() <= moves.size() ||
                !std::equal(moves.begin(), moves.end(), other.begin()))
                continue;
            addPrefix(id, c, where, static_cast<int>(moves.size()), true);
            break;
        }
    }
}

std::string ImportSession::sourceKey(const std::string& path, std::int64_t record, int line) {
    // Appended piece by piece: GCC 12 warns falsely (-Wrestrict, bug 105329) on
    // "L" + std::to_string(line) once this is inlined here.
    std::string key = path + '\x1f';
    if (record >= 0) {
        key += std::to_string(record);
    } else {
        key += 'L';
        key += std::to_string(line);
    }
    return key;
}

void ImportSession::loadOrigins() {
    // Only the games not as they were imported: an edit reverted since is a plain duplicate.
    SQLite::Statement s(
        db_,
        "SELECT o.game_id, o.moves_key, o.record_hash, src.path, o.source_record, o.source_line, "
        "o.source_game_id, CASE WHEN g.id IS NOT NULL THEN 'edited' WHEN t.id IS NOT NULL THEN "
        "'deleted' ELSE 'purged' END FROM game_origins o LEFT JOIN games g ON g.id = o.game_id "
        "LEFT JOIN trash_games t ON t.id = o.game_id LEFT JOIN sources src ON src.id = "
        "o.source_id WHERE g.id IS NULL OR g.record_hash IS NOT o.record_hash");
    while (s.executeStep()) {
        Origin o;
        o.game = s.getColumn(0).getInt64();
        o.movesKey = s.getColumn(1).getInt64();
        o.state = s.getColumn(7).getString();
        if (!s.getColumn(2).isNull()) originByHash_[s.getColumn(2).getInt64()] = o;
        if (!s.getColumn(3).isNull()) {
            const std::int64_t record = s.getColumn(4).isNull() ? -1 : s.getColumn(4).getInt64();
            const int line = s.getColumn(5).isNull() ? 0 : s.getColumn(5).getInt();
            if (record >= 0 || line > 0)
                originBySource_[sourceKey(s.getColumn(3).getString(), record, line)] = o;
        }
        if (!s.getColumn(6).isNull() && !s.getColumn(6).getString().empty())
            originByGameId_[s.getColumn(6).getString()] = o;
    }
}

bool ImportSession::skipEdited(const GameRecord& r, std::int64_t key, std::int64_t hash) {
    if (originByHash_.empty() && originBySource_.empty() && originByGameId_.empty()) return false;
    const Origin* o = nullptr;
    if (!r.source.path.empty() && (r.source.record >= 0 || r.source.line > 0)) {
        const auto it =
            originBySource_.find(sourceKey(r.source.path, r.source.record, r.source.line));
        if (it != originBySource_.end()) o = &it->second;
    }
    if (!o && !r.gameId.empty()) {
        const auto it = originByGameId_.find(r.gameId);
        if (it != originByGameId_.end()) o = &it->second;
    }
    if (!o) {
        const auto it = originByHash_.find(hash);
        if (it != originByHash_.end() && it->second.movesKey == key) o = &it->second;
    }
    if (!o) return false;
    ++result_.editedInArchive;
    const bool edited = o->state == "edited", deleted = o->state == "deleted";
    note(r,
         edited    ? "edited-in-archive"
         : deleted ? "deleted-in-archive"
                   : "purged-from-archive",
         "game " + std::to_string(o->game) +
             (edited    ? " was edited in the archive"
              : deleted ? " was deleted in the archive (it is in the trash)"
                        : " was purged from the archive") +
             " since this record was imported: not imported again");
    return true;
}

}  // namespace othello::storage
