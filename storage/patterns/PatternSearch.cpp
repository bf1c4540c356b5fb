#include "PatternSearch.h"

#include <algorithm>
#include <atomic>
#include <thread>

#include "core/Replay.h"
#include "storage/Archive.h"

namespace othello::storage {

namespace {

constexpr std::uint8_t kNever = 255;

core::ReplayResult replayRow(const GameRow& row, const core::Position& start,
                             std::size_t moveCount) {
    const std::vector<int> moves(row.moves.begin(),
                                 row.moves.begin() + static_cast<std::ptrdiff_t>(
                                                         std::min(moveCount, row.moves.size())));
    return core::replay(start, moves, row.rules);
}

}  // namespace

PatternCorpus PatternCorpus::load(Archive& archive, SearchFilter filter) {
    filter.limit = -1;
    filter.offset = 0;
    filter.withOpenings = false;
    PatternCorpus c;
    c.rows_ = archive.search(filter).games;
    c.starts_.reserve(c.rows_.size());
    c.compact_.reserve(c.rows_.size());
    for (const GameRow& row : c.rows_) {
        std::optional<core::Position> start = core::rulesStart(row.rules);
        if (!start) {  // a game from a position of its own (rare): its record has it
            const auto game = archive.game(row.id);
            start = game ? game->record.start : core::Position::start();
        }
        c.starts_.push_back(*start);
        const core::ReplayResult r = replayRow(row, *start, row.moves.size());
        Compact k;
        std::fill(std::begin(k.filledAt), std::end(k.filledAt), kNever);
        for (std::size_t ply = 0; ply < r.positions.size(); ++ply) {
            const core::Position& p = r.positions[ply];
            const std::uint8_t at = static_cast<std::uint8_t>(std::min<std::size_t>(ply, 254));
            for (core::Bitboard b = (p.black() | p.white()); b; b &= b - 1) {
                const int sq = core::lowestSquare(b);
                if (k.filledAt[sq] == kNever) k.filledAt[sq] = at;
            }
            k.everBlack |= p.black();
            k.everWhite |= p.white();
        }
        k.plies = static_cast<int>(r.positions.size()) - 1;
        c.compact_.push_back(k);
    }
    return c;
}

bool PatternCorpus::window(const Compact& c, const PatternQuery& q, int& lo, int& hi,
                           int& known) const {
    lo = 10000;
    hi = -1;
    known = 10000;
    const core::Bitboard flipped = c.everBlack & c.everWhite;
    for (const core::PatternVariant& v : q.variants) {
        if ((v.black & ~c.everBlack) || (v.white & ~c.everWhite)) continue;
        int from = q.plyFrom, to = std::min(q.plyTo, c.plies);
        bool possible = true;
        // every square needing a disc must be filled by then; every empty one not yet
        for (core::Bitboard b = v.black | v.white | v.occupied; b && possible; b &= b - 1) {
            const int at = c.filledAt[core::lowestSquare(b)];
            if (at == kNever) possible = false;
            from = std::max(from, at);
        }
        for (core::Bitboard b = v.empty; b && possible; b &= b - 1) {
            const int at = c.filledAt[core::lowestSquare(b)];
            if (at != kNever) to = std::min(to, at - 1);
        }
        if (!possible || from > to) continue;
        core::Bitboard coloured = v.black | v.white;
        bool sameHolds = true;
        for (const auto& [a, b] : v.same) {
            coloured |= core::bit(a) | core::bit(b);
            sameHolds = sameHolds && ((c.everBlack >> a) & 1) == ((c.everBlack >> b) & 1);
        }
        if (!(coloured & flipped)) {
            // Colours fixed from the ply each square was filled: the variant holds on exactly
            // the plies [from, to] (or never, when a same() pair differs).
            if (sameHolds) known = std::min(known, from);
            continue;
        }
        lo = std::min(lo, from);
        hi = std::max(hi, to);
    }
    hi = std::min(hi, known - 1);
    return lo <= hi || known < 10000;
}

int PatternCorpus::firstMatch(std::size_t i, const PatternQuery& q, int lo, int hi) const {
    const GameRow& row = rows_[i];
    if (!row.rules.isOthello()) return replayedMatch(i, q, lo, hi);
    // Othello's rules: played here move by move, stopping at the first match (no allocation).
    // Plies as core::replay counts them: a pass the record did not write is a ply, as is the
    // forced pass replay makes explicit at the end; an illegal move ends the legal prefix.
    core::Position p = starts_[i];
    int ply = 0;
    auto holds = [&] { return ply >= lo && core::matchesAny(q.variants, p.black(), p.white()); };
    if (holds()) return ply;
    for (const int token : row.moves) {
        if (ply >= hi) return -1;
        if (token == core::kPass) {
            p.pass();
        } else {
            core::Bitboard f = token >= 0 && token < 64 ? p.flipsOf(token) : 0;
            if (!f) {
                if (p.legalMoves() || token < 0 || token >= 64) return -1;
                p.pass();  // an inferred pass: a ply of its own
                if (++ply > hi) return -1;
                if (holds()) return ply;
                f = p.flipsOf(token);
                if (!f) return -1;
            }
            p.play(token, f);
        }
        if (++ply > hi) return -1;
        if (holds()) return ply;
    }
    if (!p.isGameOver() && !p.legalMoves() && ++ply <= hi && holds()) return ply;
    return -1;
}

int PatternCorpus::replayedMatch(std::size_t i, const PatternQuery& q, int lo, int hi) const {
    // positions[p] is after p plies (passes included, explicit or inferred): replay only as far
    // as the window needs (moves beyond hi cannot make an earlier ply match).
    const core::ReplayResult r =
        replayRow(rows_[i], starts_[i], static_cast<std::size_t>(std::max(hi, 0)) + 1);
    const int last = std::min<int>(hi, static_cast<int>(r.positions.size()) - 1);
    for (int p = std::max(lo, 0); p <= last; ++p) {
        const core::Position& pos = r.positions[static_cast<std::size_t>(p)];
        if (core::matchesAny(q.variants, pos.black(), pos.white())) return p;
    }
    return -1;
}

std::vector<PatternHit> PatternCorpus::search(const PatternQuery& q, unsigned threads) const {
    if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
    const std::size_t n = rows_.size();
    std::vector<int> plyOf(n, -1);
    std::atomic<std::size_t> next{0};
    constexpr std::size_t kChunk = 2048;
    auto work = [&] {
        for (std::size_t begin; (begin = next.fetch_add(kChunk)) < n;) {
            const std::size_t end = std::min(n, begin + kChunk);
            for (std::size_t i = begin; i < end; ++i) {
                int lo = 0, hi = 0, known = 0;
                if (!window(compact_[i], q, lo, hi, known)) continue;
                const int found = lo <= hi ? firstMatch(i, q, lo, hi) : -1;
                plyOf[i] = found >= 0 ? found : known < 10000 ? known : -1;
            }
        }
    };
    std::vector<std::thread> pool;
    for (unsigned t = 1; t < threads; ++t) pool.emplace_back(work);
    work();
    for (auto& t : pool) t.join();
    std::vector<PatternHit> hits;
    for (std::size_t i = 0; i < n; ++i)
        if (plyOf[i] >= 0) hits.push_back({i, plyOf[i]});
    return hits;
}

std::vector<PatternHit> PatternCorpus::fullScan(const PatternQuery& q) const {
    std::vector<PatternHit> hits;
    for (std::size_t i = 0; i < rows_.size(); ++i) {
        const core::ReplayResult r = replayRow(rows_[i], starts_[i], rows_[i].moves.size());
        const int last = std::min<int>(q.plyTo, static_cast<int>(r.positions.size()) - 1);
        for (int p = std::max(q.plyFrom, 0); p <= last; ++p) {
            const core::Position& pos = r.positions[static_cast<std::size_t>(p)];
            if (core::matchesAny(q.variants, pos.black(), pos.white())) {
                hits.push_back({i, p});
                break;
            }
        }
    }
    return hits;
}

std::vector<GameRow> hitRows(const PatternCorpus& corpus, const std::vector<PatternHit>& hits,
                             std::int64_t offset, std::int64_t limit) {
    std::vector<GameRow> page;
    for (std::size_t i = static_cast<std::size_t>(std::max<std::int64_t>(0, offset));
         i < hits.size() && (limit < 0 || page.size() < static_cast<std::size_t>(limit)); ++i) {
        GameRow row = corpus.rows()[hits[i].index];
        row.ply = hits[i].ply;
        page.push_back(std::move(row));
    }
    return page;
}

}  // namespace othello::storage
