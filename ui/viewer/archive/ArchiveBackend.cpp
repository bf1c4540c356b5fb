#include "archive/ArchiveBackend.h"

#include <unistd.h>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <algorithm>

#include "archive/SearchBackend.h"
#include "importers/GameResult.h"
#include "storage/Archive.h"
#include "storage/cache/AnalysisCache.h"
#include "storage/curation/Duplicates.h"
#include "storage/players/PlayerJson.h"
#include "storage/players/PlayerProfile.h"
#include "storage/players/PlayerRatingJson.h"
#include "storage/players/Ratings.h"
#include "storage/query/ArchiveJson.h"
#include "storage/tournaments/Standings.h"
#include "storage/tournaments/Tournament.h"

namespace othello::viewer {

namespace {

// Runs a storage call, turning its exceptions into the viewer's BackendError (the message is
// the user's); the viewer's own errors (EditRejected, RevertRefused) pass as they are.
template <class Fn>
auto backendCall(Fn&& fn) -> decltype(fn()) {
    try {
        return fn();
    } catch (const BackendError&) {
        throw;
    } catch (const std::exception& e) {
        throw BackendError(e.what());
    }
}

QString qs(const std::string& s) {
    return QString::fromStdString(s);
}

othello::viewer::EventSummary eventSummary(const othello::storage::TournamentSummary& t) {
    othello::viewer::EventSummary e;
    e.id = t.id;
    e.name = qs(t.name);
    e.year = t.year;
    e.games = t.games;
    e.players = t.players;
    e.isTournament = t.isTournament;
    e.reason = qs(t.notTournamentReason);
    for (const std::string& n : t.eventNames) e.spellings.append(qs(n));
    return e;
}

}  // namespace

namespace st = othello::storage;

struct ArchiveBackend::Impl {
    explicit Impl(const std::filesystem::path& p, st::Archive::Mode mode)
        : archive(p, mode), path(p), readWrite(mode == st::Archive::Mode::ReadWrite) {}
    st::Archive archive;
    std::filesystem::path path;
    bool readWrite;
    // Edits go through a read-write connection opened on first use: most sessions only read,
    // and a read-only archive stays viewable.
    std::unique_ptr<st::Archive> writerConnection;
    std::string user;

