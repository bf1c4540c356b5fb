// Possible duplicates listed, resolved, marked and reverted (see Duplicates.h).
#include <algorithm>

#include "storage/curation/AnnotationStore.h"
#include "storage/curation/DuplicateGroups.h"
#include "storage/curation/GameEditor.h"
#include "storage/curation/Journal.h"

namespace othello::storage {

using nlohmann::json;

namespace {

std::string inQuotes(const std::string& s) {
    return "\"" + s + "\"";
}

std::string idList(const std::vector<std::int64_t>& ids) {
    std::string s;
    for (const std::int64_t id : ids) {
        if (!s.empty()) s += ", ";
        s += std::to_string(id);
    }
    return s;
}

// The group of game `id` (nullopt: it has no duplicate). Throws for a game not in games.
std::optional<DuplicateGroup> groupOf(Archive::Impl& impl, std::int64_t id) {
    SQLite::Statement k(impl.db, "SELECT moves_key FROM games WHERE id = ?");
    k.bind(1, id);
    if (!k.executeStep()) {
        GameEditor editor(impl);
        editor.read(id);  // throws: "no game N", "game N is in the trash"
    }
    const std::int64_t key = k.getColumn(0).getInt64();
    k.reset();
    for (DuplicateGroup& g : readGroups(impl.db, {key}))
        for (const DuplicateGame& d : g.games)
            if (d.id == id) return std::move(g);
    return std::nullopt;
}

const DuplicateGame* gameIn(const DuplicateGroup& g, std::int64_t id) {
    for (const DuplicateGame& d : g.games)
        if (d.id == id) return &d;
    return nullptr;
}

// The games to drop: those asked for (checked), or every other game no mark keeps apart.
std::vector<std::int64_t> gamesToDrop(Archive::Impl& impl, const DuplicateGroup* group,
                                      const DuplicateResolve& r) {
    std::vector<std::int64_t> drop = r.drop;
    std::sort(drop.begin(), drop.end());
    drop.erase(std::unique(drop.begin(), drop.end()), drop.end());
    if (drop.empty()) {
        if (group)
            for (const DuplicateGame& d : group->games)
                if (d.id != r.keep && markBetween(*group, r.keep, d.id) == 0) drop.push_back(d.id);
        if (drop.empty())
            throw StorageError("game " + std::to_string(r.keep) +
                               " has no duplicate to move to the trash (no other game of the "
                               "same moves from the same start, or all marked not duplicates)");
        return drop;
    }
    for (const std::int64_t id : drop) {
        if (id == r.keep)
            throw StorageError("game " + std::to_string(id) +
                               " is the game kept: it cannot go "
                               "to the trash too");
        if (!group || !gameIn(*group, id)) {
            GameEditor(impl).read(id);  // throws for a game not there
            throw StorageError("game " + std::to_string(id) + " is no duplicate of game " +
                               std::to_string(r.keep) +
                               ": its moves or its start differ. Nothing was changed.");
        }
        if (const std::int64_t mark = markBetween(*group, r.keep, id))
            throw StorageError("games " + std::to_string(r.keep) + " and " + std::to_string(id) +
                               " are marked not duplicates (change " + std::to_string(mark) +
                               "): revert that change first. Nothing was changed.");
    }
    return drop;
}

// What a merge sets on the kept game (values for applyFields, and the plan in words).
struct MergePlan {
    json values = json::object();
    std::vector<DuplicateResolution::Set> set;
    std::vector<FieldConflict> conflicts;
};

MergePlan planMerge(GameEditor& editor, const DuplicateGroup& group, const DuplicateResolve& r,
                    const std::vector<std::int64_t>& drop) {
    MergePlan plan;
    std::vector<std::int64_t> merged = {r.keep};
    merged.insert(merged.end(), drop.begin(), drop.end());
    for (const auto& [field, game] : r.prefer)
        if (std::find(merged.begin(), merged.end(), game) == merged.end())
            throw StorageError("game " + std::to_string(game) + " (preferred for " + field +
                               ") is not one of the games merged: " + idList(merged));
    if (r.preferAll && std::find(merged.begin(), merged.end(), *r.preferAll) == merged.end())
        throw StorageError("game " + std::to_string(*r.preferAll) +
                           " (preferred) is not one of the games merged: " + idList(merged));
    const DuplicateGame& kept = *gameIn(group, r.keep);
    for (const std::string field : kDuplicateFields) {
        const std::string now = kept.field(field);
        std::optional<std::int64_t> winner;
        if (auto p = r.prefer.find(field); p != r.prefer.end())
            winner = p->second;
        else if (r.preferAll && !gameIn(group, *r.preferAll)->field(field).empty())
            winner = r.preferAll;
        if (!winner) {
            FieldConflict c{field, {}};
            for (const std::int64_t id : merged) {
                const std::string v = gameIn(group, id)->field(field);
                if (v.empty()) continue;
                if (std::none_of(c.values.begin(), c.values.end(),
                                 [&](const auto& e) { return e.second == v; }))
                    c.values.emplace_back(id, v);
            }
            if (c.values.size() > 1) {
                plan.conflicts.push_back(std::move(c));
                continue;
            }
            if (c.values.empty() || !now.empty()) continue;  // nothing to fill, or it has it
            winner = c.values.front().first;
        }
        if (*winner == r.keep) continue;
        const std::string value = gameIn(group, *winner)->field(field);
        if (value == now) continue;
        // The winner's stored value, exactly (a result as its record states it).
        plan.values[field] = fieldValue(editor.read(*winner).record, field);
        plan.set.push_back({field, now, value, *winner});
    }
    // Comments and variations: everything each game has, nothing dropped.
    const EditableGame k = editor.read(r.keep);
    GameAnnotations all{k.record.comments, k.record.variations};
    const GameAnnotations before = all;
    for (const std::int64_t id : drop) {
        const EditableGame d = editor.read(id);
        all = mergeAnnotations(all, {d.record.comments, d.record.variations});
    }
    if (!(all == before)) {
        plan.values["annotations"] = annotationsJson(all);
        plan.set.push_back({"annotations", annotationsSummary(before), annotationsSummary(all), 0});
    }
    return plan;
}

std::string conflictText(const std::vector<FieldConflict>& conflicts) {
    std::string s;
    for (const FieldConflict& c : conflicts) {
        s += "\n  " + c.field + ":";
        for (const auto& [game, value] : c.values)
            s += " game " + std::to_string(game) + " " + inQuotes(value) + ";";
        s.pop_back();
    }
    return s;
}

}  // namespace

DuplicateList Archive::duplicates(const DuplicateQuery& query) {
    ReadSnapshot snapshot(*impl_);
    SQLite::Database& db = impl_->db;
    std::vector<std::int64_t> keys;
    if (query.game) {
        SQLite::Statement k(db, "SELECT moves_key FROM games WHERE id = ?");
        k.bind(1, *query.game);
        if (!k.executeStep()) throw StorageError("no game " + std::to_string(*query.game));
        keys.push_back(k.getColumn(0).getInt64());
    } else {
        SQLite::Statement k(db,
                            "SELECT moves_key FROM games GROUP BY moves_key HAVING count(*) > 1");
        while (k.executeStep()) keys.push_back(k.getColumn(0).getInt64());
    }
    DuplicateList out;
    for (DuplicateGroup& g : readGroups(db, keys)) {
        if (query.game && !gameIn(g, *query.game)) continue;
        if (g.moves < query.minMoves) {
            ++out.tooShort;
            continue;
        }
        if (!query.includeMarked && allMarked(g)) {
            ++out.marked;
            continue;
        }
        ++out.total;
        out.games += static_cast<std::int64_t>(g.games.size());
        if (query.limit < 0 || static_cast<std::int64_t>(out.groups.size()) < query.limit)
            out.groups.push_back(std::move(g));
    }
    return out;
}

DuplicateResolution Archive::resolveDuplicates(const DuplicateResolve& r) {
    for (const auto& [field, game] : r.prefer)
        if (std::find(std::begin(kDuplicateFields), std::end(kDuplicateFields), field) ==
            std::end(kDuplicateFields))
            throw StorageError("no field " + inQuotes(field) +
                               " to merge (black, white, event, date, round, place, result)");
    std::optional<EditScope> scope;
    std::optional<ReadSnapshot> snapshot;
    if (r.dryRun)
        snapshot.emplace(*impl_);
    else
        scope.emplace(*impl_, "duplicates");
    SQLite::Database& db = impl_->db;
    GameEditor editor(*impl_);
    const std::optional<DuplicateGroup> group = groupOf(*impl_, r.keep);
    DuplicateResolution out;
    out.keep = r.keep;
    out.trashed = gamesToDrop(*impl_, group ? &*group : nullptr, r);
    MergePlan plan;
    if (r.merge) {
        plan = planMerge(editor, *group, r, out.trashed);
        out.set = plan.set;
        out.conflicts = plan.conflicts;
    } else {
        const DuplicateGame& kept = *gameIn(*group, r.keep);
        for (const std::int64_t id : out.trashed) {
            const DuplicateGame& d = *gameIn(*group, id);
            for (const std::string field : kDuplicateFields)
                if (!d.field(field).empty() && d.field(field) != kept.field(field))
                    out.notTaken.push_back({field, kept.field(field), d.field(field), id});
            if (d.comments + d.variations > 0)
                out.notTaken.push_back({"annotations", "",
                                        std::to_string(d.comments) + " comments, " +
                                            std::to_string(d.variations) + " variations",
                                        id});
        }
    }
    if (r.dryRun) return out;
    if (!plan.conflicts.empty())
        throw MergeConflict("the games merged into game " + std::to_string(r.keep) +
                                " disagree; say whose value wins (prefer a game, or one per "
                                "field). Nothing was changed." +
                                conflictText(plan.conflicts),
                            plan.conflicts);
    EditableGame kept = editor.read(r.keep);
    const AppliedFields applied = applyFields(*impl_, editor, kept, plan.values, false);
    JournalEntry e;
    e.kind = "duplicates";
    json described = json::object();
    for (const std::int64_t id : out.trashed) {
        described[std::to_string(id)] = GameEditor::describe(editor.read(id).record);
        e.games.emplace_back(id, "trash");
    }
    if (!applied.changed.empty()) e.games.emplace_back(r.keep, applied.list());
    e.summary = "duplicates of game " + std::to_string(r.keep) + ": " +
                (out.trashed.size() == 1 ? "game " : "games ") + idList(out.trashed) +
                " to the trash" + (applied.changed.empty() ? "" : "; merged: " + applied.summary);
    e.details = json{{"game", r.keep},
                     {"fields", applied.fields},
                     {"trashed", out.trashed},
                     {"described", described}};
    out.change = Journal::record(db, impl_->user, e);
    editor.batchStatistics();
    for (const std::int64_t id : out.trashed) editor.toTrash(id, out.change);
    editor.flushStatistics();
    scope->commit();
    return out;
}

std::int64_t Archive::markNotDuplicates(const std::vector<std::int64_t>& games) {
    std::vector<std::int64_t> ids = games;
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    if (ids.size() < 2) throw StorageError("give two games or more to mark as not duplicates");
    EditScope scope(*impl_, "not-duplicates");
    const std::optional<DuplicateGroup> group = groupOf(*impl_, ids.front());
    for (const std::int64_t id : ids)
        if (!group || !gameIn(*group, id)) {
            GameEditor(*impl_).read(id);  // throws for a game not there
            throw StorageError("game " + std::to_string(id) + " has other moves or another " +
                               "start than game " + std::to_string(ids.front()) +
                               ": they are no possible duplicates");
        }
    JournalEntry e;
    e.kind = "not-duplicates";
    e.summary = "games " + idList(ids) + " marked not duplicates (different games)";
    e.details = json{{"marked", ids}};
    const std::int64_t change = Journal::record(impl_->db, impl_->user, e);
    SQLite::Statement add(impl_->db, "INSERT INTO duplicate_marks(mark, game_id) VALUES(?, ?)");
    for (const std::int64_t id : ids) {
        add.bind(1, change);
        add.bind(2, id);
        add.exec();
        add.reset();
    }
    scope.commit();
    return change;
}

namespace {

// The revert of a mark (rows of mark `c.id` deleted) or of an unmark (rows put back under the
// revert's own id).
std::int64_t revertMark(Archive::Impl& impl, const Change& c, const json& d) {
    SQLite::Database& db = impl.db;
    JournalEntry e;
    e.kind = "revert";
    e.reverts = c.id;
    if (d.contains("marked")) {
        const auto games = d["marked"].get<std::vector<std::int64_t>>();
        e.summary = "revert of change " + std::to_string(c.id) + ": games " + idList(games) +
                    " no longer marked not duplicates";
        e.details = json{{"duplicates", true}, {"unmarked", games}};
        const std::int64_t id = Journal::record(db, impl.user, e);
        SQLite::Statement del(db, "DELETE FROM duplicate_marks WHERE mark = ?");
        del.bind(1, c.id);
        del.exec();
        return id;
    }
    const auto games = d["unmarked"].get<std::vector<std::int64_t>>();
    e.summary = "revert of change " + std::to_string(c.id) + ": games " + idList(games) +
                " marked not duplicates again";
    e.details = json{{"duplicates", true}, {"marked", games}};
    const std::int64_t id = Journal::record(db, impl.user, e);
    SQLite::Statement add(db, "INSERT OR IGNORE INTO duplicate_marks(mark, game_id) VALUES(?, ?)");
    for (const std::int64_t g : games) {
        add.bind(1, id);
        add.bind(2, g);
        add.exec();
        add.reset();
    }
    return id;
}

// Game `game` must be in games, its `fields` as change `c` left them.
void checkKept(Archive::Impl& impl, GameEditor& editor, const Change& c, std::int64_t game,
               const json& fields) {
    SQLite::Database& db = impl.db;
    std::string list;
    for (const auto& [f, v] : fields.items()) list += (list.empty() ? "" : ",") + f;
    if (const std::int64_t by = Journal::blocker(db, c.id, game, list))
        throwRevertBlocked(db, c.id, by, "changed game " + std::to_string(game) + " since");
    requireInGames(db, editor, c.id, game, "moved game " + std::to_string(game) + " to the trash");
    const EditableGame g = editor.read(game);
    for (const auto& [f, v] : fields.items())
        if (fieldValue(g.record, f) != v["new"])
            throw RevertBlocked("change " + std::to_string(c.id) + " cannot be reverted: the " + f +
                                    " of game " + std::to_string(game) +
                                    " is no longer what it set. Nothing was changed.",
                                0);
}

}  // namespace

std::int64_t revertDuplicates(Archive::Impl& impl, const Change& c) {
    SQLite::Database& db = impl.db;
    const json d = json::parse(c.details);
    if (d.contains("marked") || d.contains("unmarked")) return revertMark(impl, c, d);
    GameEditor editor(impl);
    const std::int64_t keep = d["game"].get<std::int64_t>();
    const json fields = d.value("fields", json::object());
    const auto trashed = d.value("trashed", std::vector<std::int64_t>{});
    const auto restored = d.value("restored", std::vector<std::int64_t>{});
    if (!fields.empty()) checkKept(impl, editor, c, keep, fields);
    requireStillTrashed(db, editor, c.id, trashed);
    for (const std::int64_t g : restored) {
        if (const std::int64_t by = Journal::blocker(db, c.id, g, "*", "trash"))
            throwRevertBlocked(db, c.id, by, "changed game " + std::to_string(g) + " since");
        if (!editor.inGames(g))
            throw RevertBlocked("change " + std::to_string(c.id) + " cannot be reverted: game " +
                                    std::to_string(g) + " is no longer in the archive",
                                0);
    }
    json values = json::object(), swapped = json::object();
    for (const auto& [f, v] : fields.items()) {
        values[f] = v["old"];
        swapped[f] = json{{"old", v["new"]}, {"new", v["old"]}};
    }
    AppliedFields applied;
    if (!values.empty()) {
        EditableGame k = editor.read(keep);
        applied = applyFields(impl, editor, k, values, false);
    }
    JournalEntry e;
    e.kind = "revert";
    e.reverts = c.id;
    for (const std::int64_t g : trashed) e.games.emplace_back(g, "trash");
    for (const std::int64_t g : restored) e.games.emplace_back(g, "trash");
    if (!applied.changed.empty()) e.games.emplace_back(keep, applied.list());
    std::string what;
    const auto games = [](const std::vector<std::int64_t>& ids) {
        return (ids.size() == 1 ? "game " : "games ") + idList(ids);
    };
    if (!trashed.empty()) what += games(trashed) + " back from the trash";
    if (!restored.empty()) what += (what.empty() ? "" : "; ") + games(restored) + " to the trash";
    if (!applied.changed.empty())
        what += (what.empty() ? "" : "; ") + std::string("game ") + std::to_string(keep) + ": " +
                applied.summary;
    e.summary = "revert of change " + std::to_string(c.id) + ": " + what;
    e.details = json{{"duplicates", true},
                     {"game", keep},
                     {"fields", swapped},
                     {"restored", trashed},
                     {"trashed", restored}};
    const std::int64_t id = Journal::record(db, impl.user, e);
    for (const std::int64_t g : trashed) editor.fromTrash(g);
    editor.batchStatistics();
    for (const std::int64_t g : restored) editor.toTrash(g, id);
    editor.flushStatistics();
    return id;
}

}  // namespace othello::storage
