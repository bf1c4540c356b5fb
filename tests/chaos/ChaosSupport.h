#pragma once
// What the chaos trials (tests/chaos, bench/bench_chaos) and the load bench share: child
// processes of `othello-db` that can be killed, starved of disk or run without privileges,
// and generated PGN files of random legal games. No test framework: the trials report their
// failures as strings.
#include <fcntl.h>
#include <grp.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <filesystem>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "../storage/StorageTestUtil.h"
#include "importers/Writer.h"

namespace chaos {

namespace fs = std::filesystem;
using storagetest::TempDir;

// How a child process ended.
struct ProcResult {
    int exitCode = -1;  // -1 when killed by a signal
    int signal = 0;     // the signal that ended it, 0 when it exited
    std::string out, err;
    double seconds = 0;
    bool ok() const { return exitCode == 0; }
    // "exit 1: <stderr>" or "signal 9": for failure messages.
    std::string describe() const {
        if (signal) return "signal " + std::to_string(signal);
        return "exit " + std::to_string(exitCode) + ": " + err.substr(0, 400);
    }
};

struct SpawnOptions {
    // RLIMIT_FSIZE in bytes: writes past it fail with EFBIG (SIGXFSZ is ignored), as on a
    // full disk, without root and without touching the real disk.
    std::optional<rlim_t> fileSizeLimit;
    // Run as user and group nobody when we are root, so that file permissions apply (read-only
    // media as an ordinary user sees them). No effect when not root.
    bool dropRoot = false;
};

// A running child; wait() reaps it (the destructor kills and reaps one never waited for).
class Child {
  public:
    Child(const std::vector<std::string>& argv, const fs::path& scratch,
          const SpawnOptions& options = {}) {
        static std::atomic<int> counter{0};
        const std::string tag = std::to_string(getpid()) + "-" + std::to_string(++counter);
        outPath_ = scratch / ("out-" + tag + ".txt");
        errPath_ = scratch / ("err-" + tag + ".txt");
        // Everything the child needs is prepared before fork: between fork and exec a child
        // of a multi-threaded process may only make async-signal-safe calls.
        std::vector<char*> args;
        for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
        args.push_back(nullptr);
        const std::string out = outPath_.string(), err = errPath_.string();
        const bool drop = options.dropRoot && geteuid() == 0;
        start_ = std::chrono::steady_clock::now();
        pid_ = fork();
        if (pid_ == 0) {
            const int o = open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
            const int e = open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
            if (o < 0 || e < 0) _exit(126);
            dup2(o, STDOUT_FILENO);
            dup2(e, STDERR_FILENO);
            if (options.fileSizeLimit) {
                signal(SIGXFSZ, SIG_IGN);  // kept across exec: writes fail with EFBIG
                rlimit lim{*options.fileSizeLimit, *options.fileSizeLimit};
                if (setrlimit(RLIMIT_FSIZE, &lim) != 0) _exit(126);
            }
            if (drop && (setgroups(0, nullptr) != 0 || setgid(65534) != 0 || setuid(65534) != 0))
                _exit(126);
            execv(args[0], args.data());
            _exit(127);
        }
    }
    ~Child() {
        if (pid_ > 0 && !reaped_) {
            kill9();
            wait();
        }
    }
    Child(const Child&) = delete;
    Child& operator=(const Child&) = delete;

    pid_t pid() const { return pid_; }
    void kill9() {
        if (pid_ > 0 && !reaped_) ::kill(pid_, SIGKILL);
    }
    // True once the child has ended (reaping it); wait() then returns at once.
    bool finished() {
        if (reaped_ || pid_ <= 0) return true;
        int status = 0;
        const pid_t r = waitpid(pid_, &status, WNOHANG);
        if (r == pid_) record(status);
        return reaped_;
    }
    ProcResult wait() {
        if (!reaped_ && pid_ > 0) {
            int status = 0;
            while (waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
            }
            record(status);
        }
        if (pid_ < 0) result_.err = "fork failed";
        return result_;
    }

  private:
    void record(int status) {
        reaped_ = true;
        result_.seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
        if (WIFSIGNALED(status)) {
            result_.signal = WTERMSIG(status);
        } else {
            result_.exitCode = WEXITSTATUS(status);
        }
        result_.out = storagetest::readFile(outPath_);
        result_.err = storagetest::readFile(errPath_);
        std::error_code ec;
        fs::remove(outPath_, ec);
        fs::remove(errPath_, ec);
    }

    pid_t pid_ = -1;
    bool reaped_ = false;
    fs::path outPath_, errPath_;
    std::chrono::steady_clock::time_point start_;
    ProcResult result_;
};

// True when file permissions bind the children run with dropRoot: we are not root, or we are
// and may become nobody (a container may withhold that right).
inline bool permissionsApply() {
    if (geteuid() != 0) return true;
    const pid_t pid = fork();
    if (pid == 0)
        _exit(setgroups(0, nullptr) == 0 && setgid(65534) == 0 && setuid(65534) == 0 ? 0 : 1);
    int status = 0;
    waitpid(pid, &status, 0);
    return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

inline ProcResult run(const std::vector<std::string>& argv, const fs::path& scratch,
                      const SpawnOptions& options = {}) {
    Child c(argv, scratch, options);
    return c.wait();
}

// A PGN file of `count` random legal games between "Player 0".."Player 29" (so that renames
// find them), years 2000..2019, under one event; games of different seeds are distinct.
inline fs::path writeGames(const fs::path& path, int count, std::uint64_t seed,
                           const std::string& event = "Generated Open") {
    std::mt19937_64 rng(seed);
    std::vector<othello::importers::GameRecord> games;
    for (int i = 0; i < count; ++i) {
        std::string black = "Player ", white = "Player ";
        black += std::to_string(rng() % 30);
        white += std::to_string(rng() % 30);
        games.push_back(storagetest::makeRecord(black, white, event, 2000 + i % 20,
                                                storagetest::randomGame(rng)));
    }
    storagetest::writeFile(
        path, othello::importers::writeGamesToString(games, othello::importers::Format::Pgn));
    return path;
}

}  // namespace chaos
