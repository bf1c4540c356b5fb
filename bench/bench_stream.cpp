// bench_stream: reads record files through the streaming front door (importers::readFile with
// ReadOptions::onRecord, as `othello-db check` does) and prints, per file, the games, errors,
// games/s, MB/s and the peak RSS of the process (getrusage ru_maxrss), the figure the streaming
// contract bounds (constant memory whatever the file size; see importers/BlockStream.h).
//
//   bench_stream FILE... [--runs N]
//
// Generate large inputs with gen_archive (e.g. `gen_archive pgn 4G /tmp/dump.pgn`). With no
// file, the samples of the shared data are read when present. Times are medians of N runs
// (default 1: a 4 GB file is read once); CPU time is printed too, as the machine is shared.
#include <sys/resource.h>

#include <cstdio>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <string>
#include <vector>

#include "BenchUtil.h"
#include "importers/Reader.h"

using namespace othello;

namespace {

double cpuSeconds() {
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
           static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

long peakRssKiB() {
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return u.ru_maxrss;  // KiB on Linux
}

struct Run {
    std::int64_t games = 0;
    std::int64_t errors = 0;
    std::int64_t plies = 0;
    double wall = 0;
    double cpu = 0;
};

Run readOnce(const std::filesystem::path& path) {
    Run run;
    importers::ReadOptions options;
    // As `check` does: every record handed on as it is read, none kept.
    options.onRecord = [&run](importers::GameRecord&& g) {
        ++run.games;
        run.errors += !g.ok();
        run.plies += static_cast<std::int64_t>(g.moves.size());
    };
    const double cpu0 = cpuSeconds();
    const auto t0 = std::chrono::steady_clock::now();
    const importers::FileResult r = importers::readFile(path, options);
    run.wall = bench::secondsSince(t0);
    run.cpu = cpuSeconds() - cpu0;
    if (!r.readable) {
        for (const auto& d : r.fileDiagnostics) std::fprintf(stderr, "%s\n", d.format().c_str());
    }
    return run;
}

}  // namespace

int main(int argc, char** argv) {
    std::vector<std::filesystem::path> files;
    int runs = 1;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--runs") == 0 && i + 1 < argc)
            runs = std::max(1, std::atoi(argv[++i]));
        else
            files.emplace_back(argv[i]);
    }
    if (files.empty()) {
        const std::filesystem::path shared(OTHELLO_SHARED_DATA);
        std::error_code ec;
        for (const char* f : {"movelist/eothello_othello_dataset.csv", "pgn/WTH_2021.pgn",
                              "ggf/ntest_TestGames.ggf"})
            if (std::filesystem::exists(shared / f, ec)) files.push_back(shared / f);
        if (files.empty()) {
            std::printf("bench_stream: no file given and no shared data at %s: nothing to do\n",
                        shared.c_str());
            return 0;
        }
    }
    std::printf("%-40s %12s %8s %12s %10s %10s %10s %12s\n", "file", "games", "errors", "games/s",
                "MB/s", "wall s", "cpu s", "peak RSS MB");
    for (const auto& path : files) {
        std::error_code ec;
        const double bytes = static_cast<double>(std::filesystem::file_size(path, ec));
        std::vector<double> walls, cpus;
        Run last;
        for (int k = 0; k < runs; ++k) {
            last = readOnce(path);
            walls.push_back(last.wall);
            cpus.push_back(last.cpu);
        }
        const double wall = bench::median(walls);
        const double cpu = bench::median(cpus);
        std::printf("%-40s %12lld %8lld %12.0f %10.1f %10.2f %10.2f %12.1f\n",
                    path.filename().c_str(), static_cast<long long>(last.games),
                    static_cast<long long>(last.errors), last.games / wall, bytes / wall / 1e6,
                    wall, cpu, static_cast<double>(peakRssKiB()) / 1024.0);
        std::printf("%-40s %12s %8s %12.0f %10.1f   (per CPU second)\n", "", "", "",
                    last.games / cpu, bytes / cpu / 1e6);
    }
    return 0;
}
