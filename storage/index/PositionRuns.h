#pragma once
// Private to storage/: sorted runs of position-index rows kept in temporary files while a big
// import (or the indexing of many games a killed import left) goes on, merged into the index
// once at its end.
//
// Why: the position index is one b-tree keyed by position hash. Writing it every 12 M rows (the
// memory an import may hold) inserts each batch all over a tree that grows with every batch, so
// every write rewrites most of the tree and a 10 M-game import writes the index fifty times over.
// Spilling each batch as a sorted run and merging the runs once writes the index in key order,
// one key range after the other: each page once.
//
// The files are created in the archive's folder (where the space is) and unlinked at once, so
// nothing is left behind when the process dies; the games stay committed and unindexed
// (meta.indexed_upto), and the next writer indexes them.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <vector>

namespace othello::storage {

class PositionRuns {
  public:
    // Rows of `columns` integers, compared on their first `keyColumns` integers (signed).
    // Positions: (hash, entry), both key. Statistics: (hash, next, games, black_wins, draws,
    // white_wins, sum_black), keyed by (hash, next); rows of one key are summed when merged.
    PositionRuns(std::filesystem::path directory, std::size_t columns, std::size_t keyColumns);
    ~PositionRuns();
    PositionRuns(const PositionRuns&) = delete;
    PositionRuns& operator=(const PositionRuns&) = delete;

    // Appends one run: `count` rows in key order (no key twice within a run). Throws
    // StorageError when the file cannot be written (a full disk).
    void spill(const std::int64_t* rows, std::size_t count);
    std::size_t runs() const { return runs_.size(); }
    std::uint64_t rows() const { return totalRows_; }

    // Merges every run in key order and hands the rows to `write` in batches of at most
    // `batchRows` rows (consecutive key ranges). Rows of equal key: positions keep one (they
    // are the same row); statistics are summed column by column past the key. The runs are
    // emptied afterwards.
    using Writer = std::function<void(const std::int64_t* rows, std::size_t count)>;
    void merge(const Writer& write, std::size_t batchRows = std::size_t{1} << 20);

  private:
    struct Run {
        std::uint64_t offset;  // in rows
        std::uint64_t count;
    };
    std::size_t columns_, keyColumns_;
    int fd_ = -1;
    std::filesystem::path directory_;
    std::vector<Run> runs_;
    std::uint64_t totalRows_ = 0;
    void open();
};

}  // namespace othello::storage
