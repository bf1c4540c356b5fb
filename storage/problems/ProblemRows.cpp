// The rows of problems as JSON (ProblemRows.h) and the journal entries that carry them.
#include "storage/problems/ProblemRows.h"

#include "core/Symmetry.h"
#include "problems/JsonFormat.h"
#include "storage/curation/Journal.h"

namespace othello::storage {

using nlohmann::json;

std::optional<json> setRow(SQLite::Database& db, std::int64_t id) {
    SQLite::Statement s(db, "SELECT name, description, source FROM problem_sets WHERE id = ?");
    s.bind(1, id);
    if (!s.executeStep()) return std::nullopt;
    return json{{"id", id},
                {"name", s.getColumn(0).getString()},
                {"description", s.getColumn(1).getString()},
                {"source", s.getColumn(2).getString()}};
}

std::optional<json> problemRow(SQLite::Database& db, std::int64_t id) {
    SQLite::Statement s(db, "SELECT set_id, ordinal, data FROM problems WHERE id = ?");
    s.bind(1, id);
    if (!s.executeStep()) return std::nullopt;
    return json{{"id", id},
                {"set_id", s.getColumn(0).getInt64()},
                {"ordinal", s.getColumn(1).getInt64()},
                {"data", json::parse(s.getColumn(2).getString())}};
}

json problemRowOf(std::int64_t id, std::int64_t setId, std::int64_t ordinal,
                  const problems::Problem& p) {
    problems::Problem copy = p;
    copy.id = 0;  // the row's id is the column's
    return json{
        {"id", id}, {"set_id", setId}, {"ordinal", ordinal}, {"data", problems::problemJson(copy)}};
}

problems::Problem problemOfRow(const json& row, const std::string& setName) {
    const problems::ReadResult r = problems::readJson(
        json{{"name", setName}, {"problems", json::array({row["data"]})}}.dump());
    if (r.set.problems.empty())
        throw StorageError("problem " + row["id"].dump() + " is stored unreadable: " +
                           (r.diagnostics.empty() ? "" : problems::describe(r.diagnostics[0])));
    problems::Problem p = r.set.problems[0];
    p.id = row["id"].get<std::int64_t>();
    return p;
}

namespace {

void writeSet(SQLite::Database& db, const json& row) {
    SQLite::Statement s(db,
                        "INSERT INTO problem_sets(id, name, description, source) "
                        "VALUES(?, ?, ?, ?)");
    s.bind(1, row["id"].get<std::int64_t>());
    s.bind(2, row["name"].get<std::string>());
    s.bind(3, row["description"].get<std::string>());
    s.bind(4, row["source"].get<std::string>());
    s.exec();
}

void writeProblem(SQLite::Database& db, const json& row) {
    const problems::Problem p = problemOfRow(row, "");
    const core::Canonical c = core::canonical(p.position);
    SQLite::Statement s(db,
                        "INSERT INTO problems(id, set_id, ordinal, black, white, "
                        "to_move, canonical_black, canonical_white, goal, data) "
                        "VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    s.bind(1, row["id"].get<std::int64_t>());
    s.bind(2, row["set_id"].get<std::int64_t>());
    s.bind(3, row["ordinal"].get<std::int64_t>());
    s.bind(4, static_cast<std::int64_t>(p.position.black()));
    s.bind(5, static_cast<std::int64_t>(p.position.white()));
    s.bind(6, static_cast<int>(p.position.toMove()));
    s.bind(7, static_cast<std::int64_t>(c.position.black()));
    s.bind(8, static_cast<std::int64_t>(c.position.white()));
    s.bind(9, problems::goalName(p.goal));
    s.bind(10, row["data"].dump(-1, ' ', false, json::error_handler_t::replace));
    s.exec();
}

std::vector<std::int64_t> idsOf(const json& rows) {
    std::vector<std::int64_t> ids;
    for (const json& r : rows) ids.push_back(r["id"].get<std::int64_t>());
    return ids;
}

}  // namespace

void applyRows(SQLite::Database& db, const json& rows, const char* from, const char* to) {
    // Every row of `from` goes, then every row of `to` comes as a plain INSERT: a row that would
    // collide with one outside the change (the set's unique index, an id) fails the statement
    // instead of silently deleting the other row as INSERT OR REPLACE would.
    for (const std::int64_t id : idsOf(rows["problem_rows"][from])) {
        SQLite::Statement s(db, "DELETE FROM problems WHERE id = ?");
        s.bind(1, id);
        s.exec();
    }
    for (const std::int64_t id : idsOf(rows["set_rows"][from])) {
        SQLite::Statement s(db, "DELETE FROM problem_sets WHERE id = ?");
        s.bind(1, id);
        s.exec();
    }
    for (const json& r : rows["set_rows"][to]) writeSet(db, r);
    for (const json& r : rows["problem_rows"][to]) writeProblem(db, r);
}

std::int64_t journalProblems(Archive::Impl& impl, const std::string& kind,
                             const std::string& summary, const json& rows, std::int64_t reverts) {
    JournalEntry e;
    e.kind = kind;
    e.summary = summary;
    e.details = rows;
    e.reverts = reverts;
    return Journal::record(impl.db, impl.user, e);
}

}  // namespace othello::storage
