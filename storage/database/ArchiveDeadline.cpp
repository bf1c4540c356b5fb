// Archive::setDeadline: a SQLite progress handler that interrupts statements running past the
// deadline (servers bound each request's time with it); Archive::dataVersion, by which a server
// knows that what it keeps of the archive is out of date.
#include <sqlite3.h>

#include "storage/ArchiveImpl.h"

namespace othello::storage {

namespace {

// SQLite calls this every kDeadlineSteps virtual machine steps of a running statement; a
// non-zero answer interrupts it (SQLITE_INTERRUPT). A step takes a few nanoseconds, so the clock
// (about 20 ns to read) costs well under 1 % of a query.
constexpr int kDeadlineSteps = 1000;

int checkDeadline(void* context) {
    auto* impl = static_cast<Archive::Impl*>(context);
    if (!impl->deadline || std::chrono::steady_clock::now() < *impl->deadline) return 0;
    impl->deadlineExceeded = true;
    return 1;
}

}  // namespace

void Archive::setDeadline(std::optional<std::chrono::steady_clock::time_point> deadline) {
    Impl& impl = *impl_;
    impl.deadline = deadline;
    impl.deadlineExceeded = false;
    if (deadline && !impl.deadlineHandler) {
        sqlite3_progress_handler(impl.db.getHandle(), kDeadlineSteps, &checkDeadline, &impl);
        impl.deadlineHandler = true;
    }
}

bool Archive::deadlineExceeded() const {
    return impl_->deadlineExceeded;
}

std::int64_t Archive::dataVersion() {
    // Not through the statement cache: a pragma's answer is read afresh on each step anyway.
    return impl_->db.execAndGet("PRAGMA data_version").getInt64();
}

}  // namespace othello::storage
