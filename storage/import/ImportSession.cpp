// One import: duplicates out, games stored in batches, then their positions indexed.
#include "storage/import/ImportSession.h"

#include "storage/curation/AnnotationStore.h"
#include "storage/curation/GameEditor.h"
#include "storage/curation/Journal.h"
#include "storage/players/RatingsStore.h"

#include <sqlite3.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>

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
    // A flush waits for the batch's end: room for one more batch (address space only until
    // rows are written: untouched pages take no memory).
    indexer_.reserve(flushRows() +
                     kMaxPliesPerGame * std::min<std::size_t>(options.batchGames, 100'000));
    impl_.indexPendingGames();
    if (impl_.scalar("SELECT count(*) FROM sqlite_master WHERE type = 'index' AND "
                     "name LIKE 'games\\_%' ESCAPE '\\'") < kGameIndexCount) {
        SQLite::Transaction t(db_, SQLite::TransactionBehavior::IMMEDIATE);
        db_.exec(kGameIndexesSql);
        t.commit();
    }
    load();
    bulkLoad_ = impl_.scalar("SELECT NOT EXISTS (SELECT 1 FROM games)") != 0;
    // The session inserts the players, events and sources its games point to itself: checking
    // each game's four references again cost SQLite four lookups a row. Back on in the destructor.
    db_.exec("PRAGMA foreign_keys = OFF");
    trace("session ready");
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
    // The keys of every prefix of the moves at once (checkPrefixOf looks them up), the last
    // being the game's: movesKey's chain, walked once.
    prefixKeys_.resize(r.moves.size() + 1);
    prefixKeys_[0] = startKey(r.start, r.rules);
    for (std::size_t n = 0; n < r.moves.size(); ++n)
        prefixKeys_[n + 1] = extendMovesKey(prefixKeys_[n], r.moves[n]);
    const std::int64_t key = prefixKeys_.back();
    const std::int64_t hash = recordHash(r, key);
    if (skipEdited(r, key, hash)) return;
    std::optional<SameMoves> other;
    // The filter answers "certainly new" for almost every game of a new file without a query.
    const bool seen = sessionKeys_ ? sessionKeys_->contains(key) : movesSeen_.mayContain(key);
    if (seen) {
        if (const std::optional<std::int64_t> found = findDuplicate(r, key, hash, other)) {
            ++result_.duplicates;
            ++progress_.duplicates;
            if (r.annotated()) annotatedDuplicate(r, *found, true);
            return;
        }
    }
    beginBatch();
    const std::int64_t id = insertGame(r, key, hash);
    if (sessionKeys_ && id != sessionKeys_->nextId()) {
        // Ids not consecutive (not in an empty table, but cheap to be sure of): back to the
        // index and the filter, filled with the games stored so far.
        sessionKeys_.reset();
        db_.exec(kGameIndexesSql);
        indexesDropped_ = false;
        SQLite::Statement keys(db_, "SELECT moves_key FROM games WHERE id != ?");
        keys.bind(1, id);
        while (keys.executeStep()) movesSeen_.add(keys.getColumn(0).getInt64());
    }
    if (other) {
        ++result_.possibleDuplicates;
        note(r, "possible-duplicate",
             "same moves as game " + std::to_string(other->id) + " (" + displayName(other->black) +
                 " - " + displayName(other->white) +
                 "), other or unknown names, event or date: imported");
        // Only annotations kept with the new game are said to be (storeAnnotations noted the
        // others as not kept).
        if (r.annotated() && r.annotationsCheck == importers::AnnotationsCheck::Fit)
            annotatedDuplicate(r, other->id, false);
    }
    if (sessionKeys_)
        sessionKeys_->add(key, r.complete());
    else
        movesSeen_.add(key);
    checkPrefixOf(r, id);
    if (!r.complete()) {
        incompleteSeen_.add(key);
        anyIncomplete_ = true;
        newIncomplete_.push_back(id);
    }
    ++result_.imported;
    ++progress_.imported;
    if (++inBatch_ >= options_.batchGames) commitBatch();
}

void ImportSession::beginBatch() {
    if (tx_) return;
    tx_.emplace(db_, SQLite::TransactionBehavior::IMMEDIATE);
    // Above every id ever given (trashed and purged games keep theirs: Archive.h).
    batchAfterId_ = impl_.gameIdFloor();
    nextId_ = batchAfterId_ + 1;
    if (bulkLoad_ && !indexesDropped_) {
        db_.exec(kDropGameIndexesSql);
        db_.exec("DROP INDEX IF EXISTS games_moves_key");
        indexesDropped_ = true;
        sessionKeys_.emplace(batchAfterId_ + 1);
    }
}

void ImportSession::annotatedDuplicate(const GameRecord& r, std::int64_t stored, bool exact) {
    const GameAnnotations have = AnnotationStore(impl_).read(stored);
    const GameAnnotations merged = mergeAnnotations(have, {r.comments, r.variations});
    if (merged == have) return;  // nothing the stored game lacks (a file imported again)
    ++result_.annotatedDuplicates;
    if (annotatedReported_.insert(stored).second &&
        result_.annotatedDuplicateGames.size() < kMaxImportDiagnostics)
        result_.annotatedDuplicateGames.push_back(stored);
    const std::string brings = annotationsSummary({r.comments, r.variations});
    if (!exact) {
        note(r, "annotated-duplicate",
             "possible duplicate of game " + std::to_string(stored) + " brings comments or " +
                 "variations it lacks (" + brings + "): kept with the new game");
        return;
    }
    if (options_.mergeAnnotations) {
        beginBatch();
        GameEditor editor(impl_);
        EditableGame g = editor.read(stored);
        if (g.unreadableRules) {
            note(r, "annotated-duplicate",
                 "duplicate of game " + std::to_string(stored) + " brings comments or variations " +
                     "(" + brings + "), but the game is stored under rules this program cannot " +
                     "read (" + *g.unreadableRules + "): not merged, not stored");
            return;
        }
        try {
            const EditResult e =
                applyEdit(impl_, editor, g,
                          nlohmann::json{{"annotations", annotationsJson(merged)}}, false, 0);
            ++result_.annotationsMerged;
            note(r, "annotations-merged",
                 "duplicate of game " + std::to_string(stored) + ": its comments and variations (" +
                     brings + ") were merged into the game (change " + std::to_string(e.change) +
                     ")");
            return;
        } catch (const AnnotationsMismatch& e) {
            note(r, "annotated-duplicate",
                 "duplicate of game " + std::to_string(stored) + " brings comments or variations " +
                     "that could not be merged (" + e.what() + "): not stored");
            return;
        }
    }
    note(r, "annotated-duplicate",
         "duplicate of game " + std::to_string(stored) + " brings comments or variations it " +
             "lacks (" + brings + "): not stored (import --merge-annotations merges them)");
}

void ImportSession::commitBatch() {
    if (tx_) {
        journalBatch();
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
    // Bound memory on huge imports: the positions queued so far go to a sorted run on disk,
    // and the index is written once, at the end, from all the runs (PositionRuns.h).
    if (indexer_.pending() > flushRows()) {
        indexer_.spill(impl_.path.parent_path());
        trace("positions spilled");
    }
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
    rateGames();
    trace("games rated");
    reportPrefixes();
    reportShortPrefixes();
    trace("prefixes checked");
}

void ImportSession::trace(const char* phase) {
    static const bool on = std::getenv("OTHELLO_IMPORT_TRACE") != nullptr;
    if (!on) return;
    // Beside the wall time, this thread's CPU time: the difference is time spent waiting (for
    // the reader, the indexing worker, or a core).
    timespec cpu{};
    ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &cpu);
    std::fprintf(stderr, "import: %-18s %.3f s (this thread's CPU %.3f s)\n", phase,
                 std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count(),
                 double(cpu.tv_sec) + double(cpu.tv_nsec) / 1e9);
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
    SQLite::Statement events(db_, "SELECT id, name, folded FROM events");
    while (events.executeStep()) {
        eventIds_[events.getColumn(1).getString()] = events.getColumn(0).getInt64();
        eventFolded_[events.getColumn(0).getInt64()] = events.getColumn(2).getString();
    }
    loadOrigins();
    // Only the filters are filled: the keys stay in SQLite.
    SQLite::Statement games(db_, "SELECT moves_key, complete FROM games");
    while (games.executeStep()) {
        const std::int64_t key = games.getColumn(0).getInt64();
        movesSeen_.add(key);
        if (!games.getColumn(1).getInt()) {
            incompleteSeen_.add(key);
            anyIncomplete_ = true;
        }
    }
}

std::optional<std::int64_t> ImportSession::storedSourceId(const std::string& path) {
    if (path.empty()) return std::nullopt;
    if (auto it = sourceIds_.find(path); it != sourceIds_.end()) return it->second;
    if (!sourceAt_) sourceAt_.emplace(db_, "SELECT id FROM sources WHERE path = ?");
    sourceAt_->bind(1, path);
    std::optional<std::int64_t> id;
    if (sourceAt_->executeStep()) id = sourceAt_->getColumn(0).getInt64();
    sourceAt_->reset();
    if (id) sourceIds_[path] = *id;
    return id;
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
    s.bind(2, folded(name));
    s.exec();
    const std::int64_t id = db_.getLastInsertRowid();
    eventFolded_[id] = folded(name);
    return eventIds_[name] = id;
}

std::optional<std::int64_t> ImportSession::sourceId(const std::string& path) {
    if (path.empty()) return std::nullopt;
    // A file's records come one after the other: its id without a hash of its path.
    if (lastSourceId_ && path == lastSourcePath_) return lastSourceId_;
    if (auto it = sourceIds_.find(path); it != sourceIds_.end()) {
        lastSourcePath_ = path;
        return lastSourceId_ = it->second;
    }
    SQLite::Statement s(db_,
                        "INSERT INTO sources(path) VALUES(?) ON CONFLICT(path) DO "
                        "UPDATE SET path = excluded.path RETURNING id");
    s.bind(1, path);
    s.executeStep();
    return sourceIds_[path] = s.getColumn(0).getInt64();
}

std::int64_t ImportSession::insertGame(const GameRecord& r, std::int64_t key, std::int64_t hash) {
    if (!insertGame_) insertGame_.emplace(db_);
    GameRowRefs refs;
    refs.blackId = playerId(r.black);
    refs.whiteId = playerId(r.white);
    refs.eventId = eventId(r.event);
    refs.sourceId = sourceId(r.source.path);
    refs.movesKey = key;
    refs.recordHash = hash;
    refs.id = nextId_++;
    const std::int64_t id = insertGame_->insert(r, refs);
    if (r.annotated()) storeAnnotations(r, id);
    if (!firstId_) firstId_ = id;
    if (!r.source.path.empty() && paths_.size() < 50 &&
        (paths_.empty() || paths_.back() != r.source.path) &&
        std::find(paths_.begin(), paths_.end(), r.source.path) == paths_.end())
        paths_.push_back(r.source.path);
    indexer_.queue(id, r.start, r.moves, indexResult(r));
    lastId_ = std::max(lastId_, id);
    return id;
}

void ImportSession::storeAnnotations(const GameRecord& r, std::int64_t id) {
    // Checked where the record was built (GameRecord::annotationsCheck: every reader checks
    // what it read), so nothing is replayed again here. A record built otherwise keeps its
    // game, and says what was not kept.
    if (r.annotationsCheck == importers::AnnotationsCheck::Fit) {
        AnnotationStore(impl_).write(id, {r.comments, r.variations});
        return;
    }
    const std::string what = r.annotationsCheck == importers::AnnotationsCheck::Unfit
                                 ? "do not fit its moves (" + r.annotationsUnfit + ")"
                                 : "were not checked against its moves (checkAnnotations)";
    note(r, "annotations-not-kept",
         "the comments and variations of game " + std::to_string(id) + " " + what +
             ": the game was stored without them");
}

void ImportSession::addPrefix(std::int64_t shorter, std::int64_t longer, const GameRecord& r,
                              int plies, bool atShorter) {
    // Each unfinished game is reported once, with the first longer game found: an opening
    // line can be the prefix of thousands of games.
    if (!prefixesReported_.insert(shorter).second) return;
    ++result_.prefixes;
    if (plies <= kShortPrefixPlies) {
        // Games abandoned in the opening: counted, and said in one note at the end.
        ++result_.shortPrefixes;
        if (shortPrefixFiles_.size() < 2 &&
            std::find(shortPrefixFiles_.begin(), shortPrefixFiles_.end(), r.source.path) ==
                shortPrefixFiles_.end())
            shortPrefixFiles_.push_back(r.source.path);
        return;
    }
    // Games by their ids, the record by its location: "this record" says which game it is.
    const std::string moves = "unfinished, " + std::to_string(plies) + " moves";
    note(r, "prefix",
         "game " + std::to_string(shorter) + (atShorter ? " (this record; " : " (") + moves +
             ") is a prefix of game " + std::to_string(longer) +
             (atShorter ? std::string() : " (this record)"));
}

void ImportSession::rateGames() {
    // The triggers noted the first year the import touched (storage/players/RatingsStore.h):
    // a new year is rated alone. Apart from the index: a failure here keeps the games and
    // their positions, and the next writer rates them.
    SQLite::Transaction t(db_, SQLite::TransactionBehavior::IMMEDIATE);
    if (updateRatings(db_)) t.commit();
}

void ImportSession::indexPositions() {
    if (!indexer_.pending() && !indexer_.spilled() && !indexesDropped_) return;
    indexer_.prepare();
    trace("positions hashed");
    // Temp files (statement journals, CREATE INDEX's sorter) on disk, whatever the size: a
    // flush into a big position index journals pages in proportion to the index (2 GB of
    // memory at 2.5 M games), and the games' indexes of the world archive build faster with
    // the sorter's default (0.15 s against 0.20 s of CPU in memory; their flush the same). The
    // pragma cannot change inside a transaction.
    db_.exec("PRAGMA temp_store = FILE");
    SQLite::Transaction t(db_, SQLite::TransactionBehavior::IMMEDIATE);
    if (indexesDropped_) {
        db_.exec(kGameIndexesSql);
        indexesDropped_ = false;
        bulkLoad_ = false;
        sessionKeys_.reset();
        trace("games indexed");
    }
    indexer_.flush();
    SQLite::Statement s(db_, "UPDATE meta SET value = max(value, ?) WHERE key = 'indexed_upto'");
    s.bind(1, lastId_);
    s.exec();
    trace("positions written");
    t.commit();
    trace("committed");
}

void ImportSession::journalBatch() {
    if (!tx_ || inBatch_ == 0 || lastId_ < firstId_ || !firstId_) return;
    const std::int64_t games = lastId_ - firstId_ + 1;
    std::string from;
    for (std::size_t i = 0; i < paths_.size() && i < 3; ++i) from += (i ? ", " : "") + paths_[i];
    if (paths_.size() > 3) from += " and more";
    const std::string summary = "import of " + std::to_string(games) +
                                (games == 1 ? " game" : " games") +
                                (from.empty() ? std::string() : " from " + from) + " (games " +
                                std::to_string(firstId_) + "-" + std::to_string(lastId_) + ")";
    nlohmann::json d{{"first_game", firstId_}, {"last_game", lastId_}, {"files", paths_}};
    if (!change_) {
        JournalEntry e;
        e.kind = "import";
        e.summary = summary;
        e.details = d;
        e.firstGame = firstId_;
        e.lastGame = lastId_;
        change_ = Journal::record(db_, impl_.user, e);
        result_.change = change_;
        return;
    }
    SQLite::Statement u(db_,
                        "UPDATE journal SET last_game = ?, summary = ?, details = ? WHERE id = ?");
    u.bind(1, lastId_);
    u.bind(2, summary);
    u.bind(3, d.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
    u.bind(4, change_);
    u.exec();
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
    if (!any && !r.diagnostics.empty())
        result_.keep(result_.errors,
                     Diagnostic::at(Severity::Error, r.source, "rejected", "record rejected"));
}

void ImportSession::note(const GameRecord& r, const char* code, std::string message) {
    result_.keep(result_.notes,
                 Diagnostic::at(Severity::Warning, r.source, code, std::move(message)));
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
