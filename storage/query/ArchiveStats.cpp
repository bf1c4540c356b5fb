// Reading the archive's figures: the statistics of a position and of its next moves, and
// what the archive holds (info).
#include <algorithm>
#include <map>

#include "storage/ArchiveImpl.h"
#include "storage/index/PendingPositions.h"

namespace othello::storage {

namespace {

// The figures of `byNext` (next move in the canonical orientation -> figures) as the query's
// position sees them.
PositionStats orbitStats(const core::Position& position, const CanonicalForm& q,
                         const std::map<int, Figures>& byNext);

}  // namespace

PositionStats Archive::stats(const core::Position& position, const std::string& rules) {
    if (rules.empty() || rules == "othello") return stats(position);
    ReadSnapshot snapshot(*impl_);
    const CanonicalForm q = canonicalForm(position);
    const auto hash = static_cast<std::int64_t>(core::canonicalHash(q.position));
    // The index keeps these games out of statistics (kOutsideStats): their results are read
    // from their rows, the games under other rules left out. Few games: one pass, no cache.
    std::vector<std::string> binds;
    const std::string condition = rulesCondition("g.rules", rules, binds);
    const bool pending = impl_->refreshPending();
    const std::string entries =
        pending ? std::string("(SELECT hash, entry FROM positions UNION ALL ") + kPendingEntries +
                      ")"
                : std::string("positions");
    Reused guard(*impl_, "SELECT p.entry, g.black_score, g.result_known FROM " + entries +
                             " p CROSS JOIN games g ON g.id = (p.entry >> 24) WHERE p.hash = ? AND " +
                             condition);
    SQLite::Statement& s = guard;
    s.bind(1, hash);
    for (std::size_t i = 0; i < binds.size(); ++i) s.bind(static_cast<int>(i) + 2, binds[i]);
    std::map<int, Figures> byNext;
    while (s.executeStep()) {
        const std::int64_t e = s.getColumn(0).getInt64();
        add(byNext[entryNext(e)],
            s.getColumn(2).getInt() ? s.getColumn(1).getInt() : kUnknownResult);
    }
    return orbitStats(position, q, byNext);
}

PositionStats Archive::stats(const core::Position& position) {
    ReadSnapshot snapshot(*impl_);
    const CanonicalForm q = canonicalForm(position);
    const auto hash = static_cast<std::int64_t>(core::canonicalHash(q.position));
    std::map<int, Figures> byNext;
    std::array<Figures, 256> acc{};
    const auto addEntry = [&acc](std::int64_t e) {
        add(acc[static_cast<std::size_t>(entryNext(e))], entryResult(e));
    };
    if (impl_->refreshPending()) {
        Reused guard(*impl_,
                     std::string("SELECT entry FROM (") + kPendingEntries + ") WHERE hash = ?");
        SQLite::Statement& s = guard;
        s.bind(1, hash);
        while (s.executeStep()) addEntry(s.getColumn(0).getInt64());
    }
    if (64 - core::popcount(position.empties()) <= impl_->statsMaxDiscs) {
        Reused guard(*impl_,
                     "SELECT next, games, black_wins, draws, white_wins, sum_black "
                     "FROM position_stats WHERE hash = ?");
        SQLite::Statement& s = guard;
        s.bind(1, hash);
        while (s.executeStep()) {
            Figures row;
            row.games = s.getColumn(1).getInt64();
            row.blackWins = s.getColumn(2).getInt64();
            row.draws = s.getColumn(3).getInt64();
            row.whiteWins = s.getColumn(4).getInt64();
            row.sumBlackScore = s.getColumn(5).getInt64();
            add(byNext[s.getColumn(0).getInt()], row);
        }
    } else {
        Reused guard(*impl_, "SELECT entry FROM positions WHERE hash = ?");
        SQLite::Statement& s = guard;
        s.bind(1, hash);
        while (s.executeStep()) addEntry(s.getColumn(0).getInt64());
    }
    for (int i = 0; i < 256; ++i) {
        const Figures& a = acc[static_cast<std::size_t>(i)];
        if (!a.games) continue;
        add(byNext[i], a);
    }
    return orbitStats(position, q, byNext);
}

namespace {

PositionStats orbitStats(const core::Position& position, const CanonicalForm& q,
                         const std::map<int, Figures>& byNext) {
    PositionStats out;
    // Moves that a symmetry of the position maps onto each other are one move: merge them and
    // show the spelling most games used, in the query's orientation.
    struct Orbit {
        Figures total;
        int shown = 0;
        std::int64_t shownGames = -1;
    };
    std::map<int, Orbit> orbits;
    const core::Symmetry back = core::inverse(q.symmetry);
    for (const auto& [next, f] : byNext) {
        add(out, f);
        if (next == kNoNextMove) continue;
        int key = next;
        for (core::Symmetry t = 0; t < core::kSymmetryCount; ++t)
            if (q.stabilizer & (1u << t)) key = std::min(key, core::transformSquare(next, t));
        Orbit& o = orbits[key];
        add(o.total, f);
        if (f.games > o.shownGames) {
            o.shownGames = f.games;
            o.shown = next == core::kPass ? core::kPass : core::transformSquare(next, back);
        }
    }
    for (const auto& [key, o] : orbits) {
        MoveFigures m;
        static_cast<Figures&>(m) = o.total;
        m.move = o.shown;
        out.moves.push_back(m);
    }
    std::stable_sort(out.moves.begin(), out.moves.end(),
                     [](const MoveFigures& a, const MoveFigures& b) { return a.games > b.games; });
    if (auto o = openingOfPosition(position)) out.opening = o->name;
    return out;
}

}  // namespace

ArchiveInfo Archive::info() {
    ReadSnapshot snapshot(*impl_);
    ArchiveInfo out;
    out.path = impl_->path.string();
    out.schemaVersion = static_cast<int>(impl_->scalar("PRAGMA user_version"));
    out.games = impl_->scalar("SELECT count(*) FROM games");
    out.players = impl_->scalar("SELECT count(*) FROM players");
    out.eventNames = impl_->scalar("SELECT count(*) FROM events WHERE name <> ''");
    // A game's positions: its plies and the start. Othello's games store one byte a ply (summed
    // in SQL); a one-line move that names its line takes two (Codec.h), so the games under
    // other rules (rules not NULL: few) are decoded.
    out.positions = impl_->scalar(
        "SELECT coalesce(sum(length(moves) + 1), 0) FROM games WHERE rules IS NULL AND id <= "
        "(SELECT value FROM meta WHERE key = 'indexed_upto')");
    {
        SQLite::Statement s(impl_->db,
                            "SELECT moves FROM games WHERE rules IS NOT NULL AND id <= "
                            "(SELECT value FROM meta WHERE key = 'indexed_upto')");
        while (s.executeStep()) {
            const SQLite::Column moves = s.getColumn(0);
            out.positions +=
                static_cast<std::int64_t>(decodeMoves(moves.getBlob(), moves.getBytes()).size()) +
                1;
        }
    }
    out.unindexedGames = impl_->scalar(
        "SELECT count(*) FROM games WHERE id > "
        "(SELECT value FROM meta WHERE key = 'indexed_upto')");
    {
        // Through games_rules (the non-NULL codes only): Othello's games are the rest.
        SQLite::Statement s(impl_->db,
                            "SELECT rules, count(*) FROM games WHERE rules IS NOT NULL GROUP BY "
                            "rules");
        std::int64_t others = 0;
        while (s.executeStep()) {
            out.gamesByRules.emplace_back(s.getColumn(0).getString(), s.getColumn(1).getInt64());
            others += s.getColumn(1).getInt64();
        }
        if (out.games > others) out.gamesByRules.emplace_back("othello", out.games - others);
        std::stable_sort(out.gamesByRules.begin(), out.gamesByRules.end(),
                         [](const auto& a, const auto& b) { return a.second > b.second; });
    }
    std::error_code ec;
    for (const char* suffix : {"", "-wal"}) {
        if (*suffix && impl_->target.snapshot) break;  // a snapshot never reads the -wal
        const auto size = std::filesystem::file_size(impl_->path.string() + suffix, ec);
        if (!ec) out.fileBytes += static_cast<std::int64_t>(size);
    }
    out.access = !impl_->readOnly         ? "read-write"
                 : impl_->target.snapshot ? "read-only snapshot"
                                          : "read-only";
    out.accessWarning = impl_->target.warning;
    return out;
}

}  // namespace othello::storage
