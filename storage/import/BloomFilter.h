#pragma once
// Private to storage/: a Bloom filter of 64-bit keys in a fixed number of bits. An import keeps
// the keys of every game in SQLite (games_moves_key) and only this in memory: a key the filter
// has never seen is certainly new (no query), one it may have seen is looked up. Its size is
// fixed whatever the number of games, so memory stays bounded; with more keys than it was
// sized for, only the share of needless lookups grows. Keys must be well-mixed hashes.
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <new>

namespace othello::storage {

class BloomFilter {
  public:
    // 2^log2Bits bits, `hashes` (1..4) probes per key, all in one 64-bit word (a blocked
    // filter): one cache miss per look-up, however many probes. The bits are allocated zeroed
    // and only the pages touched become resident: a small import pays for a few pages.
    BloomFilter(int log2Bits, int hashes)
        : mask_((std::uint64_t{1} << (log2Bits - 6)) - 1),
          hashes_(hashes),
          // calloc, not new[](): large blocks come zeroed from the system, untouched.
          words_(static_cast<std::uint64_t*>(
              std::calloc(std::size_t{1} << (log2Bits - 6), sizeof(std::uint64_t)))) {
        if (!words_) throw std::bad_alloc();
    }

    void add(std::int64_t key) {
        const std::uint64_t h = mixed(key);
        words_[h & mask_] |= bits(h);
    }

    bool mayContain(std::int64_t key) const {
        const std::uint64_t h = mixed(key);
        const std::uint64_t b = bits(h);
        return (words_[h & mask_] & b) == b;
    }

  private:
    // The keys are hashes already (movesKey, extendMovesKey: each the output of a full mix),
    // so their bits are used as they are: the import probes every prefix of every game, and a
    // remix there cost more than the probe.
    static std::uint64_t mixed(std::int64_t key) { return static_cast<std::uint64_t>(key); }
    // The probes: 6 bits each from the top of the hash (the word comes from the bottom).
    std::uint64_t bits(std::uint64_t h) const {
        std::uint64_t b = 0;
        for (int i = 0; i < hashes_; ++i) b |= std::uint64_t{1} << (h >> (58 - 6 * i) & 63);
        return b;
    }

    std::uint64_t mask_;
    int hashes_;
    struct Free {
        void operator()(std::uint64_t* p) const { std::free(p); }
    };
    std::unique_ptr<std::uint64_t[], Free> words_;
};

}  // namespace othello::storage
