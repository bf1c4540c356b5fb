#pragma once
// The writer lock of an archive: one writer of the games at a time, across threads and
// processes.
//
// The rule. Whoever changes players, player_aliases, events, sources, games, or the position
// index (positions, position_stats, meta.indexed_upto) holds this lock for as long as it keeps
// any of their ids in memory: import (the whole import: it caches the players, events and
// games), rename-player, rename-event, the edits of Archive.h (add, edit, delete, restore,
// purge, revert: storage/curation/GameEditor.h EditScope), and every future writer of games. It is what
// makes those cached ids safe: nobody else can delete or merge a player meanwhile. Writers of other
// tables (e.g. a cache of analysis results keyed by game id) do not take it: they write in
// short transactions of their own, which SQLite serialises (they wait on its busy timeout while
// an import commits a batch), and re-read in that transaction any id they depend on (a game
// deleted meanwhile is then simply not there, and foreign keys refuse a dangling row).
//
// The lock is an exclusive flock on "<database>.writer-lock", which the kernel releases when the
// holder exits or is killed. The holder writes "<pid> <command>" into the file so that a waiting
// writer can say who it waits for. The (small) file stays after use on purpose: deleting it
// would let a waiting process lock the deleted inode while a third one creates and locks a new
// file, and two writers would run at once.
//
// Within one process, two WriterLock objects on one archive exclude each other too (each has
// its own open file description), so a thread must not take the lock twice.
#include <chrono>
#include <filesystem>
#include <optional>
#include <string>

#include "storage/Archive.h"

namespace othello::storage {

// A second writer gave up waiting: "archive busy: <command> by process <pid>".
struct ArchiveBusy : StorageError {
    using StorageError::StorageError;
};

class WriterLock {
  public:
    // Takes the lock of the archive at `database` for `command` (a word shown to the writers
    // waiting for it, e.g. "import"), waiting up to `timeout` for the current holder to finish.
    // Throws ArchiveBusy when the wait times out, StorageError when the lock file cannot be
    // created or opened (a read-only folder: "archive is read-only").
    WriterLock(const std::filesystem::path& database, const std::string& command,
               std::chrono::milliseconds timeout = defaultTimeout());
    // The lock if it is free right now, else nullopt (also when the lock file cannot be made).
    static std::optional<WriterLock> tryTake(const std::filesystem::path& database,
                                             const std::string& command);
    ~WriterLock();
    WriterLock(WriterLock&& other) noexcept;
    WriterLock& operator=(WriterLock&&) = delete;
    WriterLock(const WriterLock&) = delete;
    WriterLock& operator=(const WriterLock&) = delete;

    // How long a writer waits for another: $OTHELLO_BUSY_TIMEOUT (seconds, decimals allowed),
    // else 10 s.
    static std::chrono::milliseconds defaultTimeout();
    // True when some writer holds the lock of `database` now.
    static bool held(const std::filesystem::path& database);
    // "<database>.writer-lock"
    static std::filesystem::path lockPath(const std::filesystem::path& database);

  private:
    WriterLock() = default;
    int fd_ = -1;
};

}  // namespace othello::storage
