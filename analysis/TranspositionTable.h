#pragma once
// The solver's transposition table: proven bounds on positions already searched, shared by the
// solver's threads without locks.
//
// Contract
// - Keyed by the full (player, opponent) pair through a 64-bit hash; an entry is returned only
//   when its stored key matches, so a wrong bound needs a 64-bit hash collision.
// - Lock-free: each entry is two 64-bit words written with relaxed atomics, the first being
//   key XOR data; a torn entry (one word from another write) fails the key check and reads as
//   a miss, never as another position's bounds.
// - Buckets of four entries (one cache line); a store replaces the same position, else the entry
//   of an older solve, else the one with fewer empties (cheaper to recompute).
#include <cstdint>
#include <memory>

#include "core/Bitboard.h"

namespace othello::analysis {

using core::Bitboard;

struct TableEntry {
    int lower = -64;
    int upper = 64;
    int bestMove = -1;  // a square, or -1
};

class TranspositionTable {
  public:
    explicit TranspositionTable(std::size_t megabytes);

    static std::uint64_t hash(Bitboard player, Bitboard opponent);

    // Starts loading the position's bucket into the cache (probe it a little later).
    void prefetch(std::uint64_t hash) const {
        __builtin_prefetch(&slots_[(hash & mask_) * kBucketWords]);
    }
    // The stored bounds of the position, if any.
    bool probe(std::uint64_t hash, TableEntry& out) const;
    // Stores the bounds found with `empties` empty squares; merges with the position's entry.
    void store(std::uint64_t hash, int empties, int lower, int upper, int bestMove);
    // Stores what a fail-soft null-window search of [alpha, alpha + 1] proved: `best` > alpha
    // is a lower bound, otherwise an upper bound.
    void storeNullWindow(std::uint64_t hash, int empties, int alpha, int best, int bestMove) {
        if (best > alpha)
            store(hash, empties, best, 64, bestMove);
        else
            store(hash, empties, -64, best, bestMove);
    }
    void clear();
    void newSearch() {
        generation_ = static_cast<std::uint8_t>(generation_ + 1);
        if (generation_ == 0) generation_ = 1;  // a zero data word means an empty slot
    }

  private:
    // Two words per slot: check = key ^ data, then data; accessed through std::atomic_ref.
    // The memory comes zeroed from the system (mmap, else calloc): untouched pages cost
    // nothing, so a large table is free until a deep search fills it. On Linux it is asked for
    // in 2 MB pages (transparent huge pages): a probe at random then seldom misses the TLB
    // (the table's probes were 10% of the solver's time, most of it page walks). `words_` owns
    // the allocation; `slots_` is its first 2 MB (else cache-line) boundary, where the buckets
    // start.
    struct Free {
        std::size_t mappedBytes;  // 0 (value-initialised): from calloc
        void operator()(std::uint64_t* p) const;
    };
    static std::uint64_t pack(int lower, int upper, int bestMove, int empties, int generation);
    std::uint64_t load(std::size_t word) const;
    void put(std::size_t word, std::uint64_t value);

    std::unique_ptr<std::uint64_t[], Free> words_;
    std::uint64_t* slots_ = nullptr;
    static constexpr std::size_t kBucketWords = 8;  // four slots: one 64-byte cache line
    static constexpr std::size_t kBucketBytes = kBucketWords * sizeof(std::uint64_t);
    std::uint64_t mask_ = 0;  // bucket index mask
    std::uint8_t generation_ = 1;
};

}  // namespace othello::analysis
