// One import: duplicates out, games stored in batches, then their positions indexed.
#include "ImportSession.h"

#include <sqlite3.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>

namespace othello::storage {

using importers::Diagnostic;
using importers::GameRecord;
using importers::Severity;

ImportSession::ImportSession(Archive::Impl& impl, const ImportOptions& options)
    : lock_(impl.readOnly ? throw StorageError("archive is read-only: it was opened read-only")
                          : WriterLock(impl.path, "import", impl.busyTimeout)),
      impl_(impl),
      db_(impl.db),
      options_(options),
      indexer_(impl.db, impl.statsMaxDiscs),
      start_(std::chrono::steady_clock::now()) {
    impl_.indexPendingGames();
    if (impl_.scalar("SELECT count(*) FROM sqlite_master WHERE type = 'index' AND "
                     "name LIKE 'games\\_%' ESCAPE '\\'") < kGameIndexCount) {
        SQLite::Transaction t(db_, SQLite::TransactionBehavior::IMMEDIATE);
        db_.exec(kGameIndexesSql);
        t.commit();
    }
    load();
    bulkLoad_ = known_.empty();
    // The session inserts the players, events and sources its games point to itself: checking
    // each game's four references again cost SQLite four lookups a row. Back on in the destructor.
    db_.exec("PRAGMA foreign_keys = OFF");
}

ImportSession::~ImportSession() {
    tx_.reset();  // the pragma is a no-op inside a transaction
    try {
        db_.exec("PRAGMA foreign_keys = ON");
    } catch (const std::exception&) {
        // The connection is unusable anyway.
    }
}

void ImportSession::add(const GameRecord& r) {
    ++progress_.gamesRead;
    ++progress_.fileRecordsDone;
    if (r.source.byteOffset >= 0) progress_.fileBytesDone = r.source.byteOffset;
    ++result_.recordsRead;
    if (options_.progressEvery && progress_.gamesRead % options_.progressEvery == 0) report();
    if (!r.ok()) {
        reject(r);
        return;
    }
    const std::int64_t key = movesKey(r.start, r.moves);
    // Old spellings of renamed players (player_aliases) stand for the player they were merged
    // into, so a re-imported file finds its games under the new name.
    const std::string& fb = matchName(r.black);
    const std::string& fw = matchName(r.white);
    const Known* other = nullptr;
    if (auto it = known_.find(key); it != known_.end()) {
        for (const Known& k : it->second) {
            if (foldedOf_[k.black] == fb && foldedOf_[k.white] == fw) {
                ++result_.duplicates;
                ++progress_.duplicates;
                return;
            }
            other = &k;
        }
    }
    if (!tx_) {
        tx_.emplace(db_, SQLite::TransactionBehavior::IMMEDIATE);
        batchAfterId_ = impl_.scalar("SELECT coalesce(max(id), 0) FROM games");
        if (bulkLoad_ && !indexesDropped_) {
            db_.exec(kDropGameIndexesSql);
            indexesDropped_ = true;
        }
    }
    const std::int64_t id = insertGame(r, key);
    if (other) {
        ++result_.possibleDuplicates;
        note(r, "possible-duplicate",
             "same moves as game " + std::to_string(other->id) + " under other names (" +
                 displayName(other->black) + " - " + displayName(other->white) + ")");
    }
    known_[key].push_back(Known{id, playerId(r.black), playerId(r.white)});
    checkPrefixOf(r, id);
    if (!r.complete()) {
        addIncomplete(key, id);
        newIncomplete_.push_back(id);
    }
    ++result_.imported;
    ++progress_.imported;
    if (++inBatch_ >= options_.batchGames) commitBatch();
}

void ImportSession::commitBatch() {
    if (tx_) {
        // Foreign keys are off for speed (see the constructor): the batch's references are
        // checked here, in its transaction, in one statement over its games only.
        SQLite::Statement check(
            db_,
            "SELECT count(*) FROM games g WHERE g.id > ? AND ("
            "NOT EXISTS (SELECT 1 FROM players p WHERE p.id = g.black_id) OR "
            "NOT EXISTS (SELECT 1 FROM players p WHERE p.id = g.white_id) OR "
            "(g.event_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM events e WHERE e.id = "
            "g.event_id)) OR (g.source_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM sources s "
            "WHERE s.id = g.source_id)))");
        check.bind(1, batchAfterId_);
        check.executeStep();
        if (const std::int64_t dangling = check.getColumn(0).getInt64())
            throw StorageError("import stopped: " + std::to_string(dangling) +
                               " games of the batch point to players, events or sources that "
                               "no longer exist (the archive was changed without the writer "
                               "lock); the batch was not kept");
        check.reset();
        tx_->commit();
        tx_.reset();
        committed_ += static_cast<std::int64_t>(inBatch_);
    }
    inBatch_ = 0;
    // Bound memory on huge imports: index what is committed so far.
    if (indexer_.pending() > 40'000'000) indexPositions();
    report();
}

std::string ImportSession::describeFailure(const SQLite::Exception& e) {
    const int code = e.getErrorCode() & 0xFF;
    return std::string(code == SQLITE_FULL       ? "disk full: "
                       : code == SQLITE_IOERR    ? "disk I/O error: "
                       : code == SQLITE_READONLY ? "archive is read-only: "
                                                 : "database error: ") +
           e.what();
}

ImportResult ImportSession::stopped(const SQLite::Exception& e) {
    return stopped(describeFailure(e));
}

ImportResult ImportSession::stopped(const std::string& failure) {
    try {
        tx_.reset();  // rolls the open batch back
    } catch (const std::exception&) {
    }
    result_.imported = committed_;
    result_.failure = failure;
    return std::move(result_);
}

void ImportSession::report() {
    progress_.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    if (options_.progress) options_.progress(progress_);
}

void ImportSession::finish() {
    commitBatch();
    trace("games stored");
    indexPositions();
    trace("positions indexed");
    reportPrefixes();
    trace("prefixes checked");
}

void ImportSession::trace(const char* phase) {
    static const bool on = std::getenv("OTHELLO_IMPORT_TRACE") != nullptr;
    if (!on) return;
    std::fprintf(stderr, "import: %-18s %.3f s\n", phase,
                 std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count());
}

void ImportSession::load() {
    SQLite::Statement players(db_, "SELECT id, name, folded FROM players");
    while (players.executeStep()) {
        const std::int64_t id = players.getColumn(0).getInt64();
        playerIds_[players.getColumn(1).getString()] = id;
        nameOf_[id] = players.getColumn(1).getString();
        foldedOf_[id] = players.getColumn(2).getString();
    }
    SQLite::Statement aliases(db_, "SELECT name, folded, player_id FROM player_aliases");
    while (aliases.executeStep()) {
        const std::int64_t id = aliases.getColumn(2).getInt64();
        // A new game under an old spelling goes to the player it was merged into.
        playerIds_.emplace(aliases.getColumn(0).getString(), id);
        aliasOf_[aliases.getColumn(1).getString()] = id;
    }
    SQLite::Statement events(db_, "SELECT id, name FROM events");
    while (events.executeStep())
        eventIds_[events.getColumn(1).getString()] = events.getColumn(0).getInt64();
    SQLite::Statement games(db_, "SELECT id, moves_key, black_id, white_id, complete FROM games");
    while (games.executeStep()) {
        const std::int64_t id = games.getColumn(0).getInt64();
        const std::int64_t key = games.getColumn(1).getInt64();
        known_[key].push_back(
            Known{id, games.getColumn(2).getInt64(), games.getColumn(3).getInt64()});
        if (!games.getColumn(4).getInt()) addIncomplete(key, id);
    }
}

const std::string& ImportSession::matchName(const std::string& name) {
    const std::string& f = folded(name);
    if (aliasOf_.empty()) return f;
    const auto it = aliasOf_.find(f);
    if (it == aliasOf_.end()) return f;
    return foldedOf_[it->second];
}

std::string ImportSession::displayName(std::int64_t id) {
    const std::string& n = nameOf_[id];
    return n.empty() ? "?" : n;
}

const std::string& ImportSession::folded(const std::string& name) {
    auto it = foldCache_.find(name);
    if (it == foldCache_.end()) it = foldCache_.emplace(name, foldText(name)).first;
    return it->second;
}

std::int64_t ImportSession::playerId(const std::string& name) {
    if (auto it = playerIds_.find(name); it != playerIds_.end()) return it->second;
    if (!insertPlayer_)
        insertPlayer_.emplace(db_, "INSERT INTO players(name, folded) VALUES(?, ?)");
    insertPlayer_->bind(1, name);
    insertPlayer_->bind(2, folded(name));
    insertPlayer_->exec();
    insertPlayer_->reset();
    const std::int64_t id = db_.getLastInsertRowid();
    playerIds_[name] = id;
    nameOf_[id] = name;
    foldedOf_[id] = folded(name);
    return id;
}

std::optional<std::int64_t> ImportSession::eventId(const std::string& name) {
    // A record without an event gets the event "" (schema 4: every game has one).
    if (auto it = eventIds_.find(name); it != eventIds_.end()) return it->second;
    SQLite::Statement s(db_, "INSERT INTO events(name, folded) VALUES(?, ?)");
    s.bind(1, name);
    s.bind(2, foldText(name));
    s.exec();
    return eventIds_[name] = db_.getLastInsertRowid();
}

std::optional<std::int64_t> ImportSession::sourceId(const std::string& path) {
    if (path.empty()) return std::nullopt;
    if (auto it = sourceIds_.find(path); it != sourceIds_.end()) return it->second;
    SQLite::Statement s(db_,
                        "INSERT INTO sources(path) VALUES(?) ON CONFLICT(path) DO "
                        "UPDATE SET path = excluded.path RETURNING id");
    s.bind(1, path);
    s.executeStep();
    return sourceIds_[path] = s.getColumn(0).getInt64();
}

std::int64_t ImportSession::insertGame(const GameRecord& r, std::int64_t key) {
    if (!insertGame_)
        insertGame_.emplace(
            db_,
            "INSERT INTO games(black_id, white_id, event_id, round, date, year, place, "
            "black_score, black_discs, white_discs, stated_black, stated_result, "
            "theoretical, theoretical_depth, complete, start, moves, moves_key, source_id, "
            "source_line, source_record, format, result_known) "
            "VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    SQLite::Statement& s = *insertGame_;
    const auto bindText = [&s](int i, const std::string& v) {
        if (v.empty())
            s.bind(i);
        else
            s.bindNoCopy(i, v);
    };
    const auto bindOpt = [&s](int i, const auto& v) {
        if (v)
            s.bind(i, static_cast<int>(*v));
        else
            s.bind(i);
    };
    const int result = resultBlack(r);
    s.bind(1, playerId(r.black));
    s.bind(2, playerId(r.white));
    bindOpt(3, eventId(r.event));
    bindText(4, r.round);
    bindText(5, r.date);
    s.bind(6, r.year);
    bindText(7, r.place);
    s.bind(8, result);
    s.bind(9, r.score.black);
    s.bind(10, r.score.white);
    bindOpt(11, r.statedBlackDiscs);
    bindText(12, r.statedResult);
    bindOpt(13, r.theoreticalScore);
    bindOpt(14, r.theoreticalDepth);
    s.bind(15, r.complete() ? 1 : 0);
    const bool standard = r.start == core::Position::start();
    const std::string start = standard ? std::string() : encodeStart(r.start);
    if (standard)
        s.bind(16);
    else
        s.bindNoCopy(16, start.data(), static_cast<int>(start.size()));
    const std::string moves = encodeMoves(r.moves);
    s.bindNoCopy(17, moves.data(), static_cast<int>(moves.size()));
    s.bind(18, key);
    if (auto src = sourceId(r.source.path))
        s.bind(19, *src);
    else
        s.bind(19);
    if (r.source.line > 0)
        s.bind(20, r.source.line);
    else
        s.bind(20);
    if (r.source.record >= 0)
        s.bind(21, r.source.record);
    else
        s.bind(21);
    s.bind(22, importers::storedFormatCode(r.format));
    const bool known = resultKnown(r);
    s.bind(23, known ? 1 : 0);
    s.exec();
    s.reset();
    const std::int64_t id = db_.getLastInsertRowid();
    indexer_.queue(id, r.start, r.moves, known ? result : -1);
    lastId_ = std::max(lastId_, id);
    return id;
}

void ImportSession::addIncomplete(std::int64_t key, std::int64_t id) {
    incomplete_.emplace(key, id);
    const auto bit = static_cast<std::uint64_t>(key) & (kBloomBits - 1);
    bloom_[bit / 64] |= std::uint64_t{1} << (bit % 64);
}

void ImportSession::checkPrefixOf(const GameRecord& r, std::int64_t id) {
    if (incomplete_.empty()) return;
    std::int64_t key = movesKey(r.start, {});
    for (std::size_t n = 0; n + 1 < r.moves.size(); ++n) {
        key = extendMovesKey(key, r.moves[n]);
        const auto bit = static_cast<std::uint64_t>(key) & (kBloomBits - 1);
        if (!(bloom_[bit / 64] >> (bit % 64) & 1)) continue;
        const auto it = incomplete_.find(key);
        if (it != incomplete_.end() && it->second != id) addPrefix(it->second, id, r);
    }
}

void ImportSession::addPrefix(std::int64_t shorter, std::int64_t longer, const GameRecord& r) {
    // Each unfinished game is reported once, with the first longer game found: an opening
    // line can be the prefix of thousands of games.
    if (!prefixesReported_.insert(shorter).second) return;
    ++result_.prefixes;
    note(r, "prefix",
         "game " + std::to_string(shorter) + " is a prefix of game " + std::to_string(longer));
}

void ImportSession::reportPrefixes() {
    if (newIncomplete_.empty()) return;
    SQLite::Statement game(db_,
                           "SELECT start, moves, source_line, source_record, "
                           "(SELECT path FROM sources WHERE id = source_id) "
                           "FROM games WHERE id = ?");
    SQLite::Statement reach(db_, "SELECT entry FROM positions WHERE hash = ?");
    const auto load = [&game](std::int64_t id, core::Position& start, std::vector<int>& moves) {
        game.reset();
        game.bind(1, id);
        if (!game.executeStep()) return false;
        const auto s = game.getColumn(0), m = game.getColumn(1);
        start = decodeStart(s.getBlob(), s.getBytes());
        moves = decodeMoves(m.getBlob(), m.getBytes());
        return true;
    };
    for (std::int64_t id : newIncomplete_) {
        core::Position start, otherStart;
        std::vector<int> moves, other;
        if (!load(id, start, moves)) continue;
        GameRecord where;
        where.source.path = game.getColumn(4).isNull() ? "" : game.getColumn(4).getString();
        where.source.line = game.getColumn(2).isNull() ? 0 : game.getColumn(2).getInt();
        where.source.record = game.getColumn(3).isNull() ? -1 : game.getColumn(3).getInt64();
        const core::ReplayResult rr = core::replay(start, moves);
        reach.reset();
        reach.bind(1, static_cast<std::int64_t>(core::positionHash(rr.final())));
        std::vector<std::int64_t> candidates;
        while (reach.executeStep() && candidates.size() < 200) {
            const std::int64_t e = reach.getColumn(0).getInt64();
            if (entryGame(e) != id && entryPly(e) == static_cast<int>(moves.size()))
                candidates.push_back(entryGame(e));
        }
        for (std::int64_t c : candidates) {
            if (!load(c, otherStart, other) || !(otherStart == start) ||
                other.size() <= moves.size() ||
                !std::equal(moves.begin(), moves.end(), other.begin()))
                continue;
            addPrefix(id, c, where);
            break;
        }
    }
}

void ImportSession::indexPositions() {
    if (!indexer_.pending() && !indexesDropped_) return;
    indexer_.prepare();
    SQLite::Transaction t(db_, SQLite::TransactionBehavior::IMMEDIATE);
    if (indexesDropped_) {
        db_.exec(kGameIndexesSql);
        indexesDropped_ = false;
        bulkLoad_ = false;
    }
    indexer_.flush();
    SQLite::Statement s(db_, "UPDATE meta SET value = max(value, ?) WHERE key = 'indexed_upto'");
    s.bind(1, lastId_);
    s.exec();
    trace("positions written");
    t.commit();
}

void ImportSession::reject(const GameRecord& r) {
    ++result_.rejected;
    ++progress_.rejected;
    bool any = false;
    for (const Diagnostic& d : r.diagnostics) {
        if (d.severity != Severity::Error) continue;
        result_.keep(result_.errors, d);
        any = true;
    }
    // A record with no diagnostic at all is past its file's diagnostic limit
    // (importers/ReadLimits.h): counted, and summed up by the file's "diagnostic-limit" note.
    if (!any && !r.diagnostics.empty()) {
        Diagnostic d;
        d.where = r.source;
        d.code = "rejected";
        d.message = "record rejected";
        result_.keep(result_.errors, std::move(d));
    }
}

void ImportSession::note(const GameRecord& r, const char* code, std::string message) {
    Diagnostic d;
    d.severity = Severity::Warning;
    d.where = r.source;
    d.code = code;
    d.message = std::move(message);
    result_.keep(result_.notes, std::move(d));
}

}  // namespace othello::storage

namespace othello::storage {

void ImportResult::keep(std::vector<importers::Diagnostic>& list, importers::Diagnostic d) {
    if (list.size() < kMaxImportDiagnostics)
        list.push_back(std::move(d));
    else
        ++diagnosticsNotKept;
}

}  // namespace othello::storage
