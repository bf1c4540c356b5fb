#pragma once
// Private to storage/: how SQLite opens an archive file, for what media, and what readers of an
// older schema see in place of newer columns and tables.
#include <SQLiteCpp/SQLiteCpp.h>

#include <filesystem>
#include <string>

#include "Archive.h"

namespace othello::storage {

// How SQLite opens an archive file: a plain path, or a file: URI with mode=ro (a read-only
// folder: through the -wal/-shm files writers keep) or immutable=1 (a read-only mount only).
// Throws StorageError when a read-only folder lacks the -wal/-shm files (see Archive.h).
struct SqliteTarget {
    std::string name;
    int flags = 0;
};
SqliteTarget sqliteTarget(const std::filesystem::path& database, bool readOnly, Media media);
// "its folder is not writable", ...
const char* describeMedia(Media media);
// Readers of an archive of an older schema: temp views and tables standing in for what later
// migrations add (the file itself is never changed by a reader).
void createCompatibilityViews(SQLite::Database& db, int version);

}  // namespace othello::storage
