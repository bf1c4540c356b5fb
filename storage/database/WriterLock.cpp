// The writer lock: an flock on "<database>.writer-lock" holding "<pid> <command>".
#include "storage/database/WriterLock.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>

namespace othello::storage {
namespace {

// Opens (creating it if need be) the lock file; -1 when that is impossible.
int openLockFile(const std::filesystem::path& lock) {
    int fd = ::open(lock.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0664);
    // A lock file another user created may be read-only to us: flock needs no write access.
    if (fd < 0 && errno == EACCES) fd = ::open(lock.c_str(), O_RDONLY | O_CLOEXEC);
    return fd;
}

// "<command> by process <pid>" from the lock file, or a vaguer text when it holds none.
std::string holderOf(int fd) {
    char buf[256];
    const ssize_t n = ::pread(fd, buf, sizeof buf - 1, 0);
    if (n <= 0) return "another writer";
    std::string text(buf, static_cast<std::size_t>(n));
    while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
    const auto space = text.find(' ');
    if (space == std::string::npos) return "another writer";
    return text.substr(space + 1) + " by process " + text.substr(0, space);
}

}  // namespace

std::filesystem::path WriterLock::lockPath(const std::filesystem::path& database) {
    return database.string() + ".writer-lock";
}

std::chrono::milliseconds WriterLock::defaultTimeout() {
    if (const char* env = std::getenv("OTHELLO_BUSY_TIMEOUT"); env && *env) {
        char* end = nullptr;
        const double seconds = std::strtod(env, &end);
        if (end != env && seconds >= 0 && seconds < 1e6)
            return std::chrono::milliseconds(static_cast<std::int64_t>(seconds * 1000));
    }
    return std::chrono::seconds(10);
}

WriterLock::WriterLock(const std::filesystem::path& database, const std::string& command,
                       std::chrono::milliseconds timeout) {
    const auto lock = lockPath(database);
    fd_ = openLockFile(lock);
    if (fd_ < 0)
        throw StorageError("archive is read-only: cannot create " + lock.string() + " (" +
                           std::strerror(errno) + ")");
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    auto pause = std::chrono::milliseconds(5);
    while (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
        if (errno != EWOULDBLOCK && errno != EINTR) {
            ::close(fd_);
            throw StorageError("cannot lock " + lock.string() + ": " + std::strerror(errno));
        }
        if (std::chrono::steady_clock::now() >= deadline) {
            const std::string who = holderOf(fd_);
            ::close(fd_);
            char waited[32];
            std::snprintf(waited, sizeof waited, "%.1f", double(timeout.count()) / 1000.0);
            throw ArchiveBusy("archive busy: " + who + " (" + database.string() + "; waited " +
                              waited + " s, $OTHELLO_BUSY_TIMEOUT sets how long)");
        }
        std::this_thread::sleep_for(pause);
        pause = std::min(pause * 2, std::chrono::milliseconds(100));
    }
    const std::string text = std::to_string(::getpid()) + " " + command + "\n";
    // Best effort: a read-only lock file just leaves the waiting writers a vaguer message.
    if (::ftruncate(fd_, 0) == 0) (void)!::pwrite(fd_, text.data(), text.size(), 0);
}

std::optional<WriterLock> WriterLock::tryTake(const std::filesystem::path& database,
                                              const std::string& command) {
    try {
        return WriterLock(database, command, std::chrono::milliseconds(0));
    } catch (const StorageError&) {
        return std::nullopt;
    }
}

bool WriterLock::held(const std::filesystem::path& database) {
    const int fd = ::open(lockPath(database).c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return false;  // no lock file: nobody ever wrote (or it cannot be read)
    const bool busy = ::flock(fd, LOCK_SH | LOCK_NB) != 0;
    ::close(fd);
    return busy;
}

WriterLock::WriterLock(WriterLock&& other) noexcept : fd_(other.fd_) {
    other.fd_ = -1;
}

WriterLock::~WriterLock() {
    if (fd_ >= 0) ::close(fd_);  // closing releases the lock
}

}  // namespace othello::storage
