// The bounded record queue of an import (see RecordStream.h).
#include "storage/import/RecordStream.h"

#include <algorithm>
#include <utility>

namespace othello::storage {
namespace {
// Thrown through the reader (no reader catches exceptions) to stop reading a file at once
// when the storing side has stopped: a large file is not parsed to its end for nothing.
struct StreamStopped {};
}  // namespace

RecordStream::RecordStream(std::vector<std::filesystem::path> files, importers::ReadOptions options)
    : files_(std::move(files)), options_(std::move(options)) {
    thread_ = std::thread([this] { run(); });
}

RecordStream::~RecordStream() {
    stop();
    if (thread_.joinable()) thread_.join();
}

void RecordStream::stop() {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        stopped_ = true;
        queue_.clear();
    }
    notFull_.notify_all();
    notEmpty_.notify_all();
}

bool RecordStream::push(Item&& item) {
    if (stopped_) return false;
    const bool boundary = item.kind != Kind::Record;
    batch_.push_back(std::move(item));
    return boundary || batch_.size() >= kBatch ? handOver() : true;
}

bool RecordStream::handOver() {
    if (batch_.empty()) return !stopped_;
    const bool records = std::any_of(batch_.begin(), batch_.end(),
                                     [](const Item& i) { return i.kind == Kind::Record; });
    bool wasEmpty = false;
    {
        std::unique_lock<std::mutex> lock(mutex_);
        // File boundaries alone never wait: they are few, and the storing side needs them.
        notFull_.wait(lock, [&] { return stopped_ || !records || queue_.size() < kCapacity; });
        if (stopped_) {
            batch_.clear();
            return false;
        }
        wasEmpty = queue_.empty();
        for (Item& i : batch_) queue_.push_back(std::move(i));
    }
    batch_.clear();
    // The storing thread only waits on an empty queue.
    if (wasEmpty) notEmpty_.notify_one();
    return true;
}

RecordStream::Item RecordStream::pop() {
    if (stopped_) {
        taken_.clear();
        return Item{};
    }
    if (taken_.empty()) {
        {
            std::unique_lock<std::mutex> lock(mutex_);
            notEmpty_.wait(lock, [&] { return stopped_ || finished_ || !queue_.empty(); });
            if (queue_.empty()) return Item{};  // Done: every file ended, or stopped
            taken_.swap(queue_);                // everything queued, in order
        }
        notFull_.notify_one();  // room again (nobody waits, mostly: then it costs nothing)
    }
    Item item = std::move(taken_.front());
    taken_.pop_front();
    return item;
}

void RecordStream::run() {
    Item done;
    try {
        for (std::size_t i = 0; i < files_.size(); ++i) {
            Item start;
            start.kind = Kind::FileStart;
            start.file = i;
            if (!push(std::move(start))) break;
            importers::ReadOptions options = options_;
            options.onRecord = [&](importers::GameRecord&& record) {
                Item item;
                item.kind = Kind::Record;
                item.file = i;
                item.record = std::move(record);
                if (!push(std::move(item))) throw StreamStopped{};
            };
            importers::readEach(files_[i], options, [&](importers::FileResult&& r) {
                Item end;
                end.kind = Kind::FileEnd;
                end.file = i;
                end.summary = std::move(r);
                if (!push(std::move(end))) throw StreamStopped{};
            });
            Item done;
            done.kind = Kind::FileDone;
            done.file = i;
            if (!push(std::move(done))) break;
        }
    } catch (const StreamStopped&) {
        // stop(): nothing more is wanted.
    } catch (...) {
        done.failure = std::current_exception();
    }
    try {
        handOver();  // the records read before a failure (every file end hands over the rest)
    } catch (...) {
        if (!done.failure) done.failure = std::current_exception();
    }
    {
        std::lock_guard<std::mutex> lock(mutex_);
        finished_ = true;
        if (done.failure && !stopped_) queue_.push_back(std::move(done));
    }
    notEmpty_.notify_all();
}

}  // namespace othello::storage
