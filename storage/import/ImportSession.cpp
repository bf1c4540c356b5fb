// One import: duplicates out, games stored in batches, then their positions indexed.
#include "storage/import/ImportSession.h"

#include "storage/curation/AnnotationStore.h"
#include "storage/curation/GameEditor.h"
#include "storage/curation/Journal.h"

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
    prefixKeys_[0] = movesKey(r.start, {});
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
        if (r.annotated()) annotatedDuplicate(r, other->id, false);
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
    // Anti-Othello games are searchable by position but stay out of every statistic: their
    // results read backwards next to normal games.
    const int result = r.variant.anti ? kOutsideStats : resultKnown(r) ? resultBlack(r) : -1;
    indexer_.queue(id, r.start, r.moves, result);
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
            if (!load(c, otherStart, other) || !(otherStart == start) ||
                other.size() <= moves.size() ||
                !std::equal(moves.begin(), moves.end(), other.begin()))
                continue;
            addPrefix(id, c, where, static_cast<int>(moves.size()), true);
            break;
        }
    }
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

std::string ImportSession::sourceKey(const std::string& path, std::int64_t record, int line) {
    return path + '\x1f' + (record >= 0 ? std::to_string(record) : "L" + std::to_string(line));
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
