#pragma once
// The hand-off between the thread that reads an import's files and the thread that stores their
// records: a bounded queue, so that an import holds a few thousand records in memory whatever
// the size of its files (a file of two million broken records once took gigabytes), while the
// reading (parse and replay) of the next records still overlaps the storing of these.
//
// The reader thread reads the files in order and pushes, for each, a FileStart, its records,
// then a FileEnd carrying the file's FileResult (its records already handed on), and a FileDone.
// A compressed file or archive (importers/Unpack.h) gives records and a FileEnd for each file in
// it, then one FileDone. The storing thread pops them in that order. Records go over in batches (kBatch, and every file boundary
// closes one), and the storing thread takes everything queued at once: one lock and at most one
// wake-up a batch, not a record (handing over records one by one cost each thread a futex call
// a record). stop() (from the storing side) ends the stream: pushes then fail, and the reader
// stops at its next record (the rest of the file is not read).
#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <exception>
#include <filesystem>
#include <mutex>
#include <thread>
#include <vector>

#include "importers/Reader.h"

namespace othello::storage {

class RecordStream {
  public:
    enum class Kind { FileStart, Record, FileEnd, FileDone, Done };
    struct Item {
        Kind kind = Kind::Done;
        std::size_t file = 0;           // index into the file list
        importers::GameRecord record;   // Kind::Record
        importers::FileResult summary;  // Kind::FileEnd: counts and file diagnostics of one
                                        // file read (the file given, or one inside it)
        std::exception_ptr failure;     // Kind::Done: the reader thread threw (never expected)
    };

    // Records queued at most (a record is about a kilobyte with its diagnostics); besides them,
    // a batch being filled and the records the storing thread took last.
    static constexpr std::size_t kCapacity = 4096;
    static constexpr std::size_t kBatch = 64;

    // Starts reading `files` on a thread of its own.
    RecordStream(std::vector<std::filesystem::path> files, importers::ReadOptions options);
    // Stops the reader and waits for it.
    ~RecordStream();
    RecordStream(const RecordStream&) = delete;
    RecordStream& operator=(const RecordStream&) = delete;

    // The next item, waiting for the reader; Kind::Done once every file has ended (or stop()).
    Item pop();
    void stop();

  private:
    // Reader thread: adds `item` to the batch, handed over when full or at a file boundary.
    bool push(Item&& item);
    // Reader thread: moves the batch to the queue, waiting for room if it holds records.
    bool handOver();
    void run();

    std::vector<std::filesystem::path> files_;
    importers::ReadOptions options_;
    std::mutex mutex_;
    std::condition_variable notFull_, notEmpty_;
    std::deque<Item> queue_;
    std::vector<Item> batch_;  // the reader thread's
    std::deque<Item> taken_;   // the storing thread's: taken from queue_, not yet popped
    std::atomic<bool> stopped_{false};
    bool finished_ = false;
    std::thread thread_;
};

}  // namespace othello::storage
