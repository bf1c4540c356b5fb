// Readers' shared replay of unindexed games (storage/index/PendingPositions.h).
#include "storage/index/PendingPositions.h"

#include <sqlite3.h>
#include <sys/stat.h>

#include <algorithm>
#include <string>
#include <utility>

#include "storage/Archive.h"

namespace othello::storage {
namespace {

std::mutex registryMutex;
// By (device, inode): a connection keeps its file open, so the inode of a file still read is
// never given to another file meanwhile.
std::map<std::pair<std::uint64_t, std::uint64_t>, std::weak_ptr<PendingStore>> registry;

// ---- othello_pending(hash, entry): an eponymous read-only virtual table over a PendingView.

struct PendingCursor {
    sqlite3_vtab_cursor base;
    std::shared_ptr<const PendingView>* view;  // the connection's current view
    std::shared_ptr<const PendingView> held;   // the view being read
    std::size_t chunk;                         // index into held->chunks
    const PendingRow* at;                      // current row
    const PendingRow* end;                     // end of the current chunk's range
    bool byHash;
    std::int64_t hash;
};

struct PendingTable {
    sqlite3_vtab base;
    std::shared_ptr<const PendingView>* view;
};

int pendingConnect(sqlite3* db, void* aux, int, const char* const*, sqlite3_vtab** out, char**) {
    const int rc = sqlite3_declare_vtab(db, "CREATE TABLE x(hash INTEGER, entry INTEGER)");
    if (rc != SQLITE_OK) return rc;
    auto* t = static_cast<PendingTable*>(sqlite3_malloc(sizeof(PendingTable)));
    if (!t) return SQLITE_NOMEM;
    t->base = sqlite3_vtab{};
    t->view = static_cast<std::shared_ptr<const PendingView>*>(aux);
    *out = &t->base;
    return SQLITE_OK;
}

int pendingDisconnect(sqlite3_vtab* vtab) {
    sqlite3_free(vtab);
    return SQLITE_OK;
}

int pendingBestIndex(sqlite3_vtab*, sqlite3_index_info* info) {
    for (int i = 0; i < info->nConstraint; ++i) {
        const auto& c = info->aConstraint[i];
        if (c.usable && c.iColumn == 0 && c.op == SQLITE_INDEX_CONSTRAINT_EQ) {
            info->aConstraintUsage[i].argvIndex = 1;
            info->aConstraintUsage[i].omit = 1;
            info->idxNum = 1;
            info->estimatedCost = 10;
            info->estimatedRows = 20;
            return SQLITE_OK;
        }
    }
    info->idxNum = 0;
    info->estimatedCost = 1e7;
    info->estimatedRows = 1000000;
    return SQLITE_OK;
}

int pendingOpen(sqlite3_vtab* vtab, sqlite3_vtab_cursor** out) {
    auto* c = new (std::nothrow) PendingCursor{};
    if (!c) return SQLITE_NOMEM;
    c->view = reinterpret_cast<PendingTable*>(vtab)->view;
    *out = &c->base;
    return SQLITE_OK;
}

int pendingClose(sqlite3_vtab_cursor* cur) {
    delete reinterpret_cast<PendingCursor*>(cur);
    return SQLITE_OK;
}

std::int64_t rowGame(const PendingRow& r) {
    return r.entry >> 24;
}

// Moves to the next row of the view's games, from the current one (included).
void settle(PendingCursor* c) {
    const PendingView* v = c->held.get();
    for (;;) {
        for (; c->at != c->end; ++c->at) {
            const std::int64_t g = rowGame(*c->at);
            if (g > v->from && g <= v->to) return;
        }
        if (!v || ++c->chunk >= v->chunks.size()) {
            c->at = c->end = nullptr;
            return;
        }
        const auto& rows = v->chunks[c->chunk]->rows;
        if (c->byHash) {
            const auto range = std::equal_range(
                rows.begin(), rows.end(), PendingRow{c->hash, 0},
                [](const PendingRow& a, const PendingRow& b) { return a.hash < b.hash; });
            c->at = rows.data() + (range.first - rows.begin());
            c->end = rows.data() + (range.second - rows.begin());
        } else {
            c->at = rows.data();
            c->end = rows.data() + rows.size();
        }
    }
}

int pendingFilter(sqlite3_vtab_cursor* cur, int idxNum, const char*, int argc,
                  sqlite3_value** argv) {
    auto* c = reinterpret_cast<PendingCursor*>(cur);
    c->held = c->view ? *c->view : nullptr;
    c->byHash = idxNum == 1 && argc == 1;
    c->hash = c->byHash ? sqlite3_value_int64(argv[0]) : 0;
    c->at = c->end = nullptr;
    if (!c->held || c->held->chunks.empty()) return SQLITE_OK;
    c->chunk = static_cast<std::size_t>(-1);  // settle() moves to chunk 0
    settle(c);
    return SQLITE_OK;
}

int pendingNext(sqlite3_vtab_cursor* cur) {
    auto* c = reinterpret_cast<PendingCursor*>(cur);
    if (c->at) {
        ++c->at;
        settle(c);
    }
    return SQLITE_OK;
}

int pendingEof(sqlite3_vtab_cursor* cur) {
    return reinterpret_cast<PendingCursor*>(cur)->at == nullptr;
}

int pendingColumn(sqlite3_vtab_cursor* cur, sqlite3_context* ctx, int column) {
    const auto* c = reinterpret_cast<PendingCursor*>(cur);
    sqlite3_result_int64(ctx, column == 0 ? c->at->hash : c->at->entry);
    return SQLITE_OK;
}

int pendingRowid(sqlite3_vtab_cursor* cur, sqlite3_int64* rowid) {
    *rowid = reinterpret_cast<PendingCursor*>(cur)->at->entry;
    return SQLITE_OK;
}

sqlite3_module makeModule() {
    sqlite3_module m{};
    m.xConnect = pendingConnect;  // no xCreate: eponymous only, nothing stored in the schema
    m.xBestIndex = pendingBestIndex;
    m.xDisconnect = pendingDisconnect;
    m.xOpen = pendingOpen;
    m.xClose = pendingClose;
    m.xFilter = pendingFilter;
    m.xNext = pendingNext;
    m.xEof = pendingEof;
    m.xColumn = pendingColumn;
    m.xRowid = pendingRowid;
    return m;
}
const sqlite3_module kPendingModule = makeModule();

}  // namespace

std::shared_ptr<PendingStore> PendingStore::forFile(const std::filesystem::path& path) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0)
        throw StorageError("cannot read " + path.string() + ": it is gone");
    const std::pair<std::uint64_t, std::uint64_t> key{static_cast<std::uint64_t>(st.st_dev),
                                                      static_cast<std::uint64_t>(st.st_ino)};
    std::lock_guard<std::mutex> lock(registryMutex);
    for (auto it = registry.begin(); it != registry.end();)
        it = it->second.expired() ? registry.erase(it) : std::next(it);
    auto& slot = registry[key];
    auto store = slot.lock();
    if (!store) {
        store = std::make_shared<PendingStore>();
        slot = store;
    }
    return store;
}

