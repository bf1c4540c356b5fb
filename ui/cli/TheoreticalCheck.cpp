// check --verify-theoretical: stored theoretical scores against the exact solver.
#include "TheoreticalCheck.h"

#include <fmt/core.h>
#include <unistd.h>

#include <chrono>

#include "analysis/RulesSolver.h"
#include "analysis/TheoreticalScore.h"

namespace othello::cli {

TheoreticalCheck::TheoreticalCheck(bool active) : active_(active) {
    if (active_) solver_ = std::make_unique<analysis::Solver>();
}

TheoreticalCheck::~TheoreticalCheck() = default;

void TheoreticalCheck::check(const importers::GameRecord& r, bool quiet) {
    if (!active_ || !r.theoreticalScore || !r.theoreticalDepth) return;
    // A theoretical score is Othello's (WTHOR's): a game under other rules is not checked,
    // and never by Othello's solver.
    if (r.status == importers::GameStatus::Error || !analysis::othelloAnalysisApplies(r.rules)) {
        ++notChecked_;
        return;
    }
    const auto t0 = std::chrono::steady_clock::now();
    const analysis::TheoreticalSolve s =
        analysis::solveTheoretical(r.start, r.moves, *r.theoreticalDepth, *solver_);
    seconds_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (s.status == analysis::TheoreticalSolve::Status::NotReached) {
        ++notChecked_;
        return;
    }
    ++checked_;
    finalScore_ += s.status == analysis::TheoreticalSolve::Status::FinalScore;
    if (s.blackDiscs == *r.theoreticalScore) {
        ++agree_;
    } else {
        Disagreement d{r.source.describe(), r.source.path, r.source.record,
                       *r.theoreticalScore, s.blackDiscs,  *r.theoreticalDepth,
                       s.empties,           s.ply};
        if (!quiet)
            fmt::print(stderr,
                       "{}: theoretical score {} stored, the solver gives {} (Black's discs, "
                       "perfect play from {} empties{})\n",
                       d.source, d.stored, d.solved, d.empties,
                       s.status == analysis::TheoreticalSolve::Status::FinalScore
                           ? ": the game was over, its final score"
                           : "");
        disagree_.push_back(std::move(d));
    }
    // Long runs (thousands of 24-empty solves) say how far they are: every 5 s on a
    // terminal, every minute in a log.
    if (!quiet && seconds_ - lastProgress_ >= (isatty(STDERR_FILENO) ? 5.0 : 60.0)) {
        lastProgress_ = seconds_;
        fmt::print(stderr, "theoretical scores: {} checked, {} disagree, {:.0f} s\n", checked_,
                   disagree_.size(), seconds_);
    }
}

nlohmann::json TheoreticalCheck::json() const {
    nlohmann::json list = nlohmann::json::array();
    for (const Disagreement& d : disagree_)
        list.push_back({{"source", d.source},
                        {"path", d.path},
                        {"record", d.record >= 0 ? nlohmann::json(d.record + 1) : nlohmann::json()},
                        {"stored", d.stored},
                        {"solved", d.solved},
                        {"depth", d.depth},
                        {"empties", d.empties},
                        {"ply", d.ply}});
    return {{"checked", checked_},          {"agree", agree_},
            {"disagree", disagree_.size()}, {"not_checked", notChecked_},
            {"final_score", finalScore_},   {"seconds", seconds_},
            {"disagreements", list}};
}

std::string TheoreticalCheck::text() const {
    if (!active_) return {};
    return fmt::format(
        "theoretical scores: {} checked, {} agree, {} disagree, {} not checked (record "
        "unfinished before the depth or unreadable); {:.1f} s solving\n",
        checked_, agree_, disagree_.size(), notChecked_, seconds_);
}

}  // namespace othello::cli
