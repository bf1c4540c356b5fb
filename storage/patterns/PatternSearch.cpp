#include "PatternSearch.h"

#include <algorithm>
#include <atomic>
#include <mutex>
#include <thread>

#include "core/Replay.h"
#include "storage/Archive.h"
#include "storage/database/Codec.h"

namespace othello::storage {

namespace {

constexpr std::uint8_t kNever = 255;
// The most plies the compact form counts: a longer game (only a record of many passes could
// be) is replayed over the whole window (PatternCorpus::longGames_).
constexpr int kMaxPlies = 250;
constexpr int kNone = 10000;

// Plays a game stored as bytes (Codec.h; none of them a line move) under Othello's rules from
// `p`, calling visit(ply, position) for ply 0 and every ply after, until it returns true.
// Plies as core::replay counts them, and exactly its positions: a pass the record did not write
// is a ply, as is the forced pass replay makes explicit at the end; an error (an illegal move or
// pass, a move after the end) ends the legal prefix. The common case, a move that flips, is
// tested first: it needs no legalMoves().
template <typename Visit>
void walkOthello(core::Position p, const std::uint8_t* begin, const std::uint8_t* end,
                 Visit&& visit) {
    int ply = 0;
    if (visit(ply, p)) return;
    for (const std::uint8_t* t = begin; t != end; ++t) {
        if (*t < 64) {
            if (const core::Bitboard f = p.flipsOf(*t)) {
                p.play(*t, f);
                if (visit(++ply, p)) return;
                continue;
            }
        }
        const core::Bitboard legal = p.legalMoves();
        if (!legal && p.isGameOver()) return;  // a move or pass after the end
        if (*t >= 64) {                        // a pass (bytes 64..127 read as one)
            if (legal) return;
            p.pass();
            if (visit(++ply, p)) return;
            continue;
        }
        if (legal) return;  // the move flips nothing
        p.pass();           // the record omitted a forced pass
        if (visit(++ply, p)) return;
        const core::Bitboard f = p.flipsOf(*t);
        if (!f) return;
        p.play(*t, f);
        if (visit(++ply, p)) return;
    }
    if (p.mustPass()) {
        p.pass();
        visit(++ply, p);
    }
}

// A game's compact form while it is built, position by position.
struct Recorder {
    std::uint8_t filledAt[64], firstFlip[64], lastChange[64];
    core::Bitboard black = 0, white = 0;  // the last position's discs
    core::Bitboard everBlack = 0, everWhite = 0, firstBlack = 0;
    int plies = -1;

    Recorder() {
        std::fill(std::begin(filledAt), std::end(filledAt), kNever);
        std::fill(std::begin(firstFlip), std::end(firstFlip), kNever);
        std::fill(std::begin(lastChange), std::end(lastChange), kNever);
    }
    void add(int ply, const core::Position& p) {
        const auto at = static_cast<std::uint8_t>(std::min(ply, kMaxPlies));
        const core::Bitboard b = p.black(), w = p.white();
        for (core::Bitboard n = (b | w) & ~(black | white); n; n &= n - 1) {
            const int sq = core::lowestSquare(n);
            filledAt[sq] = lastChange[sq] = at;
        }
        firstBlack |= b & ~(black | white);
        for (core::Bitboard f = (b & white) | (w & black); f; f &= f - 1) {
            const int sq = core::lowestSquare(f);
            if (firstFlip[sq] == kNever) firstFlip[sq] = at;
            lastChange[sq] = at;
        }
        black = b;
        white = w;
        everBlack |= b;
        everWhite |= w;
        plies = ply;
    }
};

}  // namespace

// One orientation of the query, as the compact form reads it.
struct PatternCorpus::Variant {
    core::Bitboard black = 0, white = 0;
    std::vector<std::pair<int, int>> same;
    std::vector<int> filled;    // squares needing a disc (coloured, occupied, same())
    std::vector<int> empty;     // squares needing none
    std::vector<int> coloured;  // squares whose colour matters (black, white, same())
    // filled and empty alternately, each square s + 64 when it is an empty one: a mask of many
    // squares rules a block of games out after a few of each (searchBlock)
    std::vector<int> steps;
    // The colours `blackDiscs` gives the coloured squares (all of them filled) match.
    bool colours(core::Bitboard blackDiscs) const {
        if ((blackDiscs & black) != black || (blackDiscs & white)) return false;
        for (const auto& [a, b] : same)
            if (((blackDiscs >> a) ^ (blackDiscs >> b)) & 1) return false;
        return true;
    }
};

struct PatternCorpus::Prepared {
    std::vector<Variant> variants;
    int plyFrom = 0, plyTo = 0;