    st::Archive& writer() {
        if (readWrite) return archive;
        if (!writerConnection) {
            writerConnection = std::make_unique<st::Archive>(path, st::Archive::Mode::ReadWrite);
            writerConnection->setUser(user);
        }
        return *writerConnection;
    }
};

QString ArchiveBackend::defaultPath() {
    return QString::fromStdString(st::Archive::defaultDatabasePath().string());
}

ArchiveBackend::ArchiveBackend(const QString& path, Access access)
    : patterns_(std::make_unique<PatternCache>()) {
    const std::filesystem::path p = path.toStdString();
    try {
        if (!std::filesystem::exists(p)) {
            if (access != Access::QueryOrCreate)
                throw BackendError(
                    "the file does not exist (nothing was created: check the "
                    "path, or start without --db for the default archive)");
            // The default database is created on first use, as othello-db does.
            st::Archive created(p, st::Archive::Mode::ReadWrite);
        }
        // Queries never write: a read-only connection also opens archives the user may not
        // write (read-only files, shared folders).
        impl_ = std::make_unique<Impl>(p, access == Access::Import ? st::Archive::Mode::ReadWrite
                                                                   : st::Archive::Mode::ReadOnly);
    } catch (const st::StorageError& e) {
        throw BackendError(e.what());
    } catch (const std::filesystem::filesystem_error& e) {
        throw BackendError(e.what());
    }
}

ArchiveBackend::~ArchiveBackend() = default;

QString ArchiveBackend::deepestOpening(const std::vector<int>& moves) {
    const std::optional<st::Opening> o = st::deepestOpening(moves);
    return o ? qs(o->name) : QString();
}

QString ArchiveBackend::writeProblem(const QString& path) {
    const std::filesystem::path p = path.toStdString();
    const std::filesystem::path dir = p.has_parent_path() ? p.parent_path() : ".";
    // SQLite writes the file and, in WAL mode, its -wal/-shm companions next to it.
    if (::access(p.c_str(), W_OK) != 0)
        return QObject::tr("the archive file is read-only, so import is disabled");
    if (::access(dir.c_str(), W_OK) != 0)
        return QObject::tr("the archive's folder is read-only, so import is disabled");
    return {};
}

SearchPage ArchiveBackend::search(const SearchQuery& query, qint64 offset, qint64 limit) {
    return backendCall([&] { return searchArchive(impl_->archive, *patterns_, query, offset, limit); });
}

void ArchiveBackend::archiveChanged() {
    patterns_->clear();
}

int ArchiveBackend::patternCorpusLoads() const {
    return patterns_->loads();
}

std::optional<GameInfo> ArchiveBackend::game(qint64 id) {
    const std::optional<st::StoredGame> stored =
        backendCall([&] { return impl_->archive.game(id); });
    if (!stored) return std::nullopt;
    return gameInfoOf(stored->id, stored->record, stored->opening);
}

GameInfo gameInfoOf(qint64 id, const importers::GameRecord& r, const std::string& opening) {
    GameInfo g;
    g.id = id;
    g.black = qs(r.black);
    g.white = qs(r.white);
    g.event = qs(r.event);
    g.round = qs(r.round);
    g.date = qs(r.date);
    g.year = r.year;
    // As every list shows it (importers/GameResult.h): never the discs of an unfinished game.
    g.result = QString::fromStdString(importers::resultText(r));
    // The file's value (not ours), only where the game reached its depth (GameResult.h).
    if (const auto value = importers::shownTheoretical(r)) {
        g.theoretical = QString::number(value->blackDiscs);
        if (value->depth > 0) g.theoretical += QObject::tr(" at %1 empties").arg(value->depth);
    }
    g.opening = qs(opening);
    g.source = qs(r.source.describe());
    g.rules = r.rules;
    g.start = r.start;
    g.moves = r.moves;
    g.comments = r.comments;
    g.variations = r.variations;
    return g;
}

TreeData ArchiveBackend::stats(const core::Position& position) {
    return backendCall([&] {
        const st::PositionStats s = impl_->archive.stats(position);
        TreeData t{s.games,           s.blackWins,   s.draws, s.whiteWins,
                   s.avgBlackScore(), qs(s.opening), {}};
        t.moves.reserve(s.moves.size());
        for (const st::MoveFigures& m : s.moves)
            t.moves.push_back(
                TreeMove{m.move, m.games, m.blackWins, m.draws, m.whiteWins, m.avgBlackScore()});
        return t;
    });
}

std::vector<EventSummary> ArchiveBackend::events() {
    return backendCall([&] {
        std::vector<EventSummary> out;
        for (const st::TournamentSummary& t : impl_->archive.tournaments())
            out.push_back(eventSummary(t));
        return out;
    });
}

std::optional<EventData> ArchiveBackend::event(qint64 id) {
    const std::optional<st::Tournament> t =
        backendCall([&] { return impl_->archive.tournament(id); });
    if (!t) return std::nullopt;
    EventData out;
    out.summary = eventSummary(t->summary);
    if (!t->summary.isTournament) return out;
    // With the withdrawals stored with the tournament, as `event`, publish and serve count them.
    const st::Standings s = st::computeStandings(*t);
    out.rounds = s.rounds;
    out.roundsStated = s.roundsStated;
    out.brightwellConstant = s.brightwellConstant;
    for (const std::string& note : st::structureNotes(s, t->summary.id)) out.notes.append(qs(note));
    for (const st::StageGame& g : s.stageGames)
        out.stageGames.push_back(EventStageGame{g.game, g.stage == st::Stage::Final, g.marked,
                                                qs(g.round), qs(g.black), qs(g.white),
                                                qs(g.resultText)});
    out.roundsFrom = s.roundsFrom == st::RoundsFrom::Source      ? EventData::Rounds::Source
                     : s.roundsFrom == st::RoundsFrom::FileOrder ? EventData::Rounds::FileOrder
                                                                 : EventData::Rounds::Estimated;
    out.standings.reserve(s.players.size());
    for (std::size_t i = 0; i < s.players.size(); ++i) {
        const st::Standing& p = s.players[i];
        EventStanding row;
        row.player = qs(p.player);
        row.rank = p.rank;
        row.tied = (i > 0 && s.players[i - 1].rank == p.rank) ||
                   (i + 1 < s.players.size() && s.players[i + 1].rank == p.rank);
        row.points2 = p.points2;
        row.brightwell2 = p.brightwell2;
        row.discs = p.discs;
        row.games = p.games;
        row.wins = p.wins;
        row.draws = p.draws;
        row.losses = p.losses;
        row.unscored = p.unscored;
        row.byes = p.byes;
        row.withdrawn = p.withdrawn;
        row.withdrewAfterRound = p.withdrewAfterRound;
        row.withdrawalStored =
            p.withdrawn &&
            std::any_of(t->withdrawals.begin(), t->withdrawals.end(),
                        [&](const st::Withdrawal& w) { return w.player == p.player; });
        row.results.reserve(p.results.size());
        for (const st::PlayerResult& r : p.results)
            row.results.push_back(EventResult{r.game, r.round, r.opponent, r.black,
                                              r.how != st::GameScoring::Unknown, r.points2, r.discs,
                                              r.opponentDiscs});
        out.standings.push_back(std::move(row));
    }
    return out;
}

qint64 ArchiveBackend::gameCount() {
    return backendCall([&] { return impl_->archive.count(st::SearchFilter{}); });
}

QString ArchiveBackend::summary(bool withEvents) {
    return backendCall([&] {
        const st::ArchiveInfo info = impl_->archive.info();
        QLocale locale(QLocale::English);
        const auto count = [&](std::int64_t n, const char* one, const char* many) {
            return locale.toString(qlonglong(n)) + QLatin1Char(' ') +
                   QLatin1String(n == 1 ? one : many);
        };
        QString text = QObject::tr("%1, %2").arg(count(info.games, "game", "games"),
                                                 count(info.players, "player", "players"));
        // Events as the Events tab and `othello-db events` count them: a name in a year. That
        // reads every game grouped by event, year and players (0.14 s for WTHOR's 129,485
        // games, seconds for millions), so opening an archive shows its first game first.
        if (withEvents)
            text += QStringLiteral(", ") +
                    count(impl_->archive.eventCounts().events, "event", "events");
        return text;
    });
}

// ---- Editing ----

namespace {

std::optional<std::string> text(const std::optional<QString>& s) {
    return s ? std::optional(s->toStdString()) : std::nullopt;
}

st::GameHeaders storageHeaders(const HeaderEdit& h) {
    st::GameHeaders out;
    out.black = text(h.black);
    out.white = text(h.white);
    out.event = text(h.event);
    out.date = text(h.date);
    out.round = text(h.round);
    out.place = text(h.place);
    out.result = text(h.result);
    return out;
}

SearchRow searchRow(const st::GameRow& g) {
    return SearchRow{g.id,       qs(g.black),   qs(g.white),  qs(g.event),
                     g.year,     g.blackScore,  g.whiteScore, g.ply.value_or(-1),
                     g.complete, g.resultKnown, g.variant};
}

ChangeRow changeRow(const st::Change& c) {
    ChangeRow out;
    out.id = c.id;
    out.time = c.time;
    out.user = qs(c.user);
    out.kind = qs(c.kind);
    out.summary = qs(c.summary);
    out.games.assign(c.games.begin(), c.games.end());
    out.firstGame = c.firstGame;
    out.lastGame = c.lastGame;
    out.revertedBy = c.revertedBy;
    out.reverts = c.reverts;
    return out;
}

EditOutcome editOutcome(const st::EditResult& r) {
    EditOutcome out{r.game, r.change, {}};
    for (const std::string& f : r.fields) out.fields.append(qs(f));
    return out;
}

// Runs a write: a failed check becomes EditRejected, a blocked revert RevertRefused, any other
// failure BackendError (backendCall).
template <class Fn>
auto writing(Fn&& fn) -> decltype(fn()) {
    return backendCall([&]() -> decltype(fn()) {
        try {
            return fn();
        } catch (const st::EditError& e) {
            throw EditRejected(e.what());
        } catch (const st::RevertBlocked& e) {
            throw RevertRefused(e.what(), e.blocker);
        }
    });
}

}  // namespace

void ArchiveBackend::setUser(const QString& name) {
    impl_->user = name.trimmed().toStdString();
    impl_->archive.setUser(impl_->user);
    if (impl_->writerConnection) impl_->writerConnection->setUser(impl_->user);
}

QString ArchiveBackend::user() {
    return qs(impl_->archive.user());
}

importers::GameRecord enteredRecord(const GameEdit& game) {
    importers::GameRecord record =
        st::enteredGame(game.rules, game.start, game.moves.value_or(std::vector<int>{}),
                        storageHeaders(game.headers));
    if (game.setAnnotations) {
        record.comments = game.comments;
        record.variations = game.variations;
        // Where the record is built: addGame keeps them only when they fit its moves.
        importers::checkAnnotations(record);
    }
    return record;
}

EditOutcome ArchiveBackend::addGame(const GameEdit& game) {
    return writing([&] { return editOutcome(impl_->writer().addGame(enteredRecord(game))); });
}

EditOutcome ArchiveBackend::editGame(qint64 id, const GameEdit& edit) {
    return writing([&] {
        std::optional<st::GameAnnotations> annotations;
        if (edit.setAnnotations) annotations = st::GameAnnotations{edit.comments, edit.variations};
        return editOutcome(
            impl_->writer().editGame(id, storageHeaders(edit.headers), edit.moves, annotations));
    });
}

qint64 ArchiveBackend::deleteGames(const std::vector<qint64>& ids) {
    return writing([&] {
        return impl_->writer().deleteGames(std::vector<std::int64_t>(ids.begin(), ids.end()));
    });
}

qint64 ArchiveBackend::restoreGame(qint64 id) {
    return writing([&] { return impl_->writer().restoreGame(id); });
}

qint64 ArchiveBackend::purgeGames(const std::vector<qint64>& ids) {
    return writing([&] {
        return impl_->writer().purgeGames(std::vector<std::int64_t>(ids.begin(), ids.end()));
    });
}

qint64 ArchiveBackend::revert(qint64 change) {
    return writing([&] { return impl_->writer().revert(change); });
}

std::vector<TrashRow> ArchiveBackend::trash() {
    return backendCall([&] {
        std::vector<TrashRow> out;
        for (const st::TrashedGame& t : impl_->archive.trash()) {
            const st::GameRow& g = t.row;
            out.push_back(
                TrashRow{searchRow(g),
                         qs(importers::GameResult::ofRow(g.complete, g.resultKnown, g.blackScore,
                                                         g.whiteScore, g.variant)
                                .text()),
                         t.change, t.time, qs(t.user)});
        }
        return out;
    });
}

std::vector<ChangeRow> ArchiveBackend::history(qint64 game, int limit) {
    return backendCall([&] {
        st::HistoryFilter f;
        if (game > 0) f.game = game;
        f.limit = limit;
        std::vector<ChangeRow> out;
        for (const st::Change& c : impl_->archive.history(f)) out.push_back(changeRow(c));
        return out;
    });
}

std::optional<ChangeRow> ArchiveBackend::change(qint64 id) {
    return backendCall([&] {
        const std::optional<st::Change> c = impl_->archive.change(id);
        return c ? std::optional(changeRow(*c)) : std::nullopt;
    });
}

std::optional<StoredHeaders> ArchiveBackend::headers(qint64 id) {
    const std::optional<st::StoredGame> stored =
        backendCall([&] { return impl_->archive.game(id); });
    if (!stored) return std::nullopt;
    const importers::GameRecord& r = stored->record;
    const importers::GameResult result = importers::GameResult::of(r);
    StoredHeaders h;
    h.id = stored->id;
    h.black = qs(r.black);
    h.white = qs(r.white);
    h.event = qs(r.event);
    h.date = qs(r.date);
    h.round = qs(r.round);
    h.place = qs(r.place);
    h.result = qs(result.scoreText());
    h.resultText = qs(result.text());
    h.complete = r.complete();
    return h;
}

QStringList ArchiveBackend::names(bool events, const QString& prefix, int limit) {
    return backendCall([&] {
        QStringList out;
        for (const std::string& n : impl_->archive.names(
                 events ? st::Archive::NameKind::Event : st::Archive::NameKind::Player,
                 prefix.toStdString(), std::size_t(std::max(1, limit))))
            out.append(qs(n));
        return out;
    });
}

ImportOutcome ArchiveBackend::importFiles(const QStringList& paths,
                                          const std::function<void(const ImportStatus&)>& progress,
                                          const std::atomic<bool>* cancel) {
    std::vector<std::filesystem::path> files;
    for (const QString& p : paths) files.emplace_back(p.toStdString());
    st::ImportOptions options;
    options.cancel = cancel;
    options.batchGames = 2000;  // short transactions: readers see games early, cancel is quick
    auto convert = [](const st::ImportProgress& p) {
        return ImportStatus{int(p.filesDone), int(p.filesTotal), qs(p.currentFile), p.gamesRead,
                            p.imported,       p.duplicates,      p.rejected,        p.seconds};
    };
    options.progress = [&](const st::ImportProgress& p) { progress(convert(p)); };
    return backendCall([&] {
        const st::ImportResult r = impl_->archive.importFiles(files, options);
        ImportOutcome out;
        out.status.filesDone = int(r.filesRead + r.filesUnreadable + r.filesSkipped);
        out.status.filesTotal = int(files.size());
        out.status.imported = r.imported;
        out.status.duplicates = r.duplicates;
        out.status.rejected = r.rejected;
        out.cancelled = r.cancelled;
        for (const importers::Diagnostic& d : r.errors)
            out.rejections.push_back(Rejection{qs(d.where.describe()), qs(d.code), qs(d.format())});
        for (const std::string& path : r.notGameRecords) out.notGameRecords.push_back(qs(path));
        return out;
    });
}

DuplicateListing ArchiveBackend::duplicates(int minMoves, bool includeMarked) {
    return backendCall([&] {
        st::DuplicateQuery q;
        q.minMoves = minMoves;
        q.includeMarked = includeMarked;
        const st::DuplicateList list = impl_->archive.duplicates(q);
        DuplicateListing out;
        out.games = list.games;
        out.marked = list.marked;
        out.tooShort = list.tooShort;
        for (const st::DuplicateGroup& g : list.groups) {
            DuplicateGroupRow row;
            row.moves = g.moves;
            row.isShort = g.isShort;
            row.kind = qs(st::kindName(g.kind));
            for (const std::string& w : g.why) row.why.append(qs(w));
            for (const std::string& d : g.differ) row.differ.append(qs(d));
            for (const st::DuplicateGame& d : g.games)
                row.games.push_back({d.id, qs(d.black), qs(d.white), qs(d.event), qs(d.date),
                                     qs(d.round), qs(d.place), qs(d.result), qs(d.source),
                                     d.comments, d.variations});
            for (const auto& [change, games] : g.marks)
                row.marks.emplace_back(change, std::vector<qint64>(games.begin(), games.end()));
            out.groups.push_back(std::move(row));
        }
        return out;
    });
}

qint64 ArchiveBackend::resolveDuplicates(qint64 keep, bool merge, qint64 prefer) {
    return writing([&] {
        st::DuplicateResolve r;
        r.keep = keep;
        r.merge = merge;
        if (prefer > 0) r.preferAll = prefer;
        return impl_->writer().resolveDuplicates(r).change;
    });
}

qint64 ArchiveBackend::markNotDuplicates(const std::vector<qint64>& games) {
    return writing([&] {
        return impl_->writer().markNotDuplicates(
            std::vector<std::int64_t>(games.begin(), games.end()));
    });
}

QVariantMap ArchiveBackend::player(const QString& query, const QString& vs) {
    return backendCall([&] {
        st::Archive& archive = impl_->archive;
        const auto toVariant = [](const nlohmann::json& j) {
            return QJsonDocument::fromJson(QByteArray::fromStdString(st::exactJsonText(j)))
                .object()
                .toVariantMap();
        };
        const std::string q = query.trimmed().toStdString();
        const st::PlayerLookup lookup = archive.findPlayer(q);
        if (!lookup.player) return toVariant(st::playerCandidatesJson(q, lookup));
        st::ProfileOptions options;
        if (!vs.trimmed().isEmpty()) {
            const st::PlayerLookup other = archive.findPlayer(vs.trimmed().toStdString());
            if (!other.player)
                throw BackendError("No player is named exactly \"" + vs.trimmed().toStdString() +
                                   "\".");
            options.vs = other.player->id;
        }
        // The analysis figures come from the cache; an archive without readable analysis
        // tables shows the page without them (analysis.available false).
        std::optional<st::AnalysisCache> cache;
        try {
            cache.emplace(impl_->path, st::Archive::Mode::ReadOnly);
            options.analysis = &*cache;
        } catch (const std::exception&) {
        }
        nlohmann::json j = st::playerProfileJson(archive.playerProfile(lookup.player->id, options));
        j["rating"] = st::ratingHistoryJson(archive.ratingHistory(lookup.player->id));
        j["found"] = true;
        return toVariant(j);
    });
}

std::vector<st::ProblemSetInfo> ArchiveBackend::problemSets() {
    return backendCall([&] { return st::ProblemStore(impl_->archive).sets(); });
}

problems::ProblemSet ArchiveBackend::problemSet(const QString& name) {
    return backendCall(
        [&] { return st::ProblemStore(impl_->archive).problems(name.toStdString()); });
}

st::ProblemAddResult ArchiveBackend::addProblems(const problems::ProblemSet& set) {
    return writing([&] { return st::ProblemStore(impl_->writer()).add(set); });
}

}  // namespace othello::viewer
