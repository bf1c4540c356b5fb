#pragma once
// Private to storage/problems/: the rows of problem_sets and problems as JSON (what the journal
// keeps of them, ProblemStore.h), read, written and compared whole.
#include <SQLiteCpp/SQLiteCpp.h>

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "problems/Problem.h"
#include "storage/ArchiveImpl.h"

namespace othello::storage {

// {"id", "name", "description", "source"}; nullopt when there is no such set.
std::optional<nlohmann::json> setRow(SQLite::Database& db, std::int64_t id);
// {"id", "set_id", "ordinal", "data": {...problemJson without id...}}.
std::optional<nlohmann::json> problemRow(SQLite::Database& db, std::int64_t id);
// The row for a problem about to be stored.
nlohmann::json problemRowOf(std::int64_t id, std::int64_t setId, std::int64_t ordinal,
                            const problems::Problem& p);
// The problem a row holds (its set's name given).
problems::Problem problemOfRow(const nlohmann::json& row, const std::string& setName);

// Writes the rows of `rows` ({"set_rows": {"before", "after"}, "problem_rows": {...}}) from
// `from` to `to` ("before"/"after"): deletes the rows of `from`, inserts those of `to` (ids
// kept). The caller has checked that the tables hold `from`. Plain INSERTs: a row of `to` that
// collides with a row outside the change (an id, the set's unique index) throws
// SQLite::Exception and replaces nothing (the caller's transaction is then rolled back).
void applyRows(SQLite::Database& db, const nlohmann::json& rows, const char* from, const char* to);

// The change that adds/removes: the summary and the rows, journalled; returns its id.
std::int64_t journalProblems(Archive::Impl& impl, const std::string& kind,
                             const std::string& summary, const nlohmann::json& rows,
                             std::int64_t reverts = 0);

}  // namespace othello::storage
