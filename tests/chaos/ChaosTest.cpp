// The chaos trials, each once with a fixed seed (bench/bench_chaos runs them as a soak).
// Some reproduce reliability defects of the storage layer until those are fixed: each failure
// says what was seen.
#include <catch2/catch.hpp>

#include "ChaosTrials.h"

namespace {

chaos::ChaosLab& lab() {
    static storagetest::TempDir dir("chaos");
    static chaos::ChaosLab instance(chaos::ChaosConfig{OTHELLO_CLI, dir.path()});
    return instance;
}

void runTrial(const std::string& name, std::uint64_t seed) {
    for (const auto& [trialName, trial] : chaos::ChaosLab::trials()) {
        if (trialName != name) continue;
        const chaos::TrialResult r = (lab().*trial)(seed);
        for (const std::string& note : r.notes) {
            if (note.rfind("skipped", 0) == 0) WARN(name << ": " << note);
            UNSCOPED_INFO(note);
        }
        for (const std::string& f : r.failures) FAIL_CHECK(name << " (seed " << seed << "): " << f);
        CHECK(r.failures.empty());
        return;
    }
    FAIL("no trial " << name);
}

}  // namespace

TEST_CASE("chaos: kill -9 during an import, then resume", "[chaos]") {
    runTrial("kill-import", 1);
    runTrial("kill-import", 2);
}

TEST_CASE("chaos: kill -9 during a batched import while readers read", "[chaos]") {
    runTrial("kill-batched-import", 3);
}

TEST_CASE("chaos: an import, renames, a refused second import and readers at once", "[chaos]") {
    runTrial("writers-and-readers", 4);  // the CLI's import: one transaction
    runTrial("writers-and-readers", 5);  // an import in small batches
}

TEST_CASE("chaos: a full disk during an import", "[chaos]") {
    runTrial("full-disk", 5);
}

TEST_CASE("chaos: every read command on read-only media", "[chaos]") {
    runTrial("read-only-media", 6);  // file and folder read-only
    runTrial("read-only-media", 7);  // the file only
    runTrial("read-only-media", 8);  // file and folder, with a killed writer's WAL beside it
}

TEST_CASE("chaos: imports and readers opening a new archive at once", "[chaos]") {
    runTrial("first-open-race", 8);
}

TEST_CASE("chaos: kill -9 during a rename", "[chaos]") {
    runTrial("kill-rename", 9);
}
