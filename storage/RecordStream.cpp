// The bounded record queue of an import (see RecordStream.h).
#include "RecordStream.h"

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
    std::unique_lock<std::mutex> lock(mutex_);
    // File boundaries never wait: they are few, and the storing side needs them in order.
    notFull_.wait(lock, [&] {
        return stopped_ || item.kind != Kind::Record || queue_.size() < kCapacity;
    });
    if (stopped_) return false;
    queue_.push_back(std::move(item));
    notEmpty_.notify_one();
    return true;
}

RecordStream::Item RecordStream::pop() {
    std::unique_lock<std::mutex> lock(mutex_);
    notEmpty_.wait(lock, [&] { return stopped_ || finished_ || !queue_.empty(); });
    if (queue_.empty()) return Item{};  // Done: every file ended, or stopped
    Item item = std::move(queue_.front());
    queue_.pop_front();
    notFull_.notify_one();
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
            Item end;
            end.kind = Kind::FileEnd;
            end.file = i;
            end.summary = importers::readFile(files_[i], options);
            if (!push(std::move(end))) break;
        }
    } catch (const StreamStopped&) {
        // stop(): nothing more is wanted.
    } catch (...) {
        done.failure = std::current_exception();
    }
    {
        std::lock_guard<std::mutex> lock(mutex_);
        finished_ = true;
        if (done.failure && !stopped_) queue_.push_back(std::move(done));
    }
    notEmpty_.notify_all();
}

}  // namespace othello::storage
