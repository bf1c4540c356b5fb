#pragma once
// Private to storage/: how SQLite opens an archive file, for what media, and what readers of an
// older schema see in place of newer columns and tables.
#include <SQLiteCpp/SQLiteCpp.h>

#include <chrono>
#include <filesystem>
#include <string>

#include "storage/Archive.h"

namespace othello::storage {

// How SQLite opens an archive file (see Archive.h, "Read-only archives"): a plain path, or on
// read-only media a file: URI with mode=ro (through the -wal and -shm files beside it) or
// immutable=1 (the file alone, read as a snapshot).
struct SqliteTarget {
    std::string name;
    int flags = 0;
    // immutable=1: SQLite reads the main file alone, without locks, and never its -wal.
    bool snapshot = false;
    // Said to the user when the snapshot may leave changes out (a -wal beside the file that
    // could not be read through its -shm); "" otherwise.
    std::string warning;
};
SqliteTarget sqliteTarget(const std::filesystem::path& database, bool readOnly, Media media);
// A writer's connection about to close: a full checkpoint copies every committed transaction
// of the -wal into the main file, so that the file alone is the whole archive (a copy of it
// needs no -wal). Waits at most `wait` for readers of an older snapshot or another writer;
// then the checkpoint stays partial and the next writer to close completes it.
void checkpointOnClose(sqlite3* db, std::chrono::milliseconds wait);
inline constexpr std::chrono::milliseconds kCloseCheckpointWait{2000};
// "its folder is not writable", ...
const char* describeMedia(Media media);
// Readers of an archive of an older schema: temp views and tables standing in for what later
// migrations add (the file itself is never changed by a reader).
void createCompatibilityViews(SQLite::Database& db, int version);

}  // namespace othello::storage
