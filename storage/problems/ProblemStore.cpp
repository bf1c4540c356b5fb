// Problem sets in the archive (ProblemStore.h): reading, adding, removing, reverting.
#include "storage/problems/ProblemStore.h"

#include <algorithm>
#include <map>

#include "core/Symmetry.h"
#include "core/Words.h"
#include "storage/curation/GameEditor.h"
#include "storage/curation/Journal.h"
#include "storage/problems/ProblemRows.h"

namespace othello::storage {

using core::plural;
using nlohmann::json;

ProblemStore::ProblemStore(Archive& archive) : impl_(*archive.impl_) {}

namespace {

ProblemSetInfo infoOf(SQLite::Statement& s) {
    ProblemSetInfo i;
    i.id = s.getColumn(0).getInt64();
    i.name = s.getColumn(1).getString();
    i.description = s.getColumn(2).getString();
    i.source = s.getColumn(3).getString();
    i.problems = s.getColumn(4).getInt();
    return i;
}

constexpr const char* kSetColumns =
    "SELECT s.id, s.name, s.description, s.source, "
    "(SELECT count(*) FROM problems p WHERE p.set_id = s.id) FROM problem_sets s ";

std::optional<ProblemSetInfo> findSet(SQLite::Database& db, const std::string& name) {
    SQLite::Statement s(db, std::string(kSetColumns) + "WHERE s.name = ?");
    s.bind(1, name);
    if (!s.executeStep()) return std::nullopt;
    return infoOf(s);
}

std::string setNameOf(SQLite::Database& db, std::int64_t setId) {
    SQLite::Statement s(db, "SELECT name FROM problem_sets WHERE id = ?");
    s.bind(1, setId);
    return s.executeStep() ? s.getColumn(0).getString() : std::string();
}

// The stored problem of `setId` other than `except` with the same canonical position and goal
// (0: none).
std::int64_t sameInSet(SQLite::Database& db, std::int64_t setId, const problems::Problem& p,
                       std::int64_t except = 0) {
    const core::Canonical c = core::canonical(p.position);
    SQLite::Statement s(db,
                        "SELECT id FROM problems WHERE set_id = ? AND canonical_black = ? AND "
                        "canonical_white = ? AND to_move = ? AND goal = ? AND id != ?");
    s.bind(1, setId);
    s.bind(2, static_cast<std::int64_t>(c.position.black()));
    s.bind(3, static_cast<std::int64_t>(c.position.white()));
    s.bind(4, static_cast<int>(p.position.toMove()));
    s.bind(5, problems::goalName(p.goal));
    s.bind(6, except);
    return s.executeStep() ? s.getColumn(0).getInt64() : 0;
}

// A new id for `table`, above every id given once (kept in meta under `key`), taken.
std::int64_t takeId(SQLite::Database& db, const char* table, const char* key) {
    SQLite::Statement s(
        db, std::string("SELECT max(coalesce((SELECT value FROM meta WHERE key = ?), 0), "
                        "(SELECT coalesce(max(id), 0) FROM ") +
                table + "))");
    s.bind(1, key);
    s.executeStep();
    const std::int64_t id = s.getColumn(0).getInt64() + 1;
    SQLite::Statement u(db, "INSERT OR REPLACE INTO meta(key, value) VALUES(?, ?)");
    u.bind(1, key);
    u.bind(2, id);
    u.exec();
    return id;
}

json emptyRows() {
    return json{{"set_rows", {{"before", json::array()}, {"after", json::array()}}},
                {"problem_rows", {{"before", json::array()}, {"after", json::array()}}}};
}

}  // namespace

std::vector<ProblemSetInfo> ProblemStore::sets() {
    ReadSnapshot snapshot(impl_);
    SQLite::Statement s(impl_.db, std::string(kSetColumns) + "ORDER BY s.name");
    std::vector<ProblemSetInfo> out;
    while (s.executeStep()) out.push_back(infoOf(s));
    return out;
}

std::optional<ProblemSetInfo> ProblemStore::set(const std::string& name) {
    ReadSnapshot snapshot(impl_);
    return findSet(impl_.db, name);
}

problems::ProblemSet ProblemStore::problems(const std::string& setName) {
    ReadSnapshot snapshot(impl_);
    problems::ProblemSet out;
    const auto info = findSet(impl_.db, setName);
    if (!info) return out;
    out.name = info->name;
    out.description = info->description;
    out.source = info->source;
    SQLite::Statement s(impl_.db, "SELECT id FROM problems WHERE set_id = ? ORDER BY ordinal, id");
    s.bind(1, info->id);
    while (s.executeStep())
        out.problems.push_back(
            problemOfRow(*problemRow(impl_.db, s.getColumn(0).getInt64()), info->name));
    return out;
}

std::optional<problems::Problem> ProblemStore::problem(std::int64_t id) {
    ReadSnapshot snapshot(impl_);
    const auto row = problemRow(impl_.db, id);
    if (!row) return std::nullopt;
    return problemOfRow(*row, setNameOf(impl_.db, (*row)["set_id"].get<std::int64_t>()));
}

std::vector<problems::Problem> ProblemStore::withPosition(const core::Position& position) {
    ReadSnapshot snapshot(impl_);
    const core::Canonical c = core::canonical(position);
    SQLite::Statement s(impl_.db,
                        "SELECT id, set_id FROM problems WHERE canonical_black = ? AND "
                        "canonical_white = ? AND to_move = ? ORDER BY id");
    s.bind(1, static_cast<std::int64_t>(c.position.black()));
    s.bind(2, static_cast<std::int64_t>(c.position.white()));
    s.bind(3, static_cast<int>(position.toMove()));
    std::vector<problems::Problem> out;
    while (s.executeStep())
        out.push_back(problemOfRow(*problemRow(impl_.db, s.getColumn(0).getInt64()),
                                   setNameOf(impl_.db, s.getColumn(1).getInt64())));
    return out;
}

ProblemAddResult ProblemStore::add(const problems::ProblemSet& set) {
    if (set.name.find_first_not_of(" \t\r\n") == std::string::npos)
        throw StorageError("a problem set needs a name (not blanks)");
    EditScope scope(impl_, "problems");
    SQLite::Database& db = impl_.db;
    ProblemAddResult out;
    json rows = emptyRows();
    const auto existing = findSet(db, set.name);
    if (existing) {
        out.setId = existing->id;
    } else {
        out.setId = takeId(db, "problem_sets", "problem_set_ids_upto");
        out.setCreated = true;
        rows["set_rows"]["after"].push_back({{"id", out.setId},
                                             {"name", set.name},
                                             {"description", set.description},
                                             {"source", set.source}});
        applyRows(db, rows, "before", "after");  // the set first: its problems refer to it
    }
    SQLite::Statement o(db, "SELECT coalesce(max(ordinal), 0) FROM problems WHERE set_id = ?");
    o.bind(1, out.setId);
    o.executeStep();
    std::int64_t ordinal = o.getColumn(0).getInt64();
    for (std::size_t i = 0; i < set.problems.size(); ++i) {
        problems::Problem p = set.problems[i];
        p.set = set.name;
        problems::fillDifficulty(p);
        if (const std::string why = problems::validate(p); !why.empty()) {
            out.skipped.push_back({i, p.title, why, 0});
            continue;
        }
        if (const std::int64_t same = sameInSet(db, out.setId, p)) {
            out.skipped.push_back({i, p.title,
                                   "the same position as problem " + std::to_string(same) +
                                       " of the set (under the 8 symmetries), with the same goal",
                                   same});
            continue;
        }
        const std::int64_t id = takeId(db, "problems", "problem_ids_upto");
        json row = problemRowOf(id, out.setId, ++ordinal, p);
        json one = emptyRows();
        one["problem_rows"]["after"].push_back(row);
        applyRows(db, one, "before", "after");
        rows["problem_rows"]["after"].push_back(std::move(row));
        out.added.push_back(id);
    }
    if (out.added.empty()) {
        // Nothing added: no entry, and a set made for these problems is not kept (the scope
        // rolls it back): an empty set, journalled, only clutters the list.
        out.setCreated = false;
        return out;
    }
    out.change = journalProblems(
        impl_, "problems-add",
        "set \"" + set.name + "\"" + (out.setCreated ? " created" : "") + ": " +
            plural(out.added.size(), "problem") + " added" +
            (out.skipped.empty() ? "" : " (" + std::to_string(out.skipped.size()) + " skipped)"),
        rows);
    scope.commit();
    return out;
}

std::int64_t ProblemStore::remove(const std::vector<std::int64_t>& ids) {
    if (ids.empty()) throw StorageError("no problem given");
    EditScope scope(impl_, "problems");
    SQLite::Database& db = impl_.db;
    json rows = emptyRows();
    for (const std::int64_t id : ids) {
        const auto row = problemRow(db, id);
        if (!row) throw StorageError("no problem " + std::to_string(id) + " in the archive");
        rows["problem_rows"]["before"].push_back(*row);
    }
    applyRows(db, rows, "before", "after");
    const std::int64_t change =
        journalProblems(impl_, "problems-remove", plural(ids.size(), "problem") + " removed", rows);
    scope.commit();
    return change;
}

std::int64_t ProblemStore::removeSet(const std::string& name) {
    EditScope scope(impl_, "problems");
    SQLite::Database& db = impl_.db;
    const auto info = findSet(db, name);
    if (!info) throw StorageError("no problem set \"" + name + "\" in the archive");
    json rows = emptyRows();
    rows["set_rows"]["before"].push_back(*setRow(db, info->id));
    SQLite::Statement s(db, "SELECT id FROM problems WHERE set_id = ? ORDER BY ordinal, id");
    s.bind(1, info->id);
    while (s.executeStep())
        rows["problem_rows"]["before"].push_back(*problemRow(db, s.getColumn(0).getInt64()));
    applyRows(db, rows, "before", "after");
    const std::int64_t change = journalProblems(
        impl_, "problems-remove",
        "set \"" + name + "\" removed (" + plural(info->problems, "problem") + ")", rows);
    scope.commit();
    return change;
}

std::int64_t ProblemStore::update(const std::vector<problems::Problem>& changed) {
    EditScope scope(impl_, "problems");
    SQLite::Database& db = impl_.db;
    json rows = emptyRows();
    for (const problems::Problem& p : changed) {
        const auto row = problemRow(db, p.id);
        if (!row) throw StorageError("no problem " + std::to_string(p.id) + " in the archive");
        if (const std::string why = problems::validate(p); !why.empty())
            throw StorageError("problem " + std::to_string(p.id) + ": " + why);
        problems::Problem q = p;
        problems::fillDifficulty(q);
        const std::int64_t setId = (*row)["set_id"].get<std::int64_t>();
        if (const std::int64_t same = sameInSet(db, setId, q, p.id))
            throw StorageError("problem " + std::to_string(p.id) +
                               " would repeat problem " + std::to_string(same) +
                               " of its set (the same position under a symmetry, same goal)");
        json next = problemRowOf(p.id, setId, (*row)["ordinal"].get<std::int64_t>(), q);
        // The row as stored would read back: compare the text JSON keeps.
        next["data"] =
            json::parse(next["data"].dump(-1, ' ', false, json::error_handler_t::replace));
        if (next == *row) continue;
        rows["problem_rows"]["before"].push_back(*row);
        rows["problem_rows"]["after"].push_back(std::move(next));
    }
    const std::size_t n = rows["problem_rows"]["after"].size();
    if (n == 0) return 0;
    applyRows(db, rows, "before", "after");
    const std::int64_t change =
        journalProblems(impl_, "problems-edit", plural(n, "problem") + " rewritten", rows);
    scope.commit();
    return change;
}

// ---- Reverting ----

bool isProblemChange(const Change& c) {
    if (c.kind == "problems-add" || c.kind == "problems-remove" || c.kind == "problems-edit")
        return true;
    return c.kind == "revert" && c.details.find("\"problem_rows\"") != std::string::npos;
}

namespace {

// The latest change in effect after `after` whose rows include set `setId` or problem
// `problemId` (0: none).
std::int64_t problemBlocker(SQLite::Database& db, std::int64_t after, const char* table,
                            std::int64_t id) {
    SQLite::Statement s(db,
                        "SELECT id, details FROM journal WHERE id > ? AND reverted_by IS NULL "
                        "AND kind IN ('problems-add', 'problems-remove', 'problems-edit', "
                        "'revert') "
                        "ORDER BY id DESC");
    s.bind(1, after);
    while (s.executeStep()) {
        const json d = json::parse(s.getColumn(1).getString(), nullptr, false);
        if (!d.is_object() || !d.contains(table)) continue;
        for (const char* side : {"before", "after"})
            for (const json& r : d[table][side])
                if (r["id"].get<std::int64_t>() == id) return s.getColumn(0).getInt64();
    }
    return 0;
}

// Throws RevertBlocked unless the rows of `table` are now as `side` of change `c` says.
void requireRows(SQLite::Database& db, const Change& c, const json& rows, const char* table,
                 const char* side, const char* other) {
    const bool sets = std::string(table) == "set_rows";
    auto current = [&](std::int64_t id) { return sets ? setRow(db, id) : problemRow(db, id); };
    const char* what = sets ? "problem set " : "problem ";
    std::vector<std::int64_t> expected;
    for (const json& r : rows[table][side]) {
        const std::int64_t id = r["id"].get<std::int64_t>();
        expected.push_back(id);
        const auto now = current(id);
        if (now && *now == r) continue;
        if (const std::int64_t by = problemBlocker(db, c.id, table, id))
            throwRevertBlocked(db, c.id, by,
                               "changed " + std::string(what) + std::to_string(id) + " since");
        throwRevertBlocked(db, c.id, 0,
                           std::string(what) + std::to_string(id) + " is no longer as it left it");
    }
    for (const json& r : rows[table][other]) {
        const std::int64_t id = r["id"].get<std::int64_t>();
        if (std::find(expected.begin(), expected.end(), id) != expected.end() || !current(id))
            continue;
        if (const std::int64_t by = problemBlocker(db, c.id, table, id))
            throwRevertBlocked(db, c.id, by,
                               "changed " + std::string(what) + std::to_string(id) + " since");
        throwRevertBlocked(db, c.id, 0, std::string(what) + std::to_string(id) + " is there again");
    }
}

std::vector<std::int64_t> rowIds(const json& rows) {
    std::vector<std::int64_t> ids;
    for (const json& r : rows) ids.push_back(r["id"].get<std::int64_t>());
    return ids;
}

bool has(const std::vector<std::int64_t>& ids, std::int64_t id) {
    return std::find(ids.begin(), ids.end(), id) != ids.end();
}

// RevertBlocked naming change `by` (`since`: what it did) or, when no change in effect is found
// (`now`: what holds).
[[noreturn]] void blocked(SQLite::Database& db, const Change& c, std::int64_t by,
                          const std::string& since, const std::string& now) {
    throwRevertBlocked(db, c.id, by, by ? since : now);
}

// Before the rows move: a problem the revert puts back must not repeat (same position under a
// symmetry, same goal) a problem of its set that stays: the unique index would refuse it.
void requireNoRepeat(SQLite::Database& db, const Change& c, const json& rows, const char* from,
                     const char* to) {
    const auto leaving = rowIds(rows["problem_rows"][from]);
    for (const json& r : rows["problem_rows"][to]) {
        const std::int64_t id = r["id"].get<std::int64_t>();
        const std::int64_t same =
            sameInSet(db, r["set_id"].get<std::int64_t>(), problemOfRow(r, ""), id);
        if (same == 0 || has(leaving, same)) continue;
        const std::string ids = std::to_string(same) + ", the same position with the same goal "
                                                       "as problem " +
                                std::to_string(id) + " it would put back,";
        blocked(db, c, problemBlocker(db, c.id, "problem_rows", same),
                "added problem " + ids + " to its set since",
                "problem " + ids + " is in its set now");
    }
}

// After the rows moved (in the caller's transaction, rolled back on a throw): no problem is left
// without its set, and no two sets share a name. A later change may have added problems to a set
// the revert deletes, removed the set of a problem it puts back, or made another set of the name
// it writes back.
void requireSetsWhole(SQLite::Database& db, const Change& c, const json& rows, const char* from,
                      const char* to) {
    const auto kept = rowIds(rows["set_rows"][to]);
    for (const json& r : rows["set_rows"][from]) {
        const std::int64_t setId = r["id"].get<std::int64_t>();
        if (has(kept, setId)) continue;
        SQLite::Statement s(db, "SELECT id FROM problems WHERE set_id = ? ORDER BY id LIMIT 1");
        s.bind(1, setId);
        if (!s.executeStep()) continue;
        const std::int64_t left = s.getColumn(0).getInt64();
        const std::string what = "problem " + std::to_string(left) + " to set \"" +
                                 r["name"].get<std::string>() + "\"";
        blocked(db, c, problemBlocker(db, c.id, "problem_rows", left),
                "added " + what + " (it would delete the set)",
                "the set it would delete holds problems it did not add (" + what + ")");
    }
    for (const json& r : rows["set_rows"][to]) {
        SQLite::Statement s(db, "SELECT id FROM problem_sets WHERE name = ? AND id != ?");
        s.bind(1, r["name"].get<std::string>());
        s.bind(2, r["id"].get<std::int64_t>());
        if (!s.executeStep()) continue;
        const std::int64_t other = s.getColumn(0).getInt64();
        const std::string what = "problem set " + std::to_string(other) + " named \"" +
                                 r["name"].get<std::string>() + "\"";
        blocked(db, c, problemBlocker(db, c.id, "set_rows", other), "made " + what,
                "there is another " + what + " now");
    }
    for (const json& r : rows["problem_rows"][to]) {
        const std::int64_t setId = r["set_id"].get<std::int64_t>();
        if (setRow(db, setId)) continue;
        const std::string what = "problem set " + std::to_string(setId) + ", the set of problem " +
                                 r["id"].dump() + " it would put back";
        blocked(db, c, problemBlocker(db, c.id, "set_rows", setId), "removed " + what,
                what + ", is gone");
    }
}

}  // namespace

std::int64_t revertProblemChange(Archive::Impl& impl, const Change& c) {
    SQLite::Database& db = impl.db;
    json rows = json::parse(c.details);
    for (const char* table : {"set_rows", "problem_rows"})
        requireRows(db, c, rows, table, "after", "before");
    requireNoRepeat(db, c, rows, "after", "before");
    try {
        applyRows(db, rows, "after", "before");
    } catch (const SQLite::Exception& e) {
        // Not expected after the checks above; the plain INSERTs refuse rather than replace.
        throwRevertBlocked(db, c.id, 0,
                           std::string("a row it would put back collides with one stored (") +
                               e.what() + ")");
    }
    requireSetsWhole(db, c, rows, "after", "before");
    json swapped = rows;
    for (const char* table : {"set_rows", "problem_rows"})
        std::swap(swapped[table]["before"], swapped[table]["after"]);
    return journalProblems(impl, "revert",
                           "revert of change " + std::to_string(c.id) + ": " + c.summary, swapped,
                           c.id);
}

}  // namespace othello::storage
