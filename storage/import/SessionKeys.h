#pragma once
// Private to storage/: the moves keys of the games an import into an empty archive stores, held
// in memory in place of the games_moves_key index while it runs.
//
// Why: the index is keyed by a hash, so each batch of 20,000 games writes new entries all over
// it; at 10 M games every commit rewrote most of its pages (half of the import's time). An
// import into an empty archive can only meet its own games, so it keeps their keys here (12 to
// 16 bytes a game: 150 MB at 10 M games, in chunks, never a doubled copy of everything) and
// builds the index once at its end.
#include <algorithm>
#include <cstdint>
#include <memory>
#include <vector>

namespace othello::storage {

class SessionKeys {
  public:
    // The games get consecutive ids from `firstId` (add() is called in id order).
    explicit SessionKeys(std::int64_t firstId) : firstId_(firstId) { rehash(1 << 16); }

    std::int64_t nextId() const { return firstId_ + static_cast<std::int64_t>(count_); }

    // Game nextId() has moves key `key`; `complete`: a finished game.
    void add(std::int64_t key, bool complete) {
        if ((count_ + 1) * 4 > slots_.size() * 3) rehash(slots_.size() * 2);
        const std::size_t i = count_++;
        if (i % kChunk == 0) {
            keys_.push_back(std::make_unique<std::int64_t[]>(kChunk));
            complete_.emplace_back(kChunk / 64, 0);
        }
        keys_[i / kChunk][i % kChunk] = key;
        if (complete) complete_[i / kChunk][(i % kChunk) / 64] |= std::uint64_t{1} << (i % 64);
        insert(i, key);
    }

    bool contains(std::int64_t key) const {
        for (std::size_t s = slotOf(key);; s = (s + 1) & mask_) {
            const std::uint32_t v = slots_[s];
            if (!v) return false;
            if (keyAt(v - 1) == key) return true;
        }
    }

    // The ids of the games with `key`, in id order.
    std::vector<std::int64_t> ids(std::int64_t key) const {
        std::vector<std::int64_t> out;
        for (std::size_t s = slotOf(key);; s = (s + 1) & mask_) {
            const std::uint32_t v = slots_[s];
            if (!v) break;
            if (keyAt(v - 1) == key) out.push_back(firstId_ + v - 1);
        }
        std::sort(out.begin(), out.end());
        return out;
    }

    bool complete(std::int64_t id) const {
        const auto i = static_cast<std::size_t>(id - firstId_);
        return (complete_[i / kChunk][(i % kChunk) / 64] >> (i % 64)) & 1;
    }

  private:
    static constexpr std::size_t kChunk = std::size_t{1} << 20;
    std::int64_t keyAt(std::size_t i) const { return keys_[i / kChunk][i % kChunk]; }
    std::size_t slotOf(std::int64_t key) const {
        // Keys are well-mixed hashes already; the multiply spreads any that are not.
        return static_cast<std::size_t>((static_cast<std::uint64_t>(key) * 0x9E3779B97F4A7C15ull) >>
                                        shift_);
    }
    void insert(std::size_t i, std::int64_t key) {
        std::size_t s = slotOf(key);
        while (slots_[s]) s = (s + 1) & mask_;
        slots_[s] = static_cast<std::uint32_t>(i + 1);
    }
    void rehash(std::size_t size) {
        slots_.assign(size, 0);
        slots_.shrink_to_fit();
        mask_ = size - 1;
        shift_ = 64;
        for (std::size_t n = size; n > 1; n >>= 1) --shift_;
        for (std::size_t i = 0; i < count_; ++i) insert(i, keyAt(i));
    }
    std::int64_t firstId_;
    std::size_t count_ = 0;
    std::vector<std::unique_ptr<std::int64_t[]>> keys_;  // chunks of kChunk keys
    std::vector<std::vector<std::uint64_t>> complete_;   // one bit a game, by chunk
    std::vector<std::uint32_t> slots_;                   // 0: empty, else index + 1
    std::size_t mask_ = 0;
    int shift_ = 64;
};

}  // namespace othello::storage
