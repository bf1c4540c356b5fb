#pragma once
// Pattern search over an archive (issue 31): which games had this shape on the board, and at
// which ply first.
//
// PatternCorpus holds the games a SearchFilter selects, in memory and lean enough for 10 M
// games (about 300 bytes a game): ids, moves as stored (one contiguous buffer), rules and
// starts only for the few games not played as Othello from the cross, and a compact form built
// once (one replay per game), stored square by square (structure of arrays, so a search reads
// only the squares its pattern names):
//   - filledAt: the ply at which each square got a disc (occupancy only grows), which bounds the
//     plies where a pattern's empty and occupied squares hold: [from, to];
//   - firstFlip / firstBlack: the ply of each square's first flip and its colour before it;
//   - lastChange / finalBlack: the ply of its last flip (else the ply it was filled) and its
//     colour from then to the end;
//   - everBlack / everWhite: a first test that rules out most games for most patterns.
// For one orientation of a pattern the plies [from, to] split in three: before any of its
// coloured squares first flips, their colours are the first ones; after the last one last
// flipped, the final ones; only between is a replay needed. Corners never flip, edge discs
// only along their edge, so an edge pattern is mostly settled from the form alone (a full edge
// never flips again). The remaining candidates are replayed within that window, stopping at
// the first match, on every core.
// fullScan is the obvious search (every game replayed, every ply tested): the reference the
// property test and the bench compare with.
#include <cstdint>
#include <vector>

#include "core/Pattern.h"
#include "core/Rules.h"
#include "storage/ArchiveTypes.h"

namespace othello::storage {

class Archive;

struct PatternQuery {
    std::vector<core::PatternVariant> variants;  // core::Pattern::variants(underSymmetry)
    int plyFrom = 0;    // inclusive; ply p is the position after p moves and passes
    int plyTo = 10000;  // inclusive
};

struct PatternHit {
    std::size_t index = 0;  // the game's index in the corpus (PatternCorpus::gameId)
    int ply = 0;            // the first ply in the window where the pattern holds
};

class PatternCorpus {
  public:
    // The games `filter` selects in its order (limit and offset ignored: every match counts).
    // Replays every game once, on every core.
    static PatternCorpus load(Archive& archive, SearchFilter filter);

    std::size_t size() const { return ids_.size(); }
    std::int64_t gameId(std::size_t index) const { return ids_[index]; }
    // The stored moves of every game together (the bench prints it).
    std::size_t moveBytes() const { return moves_.size(); }
    // Hits in corpus order (the filter's). threads 0: the machine's cores.
    std::vector<PatternHit> search(const PatternQuery& query, unsigned threads = 0) const;
    std::vector<PatternHit> fullScan(const PatternQuery& query) const;

    static constexpr std::size_t kBlock = 256;  // games whose windows are computed together

  private:
    struct Variant;   // one orientation of a query as square lists and masks (.cpp)
    struct Prepared;  // a query's variants
    // A game not played as Othello from the cross (other rules, its own start, a line move
    // written): replayed through core::replay. Sorted by index; few.
    struct Special {
        std::size_t index = 0;
        core::Rules rules;
        core::Position start;
    };
    // Where a game may first match: `known`, the first ply where a variant is proven to hold
    // from the compact form alone (10000: none is); [lo, hi], the plies to replay before it.
    struct Window {
        int lo = 10000, hi = -1, known = 10000;
    };
    // Searches games [begin, end) (at most kBlock), appending their hits in order.
    void searchBlock(std::size_t begin, std::size_t end, const Prepared& q,
                     const PatternQuery& query, std::vector<PatternHit>& hits) const;
    // Narrows game i's window by variant v, whose empty and occupied squares hold on [from, to]
    // and whose coloured squares first flip at firstFlip and last change at lastChange.
    void settle(std::size_t i, const Variant& v, int from, int to, int firstFlip, int lastChange,
                Window& w) const;
    // The first ply in [lo, hi] where game i matches; -1 when none.
    int firstMatch(std::size_t i, const PatternQuery& q, int lo, int hi) const;
    const Special* special(std::size_t i) const;
    bool addCompact(std::size_t i);  // builds game i's compact form (load); true: too long

    // Per game
    std::vector<std::int64_t> ids_;
    std::vector<std::uint64_t> moveAt_;  // game i's moves: [moveAt_[i], moveAt_[i + 1])
    std::vector<std::uint8_t> moves_;
    std::vector<std::uint8_t> plies_;  // the last ply (at most 250: see longGames_)
    std::vector<core::Bitboard> everBlack_, everWhite_, firstBlack_, finalBlack_;
    // Per square, per game (255: never)
    std::vector<std::uint8_t> filledAt_[64], firstFlip_[64], lastChange_[64];
    std::vector<Special> specials_;
    std::vector<std::size_t> longGames_;  // games of more plies than the form counts: sorted
};

// The page [offset, offset + limit) of `hits` (limit < 0: to the end) as the rows a plain search
// gives (the opening named), read by id from `archive` — the caller's own connection: a corpus
// is shared between threads (the server's cache), a connection is not — each with
// GameRow::ply set to its hit's first matching ply. A game deleted since the corpus was loaded
// is left out of the page.
std::vector<GameRow> hitRows(Archive& archive, const PatternCorpus& corpus, const std::vector<PatternHit>& hits,
                             std::int64_t offset, std::int64_t limit);

}  // namespace othello::storage
