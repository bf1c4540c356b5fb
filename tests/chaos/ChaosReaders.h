#pragma once
// Internal to the chaos trials: the game counts a reader may see, and reader threads that run
// othello-db read commands in a loop while a trial writes.
#include <atomic>
#include <mutex>
#include <thread>

#include "ChaosTrials.h"

namespace chaos {

// A committed state: the games before the trial (`base`), plus whole batches of `batch`
// games (0: the import is one transaction), up to `total`.
struct ChaosLab::Allowed {
    Allowed(std::int64_t base, std::int64_t total, std::int64_t batch = 0,
            std::vector<std::int64_t> also = {})
        : base(base), total(total), batch(batch), also(std::move(also)) {}
    std::int64_t base = 0, total = 0, batch = 0;
    std::vector<std::int64_t> also;  // other committed states (another import's files alone)
    bool operator()(std::int64_t games) const;
    std::string describe() const;
};

class ChaosLab::Readers {
  public:
    // Starts config().readers threads reading `db`; every count they see must be allowed and
    // never go down, and every read must succeed.
    // missingOk: the archive may not exist yet ("does not exist" is an answer, not a failure).
    // Besides the CLI readers, one thread reads through the library in a tight loop (many
    // reads a second: it catches a state shown for an instant, such as two snapshots mixed).
    Readers(const ChaosLab& lab, fs::path db, Allowed allowed, bool missingOk = false);
    ~Readers();
    void stop();
    // Stops the readers and adds their failures to `r`.
    void report(TrialResult& r);

  private:
    void loop(int index);
    void libraryLoop();
    // A count seen by a reader: allowed, and never below what the same thread saw before.
    void saw(const std::string& what, std::int64_t games, std::int64_t& last);
    void failure(std::string what);

    const ChaosLab& lab_;
    fs::path db_;
    Allowed allowed_;
    bool missingOk_ = false;
    std::atomic<std::int64_t> missing_{0};
    std::atomic<bool> done_{false};
    std::atomic<std::int64_t> reads_{0}, libraryReads_{0};
    std::mutex mutex_;
    std::vector<std::string> failures_;
    std::size_t failureCount_ = 0;
    std::vector<std::thread> threads_;
};

}  // namespace chaos
