// Readers' shared replay of unindexed games (storage/index/PendingPositions.h).
#include "storage/index/PendingPositions.h"

#include <sqlite3.h>
#include <sys/stat.h>

#include <algorithm>
#include <string>
#include <utility>

#include "storage/Archive.h"
#include "storage/index/VirtualTable.h"

namespace othello::storage {
namespace {

std::mutex registryMutex;
// By (device, inode): a connection keeps its file open, so the inode of a file still read is
// never given to another file meanwhile.
std::map<std::pair<std::uint64_t, std::uint64_t>, std::weak_ptr<PendingStore>> registry;

// ---- othello_pending(hash, entry): an eponymous read-only virtual table over a PendingView
// (storage/index/VirtualTable.h); aux is the connection's current view.

class PendingCursor {
  public:
    static std::string schema(void*) { return "CREATE TABLE x(hash INTEGER, entry INTEGER)"; }
    static void bestIndex(sqlite3_index_info* info);
    explicit PendingCursor(void* aux)
        : view_(static_cast<std::shared_ptr<const PendingView>*>(aux)) {}
    void filter(int idxNum, int argc, sqlite3_value** argv);
    void next();
    bool eof() const { return at_ == nullptr; }
    void column(sqlite3_context* ctx, int column) const {
        sqlite3_result_int64(ctx, column == 0 ? at_->hash : at_->entry);
    }
    sqlite3_int64 rowid() const { return at_->entry; }

  private:
    void settle();
    std::shared_ptr<const PendingView>* view_;  // the connection's current view
    std::shared_ptr<const PendingView> held_;   // the view being read
    std::size_t chunk_ = 0;                     // index into held_->chunks
    const PendingRow* at_ = nullptr;            // current row
    const PendingRow* end_ = nullptr;           // end of the current chunk's range
    bool byHash_ = false;
    std::int64_t hash_ = 0;
};

void PendingCursor::bestIndex(sqlite3_index_info* info) {
    for (int i = 0; i < info->nConstraint; ++i) {
        const auto& c = info->aConstraint[i];
        if (c.usable && c.iColumn == 0 && c.op == SQLITE_INDEX_CONSTRAINT_EQ) {
            info->aConstraintUsage[i].argvIndex = 1;
            info->aConstraintUsage[i].omit = 1;
            info->idxNum = 1;
            info->estimatedCost = 10;
            info->estimatedRows = 20;
            return;
        }
    }
    info->idxNum = 0;
    info->estimatedCost = 1e7;
    info->estimatedRows = 1000000;
}

std::int64_t rowGame(const PendingRow& r) {
    return r.entry >> 24;
}

// Moves to the next row of the view's games, from the current one (included).
void PendingCursor::settle() {
    const PendingView* v = held_.get();
    for (;;) {
        for (; at_ != end_; ++at_) {
            const std::int64_t g = rowGame(*at_);
            if (g > v->from && g <= v->to) return;
        }
        if (!v || ++chunk_ >= v->chunks.size()) {
            at_ = end_ = nullptr;
            return;
        }
        const auto& rows = v->chunks[chunk_]->rows;
        if (byHash_) {
            const auto range = std::equal_range(
                rows.begin(), rows.end(), PendingRow{hash_, 0},
                [](const PendingRow& a, const PendingRow& b) { return a.hash < b.hash; });
            at_ = rows.data() + (range.first - rows.begin());
            end_ = rows.data() + (range.second - rows.begin());
        } else {
            at_ = rows.data();
            end_ = rows.data() + rows.size();
        }
    }
}

void PendingCursor::filter(int idxNum, int argc, sqlite3_value** argv) {
    held_ = view_ ? *view_ : nullptr;
    byHash_ = idxNum == 1 && argc == 1;
    hash_ = byHash_ ? sqlite3_value_int64(argv[0]) : 0;
    at_ = end_ = nullptr;
    if (!held_ || held_->chunks.empty()) return;
    chunk_ = static_cast<std::size_t>(-1);  // settle() moves to chunk 0
    settle();
}

void PendingCursor::next() {
    if (at_) {
        ++at_;
        settle();
    }
}

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
    registerEponymousTable<PendingCursor>(db, "othello_pending",
                                          const_cast<std::shared_ptr<const PendingView>*>(view));
}

}  // namespace othello::storage
