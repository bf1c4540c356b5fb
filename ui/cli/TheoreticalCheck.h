#pragma once
// check --verify-theoretical: every record with a theoretical score (WTHOR) is compared with
// the exact solver at the record's stated depth (analysis/TheoreticalScore.h); disagreements
// are reported by record (file, record number counted from 1, stored vs solved).
#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "analysis/Solver.h"
#include "importers/GameRecord.h"

namespace othello::cli {

class TheoreticalCheck {
  public:
    // Inactive: check() does nothing and the reports are empty.
    explicit TheoreticalCheck(bool active);
    ~TheoreticalCheck();

    // Solves the record when it has a theoretical score and depth and replays without error;
    // a disagreement is printed to stderr at once unless `quiet` (JSON output).
    void check(const importers::GameRecord& record, bool quiet);

    std::int64_t disagreements() const { return static_cast<std::int64_t>(disagree_.size()); }
    // {"checked", "agree", "disagree", "not_checked", "final_score", "seconds",
    //  "disagreements": [{"source", "path", "record", "stored", "solved", "depth", "empties",
    //  "ply"}]}; the scores are Black's discs.
    nlohmann::json json() const;
    // One summary line (nothing when inactive).
    std::string text() const;

  private:
    struct Disagreement {
        std::string source, path;
        std::int64_t record = -1;
        int stored = 0, solved = 0, depth = 0, empties = 0, ply = 0;
    };
    bool active_;
    std::unique_ptr<analysis::Solver> solver_;
    std::int64_t checked_ = 0, agree_ = 0, notChecked_ = 0, finalScore_ = 0;
    double seconds_ = 0;
    double lastProgress_ = 0;
    std::vector<Disagreement> disagree_;
};

}  // namespace othello::cli
