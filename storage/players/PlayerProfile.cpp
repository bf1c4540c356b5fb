// Archive::findPlayer and Archive::playerProfile: a player's page from the games
// (storage/players/PlayerProfile.h states what each figure means). The repertoire and the
// main-line departures are in PlayerRepertoire.cpp.
#include "storage/players/PlayerProfile.h"

#include <algorithm>
#include <map>
#include <set>

#include <nlohmann/json.hpp>

#include "storage/ArchiveImpl.h"
#include "storage/curation/Journal.h"
#include "storage/players/PlayerGames.h"
#include "storage/tournaments/Standings.h"
#include "storage/tournaments/Tournament.h"

namespace othello::storage {

double PlayerRecord::scorePercent() const {
    return decided() ? 100.0 * (double(wins) + double(draws) / 2.0) / double(decided()) : 0.0;
}

double PlayerRecord::averageMargin() const {
    return decided() ? double(marginSum) / double(decided()) : 0.0;
}

void PlayerRecord::add(int playerDiscs, bool resultKnown) {
    ++games;
    if (!resultKnown) return;
    if (playerDiscs > 32)
        ++wins;
    else if (playerDiscs == 32)
        ++draws;
    else
        ++losses;
    marginSum += 2 * playerDiscs - 64;
}

double averageDepartureMove(const std::vector<Departure>& departures) {
    if (departures.empty()) return 0.0;
    double sum = 0;
    for (const Departure& d : departures) sum += d.ply + 1;
    return sum / double(departures.size());
}

namespace {

PlayerRef refOf(SQLite::Database& db, std::int64_t id) {
    SQLite::Statement s(db,
                        "SELECT name, (SELECT count(*) FROM games WHERE black_id = ?1) + "
                        "(SELECT count(*) FROM games WHERE white_id = ?1 AND black_id <> ?1) "
                        "FROM players WHERE id = ?1");
    s.bind(1, id);
    if (!s.executeStep()) return {};
    return {id, s.getColumn(0).getString(), s.getColumn(1).getInt64()};
}

bool allDigits(const std::string& s) {
    return !s.empty() && s.size() <= 18 && s.find_first_not_of("0123456789") == std::string::npos;
}

// The old spellings renamed into `name`, through chains (A -> B, then B -> C: both for C).
std::vector<PlayerProfile::Spelling> spellingsOf(Archive& archive, const std::string& name) {
    HistoryFilter all;
    all.limit = -1;
    std::vector<Change> renames;
    for (Change& c : archive.history(all))
        if (c.kind == "rename-player" && c.revertedBy == 0) renames.push_back(std::move(c));
    std::sort(renames.begin(), renames.end(),
              [](const Change& a, const Change& b) { return a.id > b.id; });  // newest first
    // Walking back in time: a name renamed into one of `targets` joins them.
    std::set<std::string> targets{caseFold(name)};
    std::vector<PlayerProfile::Spelling> out;
    for (const Change& c : renames) {
        const nlohmann::json d = nlohmann::json::parse(c.details, nullptr, false);
        if (d.is_discarded()) continue;
        const nlohmann::json list = d.contains("renames") ? d["renames"] : nlohmann::json::array({d});
        for (const nlohmann::json& r : list) {
            if (!r.contains("from") || !r.contains("to")) continue;
            const std::string from = journalTextOf(r["from"]), to = journalTextOf(r["to"]);
            if (!targets.count(caseFold(to)) || caseFold(from) == caseFold(to)) continue;
            targets.insert(caseFold(from));
            out.push_back({from, c.id, c.time, c.user});
        }
    }
    std::reverse(out.begin(), out.end());  // oldest change first
    return out;
}

}  // namespace

PlayerLookup Archive::findPlayer(const std::string& query) {
    ReadSnapshot snapshot(*impl_);
    SQLite::Database& db = impl_->db;
    PlayerLookup out;
    const std::string& text = query;
    const auto byId = [&](const std::string& digits) {
        if (PlayerRef r = refOf(db, std::stoll(digits)); r.id) {
            out.player = r;
            out.how = "id";
            return true;
        }
        return false;
    };
    if (text.size() > 1 && text[0] == '#' && allDigits(text.substr(1)) && byId(text.substr(1)))
        return out;
    const std::string folded = foldText(text), key = caseFold(text);
    std::vector<std::int64_t> exact;
    {
        SQLite::Statement s(db, "SELECT id, name FROM players WHERE folded = ?");
        s.bind(1, folded);
        while (s.executeStep())
            if (caseFold(s.getColumn(1).getString()) == key) exact.push_back(s.getColumn(0).getInt64());
    }
    if (exact.size() == 1) {
        out.player = refOf(db, exact.front());
        out.how = "name";
        return out;
    }
    if (exact.empty() && allDigits(text) && byId(text)) return out;
    if (exact.empty()) {
        SQLite::Statement s(db, "SELECT name, player_id FROM player_aliases WHERE folded = ?");
        s.bind(1, folded);
        std::set<std::int64_t> ids;
        while (s.executeStep())
            if (caseFold(s.getColumn(0).getString()) == key) ids.insert(s.getColumn(1).getInt64());
        if (ids.size() == 1) {
            out.player = refOf(db, *ids.begin());
            out.how = "alias";
            return out;
        }
    }
    // Never a guess: the names containing the query.
    SQLite::Statement s(db,
                        "SELECT p.id FROM players p WHERE instr(p.folded, ?) > 0 "
                        "ORDER BY (SELECT count(*) FROM games WHERE black_id = p.id) + "
                        "(SELECT count(*) FROM games WHERE white_id = p.id) DESC, p.folded "
                        "LIMIT ?");
    s.bind(1, folded);
    s.bind(2, static_cast<std::int64_t>(kPlayerCandidates));
    while (s.executeStep()) out.candidates.push_back(refOf(db, s.getColumn(0).getInt64()));
    return out;
}

PlayerProfile Archive::playerProfile(std::int64_t playerId, const ProfileOptions& options) {
    ReadSnapshot snapshot(*impl_);
    PlayerProfile p;
    p.player = refOf(impl_->db, playerId);
    if (!p.player.id) throw StorageError("no player with id " + std::to_string(playerId));
    p.spellings = spellingsOf(*this, p.player.name);
    p.countryNote =
        "no source in this archive gives one (WTHOR's names file and PGN's tags have no country)";

    // Events: every game's tournament (an event name in a year, as `events` groups them).
    std::map<std::pair<std::int64_t, int>, const TournamentSummary*> byEvent;
    std::vector<TournamentSummary> read;
    if (!options.tournaments) read = tournaments();
    const std::vector<TournamentSummary>& summaries = options.tournaments ? *options.tournaments : read;
    for (const TournamentSummary& t : summaries)
        for (const std::int64_t e : t.eventIds) byEvent[{e, t.year}] = &t;
    std::map<std::int64_t, PlayerEvent> events;
    std::map<int, PlayerRecord> years;
    std::vector<PlayerGame> wins;
    std::vector<LoadedGame> games = loadPlayerGames(impl_->db, playerId);
    for (LoadedGame& g : games) {
        PlayerGame& v = g.view;
        (v.black ? p.asBlack : p.asWhite).add(v.discs, v.resultKnown);
        p.total.add(v.discs, v.resultKnown);
        years[v.year].add(v.discs, v.resultKnown);
        const int year = tournamentYear(v.year, splitEventYear(v.event));
        const auto it = byEvent.find({g.eventId, year});
        if (it != byEvent.end()) v.eventId = it->second->id;
        if (v.resultKnown && v.discs > 32) wins.push_back(v);
        if (it == byEvent.end()) continue;
        PlayerEvent& e = events[it->second->id];
        e.id = it->second->id;
        e.name = it->second->name;
        e.year = it->second->year;
        e.isTournament = it->second->isTournament;
        e.players = it->second->players;
        e.record.add(v.discs, v.resultKnown);
    }
    for (auto& [year, record] : years) p.years.push_back({year, record});
    if (!p.years.empty()) {
        p.firstYear = p.years.front().year;
        p.lastYear = p.years.back().year;
    }
    for (auto& [id, e] : events) {
        if (e.isTournament) {
            std::optional<Standings> computed;
            const Standings* s = nullptr;
            if (options.standings) {
                s = options.standings(id);
            } else if (const auto t = tournament(id)) {
                computed = computeStandings(*t);
                s = &*computed;
            }
            if (s)
                for (const Standing& row : s->players)
                    if (row.player == p.player.name) {
                        e.rank = row.rank;
                        e.points = row.points();
                    }
        }
        p.events.push_back(std::move(e));
    }
    std::sort(p.events.begin(), p.events.end(), [](const PlayerEvent& a, const PlayerEvent& b) {
        return a.year != b.year ? a.year < b.year : foldText(a.name) < foldText(b.name);
    });
    std::stable_sort(wins.begin(), wins.end(), [](const PlayerGame& a, const PlayerGame& b) {
        return a.discs != b.discs ? a.discs > b.discs : a.id < b.id;
    });
    if (wins.size() > kBestResults) wins.resize(kBestResults);
    p.best = std::move(wins);
    addRepertoire(p, games);
    if (options.departures) {
        const std::shared_ptr<MainLineCache> cache =
            options.mainLines ? options.mainLines : makeMainLineCache();
        p.departures = departures(*this, games, *cache);
    }
    if (options.vs) {
        HeadToHead h;
        h.opponent = refOf(impl_->db, *options.vs);
        if (!h.opponent.id) throw StorageError("no player with id " + std::to_string(*options.vs));
        for (const LoadedGame& g : games)
            if (g.opponentId == *options.vs) {
                (g.view.black ? h.asBlack : h.asWhite).add(g.view.discs, g.view.resultKnown);
                h.total.add(g.view.discs, g.view.resultKnown);
                h.games.push_back(g.view);
            }
        std::stable_sort(h.games.begin(), h.games.end(), [](const auto& a, const auto& b) {
            return a.year != b.year ? a.year < b.year : a.id < b.id;
        });
        p.vs = std::move(h);
    }
    if (options.analysis) p.analysis = playerAnalysis(games, *options.analysis);
    p.analysis.games = static_cast<std::int64_t>(games.size());
    return p;
}

}  // namespace othello::storage
