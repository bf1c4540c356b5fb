#pragma once
// Pattern search over an archive (issue 31): which games had this shape on the board, and at
// which ply first.
//
// PatternCorpus holds the games a SearchFilter selects, in memory, with a compact form of each
// built once (one replay per game): the ply at which each square was filled (occupancy only
// grows) and the squares ever black / ever white. A search proves from that form alone that
// most games cannot match — a square the pattern needs black was never black, a square it needs
// empty was filled before the one it needs occupied — and bounds the ply window where a match
// is possible. When the squares a pattern colours never changed colour in a game (corners
// never do, edges seldom), the form alone gives the first matching ply. The other candidates
// are replayed within their window, stopping at the first match, on every core.
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
    int plyFrom = 0;     // inclusive; ply p is the position after p moves and passes
    int plyTo = 10000;   // inclusive
};

struct PatternHit {
    std::size_t index = 0;  // in PatternCorpus::rows()
    int ply = 0;            // the first ply in the window where the pattern holds
};

class PatternCorpus {
public:
    // The games `filter` selects in its order (limit and offset ignored: every match counts).
    static PatternCorpus load(Archive& archive, SearchFilter filter);

    const std::vector<GameRow>& rows() const { return rows_; }
    std::size_t size() const { return rows_.size(); }
    std::int64_t gameId(std::size_t index) const { return rows_[index].id; }
    // Hits in rows() order. threads 0: the machine's cores.
    std::vector<PatternHit> search(const PatternQuery& query, unsigned threads = 0) const;
    std::vector<PatternHit> fullScan(const PatternQuery& query) const;

private:
    struct Compact {
        std::uint8_t filledAt[64];  // ply at which the square got a disc; 255: never
        core::Bitboard everBlack = 0;
        core::Bitboard everWhite = 0;
        int plies = 0;  // the last ply (positions of core::replay, less one)
    };
    // The window [lo, hi] where the game may match one of the variants that needs a replay,
    // and `known`: the first ply where a variant is proven to hold from the compact form alone
    // (its coloured squares never flipped: their colour is fixed from the ply they were filled),
    // 10000 when none is. False when no variant can match.
    bool window(const Compact& c, const PatternQuery& q, int& lo, int& hi, int& known) const;
    // The first ply in [lo, hi] where game i matches; -1 when none.
    int firstMatch(std::size_t i, const PatternQuery& q, int lo, int hi) const;
    // The same through core::replay (games under other rules).
    int replayedMatch(std::size_t i, const PatternQuery& q, int lo, int hi) const;

    std::vector<GameRow> rows_;
    std::vector<core::Position> starts_;
    std::vector<Compact> compact_;
};

// The page [offset, offset + limit) of `hits` (limit < 0: to the end) as the rows a plain search
// gives, each with GameRow::ply set to its hit's first matching ply.
std::vector<GameRow> hitRows(const PatternCorpus& corpus, const std::vector<PatternHit>& hits,
                             std::int64_t offset, std::int64_t limit);

}  // namespace othello::storage
