// web::Site: which events and games a site holds, and each file of it (see Site.h).
#include "web/Site.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <set>

#include "storage/cache/AnalysisCache.h"
#include "storage/players/PlayerProfile.h"
#include "storage/players/Ratings.h"
#include "web/Assets.h"
#include "web/PlayerPage.h"
#include "web/ProblemPages.h"
#include "web/SitePages.h"
#include "web/SitePaths.h"

namespace othello::web {

namespace {

bool filterIsEmpty(const storage::SearchFilter& f) {
    return f.player.empty() && f.black.empty() && f.white.empty() && f.event.empty() &&
           !f.yearFrom && !f.yearTo && f.result == storage::ResultFilter::Any && !f.position &&
           !f.lostDiscs && !f.lostBy;
}

// The grouping key of storage/tournaments/Tournament.h: the folded name without its year, and the
// year.
std::pair<std::string, int> tournamentKey(const std::string& eventName, int gameYear) {
    const storage::EventName split = storage::splitEventYear(eventName);
    return {storage::foldText(split.base), storage::tournamentYear(gameYear, split)};
}

// Newest first; events of unknown year last; by name within a year.
bool indexOrder(const storage::TournamentSummary& a, const storage::TournamentSummary& b) {
    if (a.year != b.year) {
        if (a.year == 0 || b.year == 0) return b.year == 0;
        return a.year > b.year;
    }
    return a.name != b.name ? a.name < b.name : a.id < b.id;
}

// The assets a static site's pages use; a served site has them all (the server's search page
// brings its own).
// How long a Site reuses the list of events for its index pages.
constexpr std::chrono::seconds kEventsFresh{5};

bool assetPublished(std::string_view name, bool served) {
    return served || name == "style.css" || name == "game.js" || name == "problems.js";
}

}  // namespace

struct Site::Impl {
    storage::Archive& archive;
    SiteOptions options;
    bool filtered = false;

    // A filtered site: the games matching the filter, by tournament (read once, on first use).
    bool selectionRead = false;
    std::map<std::int64_t, std::set<std::int64_t>> selection;

    // Winners by tournament id, with the number of games they were computed from (a served
    // archive grows while it runs: a different count recomputes).
    std::map<std::int64_t, std::pair<std::int64_t, std::string>> winners;

    Impl(storage::Archive& a, SiteOptions o) : archive(a), options(std::move(o)) {
        filtered = !filterIsEmpty(options.filter);
        options.filter.limit = -1;
        options.filter.offset = 0;
        options.filter.sort = storage::SortKey::Id;
        options.filter.descending = false;
        options.filter.withOpenings = false;
        if (options.indexPageSize < 1) options.indexPageSize = 1;
        options.playerId = [this](const std::string& name) { return playerIdOf(name); };
    }

    // ---- Player pages ----
    // Name -> player id, as the games spell it (memo; nullopt: no page: unknown, "?", a bye).
    std::map<std::string, std::optional<std::int64_t>> playerIds;
    std::optional<std::int64_t> playerIdOf(const std::string& name) {
        if (name.empty() || name.find_first_not_of('?') == std::string::npos ||
            storage::isByeName(name))
            return std::nullopt;
        const auto it = playerIds.find(name);
        if (it != playerIds.end()) return it->second;
        const storage::PlayerLookup l = archive.findPlayer(name);
        std::optional<std::int64_t> id;
        if (l.player && l.player->name == name) id = l.player->id;
        return playerIds[name] = id;
    }
    // Whether tournament `id`'s pages are on the site.
    bool published(std::int64_t id) {
        if (!filtered) return true;
        const auto& sel = selectionRead ? selection : readSelection(archive.tournaments());
        return sel.count(id) > 0;
    }
    // What the pages of one run share: the events, the standings computed for the event
    // pages, the main-line statistics (publish reads them once for every page).
    std::optional<std::vector<storage::TournamentSummary>> allEvents;
    std::map<std::int64_t, storage::Standings> keptStandings;
    std::shared_ptr<storage::MainLineCache> mainLines = storage::makeMainLineCache();
    bool keepStandings = false;  // forEachFile: the event pages' standings, for the players'

    // The page of player `id`; nullopt for an unknown player, or one with no published game.
    std::optional<std::string> playerPageOf(std::int64_t id) {
        storage::ProfileOptions o;
        if (keepStandings) {
            if (!allEvents) allEvents = archive.tournaments();
            o.tournaments = &*allEvents;
            o.standings = [this](std::int64_t t) -> const storage::Standings* {
                const auto it = keptStandings.find(t);
                return it == keptStandings.end() ? nullptr : &it->second;
            };
        }
        o.mainLines = mainLines;
        std::optional<storage::AnalysisCache> cache;
        try {
            cache.emplace(archive.path(), storage::Archive::Mode::ReadOnly);
            o.analysis = &*cache;
        } catch (const std::exception&) {
            // No readable analysis tables: the page says no game is analysed.
        }
        std::optional<storage::PlayerProfile> p;
        try {
            p = archive.playerProfile(id, o);
        } catch (const storage::StorageError&) {
            return std::nullopt;  // no such player
        }
        const bool any = std::any_of(p->events.begin(), p->events.end(),
                                     [this](const auto& e) { return published(e.id); });
        if (!any) return std::nullopt;
        return playerPage(options, *p, archive.ratingHistory(id),
                          [this](std::int64_t t) { return published(t); });
    }

