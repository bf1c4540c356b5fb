// The chaos soak: the trials of tests/chaos (kill -9 during imports and renames, two writers
// and readers at once, a full disk, read-only media, first-open races) with random seeds, on
// larger files, for as long as asked. Prints each trial's runs and failures; exit 1 on any.
// Usage: bench_chaos [--seconds S=600] [--seed N=time] [--trial NAME] [--scale K=10]
//                    [--workdir DIR=/tmp/othello-bench-chaos] [--cli PATH]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <random>

#include "../tests/chaos/ChaosTrials.h"

int main(int argc, char** argv) {
    double seconds = 600;
    std::uint64_t seed = static_cast<std::uint64_t>(std::time(nullptr));
    std::string only, cli = OTHELLO_CLI, work = "/tmp/othello-bench-chaos";
    int scale = 10;
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string key = argv[i], value = argv[i + 1];
        if (key == "--seconds")
            seconds = std::atof(value.c_str());
        else if (key == "--seed")
            seed = std::strtoull(value.c_str(), nullptr, 10);
        else if (key == "--trial")
            only = value;
        else if (key == "--scale")
            scale = std::max(1, std::atoi(value.c_str()));
        else if (key == "--workdir")
            work = value;
        else if (key == "--cli")
            cli = value;
        else {
            std::fprintf(stderr, "unknown option %s\n", key.c_str());
            return 2;
        }
    }
    chaos::ChaosConfig config{cli, work};
    config.gamesS *= scale;
    config.gamesA *= scale;
    config.gamesB *= scale;
    config.batchGames *= scale;
    config.readers = 3;
    std::printf("chaos soak: %.0f s, seed %llu, %d+%d+%d games, batches of %d, %d readers\n",
                seconds, static_cast<unsigned long long>(seed), config.gamesS, config.gamesA,
                config.gamesB, config.batchGames, config.readers);
    const auto t0 = std::chrono::steady_clock::now();
    chaos::ChaosLab lab(config);
    std::mt19937_64 rng(seed);
    struct Tally {
        int runs = 0, failed = 0;
        std::vector<std::string> firstFailures;
    };
    std::map<std::string, Tally> tally;
    const auto elapsed = [&] {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    };
    while (elapsed() < seconds) {
        for (const auto& [name, trial] : chaos::ChaosLab::trials()) {
            if (!only.empty() && name != only) continue;
            if (elapsed() >= seconds) break;
            const std::uint64_t s = rng();
            const chaos::TrialResult r = (lab.*trial)(s);
            Tally& t = tally[name];
            ++t.runs;
            std::string notes;
            for (const auto& n : r.notes) notes += (notes.empty() ? "" : "; ") + n;
            std::printf("%7.1f s  %-20s seed %-20llu %s  %s\n", elapsed(), name.c_str(),
                        static_cast<unsigned long long>(s), r.failures.empty() ? "ok  " : "FAIL",
                        notes.c_str());
            if (!r.failures.empty()) {
                ++t.failed;
                for (const auto& f : r.failures) {
                    std::printf("            %s\n", f.c_str());
                    if (t.firstFailures.size() < 3) t.firstFailures.push_back(f);
                }
            }
            std::fflush(stdout);
        }
    }
    std::printf("\n%-20s %6s %6s\n", "trial", "runs", "failed");
    bool any = false;
    for (const auto& [name, t] : tally) {
        std::printf("%-20s %6d %6d\n", name.c_str(), t.runs, t.failed);
        for (const auto& f : t.firstFailures) std::printf("    %s\n", f.c_str());
        any |= t.failed > 0;
    }
    std::error_code ec;
    std::filesystem::remove_all(work, ec);
    return any ? 1 : 0;
}