std::shared_ptr<const PendingView> PendingStore::view(std::int64_t from, std::int64_t to,
                                                      const Replay& replay) {
    auto v = std::make_shared<PendingView>();
    v->from = from;
    v->to = to;
    std::lock_guard<std::mutex> lock(mutex_);
    // Indexed for this snapshot, so for every later one (an older snapshot replays again).
    while (!chunks_.empty() && chunks_.begin()->second->to <= from) chunks_.erase(chunks_.begin());
    auto it = chunks_.begin();
    for (std::int64_t cur = from; cur < to;) {
        while (it != chunks_.end() && it->second->to <= cur) ++it;
        if (it != chunks_.end() && it->second->from <= cur) {
            v->chunks.push_back(it->second);
            cur = it->second->to;
            ++it;
            continue;
        }
        // No chunk holds game cur + 1: replay up to the next chunk (or the end).
        const std::int64_t end = it == chunks_.end() ? to : std::min(to, it->second->from);
        auto chunk = std::make_shared<PendingChunk>();
        chunk->from = cur;
        chunk->to = end;
        chunk->rows = replay(cur, end);
        replayed_ += end - cur;
        it = std::next(chunks_.emplace_hint(it, cur, chunk));
        v->chunks.push_back(std::move(chunk));
        cur = end;
    }
    return v;
}

void PendingStore::indexedUpTo(std::int64_t upto) {
    std::lock_guard<std::mutex> lock(mutex_);
    while (!chunks_.empty() && chunks_.begin()->second->to <= upto) chunks_.erase(chunks_.begin());
}

std::size_t PendingStore::rows() const {
    std::lock_guard<std::mutex> lock(mutex_);
    std::size_t n = 0;
    for (const auto& [from, chunk] : chunks_) n += chunk->rows.size();
    return n;
}

std::int64_t PendingStore::replayedGames() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return replayed_;
}

void registerPendingPositions(SQLite::Database& db,
                              const std::shared_ptr<const PendingView>* view) {
    const int rc =
        sqlite3_create_module_v2(db.getHandle(), "othello_pending", &kPendingModule,
                                 const_cast<std::shared_ptr<const PendingView>*>(view), nullptr);
    if (rc != SQLITE_OK) throw StorageError("cannot register the othello_pending table");
}

}  // namespace othello::storage
