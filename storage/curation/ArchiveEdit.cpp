// Adding and editing games by hand (see "Editing, the trash and the journal" in Archive.h).
#include <algorithm>
#include <cctype>
#include <cstdlib>

#include "core/Notation.h"
#include "importers/StatedResult.h"
#include "storage/curation/AnnotationStore.h"
#include "storage/curation/GameEditor.h"
#include "storage/curation/Journal.h"
#include "storage/players/RatingsStore.h"

namespace othello::storage {

using nlohmann::json;

EditScope::EditScope(Archive::Impl& impl, const char* command)
    : impl_(impl),
      lock_(impl.readOnly ? throw StorageError("archive is read-only: it was opened read-only")
                          : WriterLock(impl.path, command, impl.busyTimeout)) {
    impl.indexPendingGames();
    transaction_.emplace(impl.db, SQLite::TransactionBehavior::IMMEDIATE);
}

void EditScope::commit() {
    updateRatings(impl_.db);
    transaction_->commit();
}

namespace {

// "rules" before "moves": new rules replay the moves (the new ones when both change).
constexpr const char* kFields[] = {"black",  "white", "event", "date",       "round", "place",
                                   "result", "rules", "moves", "annotations"};

// The rules of a "rules" field's value (a code), from the start they give (or the game's own,
// for rules with no start of their own).
void setRules(importers::GameRecord& r, const std::string& code) {
    const core::RulesParse parsed = core::parseRules(code);
    if (parsed.error) throw EditError("rules: " + *parsed.error);
    r.rules = parsed.rules;
    if (const auto start = core::rulesStart(r.rules)) {
        r.start = *start;
        r.standardStart = *start == core::Position::start();
    }
}

// What a moves edit changed: from the first ply that differs, the moves there on each side
// ("moves from ply 18: b1 -> d1"; at most kShownMoves each, "(end)" when a line stops there,
// and the lengths when they differ).
std::string movesChangeText(const json& oldMoves, const json& newMoves) {
    constexpr std::size_t kShownMoves = 6;
    const auto a = oldMoves.get<std::vector<int>>(), b = newMoves.get<std::vector<int>>();
    std::size_t at = 0;
    while (at < a.size() && at < b.size() && a[at] == b[at]) ++at;
    const auto tail = [at](const std::vector<int>& m) -> std::string {
        if (at >= m.size()) return "(end)";
        const std::size_t end = std::min(m.size(), at + kShownMoves);
        const std::vector<int> shown(m.begin() + static_cast<std::ptrdiff_t>(at),
                                     m.begin() + static_cast<std::ptrdiff_t>(end));
        return core::movesString(shown, false, " ") + (end < m.size() ? " ..." : "");
    };
    std::string text = "from ply " + std::to_string(at + 1) + ": " + tail(a) + " -> " + tail(b);
    if (a.size() != b.size())
        text += " (" + std::to_string(a.size()) + " -> " + std::to_string(b.size()) + " plies)";
    return text;
}

std::string valueText(const std::string& field, const json& v) {
    if (field == "annotations") return annotationsSummary(annotationsFromJson(v));
    if (field == "result") {
        const std::string written = journalTextOf(v["stated_result"]);
        if (!written.empty()) return written;
        if (!v["stated_black"].is_null())
            return std::to_string(v["stated_black"].get<int>()) + "-" +
                   std::to_string(64 - v["stated_black"].get<int>());
        return "*";
    }
    return "\"" + journalTextOf(v) + "\"";
}

}  // namespace

std::string fieldsSummary(const json& fields) {
    std::string summary;
    for (const char* f : kFields) {
        if (!fields.contains(f)) continue;
        const json& change = fields[f];
        std::string text;
        if (std::string(f) == "moves") {
            text = movesChangeText(change["old"], change["new"]);
        } else {
            std::string from = valueText(f, change["old"]), to = valueText(f, change["new"]);
            // Annotations are summed up by their counts: an edited text keeps them.
            if (from == to) to += " (edited)";
            text = from + " -> " + to;
        }
        summary += (summary.empty() ? "" : "; ") + std::string(f) + " " + text;
    }
    return summary;
}

std::string editSummary(std::int64_t game, const json& fields, std::int64_t reverts) {
    return (reverts ? "revert of change " + std::to_string(reverts) + ": " : std::string()) +
           "game " + std::to_string(game) + ": " + fieldsSummary(fields);
}

json fieldValue(const importers::GameRecord& r, const std::string& field) {
    if (field == "black") return journalText(r.black);
    if (field == "white") return journalText(r.white);
    if (field == "event") return journalText(r.event);
    if (field == "date") return journalText(r.date);
    if (field == "round") return journalText(r.round);
    if (field == "place") return journalText(r.place);
    if (field == "result")
        return json{{"stated_black", r.statedBlackDiscs ? json(*r.statedBlackDiscs) : json()},
                    {"stated_result", journalText(r.statedResult)}};
    if (field == "moves") return r.moves;
    if (field == "rules") return journalText(core::rulesCode(r.rules));
    if (field == "annotations") return annotationsJson({r.comments, r.variations});
    throw StorageError("unknown field " + field);
}

EditResult applyEdit(Archive::Impl& impl, GameEditor& editor, EditableGame& g, const json& values,
                     bool check, std::int64_t reverts) {
    const AppliedFields applied = applyFields(impl, editor, g, values, check);
    EditResult result;
    result.game = *g.refs.id;
    if (applied.changed.empty()) return result;
    JournalEntry e;
    e.kind = reverts ? "revert" : "edit";
    e.reverts = reverts;
    e.summary = editSummary(result.game, applied.fields, reverts);
    e.details = json{{"game", result.game}, {"fields", applied.fields}};
    e.games.emplace_back(result.game, applied.list());
    result.change = Journal::record(impl.db, impl.user, e);
    result.fields = applied.changed;
    return result;
}

std::string AppliedFields::list() const {
    std::string out;
    for (const std::string& f : changed) out += (out.empty() ? "" : ",") + f;
    return out;
}

AppliedFields applyFields(Archive::Impl& impl, GameEditor& editor, EditableGame& g,
                          const json& values, bool check) {
    const std::int64_t id = *g.refs.id;
    importers::GameRecord& r = g.record;
    const importers::GameRecord before = r;
    json fields = json::object();
    std::vector<std::string> changed;
    for (const char* f : kFields) {
        if (!values.contains(f)) continue;
        const json old = fieldValue(r, f);
        if (old == values[f]) continue;
        fields[f] = json{{"old", old}, {"new", values[f]}};
        changed.push_back(f);
    }
    AppliedFields result;
    if (changed.empty()) return result;
    for (const std::string& f : changed) {
        const json& v = values[f];
        if (f == "black" || f == "white") {
            const std::string name = journalTextOf(v);
            (f == "black" ? r.black : r.white) = name;
            (f == "black" ? g.refs.blackId : g.refs.whiteId) = editor.playerId(name);
        } else if (f == "event") {
            r.event = journalTextOf(v);
            g.refs.eventId = editor.eventId(r.event);
        } else if (f == "date") {
            // As stored: a date read from a file may be partial in other ways than a typed one.
            r.date = journalTextOf(v);
            if (r.date.empty())
                r.year = 0;
            else if (r.date.size() >= 4 && std::isdigit(static_cast<unsigned char>(r.date[0])))
                r.year = std::atoi(r.date.substr(0, 4).c_str());
        } else if (f == "round") {
            r.round = journalTextOf(v);
        } else if (f == "place") {
            r.place = journalTextOf(v);
        } else if (f == "result") {
            r.statedWinner.reset();
            r.statedDiscDiff.reset();
            r.statedBlackDiscs.reset();
            if (!v["stated_black"].is_null()) r.statedBlackDiscs = v["stated_black"].get<int>();
            r.statedResult = journalTextOf(v["stated_result"]);
        } else if (f == "rules") {
            setRules(r, journalTextOf(v));
            // The moves replayed under the new rules (by the "moves" step when they change
            // too): an edit of the rules the moves do not replay under is refused.
            if (!values.contains("moves") || values["moves"] == fieldValue(before, "moves")) {
                const std::vector<int> tokens = r.moves;
                try {
                    replayEntered(r, tokens);
                } catch (const EditError& e) {
                    throw EditError("the moves do not replay under the rules " +
                                    core::rulesCode(r.rules) + ": " + e.what());
                }
            }
        } else if (f == "moves") {
            replayEntered(r, v.get<std::vector<int>>());
        } else if (f == "annotations") {
            GameAnnotations a = annotationsFromJson(v);
            r.comments = std::move(a.comments);
            r.variations = std::move(a.variations);
        }
    }
    if (check) checkEnteredResult(r);
    const bool annotationsChanged =
        std::find(changed.begin(), changed.end(), "annotations") != changed.end();
    if (annotationsChanged || before.moves != r.moves) {
        // The edited record is built here (annotations given by a user or merged from a
        // duplicate, or the stored ones under new moves): so it is checked here, as a reader
        // checks what it builds (GameRecord::annotationsCheck).
        std::string why;
        if (!importers::annotationsValid(r.start, r.moves, r.comments, r.variations, &why))
            throw AnnotationsMismatch(
                annotationsChanged
                    ? "the comments and variations do not fit game " + std::to_string(id) + ": " +
                          why
                    : "the new moves leave comments or variations of game " + std::to_string(id) +
                          " off their line (" + why +
                          "): give its comments and variations with the edit (edit "
                          "--annotations-from, --clear-comments, --clear-variations)");
    }
    const bool movesChanged = before.moves != r.moves || before.start != r.start ||
                              before.rules.flipping != r.rules.flipping;
    const bool reindex = movesChanged || indexResult(before) != indexResult(r);
    // Only the annotations changed: the row is as it was (no origin kept either: the record's
    // identity, its main line and headers, is unchanged, so a re-import is a plain duplicate).
    const bool rowChanged = changed.size() > (annotationsChanged ? 1u : 0u);
    if (rowChanged) editor.keepOrigin(id);
    if (reindex) editor.unindex(id);
    if (rowChanged) editor.write(g);
    if (annotationsChanged) AnnotationStore(impl).write(id, {r.comments, r.variations});
    if (movesChanged) {
        // The row was replaced, not updated: the trigger game_analysis_changed did not run.
        SQLite::Statement drop(impl.db, "DELETE FROM game_analysis WHERE game_id = ?");
        drop.bind(1, id);
        drop.exec();
    }
    if (reindex) editor.index(id);
    result.summary = fieldsSummary(fields);
    result.fields = std::move(fields);
    result.changed = std::move(changed);
    return result;
}

void Archive::setUser(const std::string& name) {
    impl_->user = trimmedName(name);
}

const std::string& Archive::user() const {
    if (impl_->user.empty()) impl_->user = Journal::osUser();
    return impl_->user;
}

EditResult Archive::addGame(const importers::GameRecord& record) {
    if (!record.ok()) throw EditError("the game does not replay: it cannot be stored");
    // Checked where the record was built (GameRecord::annotationsCheck): nothing replayed here.
    if (record.annotated() && record.annotationsCheck != importers::AnnotationsCheck::Fit)
        throw EditError(record.annotationsCheck == importers::AnnotationsCheck::Unfit
                            ? "the comments and variations do not fit the game: " +
                                  record.annotationsUnfit
                            : std::string("the comments and variations were not checked against "
                                          "the game's moves (importers::checkAnnotations)"));
    EditScope scope(*impl_, "add");
    GameEditor editor(*impl_);
    EditResult result;
    result.game = editor.insert(record);
    JournalEntry e;
    e.kind = "add";
    e.summary = "game " + std::to_string(result.game) + " added: " + GameEditor::describe(record);
    e.details = json{{"game", result.game}};
    e.games.emplace_back(result.game, "*");
    result.change = Journal::record(impl_->db, impl_->user, e);
    result.fields = {"*"};
    scope.commit();
    return result;
}

EditResult Archive::editGame(std::int64_t id, const GameHeaders& headers,
                             const std::optional<std::vector<int>>& moves,
                             const std::optional<GameAnnotations>& annotations,
                             const std::optional<std::string>& rules) {
    EditScope scope(*impl_, "edit");
    GameEditor editor(*impl_);
    EditableGame g = editor.read(id);
    json values = json::object();
    const auto name = [&values](const char* field, const std::optional<std::string>& v) {
        if (!v) return;
        const std::string t = trimmedName(*v);
        if (t.empty())
            throw EditError(std::string("the ") + field + " name is empty (\"?\": unknown)");
        values[field] = journalText(t);
    };
    name("black", headers.black);
    name("white", headers.white);
    if (headers.event) values["event"] = journalText(trimmedName(*headers.event));
    if (headers.round) values["round"] = journalText(trimmedName(*headers.round));
    if (headers.place) values["place"] = journalText(trimmedName(*headers.place));
    if (headers.date) {
        importers::GameRecord tmp;
        setEnteredDate(tmp, *headers.date);
        values["date"] = journalText(tmp.date);
    }
    if (headers.result) {
        importers::GameRecord tmp;
        setEnteredResult(tmp, *headers.result);
        values["result"] = fieldValue(tmp, "result");
    }
    if (rules) {
        importers::GameRecord tmp = g.record;
        setRules(tmp, trimmedName(*rules));
        values["rules"] = fieldValue(tmp, "rules");
    }
    if (moves) {
        importers::GameRecord tmp = g.record;
        if (rules) setRules(tmp, trimmedName(*rules));
        replayEntered(tmp, *moves);
        values["moves"] = tmp.moves;
        // A stated result that agreed with the old moves follows the new ones when no result
        // is given (a corrected move changes the final score); one that was a decision (a
        // resignation) or a typo stays, and is checked.
        if (!headers.result && tmp.complete() &&
            importers::compareStatedResult(tmp) == importers::StatedResultCheck::Mismatch &&
            importers::compareStatedResult(g.record) == importers::StatedResultCheck::Agrees) {
            tmp.statedBlackDiscs = tmp.score.black;
            tmp.statedResult =
                std::to_string(tmp.score.black) + "-" + std::to_string(tmp.score.white);
            values["result"] = fieldValue(tmp, "result");
        }
    }
    if (annotations) values["annotations"] = annotationsJson(*annotations);
    EditResult result = applyEdit(*impl_, editor, g, values, true, 0);
    scope.commit();
    return result;
}

std::int64_t Archive::deleteGames(const std::vector<std::int64_t>& ids) {
    if (ids.empty()) throw StorageError("no game to delete");
    EditScope scope(*impl_, "delete");
    GameEditor editor(*impl_);
    std::vector<std::int64_t> list = ids;
    std::sort(list.begin(), list.end());
    list.erase(std::unique(list.begin(), list.end()), list.end());
    JournalEntry e;
    e.kind = "delete";
    json described = json::object();
    for (const std::int64_t id : list) {
        const EditableGame g = editor.read(id);  // throws for a game not there (or trashed)
        described[std::to_string(id)] = GameEditor::describe(g.record);
        e.games.emplace_back(id, "trash");
    }
    e.summary = list.size() == 1
                    ? "game " + std::to_string(list[0]) +
                          " to the trash: " + described[std::to_string(list[0])].get<std::string>()
                    : std::to_string(list.size()) + " games to the trash";
    e.details = json{{"games", list}, {"described", described}};
    const std::int64_t change = Journal::record(impl_->db, impl_->user, e);
    editor.batchStatistics();
    for (const std::int64_t id : list) editor.toTrash(id, change);
    editor.flushStatistics();
    scope.commit();
    return change;
}

std::int64_t Archive::restoreGame(std::int64_t id) {
    EditScope scope(*impl_, "restore");
    GameEditor editor(*impl_);
    if (!editor.inTrash(id)) {
        if (editor.inGames(id))
            throw StorageError("game " + std::to_string(id) + " is not in the trash");
        throw StorageError("no game " + std::to_string(id) +
                           " in the trash (purged, or never there)");
    }
    editor.fromTrash(id);
    JournalEntry e;
    e.kind = "restore";
    e.summary =
        "game " + std::to_string(id) + " restored: " + GameEditor::describe(editor.read(id).record);
    e.details = json{{"game", id}};
    e.games.emplace_back(id, "trash");
    const std::int64_t change = Journal::record(impl_->db, impl_->user, e);
    scope.commit();
    return change;
}

std::int64_t Archive::purgeGames(const std::vector<std::int64_t>& ids) {
    EditScope scope(*impl_, "purge");
    GameEditor editor(*impl_);
    std::vector<std::int64_t> list = ids;
    if (list.empty()) {
        SQLite::Statement s(impl_->db, "SELECT id FROM trash_games ORDER BY id");
        while (s.executeStep()) list.push_back(s.getColumn(0).getInt64());
        if (list.empty()) return 0;
    }
    std::sort(list.begin(), list.end());
    list.erase(std::unique(list.begin(), list.end()), list.end());
    JournalEntry e;
    e.kind = "purge";
    for (const std::int64_t id : list) {
        if (!editor.inTrash(id))
            throw StorageError("game " + std::to_string(id) +
                               " is not in the trash (only trashed games can be purged)");
        e.games.emplace_back(id, "*");
    }
    e.summary = list.size() == 1 ? "game " + std::to_string(list[0]) + " purged for good"
                                 : std::to_string(list.size()) + " games purged for good";
    e.details = json{{"games", list}};
    const std::int64_t change = Journal::record(impl_->db, impl_->user, e);
    for (const std::int64_t id : list) editor.purge(id);
    scope.commit();
    return change;
}

namespace {

// The trashed games, most recently deleted first; only game `id` when given.
std::vector<TrashedGame> readTrash(Archive::Impl& impl, std::optional<std::int64_t> id) {
    ReadSnapshot snapshot(impl);
    std::string select = GameColumns::selectSql();
    const auto at = select.find("FROM games g");
    select.replace(at, sizeof "FROM games g" - 1,
                   "FROM trash t JOIN trash_games g ON g.id = t.game_id");
    SQLite::Statement s(impl.db,
                        "SELECT t.game_id AS trash_id, t.change_id AS trash_change, "
                        "(SELECT time FROM journal WHERE id = t.change_id) AS trash_time, "
                        "(SELECT user FROM journal WHERE id = t.change_id) AS trash_user, "
                        "g.black_score AS black_score, g.result_known AS result_known, " +
                            select.substr(sizeof "SELECT " - 1) +
                            (id ? "WHERE t.game_id = ? " : "") +
                            "ORDER BY t.change_id DESC, t.game_id");
    if (id) s.bind(1, *id);
    std::vector<TrashedGame> out;
    while (s.executeStep()) {
        TrashedGame t;
        importers::GameRecord r;
        GameColumns::read(s, r);
        t.row.id = s.getColumn("trash_id").getInt64();
        t.row.black = r.black;
        t.row.white = r.white;
        t.row.event = r.event;
        t.row.year = r.year;
        t.row.blackScore = s.getColumn("black_score").getInt();
        t.row.whiteScore = 64 - t.row.blackScore;
        t.row.complete = r.complete();
        t.row.moves = r.moves;
        t.row.resultKnown = s.getColumn("result_known").getInt() != 0;
        t.row.variant = r.variant;
        t.change = s.getColumn("trash_change").getInt64();
        t.time = s.getColumn("trash_time").isNull() ? 0 : s.getColumn("trash_time").getInt64();
        t.user = s.getColumn("trash_user").getString();
        out.push_back(std::move(t));
    }
    return out;
}

}  // namespace

std::vector<TrashedGame> Archive::trash() {
    return readTrash(*impl_, std::nullopt);
}

std::optional<TrashedGame> Archive::trashedGame(std::int64_t id) {
    auto list = readTrash(*impl_, id);
    if (list.empty()) return std::nullopt;
    return std::move(list.front());
}

std::vector<std::string> Archive::names(NameKind kind, const std::string& prefix,
                                        std::size_t limit) {
    ReadSnapshot snapshot(*impl_);
    const std::string folded = foldText(trimmedName(prefix));
    const bool player = kind == NameKind::Player;
    // A range of the folded index (players_folded, events_folded): "\xff" sorts after every
    // UTF-8 byte.
    SQLite::Statement s(
        impl_->db,
        player ? "SELECT name FROM players p WHERE folded >= ?1 AND folded < ?2 AND (EXISTS "
                 "(SELECT 1 FROM games WHERE black_id = p.id) OR EXISTS (SELECT 1 FROM games "
                 "WHERE white_id = p.id) OR EXISTS (SELECT 1 FROM trash_games WHERE black_id = "
                 "p.id OR white_id = p.id)) ORDER BY folded, name LIMIT ?3"
               : "SELECT name FROM events e WHERE name != '' AND folded >= ?1 AND folded < ?2 "
                 "AND (EXISTS (SELECT 1 FROM games WHERE event_id = e.id) OR EXISTS (SELECT 1 "
                 "FROM trash_games WHERE event_id = e.id)) ORDER BY folded, name LIMIT ?3");
    s.bind(1, folded);
    s.bind(2, folded + "\xff");
    s.bind(3, static_cast<std::int64_t>(limit));
    std::vector<std::string> out;
    while (s.executeStep()) out.push_back(s.getColumn(0).getString());
    return out;
}

}  // namespace othello::storage
