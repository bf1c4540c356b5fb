// Groups of games with the same moves read and described, and what a rename makes identical
// (see DuplicateGroups.h and Duplicates.h).
#include "storage/curation/DuplicateGroups.h"

#include <algorithm>
#include <map>

#include "core/Words.h"
#include "importers/GameResult.h"
#include "storage/database/GameColumns.h"

namespace othello::storage {
namespace {

// Two headers known on both sides, one the start of the other (as the import compares them).
bool agree(const std::string& a, const std::string& b) {
    if (a.empty() || b.empty()) return false;
    return a.size() <= b.size() ? b.compare(0, a.size(), a) == 0 : a.compare(0, b.size(), b) == 0;
}

bool unknownName(const std::string& n) {
    return n.empty() || n.find_first_not_of('?') == std::string::npos;
}

std::string blobText(const SQLite::Column& c) {
    return c.isNull() ? std::string()
                      : std::string(static_cast<const char*>(c.getBlob()),
                                    static_cast<std::size_t>(c.getBytes()));
}

std::string inList(const std::vector<std::int64_t>& ids) {
    std::string s;
    for (const std::int64_t id : ids) {
        if (!s.empty()) s += ',';
        s += std::to_string(id);
    }
    return s.empty() ? "0" : s;
}

// The game as a group shows it, and the moves and start it is grouped by.
struct ReadGame {
    DuplicateGame game;
    std::string start, moves;
    int played = 0;
};

ReadGame readGame(SQLite::Statement& s) {
    importers::GameRecord r;
    GameColumns::read(s, r);
    ReadGame out;
    DuplicateGame& g = out.game;
    g.id = s.getColumn("gid").getInt64();
    g.black = r.black;
    g.white = r.white;
    g.event = r.event;
    g.date = r.date;
    g.year = r.year;
    g.round = r.round;
    g.place = r.place;
    g.result = importers::resultText(r);
    g.source = r.source.path.empty() ? std::string() : r.source.describe();
    g.comments = s.getColumn("n_comments").getInt();
    g.variations = s.getColumn("n_variations").getInt();
    out.start = blobText(s.getColumn("start"));
    out.moves = blobText(s.getColumn("moves"));
    out.played = static_cast<int>(
        std::count_if(r.moves.begin(), r.moves.end(), [](int m) { return m != core::kPass; }));
    return out;
}

// The marks covering two or more of the group's games.
void readMarks(SQLite::Database& db, DuplicateGroup& g) {
    if (!tableExists(db, "duplicate_marks")) return;
    std::vector<std::int64_t> ids;
    for (const DuplicateGame& d : g.games) ids.push_back(d.id);
    std::map<std::int64_t, std::vector<std::int64_t>> marks;
    SQLite::Statement s(db, "SELECT mark, game_id FROM duplicate_marks WHERE game_id IN (" +
                                inList(ids) + ") ORDER BY mark, game_id");
    while (s.executeStep()) marks[s.getColumn(0).getInt64()].push_back(s.getColumn(1).getInt64());
    for (auto& [mark, games] : marks)
        if (games.size() >= 2) g.marks.emplace_back(mark, std::move(games));
}

}  // namespace

const char* kindName(DuplicateKind k) {
    switch (k) {
        case DuplicateKind::SameGame:
            return "same game";
        case DuplicateKind::SamePlayers:
            return "same players";
        case DuplicateKind::UnknownNames:
            return "unknown or look-alike names";
        case DuplicateKind::OtherPlayers:
            break;
    }
    return "other players";
}

std::string DuplicateGame::field(const std::string& name) const {
    if (name == "black") return unknownName(black) ? std::string() : black;
    if (name == "white") return unknownName(white) ? std::string() : white;
    if (name == "event") return event;
    if (name == "date") return date;
    if (name == "round") return round;
    if (name == "place") return place;
    if (name == "result") return result == "*" ? std::string() : result;
    return {};
}

bool tableExists(SQLite::Database& db, const char* name) {
    SQLite::Statement s(db,
                        "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?1 "
                        "UNION ALL SELECT count(*) FROM sqlite_temp_master WHERE type = 'table' "
                        "AND name = ?1");
    s.bind(1, name);
    bool found = false;
    while (s.executeStep()) found = found || s.getColumn(0).getInt() > 0;
    return found;
}

void refoldNames(SQLite::Database& db) {
    for (const char* table : {"players", "events", "player_aliases"}) {
        std::vector<std::pair<std::string, std::string>> changed;  // name, folded
        SQLite::Statement s(db, std::string("SELECT name, folded FROM ") + table);
        while (s.executeStep()) {
            const std::string name = s.getColumn(0).getString();
            const std::string folded = foldText(name);
            if (folded != s.getColumn(1).getString()) changed.emplace_back(name, folded);
        }
        SQLite::Statement u(db, std::string("UPDATE ") + table + " SET folded = ? WHERE name = ?");
        for (const auto& [name, folded] : changed) {
            u.bind(1, folded);
            u.bind(2, name);
            u.exec();
            u.reset();
        }
    }
}

bool sameGame(const DuplicateGame& a, const DuplicateGame& b) {
    if (unknownName(a.black) || unknownName(a.white) || unknownName(b.black) ||
        unknownName(b.white))
        return false;
    return caseFold(a.black) == caseFold(b.black) && caseFold(a.white) == caseFold(b.white) &&
           agree(foldText(a.event), foldText(b.event)) && agree(a.date, b.date);
}

void describeGroup(DuplicateGroup& g) {
    g.why.clear();
    g.differ.clear();
    g.why.push_back("same moves (" + std::to_string(g.moves) + ") from " +
                    (g.standardStart ? "the standard start" : "the same set-up start"));
    const DuplicateGame& first = g.games.front();
    bool sameBlack = true, sameWhite = true, lookalike = true, unknown = false, allSame = true;
    for (const DuplicateGame& d : g.games) {
        for (const std::string& n : {d.black, d.white}) unknown = unknown || unknownName(n);
        sameBlack = sameBlack && caseFold(d.black) == caseFold(first.black);
        sameWhite = sameWhite && caseFold(d.white) == caseFold(first.white);
        lookalike = lookalike && foldText(d.black) == foldText(first.black) &&
                    foldText(d.white) == foldText(first.white);
        for (const DuplicateGame& e : g.games)
            if (d.id < e.id) allSame = allSame && sameGame(d, e);
    }
    const bool samePlayers = sameBlack && sameWhite;
    if (unknown) {
        g.kind = DuplicateKind::UnknownNames;
        g.why.push_back("names unknown (\"?\") in some");
    } else if (samePlayers) {
        g.kind = allSame ? DuplicateKind::SameGame : DuplicateKind::SamePlayers;
        g.why.push_back(allSame ? "same players, and an event and a date that agree"
                                : "same players");
    } else if (lookalike) {
        g.kind = DuplicateKind::UnknownNames;
        g.why.push_back("names equal without accents (look-alikes, maybe other players)");
    } else {
        g.kind = DuplicateKind::OtherPlayers;
        g.why.push_back(sameBlack   ? "same Black, other White"
                        : sameWhite ? "other Black, same White"
                                    : "other players");
    }
    for (const char* f : kDuplicateFields) {
        bool differs = false, known = true;
        for (const DuplicateGame& d : g.games) {
            differs = differs || d.field(f) != first.field(f);
            known = known && !d.field(f).empty();
        }
        if (differs)
            g.differ.push_back(f);
        else if (known && std::string(f) != "black" && std::string(f) != "white")
            g.why.push_back(std::string("same ") + f);
    }
    bool sources = false, notes = false;
    for (const DuplicateGame& d : g.games) {
        sources = sources || d.source != first.source;
        notes = notes || d.comments != first.comments || d.variations != first.variations;
    }
    if (sources) g.differ.push_back("source");
    if (notes) g.differ.push_back("annotations");
    if (g.isShort)
        g.why.push_back("a short game (" +
                        core::plural(g.moves, "move", "moves") +
                        "): other games may well share it");
}

bool allMarked(const DuplicateGroup& g) {
    for (std::size_t i = 0; i < g.games.size(); ++i)
        for (std::size_t j = i + 1; j < g.games.size(); ++j)
            if (markBetween(g, g.games[i].id, g.games[j].id) == 0) return false;
    return true;
}

std::int64_t markBetween(const DuplicateGroup& g, std::int64_t a, std::int64_t b) {
    for (const auto& [mark, games] : g.marks)
        if (std::find(games.begin(), games.end(), a) != games.end() &&
            std::find(games.begin(), games.end(), b) != games.end())
            return mark;
    return 0;
}

bool listedBefore(const DuplicateGroup& a, const DuplicateGroup& b) {
    if (a.isShort != b.isShort) return b.isShort;
    if (a.kind != b.kind) return a.kind < b.kind;
    return a.games.front().id < b.games.front().id;
}

std::vector<DuplicateGroup> readGroups(SQLite::Database& db,
                                       const std::vector<std::int64_t>& keys) {
    const bool annotations = tableExists(db, "game_annotations");
    const std::string& select = GameColumns::selectSql();  // "SELECT <columns> FROM ..."
    SQLite::Statement s(
        db,
        std::string("SELECT g.id AS gid, ") +
            (annotations ? "coalesce((SELECT comments FROM game_annotations a WHERE "
                           "a.game_id = g.id), 0) AS n_comments, coalesce((SELECT variations "
                           "FROM game_annotations a WHERE a.game_id = g.id), 0) AS n_variations, "
                         : "0 AS n_comments, 0 AS n_variations, ") +
            select.substr(sizeof "SELECT " - 1) + "WHERE g.moves_key = ? ORDER BY g.id");
    std::vector<DuplicateGroup> out;
    for (const std::int64_t key : keys) {
        s.bind(1, key);
        // The hash is only where to look: games are grouped by their start and moves.
        std::map<std::pair<std::string, std::string>, std::vector<ReadGame>> same;
        while (s.executeStep()) {
            ReadGame r = readGame(s);
            same[{r.start, r.moves}].push_back(std::move(r));
        }
        s.reset();
        for (auto& [what, games] : same) {
            if (games.size() < 2) continue;
            DuplicateGroup g;
            g.moves = games.front().played;
            g.standardStart = what.first.empty();
            g.isShort = g.moves < kShortGameMoves;
            for (ReadGame& r : games) g.games.push_back(std::move(r.game));
            readMarks(db, g);
            describeGroup(g);
            out.push_back(std::move(g));
        }
    }
    std::sort(out.begin(), out.end(), listedBefore);
    return out;
}

std::vector<DuplicateGroup> groupsMadeIdentical(SQLite::Database& db, bool player,
                                                const std::vector<std::int64_t>& ids,
                                                const std::set<std::string>& spellings,
                                                const std::string& to) {
    const std::string list = inList(ids);
    const std::string touching = player ? "black_id IN (" + list + ") OR white_id IN (" + list + ")"
                                        : "event_id IN (" + list + ")";
    SQLite::Statement k(db,
                        "SELECT moves_key FROM games WHERE moves_key IN (SELECT moves_key FROM "
                        "games WHERE " +
                            touching + ") GROUP BY moves_key HAVING count(*) > 1");
    std::vector<std::int64_t> keys;
    while (k.executeStep()) keys.push_back(k.getColumn(0).getInt64());
    std::vector<DuplicateGroup> out;
    for (const DuplicateGroup& g : readGroups(db, keys)) {
        std::vector<DuplicateGame> after = g.games;
        std::vector<bool> touched(after.size(), false);
        for (std::size_t i = 0; i < after.size(); ++i) {
            DuplicateGame& d = after[i];
            for (std::string* name : player ? std::vector<std::string*>{&d.black, &d.white}
                                            : std::vector<std::string*>{&d.event})
                if (spellings.count(*name)) {
                    *name = to;
                    touched[i] = true;
                }
        }
        // Classes of the same game after the rename (every two of a class the same game).
        std::vector<std::vector<std::size_t>> classes;
        for (std::size_t i = 0; i < after.size(); ++i) {
            auto c = std::find_if(classes.begin(), classes.end(), [&](const auto& members) {
                return std::all_of(members.begin(), members.end(),
                                   [&](std::size_t m) { return sameGame(after[m], after[i]); });
            });
            if (c == classes.end())
                classes.push_back({i});
            else
                c->push_back(i);
        }
        for (const auto& members : classes) {
            if (members.size() < 2) continue;
            bool anyTouched = false, sameBefore = true;
            for (const std::size_t m : members) {
                anyTouched = anyTouched || touched[m];
                for (const std::size_t n : members)
                    if (m < n) sameBefore = sameBefore && sameGame(g.games[m], g.games[n]);
            }
            if (!anyTouched || sameBefore) continue;
            DuplicateGroup made;
            made.moves = g.moves;
            made.standardStart = g.standardStart;
            made.isShort = g.isShort;
            for (const std::size_t m : members) made.games.push_back(after[m]);
            for (const auto& [mark, games] : g.marks) {
                std::vector<std::int64_t> in;
                for (const std::int64_t id : games)
                    for (const DuplicateGame& d : made.games)
                        if (d.id == id) in.push_back(id);
                if (in.size() >= 2) made.marks.emplace_back(mark, std::move(in));
            }
            describeGroup(made);
            out.push_back(std::move(made));
        }
    }
    std::sort(out.begin(), out.end(), listedBefore);
    return out;
}

}  // namespace othello::storage