    explicit Prepared(const PatternQuery& q) : plyFrom(std::max(q.plyFrom, 0)), plyTo(q.plyTo) {
        for (const core::PatternVariant& v : q.variants) {
            Variant p;
            p.black = v.black;
            p.white = v.white;
            p.same = v.same;
            core::Bitboard coloured = v.black | v.white;
            for (const auto& [a, b] : v.same) coloured |= core::bit(a) | core::bit(b);
            const auto squares = [](core::Bitboard bits) {
                std::vector<int> out;
                for (; bits; bits &= bits - 1) out.push_back(core::lowestSquare(bits));
                return out;
            };
            p.filled = squares(coloured | v.occupied);
            p.empty = squares(v.empty);
            p.coloured = squares(coloured);
            for (std::size_t k = 0; k < std::max(p.filled.size(), p.empty.size()); ++k) {
                if (k < p.filled.size()) p.steps.push_back(p.filled[k]);
                if (k < p.empty.size()) p.steps.push_back(p.empty[k] + 64);
            }
            variants.push_back(std::move(p));
        }
    }
};

PatternCorpus PatternCorpus::load(Archive& archive, SearchFilter filter) {
    PatternCorpus c;
    c.moveAt_.push_back(0);
    archive.forEachMoves(filter, [&c](const GameMoves& g) {
        const std::size_t i = c.ids_.size();
        c.ids_.push_back(g.id);
        c.moves_.insert(c.moves_.end(), g.moves, g.moves + g.size);
        c.moveAt_.push_back(c.moves_.size());
        const bool lineMoves =
            std::any_of(g.moves, g.moves + g.size, [](std::uint8_t b) { return b >= 128; });
        if (!g.rules.isOthello() || lineMoves) {
            // As search read it: the rules' own start, else the stored one.
            c.specials_.push_back({i, g.rules, core::rulesStart(g.rules).value_or(g.start)});
        }
    });
    const std::size_t n = c.ids_.size();
    // Padded to whole blocks (searchBlock): a padding game has no disc, so never a window.
    const std::size_t padded = (n + kBlock - 1) / kBlock * kBlock;
    c.plies_.resize(padded);
    for (auto* v : {&c.everBlack_, &c.everWhite_, &c.firstBlack_, &c.finalBlack_}) v->resize(n);
    for (int sq = 0; sq < 64; ++sq) {
        c.filledAt_[sq].resize(padded, kNever);
        c.firstFlip_[sq].resize(padded);
        c.lastChange_[sq].resize(padded);
    }
    // One replay per game, on every core: games write their own slots.
    std::atomic<std::size_t> next{0};
    constexpr std::size_t kChunk = 4096;
    std::mutex longMutex;
    auto work = [&] {
        std::vector<std::size_t> longGames;
        for (std::size_t begin; (begin = next.fetch_add(kChunk)) < n;)
            for (std::size_t i = begin; i < std::min(n, begin + kChunk); ++i)
                if (c.addCompact(i)) longGames.push_back(i);
        const std::lock_guard<std::mutex> lock(longMutex);
        c.longGames_.insert(c.longGames_.end(), longGames.begin(), longGames.end());
    };
    std::vector<std::thread> pool;
    for (unsigned t = 1; t < std::max(1u, std::thread::hardware_concurrency()); ++t)
        pool.emplace_back(work);
    work();
    for (auto& t : pool) t.join();
    std::sort(c.longGames_.begin(), c.longGames_.end());
    return c;
}

const PatternCorpus::Special* PatternCorpus::special(std::size_t i) const {
    const auto it = std::lower_bound(specials_.begin(), specials_.end(), i,
                                     [](const Special& s, std::size_t x) { return s.index < x; });
    return it != specials_.end() && it->index == i ? &*it : nullptr;
}

namespace {

std::vector<int> tokensOf(const std::vector<std::uint8_t>& moves, std::uint64_t from,
                          std::uint64_t to) {
    return decodeMoves(moves.data() + from, static_cast<int>(to - from));
}

}  // namespace

bool PatternCorpus::addCompact(std::size_t i) {
    Recorder r;
    const auto record = [&r](int ply, const core::Position& p) {
        r.add(ply, p);
        return false;
    };
    if (const Special* s = special(i)) {
        const core::ReplayResult replayed =
            core::replay(s->start, tokensOf(moves_, moveAt_[i], moveAt_[i + 1]), s->rules);
        for (std::size_t ply = 0; ply < replayed.positions.size(); ++ply)
            record(static_cast<int>(ply), replayed.positions[ply]);
    } else {
        walkOthello(core::Position::start(), moves_.data() + moveAt_[i],
                    moves_.data() + moveAt_[i + 1], record);
    }
    plies_[i] = static_cast<std::uint8_t>(std::min(r.plies, kMaxPlies));
    everBlack_[i] = r.everBlack;
    everWhite_[i] = r.everWhite;
    firstBlack_[i] = r.firstBlack;
    finalBlack_[i] = r.black;
    for (int sq = 0; sq < 64; ++sq) {
        filledAt_[sq][i] = r.filledAt[sq];
        firstFlip_[sq][i] = r.firstFlip[sq];
        lastChange_[sq][i] = r.lastChange[sq];
    }
    return r.plies > kMaxPlies;
}

void PatternCorpus::settle(std::size_t i, const Variant& v, int from, int to, int firstFlip,
                           int lastChange, Window& w) const {
    // The coloured squares keep their first colours until the first of them flips, and their
    // final ones from the last change of any on: only the plies between need a replay.
    if (from < firstFlip && v.colours(firstBlack_[i])) {
        w.known = std::min(w.known, from);
        return;
    }
    int replayTo = to;
    if (const int settled = std::max(from, lastChange); settled <= to) {
        if (v.colours(finalBlack_[i])) w.known = std::min(w.known, settled);
        replayTo = settled - 1;
    }
    if (const int replayFrom = std::max(from, firstFlip); replayFrom <= replayTo) {
        w.lo = std::min(w.lo, replayFrom);
        w.hi = std::max(w.hi, replayTo);
    }
}

namespace {

// Byte by byte over a block (the arrays are padded to whole blocks): loops the compiler
// vectorises (pmaxub, pminub), told the two arrays never overlap.
[[gnu::noinline]] void maxInto(std::uint8_t* __restrict out, const std::uint8_t* __restrict in) {
    for (std::size_t j = 0; j < PatternCorpus::kBlock; ++j)
        out[j] = in[j] > out[j] ? in[j] : out[j];
}
[[gnu::noinline]] void minInto(std::uint8_t* __restrict out, const std::uint8_t* __restrict in) {
    for (std::size_t j = 0; j < PatternCorpus::kBlock; ++j)
        out[j] = in[j] < out[j] ? in[j] : out[j];
}

// Whether some game of the block has from < toEnd.
[[gnu::noinline]] bool anyOpen(const std::uint8_t* __restrict from,
                               const std::uint8_t* __restrict toEnd) {
    std::uint8_t any = 0;
    for (std::size_t j = 0; j < PatternCorpus::kBlock; ++j) any |= from[j] < toEnd[j];
    return any != 0;
}

}  // namespace

void PatternCorpus::searchBlock(std::size_t begin, std::size_t end, const Prepared& q,
                                const PatternQuery& query, std::vector<PatternHit>& hits) const {
    const std::size_t m = end - begin;
    Window w[kBlock];
    // Each variant's plies [from, to] where its empty and occupied squares hold, for the whole
    // block square by square: byte max and min over arrays, which the compiler vectorises
    // (kNever, 255, past every ply: a square never filled makes `from` too late by itself).
    alignas(64) std::uint8_t from[kBlock], toEnd[kBlock];  // toEnd: one past `to`
    alignas(64) std::uint8_t firstFlip[kBlock], lastChange[kBlock];
    const auto fromStart = static_cast<std::uint8_t>(std::clamp(q.plyFrom, 0, 255));
    const int endCap = std::clamp(q.plyTo + 1, 0, 255);
    const std::uint8_t* plies = plies_.data() + begin;
    for (const Variant& v : q.variants) {
        for (std::size_t j = 0; j < kBlock; ++j) {
            from[j] = fromStart;
            toEnd[j] = static_cast<std::uint8_t>(std::min(endCap, plies[j] + 1));
        }
        // Every 8 squares, whether any game of the block is left: the 64-square mask of a
        // position at 1 M games took 23 ms of CPU without this, 13 ms with it.
        bool open = true;
        for (std::size_t k = 0; k < v.steps.size() && open; ++k) {
            const int step = v.steps[k];
            if (step < 64)
                maxInto(from, filledAt_[step].data() + begin);
            else
                minInto(toEnd, filledAt_[step - 64].data() + begin);
            if (k % 8 == 7) open = anyOpen(from, toEnd);
        }
        if (!open) continue;
        // The games left, few for most patterns: the colours of their coloured squares.
        std::size_t left[kBlock], count = 0;
        for (std::size_t j = 0; j < m; ++j) {
            const std::size_t i = begin + j;
            left[count] = j;
            count +=
                from[j] < toEnd[j] && !(v.black & ~everBlack_[i]) && !(v.white & ~everWhite_[i]);
        }
        if (count == 0) continue;
        if (count >= kBlock / 8) {
            // Many (an edge pattern: most games fill their edges): first flips and last changes
            // over the block too (a full edge at 1 M games: 51 ms of CPU game by game, 32 ms so).
            for (std::size_t j = 0; j < kBlock; ++j) {
                firstFlip[j] = kNever;
                lastChange[j] = 0;
            }
            for (const int sq : v.coloured) {
                minInto(firstFlip, firstFlip_[sq].data() + begin);
                maxInto(lastChange, lastChange_[sq].data() + begin);
            }
            for (std::size_t k = 0; k < count; ++k) {
                const std::size_t j = left[k];
                settle(begin + j, v, from[j], toEnd[j] - 1, firstFlip[j], lastChange[j], w[j]);
            }
            continue;
        }
        for (std::size_t k = 0; k < count; ++k) {
            const std::size_t j = left[k], i = begin + j;
            int first = kNever, last = 0;
            for (const int sq : v.coloured) {
                first = std::min<int>(first, firstFlip_[sq][i]);
                last = std::max<int>(last, lastChange_[sq][i]);
            }
            settle(i, v, from[j], toEnd[j] - 1, first, last, w[j]);
        }
    }
    // Games longer than the form counts (none in practice): replayed over the whole window.
    const auto firstLong = std::lower_bound(longGames_.begin(), longGames_.end(), begin);
    for (auto it = firstLong; it != longGames_.end() && *it < end; ++it) {
        Window& l = w[*it - begin];
        l = Window{};
        for (const Variant& v : q.variants)
            if (!(v.black & ~everBlack_[*it]) && !(v.white & ~everWhite_[*it])) {
                l.lo = q.plyFrom;
                l.hi = q.plyTo;
            }
    }
    for (std::size_t j = 0; j < m; ++j) {
        const int hi = std::min(w[j].hi, w[j].known - 1);
        const int found = w[j].lo <= hi ? firstMatch(begin + j, query, w[j].lo, hi) : -1;
        const int ply = found >= 0 ? found : w[j].known < kNone ? w[j].known : -1;
        if (ply >= 0) hits.push_back({begin + j, ply});
    }
}

int PatternCorpus::firstMatch(std::size_t i, const PatternQuery& q, int lo, int hi) const {
    if (const Special* s = special(i)) {
        // positions[p] is after p plies: replay only as far as the window needs.
        std::vector<int> tokens = tokensOf(moves_, moveAt_[i], moveAt_[i + 1]);
        tokens.resize(std::min(tokens.size(), static_cast<std::size_t>(std::max(hi, 0)) + 1));
        const core::ReplayResult r = core::replay(s->start, tokens, s->rules);
        const int last = std::min<int>(hi, static_cast<int>(r.positions.size()) - 1);
        for (int p = std::max(lo, 0); p <= last; ++p) {
            const core::Position& pos = r.positions[static_cast<std::size_t>(p)];
            if (core::matchesAny(q.variants, pos.black(), pos.white())) return p;
        }
        return -1;
    }
    int found = -1;
    walkOthello(core::Position::start(), moves_.data() + moveAt_[i], moves_.data() + moveAt_[i + 1],
                [&](int ply, const core::Position& p) {
                    if (ply >= lo && core::matchesAny(q.variants, p.black(), p.white())) {
                        found = ply;
                        return true;
                    }
                    return ply >= hi;
                });
    return found;
}

std::vector<PatternHit> PatternCorpus::search(const PatternQuery& q, unsigned threads) const {
    if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
    const Prepared prepared(q);
    const std::size_t n = ids_.size();
    // Each chunk's hits apart, joined in order: no array of every game to fill and read back
    // alone (the 64-square mask at 10 M games: 148 ms wall for 141 ms of CPU with one).
    constexpr std::size_t kChunk = 2048;
    std::vector<std::vector<PatternHit>> chunkHits((n + kChunk - 1) / kChunk);
    std::atomic<std::size_t> next{0};
    auto work = [&] {
        for (std::size_t c; (c = next.fetch_add(1)) < chunkHits.size();) {
            const std::size_t begin = c * kChunk, end = std::min(n, begin + kChunk);
            for (std::size_t b = begin; b < end; b += kBlock)
                searchBlock(b, std::min(end, b + kBlock), prepared, q, chunkHits[c]);
        }
    };
    std::vector<std::thread> pool;
    for (unsigned t = 1; t < threads; ++t) pool.emplace_back(work);
    work();
    for (auto& t : pool) t.join();
    std::size_t total = 0;
    for (const auto& c : chunkHits) total += c.size();
    std::vector<PatternHit> hits;
    hits.reserve(total);
    for (const auto& c : chunkHits) hits.insert(hits.end(), c.begin(), c.end());
    return hits;
}

std::vector<PatternHit> PatternCorpus::fullScan(const PatternQuery& q) const {
    std::vector<PatternHit> hits;
    for (std::size_t i = 0; i < ids_.size(); ++i) {
        const Special* s = special(i);
        const core::ReplayResult r = core::replay(s ? s->start : core::Position::start(),
                                                  tokensOf(moves_, moveAt_[i], moveAt_[i + 1]),
                                                  s ? s->rules : core::Rules{});
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

std::vector<GameRow> hitRows(Archive& archive, const PatternCorpus& corpus, const std::vector<PatternHit>& hits,
                             std::int64_t offset, std::int64_t limit) {
    const auto first = static_cast<std::size_t>(std::max<std::int64_t>(0, offset));
    std::size_t end = hits.size();
    if (limit >= 0) end = std::min(end, first + static_cast<std::size_t>(limit));
    std::vector<std::int64_t> ids;
    for (std::size_t i = first; i < end; ++i) ids.push_back(corpus.gameId(hits[i].index));
    std::vector<GameRow> page = archive.gameRows(ids);
    // gameRows keeps the order of `ids`, leaving out games deleted since: match by id.
    std::size_t h = first;
    for (GameRow& row : page) {
        while (corpus.gameId(hits[h].index) != row.id) ++h;
        row.ply = hits[h++].ply;
    }
    return page;
}

}  // namespace othello::storage
