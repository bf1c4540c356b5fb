#include "TranspositionTable.h"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <new>

#include "core/Symmetry.h"

#ifdef __linux__
#include <sys/mman.h>
#endif

namespace othello::analysis {
namespace {

constexpr std::size_t kHugePage = std::size_t{2} << 20;

// data layout: bits 0-7 lower + 64, 8-15 upper + 64, 16-23 best move + 1, 24-31 empties,
// 32-39 generation. A zero data word never holds a position (generation starts at 1).
int lowerOf(std::uint64_t d) {
    return static_cast<int>(d & 0xFF) - 64;
}
int upperOf(std::uint64_t d) {
    return static_cast<int>((d >> 8) & 0xFF) - 64;
}
int moveOf(std::uint64_t d) {
    return static_cast<int>((d >> 16) & 0xFF) - 1;
}
int emptiesOf(std::uint64_t d) {
    return static_cast<int>((d >> 24) & 0xFF);
}
int generationOf(std::uint64_t d) {
    return static_cast<int>((d >> 32) & 0xFF);
}

}  // namespace

TranspositionTable::TranspositionTable(std::size_t megabytes) {
    const std::size_t bytes = std::max<std::size_t>(megabytes, 1) << 20;
    std::size_t buckets = 1;
    while (buckets * 2 * kBucketBytes <= bytes) buckets *= 2;
    mask_ = buckets - 1;
    const std::size_t tableBytes = buckets * kBucketBytes;
#ifdef __linux__
    if (tableBytes >= kHugePage) {
        // One huge page more than needed, to start the buckets on a huge page boundary.
        const std::size_t length = tableBytes + kHugePage;
        void* mapped =
            mmap(nullptr, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (mapped != MAP_FAILED) {
            words_ = std::unique_ptr<std::uint64_t[], Free>(static_cast<std::uint64_t*>(mapped),
                                                            Free{length});
            const auto address = reinterpret_cast<std::uintptr_t>(mapped);
            const std::size_t skip = (kHugePage - address % kHugePage) % kHugePage;
            slots_ = static_cast<std::uint64_t*>(mapped) + skip / sizeof(std::uint64_t);
            // Advice only: without transparent huge pages the table works the same, slower.
            madvise(slots_, tableBytes, MADV_HUGEPAGE);
            return;
        }
    }
#endif
    // One bucket per cache line: one more line allocated, to align the first.
    auto* memory = static_cast<std::uint64_t*>(
        std::calloc(buckets * kBucketWords + kBucketWords, sizeof(std::uint64_t)));
    if (!memory) throw std::bad_alloc();
    words_.reset(memory);
    const auto address = reinterpret_cast<std::uintptr_t>(memory);
    slots_ =
        memory + ((kBucketBytes - address % kBucketBytes) % kBucketBytes) / sizeof(std::uint64_t);
}

void TranspositionTable::Free::operator()(std::uint64_t* p) const {
#ifdef __linux__
    if (mappedBytes) {
        munmap(p, mappedBytes);
        return;
    }
#endif
    std::free(p);
}

std::uint64_t TranspositionTable::load(std::size_t word) const {
    return std::atomic_ref<std::uint64_t>(slots_[word]).load(std::memory_order_relaxed);
}

void TranspositionTable::put(std::size_t word, std::uint64_t value) {
    std::atomic_ref<std::uint64_t>(slots_[word]).store(value, std::memory_order_relaxed);
}

std::uint64_t TranspositionTable::hash(Bitboard player, Bitboard opponent) {
    return core::mixBits(player ^ core::mixBits(opponent + 0x9E3779B97F4A7C15ULL));
}

std::uint64_t TranspositionTable::pack(int lower, int upper, int bestMove, int empties,
                                       int generation) {
    return static_cast<std::uint64_t>(lower + 64) | static_cast<std::uint64_t>(upper + 64) << 8 |
           static_cast<std::uint64_t>(bestMove + 1) << 16 |
           static_cast<std::uint64_t>(empties) << 24 | static_cast<std::uint64_t>(generation) << 32;
}

bool TranspositionTable::probe(std::uint64_t hash, TableEntry& out) const {
    const std::size_t base = (hash & mask_) * kBucketWords;
    for (std::size_t i = 0; i < kBucketWords; i += 2) {
        const std::uint64_t data = load(base + i + 1);
        const std::uint64_t check = load(base + i);
        if (data && (check ^ data) == hash) {
            out.lower = lowerOf(data);
            out.upper = upperOf(data);
            out.bestMove = moveOf(data);
            return true;
        }
    }
    return false;
}

void TranspositionTable::store(std::uint64_t hash, int empties, int lower, int upper,
                               int bestMove) {
    const std::size_t base = (hash & mask_) * kBucketWords;
    std::size_t target = kBucketWords;  // none yet
    for (std::size_t i = 0; i < kBucketWords && target == kBucketWords; i += 2) {
        const std::uint64_t data = load(base + i + 1);
        const std::uint64_t check = load(base + i);
        if (data && (check ^ data) == hash) {
            // Same position: keep what both searches proved (bounds of one position always
            // overlap, the true value lies in both).
            lower = std::max(lower, lowerOf(data));
            upper = std::min(upper, upperOf(data));
            if (bestMove < 0) bestMove = moveOf(data);
            if (lower > upper) lower = upper;  // defensive: never store an empty range
            target = i;
        }
    }
    if (target == kBucketWords) {
        // Replace an entry of an older solve first, then the one with fewer empties.
        auto score = [this](std::uint64_t d) {
            if (!d) return -1000;
            return (generationOf(d) == generation_ ? 100 : 0) + emptiesOf(d);
        };
        int lowest = 1 << 20;
        for (std::size_t i = 0; i < kBucketWords; i += 2) {
            const int sc = score(load(base + i + 1));
            if (sc < lowest) {
                lowest = sc;
                target = i;
            }
        }
    }
    const std::uint64_t data = pack(lower, upper, bestMove, empties, generation_);
    put(base + target + 1, data);
    put(base + target, hash ^ data);
}

void TranspositionTable::clear() {
    std::memset(slots_, 0, (mask_ + 1) * kBucketBytes);
}

}  // namespace othello::analysis
