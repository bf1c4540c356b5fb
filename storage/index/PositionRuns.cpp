#include "storage/index/PositionRuns.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <condition_variable>
#include <cstring>
#include <exception>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>

#include "storage/Archive.h"

namespace othello::storage {
namespace {

// Rows read from each run at a time: 50 runs of 64 K rows of 7 integers hold 180 MB at most,
// of 2 integers 50 MB.
constexpr std::size_t kReadRows = std::size_t{1} << 16;

std::string errorText() {
    return std::strerror(errno);
}

// A temporary file in `dir`, already unlinked; -1 when `dir` does not take one.
int unlinkedFile(const std::filesystem::path& dir) {
    std::string name = (dir / ".othello-index-XXXXXX").string();
    const int fd = ::mkstemp(name.data());
    if (fd >= 0) ::unlink(name.c_str());
    return fd;
}

void writeAll(int fd, const char* data, std::size_t bytes, std::uint64_t at) {
    while (bytes) {
        const ssize_t n = ::pwrite(fd, data, bytes, static_cast<off_t>(at));
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0)
            throw StorageError("disk full: cannot write the position index's sorted runs (" +
                               errorText() + ")");
        data += n;
        at += static_cast<std::uint64_t>(n);
        bytes -= static_cast<std::size_t>(n);
    }
}

void readAll(int fd, char* data, std::size_t bytes, std::uint64_t at) {
    while (bytes) {
        const ssize_t n = ::pread(fd, data, bytes, static_cast<off_t>(at));
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0)
            throw StorageError("cannot read the position index's sorted runs back (" + errorText() +
                               ")");
        data += n;
        at += static_cast<std::uint64_t>(n);
        bytes -= static_cast<std::size_t>(n);
    }
}

}  // namespace

PositionRuns::PositionRuns(std::filesystem::path directory, std::size_t columns,
                           std::size_t keyColumns)
    : columns_(columns), keyColumns_(keyColumns), directory_(std::move(directory)) {}

PositionRuns::~PositionRuns() {
    if (fd_ >= 0) ::close(fd_);
}

void PositionRuns::open() {
    if (fd_ >= 0) return;
    fd_ = unlinkedFile(directory_.empty() ? std::filesystem::path(".") : directory_);
    if (fd_ < 0) {
        std::error_code ec;
        const auto tmp = std::filesystem::temp_directory_path(ec);
        if (!ec) fd_ = unlinkedFile(tmp);
    }
    if (fd_ < 0)
        throw StorageError("cannot create a temporary file for the position index in " +
                           directory_.string() + " (" + errorText() + ")");
}

void PositionRuns::spill(const std::int64_t* rows, std::size_t count) {
    if (!count) return;
    open();
    const std::size_t rowBytes = columns_ * sizeof(std::int64_t);
    writeAll(fd_, reinterpret_cast<const char*>(rows), count * rowBytes, totalRows_ * rowBytes);
    runs_.push_back(Run{totalRows_, count});
    totalRows_ += count;
}

