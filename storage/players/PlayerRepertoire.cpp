// The player's games as the profile reads them, their repertoire (openings chosen, replies
// met) and where each left the archive's main line (PlayerProfile.h states the rules).
#include <algorithm>
#include <map>
#include <optional>
#include <unordered_map>

#include "core/Replay.h"
#include "core/Symmetry.h"
#include "storage/ArchiveImpl.h"
#include "storage/database/Codec.h"
#include "storage/database/GameColumns.h"
#include "storage/players/PlayerGames.h"

namespace othello::storage {

std::vector<LoadedGame> loadPlayerGames(SQLite::Database& db, std::int64_t id) {
    SQLite::Statement s(db,
                        "SELECT g.id, g.black_id, g.white_id, g.event_id, g.year, g.black_score, "
                        "g.result_known, g.start, g.moves, g.rules, g.variant, pb.name, pw.name, "
                        "coalesce(e.name, '') FROM games g "
                        "JOIN players pb ON pb.id = g.black_id "
                        "JOIN players pw ON pw.id = g.white_id "
                        "LEFT JOIN events e ON e.id = g.event_id "
                        "WHERE g.black_id = ?1 OR g.white_id = ?1 ORDER BY g.id");
    s.bind(1, id);
    std::vector<LoadedGame> out;
    while (s.executeStep()) {
        LoadedGame g;
        PlayerGame& v = g.view;
        v.id = s.getColumn(0).getInt64();
        v.black = s.getColumn(1).getInt64() == id;
        g.opponentId = s.getColumn(v.black ? 2 : 1).getInt64();
        g.eventId = s.getColumn(3).isNull() ? 0 : s.getColumn(3).getInt64();
        v.year = s.getColumn(4).getInt();
        const int blackScore = s.getColumn(5).getInt();
        v.discs = v.black ? blackScore : 64 - blackScore;
        v.resultKnown = s.getColumn(6).getInt() != 0;
        const SQLite::Column start = s.getColumn(7);
        if (!start.isNull()) g.start = decodeStart(start.getBlob(), start.getBytes());
        const SQLite::Column moves = s.getColumn(8);
        g.moves = decodeMoves(moves.getBlob(), moves.getBytes());
        const SQLite::Column rules = s.getColumn(9);
        g.rules = GameColumns::rulesOf(rules.isNull() ? std::nullopt
                                                      : std::optional<std::string>(rules.getString()),
                                       g.start);
        g.standardOthello = start.isNull() && rules.isNull() && s.getColumn(10).isNull();
        v.opponent = s.getColumn(v.black ? 12 : 11).getString();
        v.event = s.getColumn(13).getString();
        out.push_back(std::move(g));
    }
    return out;
}

namespace {

// The deepest catalogue line: no named position lies deeper than this many plies.
int catalogueDepth() {
    static const int depth = [] {
        std::size_t d = 0;
        for (const Opening& o : openingCatalogue()) d = std::max(d, o.moves.size());
        return static_cast<int>(d);
    }();
    return depth;
}

bool later(const PlayerGame& a, const PlayerGame& b) {
    return a.year != b.year ? a.year > b.year : a.id > b.id;
}

void count(std::map<std::string, OpeningLine>& lines, const Opening& o, const PlayerGame& g) {
    OpeningLine& l = lines[o.name];
    if (l.name.empty()) {
        l.name = o.name;
        l.moves = o.moves;
        l.last = g;
    }
    l.record.add(g.discs, g.resultKnown);
    if (later(g, l.last)) l.last = g;
}

std::vector<OpeningLine> sorted(std::map<std::string, OpeningLine>& lines) {
    std::vector<OpeningLine> out;
    for (auto& [name, l] : lines) out.push_back(std::move(l));
    std::stable_sort(out.begin(), out.end(), [](const OpeningLine& a, const OpeningLine& b) {
        return a.record.games > b.record.games;
    });
    return out;
}

}  // namespace

void addRepertoire(PlayerProfile& profile, const std::vector<LoadedGame>& games) {
    std::map<std::string, OpeningLine> chosenB, chosenW, metB, metW;
    const int depth = catalogueDepth();
    for (const LoadedGame& g : games) {
        if (!g.standardOthello || g.moves.empty()) continue;
        const std::vector<int> head(g.moves.begin(),
                                    g.moves.begin() + std::min<std::size_t>(g.moves.size(), depth));
        const core::ReplayResult r = core::replay(g.start, head);
        const core::Color me = g.view.black ? core::Color::Black : core::Color::White;
        std::optional<Opening> mine, theirs;
        for (std::size_t i = 0; i < r.plies.size(); ++i)
            if (auto o = openingOfPosition(r.positions[i + 1]))
                (r.plies[i].side == me ? mine : theirs) = std::move(o);
        if (mine) count(g.view.black ? chosenB : chosenW, *mine, g.view);
        if (theirs) count(g.view.black ? metB : metW, *theirs, g.view);
    }
    profile.openingsBlack = sorted(chosenB);
    profile.openingsWhite = sorted(chosenW);
    profile.repliesBlack = sorted(metB);
    profile.repliesWhite = sorted(metW);
}

namespace {

core::Position after(core::Position p, int move) {
    if (move == core::kPass)
        p.pass();
    else
        p.play(move);
    return p;
}

MainLine mainLineOf(Archive& archive, const core::Position& p) {
    MainLine m;
    const PositionStats s = archive.stats(p);
    m.games = s.games;
    for (const MoveFigures& f : s.moves) {
        if (f.move != core::kPass && !p.isLegal(f.move)) continue;
        const std::uint64_t child = core::positionHash(after(p, f.move));
        m.children[child] += f.games;
        if (f.games > m.top) {
            m.top = f.games;
            m.topChild = child;
        }
    }
    return m;
}

// The move of `p` leading to the position of hash `child` (kNoSquare when none does).
int moveTo(const core::Position& p, std::uint64_t child) {
    if (!p.canMove()) return core::kPass;
    for (int sq = 0; sq < 64; ++sq)
        if (p.isLegal(sq) && core::positionHash(after(p, sq)) == child) return sq;
    return core::kNoSquare;
}

}  // namespace

std::shared_ptr<MainLineCache> makeMainLineCache() {
    return std::make_shared<MainLineCache>();
}

std::vector<Departure> departures(Archive& archive, const std::vector<LoadedGame>& games,
                                  MainLineCache& cache) {
    std::unordered_map<std::uint64_t, MainLine>& seen = cache.lines;
    std::vector<Departure> out;
    for (const LoadedGame& g : games) {
        if (!g.standardOthello) continue;
        const core::ReplayResult r = core::replay(g.start, g.moves);
        const core::Color me = g.view.black ? core::Color::Black : core::Color::White;
        for (std::size_t i = 0; i < r.plies.size(); ++i) {
            const core::Position& p = r.positions[i];
            const std::uint64_t h = core::positionHash(p);
            auto it = seen.find(h);
            if (it == seen.end()) it = seen.emplace(h, mainLineOf(archive, p)).first;
            const MainLine& m = it->second;
            const std::uint64_t child = core::positionHash(r.positions[i + 1]);
            const auto played = m.children.find(child);
            const std::int64_t playedGames = played == m.children.end() ? 0 : played->second;
            // A position this game alone reached: it left the main line one move before
            // (that move was then no continuation another game played).
            if (m.games <= 1 || playedGames >= m.top) {
                if (m.games > 1) continue;
                if (i == 0) break;
            }
            const std::size_t at = m.games <= 1 ? i - 1 : i;
            const MainLine& there = at == i ? m : seen.at(core::positionHash(r.positions[at]));
            Departure d;
            d.game = g.view.id;
            d.eventId = g.view.eventId;
            d.ply = static_cast<int>(at);
            d.move = r.plies[at].square;
            d.mainMove = moveTo(r.positions[at], there.topChild);
            d.mainGames = there.top;
            d.positionGames = there.games;
            d.byPlayer = r.plies[at].side == me;
            out.push_back(d);
            break;
        }
    }
    return out;
}

}  // namespace othello::storage