    const std::map<std::int64_t, std::set<std::int64_t>>& readSelection(
        const std::vector<storage::TournamentSummary>& all) {
        if (selectionRead) return selection;
        std::map<std::pair<std::string, int>, std::int64_t> byKey;
        for (const auto& t : all)
            for (const auto& name : t.eventNames) byKey[tournamentKey(name, t.year)] = t.id;
        for (const auto& row : archive.search(options.filter).games) {
            const auto it = byKey.find(tournamentKey(row.event, row.year));
            if (it != byKey.end()) selection[it->second].insert(row.id);
        }
        selectionRead = true;
        return selection;
    }

    // The last list of events and when it was read (see kEventsFresh).
    std::vector<storage::TournamentSummary> eventsRead;
    std::optional<std::chrono::steady_clock::time_point> eventsReadAt;

    // The events published, in index order; `games` counts the games published of each.
    // Reading them groups every game of the archive (a quarter of a second for the whole
    // shared archive), so a served site reuses the list for kEventsFresh.
    const std::vector<storage::TournamentSummary>& events() {
        const auto now = std::chrono::steady_clock::now();
        if (!eventsReadAt || now - *eventsReadAt >= kEventsFresh) {
            eventsRead = readEvents();
            eventsReadAt = now;
        }
        return eventsRead;
    }

    std::vector<storage::TournamentSummary> readEvents() {
        std::vector<storage::TournamentSummary> all = archive.tournaments();
        if (filtered) {
            const auto& sel = readSelection(all);
            std::vector<storage::TournamentSummary> kept;
            for (auto& t : all) {
                const auto it = sel.find(t.id);
                if (it == sel.end()) continue;
                if (!t.isTournament) t.games = static_cast<std::int64_t>(it->second.size());
                kept.push_back(std::move(t));
            }
            all = std::move(kept);
        }
        std::sort(all.begin(), all.end(), indexOrder);
        return all;
    }

    // One event as published: a tournament whole (its standings need every game), a
    // collection with the games matching the filter only. nullopt when not published.
    std::optional<storage::Tournament> event(std::int64_t id) {
        auto t = archive.tournament(id);
        if (!t || !filtered) return t;
        const auto& sel = selectionRead ? selection : readSelection(archive.tournaments());
        const auto it = sel.find(id);
        if (it == sel.end()) return std::nullopt;
        if (!t->summary.isTournament) {
            std::vector<storage::TournamentGame> kept;
            for (auto& g : t->games)
                if (it->second.count(g.id)) kept.push_back(std::move(g));
            t->games = std::move(kept);
            t->summary.games = static_cast<std::int64_t>(t->games.size());
        }
        return t;
    }

    std::optional<storage::Standings> standingsOf(const storage::Tournament& t) {
        if (!t.summary.isTournament) return std::nullopt;
        storage::Standings st = storage::computeStandings(t);
        // Games scored by different rules have no one winner (one table per scoring).
        const bool mixed = !storage::splitByScoring(t).empty();
        winners[t.summary.id] = {t.summary.games, mixed ? std::string() : winnerOf(st)};
        if (keepStandings) keptStandings[t.summary.id] = st;
        return st;
    }

    std::string winner(const storage::TournamentSummary& s) {
        if (!s.isTournament) return "";
        const auto it = winners.find(s.id);
        if (it != winners.end() && it->second.first == s.games) return it->second.second;
        if (const auto t = event(s.id)) standingsOf(*t);
        return winners[s.id].second;
    }

    std::int64_t pageCount(std::size_t events) const {
        const auto n = static_cast<std::int64_t>(events);
        return std::max<std::int64_t>(1, (n + options.indexPageSize - 1) / options.indexPageSize);
    }

    std::string indexPageOf(const std::vector<storage::TournamentSummary>& all, std::int64_t page) {
        IndexPageInput in;
        in.page = page;
        in.pages = pageCount(all.size());
        in.events = static_cast<std::int64_t>(all.size());
        for (std::size_t i = 0; i < all.size(); ++i) {
            in.games += all[i].games;
            const auto p = static_cast<std::int64_t>(i) / options.indexPageSize + 1;
            if (in.years.empty() || in.years.back().first != all[i].year)
                in.years.emplace_back(all[i].year, p);
            if (p == page) in.entries.push_back({all[i], winner(all[i])});
        }
        if (page == 1) in.problemSets = storage::ProblemStore(archive).sets();
        return indexPage(options, in);
    }

