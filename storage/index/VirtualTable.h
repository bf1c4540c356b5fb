#pragma once
// Private to storage/: the scaffolding of an eponymous, read-only SQLite virtual table, written
// once. A table is a C++ cursor type (VirtualTableCursor below); registerEponymousTable turns it
// into the sqlite3_module SQLite calls and makes the table on one connection. Its users:
// othello_pending (storage/index/PendingPositions.cpp: unindexed games' positions for readers)
// and othello_rows2 / othello_rows7 (storage/index/PositionIndexer.cpp: the rows a flush
// writes).
//
// Eponymous only (xConnect, no xCreate): nothing is stored in the schema; the table exists, under
// its module's name, on each connection it is registered on. Read only: no xUpdate.
#include <SQLiteCpp/SQLiteCpp.h>
#include <sqlite3.h>

#include <concepts>
#include <new>
#include <string>

#include "storage/Archive.h"

namespace othello::storage {

// What a cursor type provides. `aux` is the pointer given to registerEponymousTable (the same
// for every cursor of the connection). SQLite calls are C: an exception a member lets out is
// turned into SQLITE_NOMEM or SQLITE_ERROR where it could be thrown (schema, the constructor,
// filter); next, eof, column and rowid must not throw.
template <class C>
concept VirtualTableCursor = requires(C cursor, const C& read, void* aux, sqlite3_index_info* info,
                                      int n, sqlite3_value** argv, sqlite3_context* ctx) {
    // The CREATE TABLE x(...) statement that declares the columns (xConnect).
    { C::schema(aux) } -> std::convertible_to<std::string>;
    // The plan: which constraints the cursor answers, and at what cost (xBestIndex).
    C::bestIndex(info);
    // A cursor on the table (xOpen).
    C(aux);
    // Starts a scan at its first row, with the plan's idxNum and arguments (xFilter).
    cursor.filter(n, n, argv);
    // The next row (xNext); past the last one, eof() is true (xEof).
    cursor.next();
    { read.eof() } -> std::convertible_to<bool>;
    // A column of the current row into ctx (xColumn), and the row's id (xRowid).
    read.column(ctx, n);
    { read.rowid() } -> std::convertible_to<sqlite3_int64>;
};

namespace vtab_detail {

struct Table : sqlite3_vtab {
    void* aux = nullptr;
};

template <class Cursor>
struct OpenCursor : sqlite3_vtab_cursor {
    explicit OpenCursor(void* aux) : sqlite3_vtab_cursor{}, cursor(aux) {}
    Cursor cursor;
};

template <class Cursor>
Cursor& cursorOf(sqlite3_vtab_cursor* c) {
    return static_cast<OpenCursor<Cursor>*>(c)->cursor;
}

// The SQLite code of the exception being handled (call inside a catch block only).
inline int caughtCode() noexcept {
    try {
        throw;
    } catch (const std::bad_alloc&) {
        return SQLITE_NOMEM;
    } catch (...) {
        return SQLITE_ERROR;
    }
}

template <VirtualTableCursor Cursor>
sqlite3_module makeModule() {
    sqlite3_module m{};
    m.xConnect = [](sqlite3* db, void* aux, int, const char* const*, sqlite3_vtab** out,
                    char**) -> int {
        try {
            const int rc = sqlite3_declare_vtab(db, std::string(Cursor::schema(aux)).c_str());
            if (rc != SQLITE_OK) return rc;
            auto* table = new Table{};
            table->aux = aux;
            *out = table;
            return SQLITE_OK;
        } catch (...) {
            return caughtCode();
        }
    };
    m.xDisconnect = [](sqlite3_vtab* vtab) -> int {
        delete static_cast<Table*>(vtab);
        return SQLITE_OK;
    };
    m.xBestIndex = [](sqlite3_vtab*, sqlite3_index_info* info) -> int {
        Cursor::bestIndex(info);
        return SQLITE_OK;
    };
    m.xOpen = [](sqlite3_vtab* vtab, sqlite3_vtab_cursor** out) -> int {
        try {
            *out = new OpenCursor<Cursor>(static_cast<Table*>(vtab)->aux);
            return SQLITE_OK;
        } catch (...) {
            return caughtCode();
        }
    };
    m.xClose = [](sqlite3_vtab_cursor* cur) -> int {
        delete static_cast<OpenCursor<Cursor>*>(cur);
        return SQLITE_OK;
    };
    m.xFilter = [](sqlite3_vtab_cursor* cur, int idxNum, const char*, int argc,
                   sqlite3_value** argv) -> int {
        try {
            cursorOf<Cursor>(cur).filter(idxNum, argc, argv);
            return SQLITE_OK;
        } catch (...) {
            return caughtCode();
        }
    };
    m.xNext = [](sqlite3_vtab_cursor* cur) -> int {
        cursorOf<Cursor>(cur).next();
        return SQLITE_OK;
    };
    m.xEof = [](sqlite3_vtab_cursor* cur) -> int { return cursorOf<Cursor>(cur).eof() ? 1 : 0; };
    m.xColumn = [](sqlite3_vtab_cursor* cur, sqlite3_context* ctx, int column) -> int {
        cursorOf<Cursor>(cur).column(ctx, column);
        return SQLITE_OK;
    };
    m.xRowid = [](sqlite3_vtab_cursor* cur, sqlite3_int64* rowid) -> int {
        *rowid = cursorOf<Cursor>(cur).rowid();
        return SQLITE_OK;
    };
    return m;
}

}  // namespace vtab_detail

// Makes the eponymous table `name`, read through Cursor, on `db`; `aux` is handed to its
// schema and cursors and must outlive the connection. Throws StorageError when SQLite refuses.
template <VirtualTableCursor Cursor>
void registerEponymousTable(SQLite::Database& db, const std::string& name, void* aux) {
    // One module per cursor type, for the life of the process (SQLite keeps the pointer).
    static const sqlite3_module module = vtab_detail::makeModule<Cursor>();
    const int rc = sqlite3_create_module_v2(db.getHandle(), name.c_str(), &module, aux, nullptr);
    if (rc != SQLITE_OK) throw StorageError("cannot register the " + name + " table");
}

}  // namespace othello::storage