void PositionRuns::merge(const Writer& write, std::size_t batchRows) {
    const std::size_t cols = columns_, keys = keyColumns_;
    const std::size_t rowBytes = cols * sizeof(std::int64_t);
    struct Cursor {
        std::vector<std::int64_t> buffer;
        std::size_t at = 0, filled = 0;    // rows
        std::uint64_t next = 0, left = 0;  // file position and rows not yet read
        std::size_t cols = 0;
        const std::int64_t* row() const { return buffer.data() + at * cols; }
    };
    std::vector<Cursor> cursors(runs_.size());
    const auto refill = [&](Cursor& c) {
        const std::size_t n = static_cast<std::size_t>(std::min<std::uint64_t>(c.left, kReadRows));
        if (n)
            readAll(fd_, reinterpret_cast<char*>(c.buffer.data()), n * rowBytes, c.next * rowBytes);
        c.next += n;
        c.left -= n;
        c.at = 0;
        c.filled = n;
        return n > 0;
    };
    const auto less = [keys](const std::int64_t* a, const std::int64_t* b) {
        for (std::size_t k = 0; k < keys; ++k)
            if (a[k] != b[k]) return a[k] < b[k];
        return false;
    };
    // A binary heap of the cursors that still have rows, smallest current row on top.
    std::vector<std::size_t> heap;
    for (std::size_t i = 0; i < runs_.size(); ++i) {
        Cursor& c = cursors[i];
        c.cols = cols;
        c.buffer.resize(
            static_cast<std::size_t>(std::min<std::uint64_t>(runs_[i].count, kReadRows)) * cols);
        c.next = runs_[i].offset;
        c.left = runs_[i].count;
        if (refill(c)) heap.push_back(i);
    }
    const auto heapLess = [&](std::size_t a, std::size_t b) {
        return less(cursors[b].row(), cursors[a].row());  // std heaps put the largest first
    };
    std::make_heap(heap.begin(), heap.end(), heapLess);

    // The merge runs on a worker thread, a batch ahead of the caller, who writes each batch
    // (SQLite's work, as long again) meanwhile: two buffers change hands.
    struct Handover {
        std::mutex m;
        std::condition_variable cv;
        std::vector<std::int64_t> buffer[2];
        std::size_t rows[2] = {0, 0};
        bool full[2] = {false, false};
        bool done = false, stop = false;
        std::exception_ptr error;
    } h;
    const std::size_t reserveRows = std::min<std::uint64_t>(batchRows, totalRows_ ? totalRows_ : 1);
    const auto produce = [&] {
        int cur = 0;
        std::vector<std::int64_t> out;
        out.reserve(reserveRows * cols);
        std::size_t outRows = 0;
        const auto emit = [&] {
            if (!outRows) return;
            std::unique_lock lock(h.m);
            h.cv.wait(lock, [&] { return !h.full[cur] || h.stop; });
            if (h.stop) throw std::runtime_error("stopped");
            std::swap(h.buffer[cur], out);
            h.rows[cur] = outRows;
            h.full[cur] = true;
            h.cv.notify_all();
            cur ^= 1;
            out.clear();
            out.reserve(reserveRows * cols);
            outRows = 0;
        };
        while (!heap.empty()) {
            std::pop_heap(heap.begin(), heap.end(), heapLess);
            Cursor& c = cursors[heap.back()];
            const std::int64_t* r = c.row();
            if (outRows && !less(out.data() + (outRows - 1) * cols, r)) {
                // The same key as the last row out: positions keep one, statistics add up.
                std::int64_t* last = out.data() + (outRows - 1) * cols;
                for (std::size_t k = keys; k < cols; ++k) last[k] += r[k];
            } else {
                // A batch ends only between keys, so that no key is split across two writes.
                if (outRows >= batchRows) emit();
                out.insert(out.end(), r, r + cols);
                ++outRows;
            }
            if (++c.at < c.filled || refill(c))
                std::push_heap(heap.begin(), heap.end(), heapLess);
            else
                heap.pop_back();
        }
        emit();
    };
    std::thread worker([&] {
        try {
            produce();
        } catch (...) {
            std::lock_guard lock(h.m);
            if (!h.stop) h.error = std::current_exception();
        }
        std::lock_guard lock(h.m);
        h.done = true;
        h.cv.notify_all();
    });
    std::exception_ptr failed;
    try {
        for (int next = 0;; next ^= 1) {
            std::unique_lock lock(h.m);
            h.cv.wait(lock, [&] { return h.full[next] || h.done; });
            if (!h.full[next]) break;  // done, and nothing left
            lock.unlock();
            write(h.buffer[next].data(), h.rows[next]);
            lock.lock();
            h.full[next] = false;
            h.cv.notify_all();
        }
    } catch (...) {
        failed = std::current_exception();
        std::lock_guard lock(h.m);
        h.stop = true;
        h.cv.notify_all();
    }
    worker.join();
    if (failed) std::rethrow_exception(failed);
    if (h.error) std::rethrow_exception(h.error);
    runs_.clear();
    totalRows_ = 0;
    if (fd_ >= 0 && ::ftruncate(fd_, 0) != 0) {
        // The space comes back when the file closes anyway.
    }
}

}  // namespace othello::storage
