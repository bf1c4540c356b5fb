#pragma once
// Prepared statements of one connection, kept for reuse: SQLite parses a query once, and each
// later use only resets it and clears its bindings.
#include <SQLiteCpp/SQLiteCpp.h>

#include <memory>
#include <string>
#include <unordered_map>

namespace othello::storage {

class StatementCache {
  public:
    explicit StatementCache(SQLite::Database& db) : db_(db) {}

    // The statement for `sql`, prepared on first use, reset with its bindings cleared after.
    SQLite::Statement& get(const std::string& sql) {
        auto& slot = statements_[sql];
        if (!slot) {
            slot = std::make_unique<SQLite::Statement>(db_, sql);
        } else {
            // tryReset: a reset reports the error of the statement's last failed step, which
            // was already thrown to whoever ran it; the statement is reusable all the same.
            slot->tryReset();
            slot->clearBindings();
        }
        return *slot;
    }

    // Ends every statement's step (one left mid-way holds a read transaction open), e.g.
    // before a checkpoint at close.
    void resetAll() {
        for (auto& [sql, statement] : statements_) statement->tryReset();
    }

  private:
    SQLite::Database& db_;
    std::unordered_map<std::string, std::unique_ptr<SQLite::Statement>> statements_;
};

}  // namespace othello::storage
