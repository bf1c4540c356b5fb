// The journal of changes (see Journal.h).
#include "storage/curation/Journal.h"

#include "importers/TextEscape.h"

#include <pwd.h>
#include <unistd.h>

#include <cstdlib>
#include <ctime>
#include <sstream>

namespace othello::storage {
namespace {

std::vector<std::string> splitFields(const std::string& s) {
    std::vector<std::string> out;
    std::stringstream in(s);
    for (std::string f; std::getline(in, f, ',');)
        if (!f.empty()) out.push_back(f);
    return out;
}

constexpr const char* kChangeColumns =
    "SELECT id, time, user, kind, summary, details, coalesce(first_game, 0), "
    "coalesce(last_game, 0), coalesce(reverted_by, 0), coalesce(reverts, 0) FROM journal ";

Change readRow(SQLite::Database& db, SQLite::Statement& s) {
    Change c;
    c.id = s.getColumn(0).getInt64();
    c.time = s.getColumn(1).getInt64();
    c.user = s.getColumn(2).getString();
    c.kind = s.getColumn(3).getString();
    c.summary = s.getColumn(4).getString();
    c.details = s.getColumn(5).getString();
    c.firstGame = s.getColumn(6).getInt64();
    c.lastGame = s.getColumn(7).getInt64();
    c.revertedBy = s.getColumn(8).getInt64();
    c.reverts = s.getColumn(9).getInt64();
    // A moves edit journalled by an older program summed both sides up by their first moves
    // ("f5d6c3... -> f5d6c3... (edited)"): its summary is made again from its values.
    if (c.details.find("\"moves\"") != std::string::npos &&
        (c.kind == "edit" || c.kind == "revert")) {
        const auto d = nlohmann::json::parse(c.details, nullptr, false);
        if (d.is_object() && d.contains("fields") && d["fields"].contains("moves") &&
            d.contains("game"))
            c.summary = editSummary(d["game"].get<std::int64_t>(), d["fields"], c.reverts);
    }
    SQLite::Statement g(db,
                        "SELECT game_id FROM journal_games WHERE change_id = ? ORDER BY "
                        "game_id LIMIT ?");
    g.bind(1, c.id);
    g.bind(2, static_cast<std::int64_t>(Journal::kMaxListedGames));
    while (g.executeStep()) c.games.push_back(g.getColumn(0).getInt64());
    return c;
}

}  // namespace

nlohmann::json journalText(const std::string& s) {
    if (importers::text::isUtf8(s)) return s;
    static const char* digits = "0123456789abcdef";
    std::string hex;
    for (const unsigned char c : s) {
        hex += digits[c >> 4];
        hex += digits[c & 15];
    }
    return nlohmann::json{{"hex", hex}};
}

std::string journalTextOf(const nlohmann::json& j) {
    if (j.is_string()) return j.get<std::string>();
    const std::string hex = j.at("hex").get<std::string>();
    std::string out;
    for (std::size_t i = 0; i + 1 < hex.size(); i += 2)
        out += static_cast<char>(std::stoi(hex.substr(i, 2), nullptr, 16));
    return out;
}

bool fieldsOverlap(const std::string& a, const std::string& b) {
    if (a == "*" || b == "*") return true;
    const auto fa = splitFields(a), fb = splitFields(b);
    for (const auto& x : fa)
        for (const auto& y : fb)
            if (x == y) return true;
    return false;
}

std::string Journal::osUser() {
    if (const char* u = std::getenv("USER"); u && *u) return u;
    if (const passwd* pw = getpwuid(geteuid()); pw && pw->pw_name && *pw->pw_name)
        return pw->pw_name;
    return "unknown";
}

std::int64_t Journal::record(SQLite::Database& db, const std::string& user, const JournalEntry& e) {
    SQLite::Statement s(db,
                        "INSERT INTO journal(time, user, kind, summary, details, first_game, "
                        "last_game, reverts) VALUES(?, ?, ?, ?, ?, ?, ?, ?)");
    s.bind(1, static_cast<std::int64_t>(std::time(nullptr)));
    s.bind(2, user.empty() ? osUser() : user);
    s.bind(3, e.kind);
    s.bind(4, e.summary);
    // Text is journalText() where it matters; anything else not UTF-8 (a file name in an
    // import's summary) is shown with replacement characters rather than refused.
    s.bind(5, e.details.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
    if (e.firstGame) {
        s.bind(6, e.firstGame);
        s.bind(7, e.lastGame);
    }
    if (e.reverts) s.bind(8, e.reverts);
    s.exec();
    const std::int64_t id = db.getLastInsertRowid();
    SQLite::Statement g(db,
                        "INSERT OR REPLACE INTO journal_games(game_id, change_id, fields) "
                        "VALUES(?, ?, ?)");
    for (const auto& [game, fields] : e.games) {
        g.bind(1, game);
        g.bind(2, id);
        g.bind(3, fields);
        g.exec();
        g.reset();
    }
    if (e.reverts) {
        SQLite::Statement m(db, "UPDATE journal SET reverted_by = ? WHERE id = ?");
        m.bind(1, id);
        m.bind(2, e.reverts);
        m.exec();
    }
    return id;
}

std::optional<Change> Journal::read(SQLite::Database& db, std::int64_t id) {
    SQLite::Statement s(db, std::string(kChangeColumns) + "WHERE id = ?");
    s.bind(1, id);
    if (!s.executeStep()) return std::nullopt;
    return readRow(db, s);
}

std::vector<Change> Journal::list(SQLite::Database& db, const HistoryFilter& filter) {
    std::string sql = kChangeColumns;
    if (filter.game)
        sql +=
            "WHERE id IN (SELECT change_id FROM journal_games WHERE game_id = :g) OR "
            "(first_game IS NOT NULL AND :g BETWEEN first_game AND last_game) ";
    sql += "ORDER BY id DESC LIMIT :limit";
    SQLite::Statement s(db, sql);
    if (filter.game) s.bind(":g", *filter.game);
    s.bind(":limit", filter.limit < 0 ? std::int64_t{-1} : filter.limit);
    std::vector<Change> out;
    while (s.executeStep()) out.push_back(readRow(db, s));
    return out;
}

std::int64_t Journal::blocker(SQLite::Database& db, std::int64_t after, std::int64_t game,
                              const std::string& fields, const std::string& except) {
    SQLite::Statement s(db,
                        "SELECT g.change_id, g.fields FROM journal_games g JOIN journal j ON "
                        "j.id = g.change_id WHERE g.game_id = ? AND g.change_id > ? AND "
                        "j.reverted_by IS NULL AND j.reverts IS NULL ORDER BY g.change_id");
    s.bind(1, game);
    s.bind(2, after);
    while (s.executeStep()) {
        const std::string theirs = s.getColumn(1).getString();
        if (!except.empty() && theirs == except) continue;
        if (fieldsOverlap(fields, theirs)) return s.getColumn(0).getInt64();
    }
    return 0;
}

std::int64_t Journal::lastTouch(SQLite::Database& db, std::int64_t after, std::int64_t game,
                                const std::string& fields) {
    SQLite::Statement s(db,
                        "SELECT g.change_id, g.fields FROM journal_games g JOIN journal j ON "
                        "j.id = g.change_id WHERE g.game_id = ? AND g.change_id > ? AND "
                        "j.reverted_by IS NULL ORDER BY g.change_id DESC");
    s.bind(1, game);
    s.bind(2, after);
    while (s.executeStep())
        if (fieldsOverlap(fields, s.getColumn(1).getString())) return s.getColumn(0).getInt64();
    return 0;
}

std::int64_t Journal::blockerInRange(SQLite::Database& db, std::int64_t after, std::int64_t first,
                                     std::int64_t last, const std::string& except) {
    SQLite::Statement s(db,
                        "SELECT min(g.change_id) FROM journal_games g JOIN journal j ON "
                        "j.id = g.change_id WHERE g.game_id BETWEEN ? AND ? AND g.change_id > ? "
                        "AND j.reverted_by IS NULL AND j.reverts IS NULL AND g.fields != ?");
    s.bind(1, first);
    s.bind(2, last);
    s.bind(3, after);
    s.bind(4, except);
    if (!s.executeStep() || s.getColumn(0).isNull()) return 0;
    return s.getColumn(0).getInt64();
}

std::string Journal::describe(SQLite::Database& db, std::int64_t id) {
    SQLite::Statement s(db, "SELECT kind, user, time, summary FROM journal WHERE id = ?");
    s.bind(1, id);
    if (!s.executeStep()) return "change " + std::to_string(id);
    const std::time_t t = s.getColumn(2).getInt64();
    std::tm tm{};
    gmtime_r(&t, &tm);
    char when[32];
    std::strftime(when, sizeof when, "%Y-%m-%d %H:%M UTC", &tm);
    return "change " + std::to_string(id) + " (" + s.getColumn(0).getString() + " by " +
           s.getColumn(1).getString() + ", " + when + ": " + s.getColumn(3).getString() + ")";
}

void throwRevertBlocked(SQLite::Database& db, std::int64_t change, std::int64_t by,
                        const std::string& why) {
    const std::string head = "change " + std::to_string(change) + " cannot be reverted: ";
    if (by == 0) throw RevertBlocked(head + why + ". Nothing was changed.", 0);
    throw RevertBlocked(head + Journal::describe(db, by) + " " + why +
                            "; revert that one first. Nothing was changed.",
                        by);
}

}  // namespace othello::storage