    // Problem set pages: every legal move judged and valued here (ProblemPages.h), once per
    // set for a Site (`serve` renders a page per request: the checker's work is kept).
    std::unique_ptr<problems::GoalChecker> checker;
    std::map<std::int64_t, std::string> problemPages;
    std::optional<std::string> problemPage(std::int64_t setId) {
        if (const auto it = problemPages.find(setId); it != problemPages.end()) return it->second;
        storage::ProblemStore store(archive);
        for (const storage::ProblemSetInfo& info : store.sets()) {
            if (info.id != setId) continue;
            if (!checker) checker = std::make_unique<problems::GoalChecker>();
            return problemPages[setId] =
                       problemSetPage(options, info, store.problems(info.name), *checker);
        }
        return std::nullopt;
    }

    std::vector<storage::StoredGame> storedGames(const storage::Tournament& t) {
        std::vector<storage::StoredGame> games;
        games.reserve(t.games.size());
        for (const auto& g : t.games)
            if (auto s = archive.game(g.id)) games.push_back(std::move(*s));
        return games;
    }
};

Site::Site(storage::Archive& archive, SiteOptions options)
    : impl_(std::make_unique<Impl>(archive, std::move(options))) {}

Site::~Site() = default;

std::optional<std::string> Site::render(const std::string& relPath) {
    const auto path = parseSitePath(relPath);
    if (!path) return std::nullopt;
    Impl& im = *impl_;
    switch (path->kind) {
        case SitePath::Kind::Index: {
            const auto& all = im.events();
            if (path->number > im.pageCount(all.size())) return std::nullopt;
            return im.indexPageOf(all, path->number);
        }
        case SitePath::Kind::Event: {
            const auto t = im.event(path->number);
            if (!t) return std::nullopt;
            const auto st = im.standingsOf(*t);
            return eventPage(im.options, *t, st ? &*st : nullptr);
        }
        case SitePath::Kind::Data: {
            const auto t = im.event(path->number);
            if (!t) return std::nullopt;
            const auto st = im.standingsOf(*t);
            return eventDataScript(*t, im.storedGames(*t), st ? &*st : nullptr, &im.options);
        }
        case SitePath::Kind::Game:
            return gamePage(im.options);
        case SitePath::Kind::Player:
            return im.playerPageOf(path->number);
        case SitePath::Kind::Problems:
            return im.problemPage(path->number);
        case SitePath::Kind::Asset: {
            const auto a = asset(path->asset);
            if (!a || !assetPublished(path->asset, im.options.served)) return std::nullopt;
            return std::string(*a);
        }
    }
    return std::nullopt;
}

SiteCounts Site::forEachFile(
    const std::function<void(const std::string& relPath, const std::string& content)>& sink) {
    Impl& im = *impl_;
    SiteCounts counts;
    const auto emit = [&](const std::string& path, const std::string& content) {
        sink(path, content);
        ++counts.files;
        counts.bytes += static_cast<std::int64_t>(content.size());
    };
    // problems.js only with problem sets to publish: an archive of games alone keeps its files.
    const std::vector<storage::ProblemSetInfo> problemSets =
        storage::ProblemStore(im.archive).sets();
    for (const Asset& a : assetTable())
        if (assetPublished(a.name, im.options.served) &&
            (a.name != std::string_view("problems.js") || !problemSets.empty()))
            emit("assets/" + std::string(a.name), std::string(a.content));
    emit("game.html", gamePage(im.options));
    const auto all = im.events();
    im.keepStandings = true;  // for the player pages, after the events
    std::set<std::string> players;
    for (const auto& summary : all) {
        const auto t = im.event(summary.id);
        if (!t) continue;  // gone since the list was read (an archive changing under us)
        for (const auto& g : t->games) {
            players.insert(g.black);
            players.insert(g.white);
        }
        const auto st = im.standingsOf(*t);
        const storage::Standings* standings = st ? &*st : nullptr;
        emit(eventPath(summary.id), eventPage(im.options, *t, standings));
        emit(dataPath(summary.id), eventDataScript(*t, im.storedGames(*t), standings, &im.options));
        ++counts.events;
        counts.games += static_cast<std::int64_t>(t->games.size());
    }
    // A page per player of the published games (names as the games spell them).
    std::set<std::int64_t> ids;
    for (const std::string& name : players)
        if (const auto id = im.playerIdOf(name)) ids.insert(*id);
    for (const std::int64_t id : ids)
        if (const auto page = im.playerPageOf(id)) {
            emit(playerPath(id), *page);
            ++counts.players;
        }
    im.keepStandings = false;
    im.keptStandings.clear();
    for (const storage::ProblemSetInfo& info : problemSets)
        if (const auto page = im.problemPage(info.id)) {
            emit(problemSetPath(info.id), *page);
            im.problemPages.erase(info.id);  // published: memory stays bounded by one set
        }
    // Last: the winners are known by now.
    for (std::int64_t page = 1; page <= im.pageCount(all.size()); ++page)
        emit(indexPath(page), im.indexPageOf(all, page));
    return counts;
}

std::string contentTypeOf(const std::string& relPath) {
    return std::string(contentType(relPath));
}

}  // namespace othello::web
