// The edit trial of the chaos harness (ChaosEditTrial.cpp), each variant once.
#include <catch2/catch.hpp>

#include "ChaosTrials.h"

namespace {

void runEditTrial(std::uint64_t seed) {
    static storagetest::TempDir dir("chaos-edit");
    static chaos::ChaosLab lab(chaos::ChaosConfig{OTHELLO_CLI, dir.path()});
    const chaos::TrialResult r = lab.killEdit(seed);
    for (const std::string& note : r.notes) UNSCOPED_INFO(note);
    for (const std::string& f : r.failures) FAIL_CHECK("kill-edit (seed " << seed << "): " << f);
    CHECK(r.failures.empty());
}

}  // namespace

TEST_CASE("chaos: kill -9 during an edit leaves the old game or the new one", "[chaos][edit]") {
    for (std::uint64_t seed : {10, 12, 14, 16}) runEditTrial(seed);
}

TEST_CASE("chaos: kill -9 during a delete leaves the games or the trash", "[chaos][edit]") {
    for (std::uint64_t seed : {11, 13, 15, 17}) runEditTrial(seed);
}
