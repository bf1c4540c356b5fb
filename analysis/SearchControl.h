#pragma once
// What the solver's threads share during one solve: the table, the node count, the budgets and
// the stop flag. Searches poll it every few thousand nodes and unwind by throwing Aborted.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>

#include "Evaluation.h"
#include "SearchTypes.h"
#include "TranspositionTable.h"

namespace othello::analysis {

// Thrown by a search that must stop (budget, cancel, or a sibling's cut-off at a split point);
// the caller that owns the search catches it. A value computed by an aborted search is never
// used.
struct Aborted {};

struct SearchControl {
    explicit SearchControl(TranspositionTable& t) : table(t) {}

    TranspositionTable& table;
    std::atomic<bool> stop{false};
    std::atomic<int> reason{static_cast<int>(StopReason::None)};
    std::atomic<std::uint64_t> nodes{0};  // flushed by the threads every few thousand nodes

    // Atomic: the root driver lifts them while helpers may be polling (RootDriver::bestLine).
    std::atomic<std::uint64_t> maxNodes{0};
    std::atomic<double> maxSeconds{0};
    const std::atomic<bool>* cancel = nullptr;
    std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
    // Called by the main searching thread from its polls (at most every ~50 ms).
    std::function<void()> onPoll;
    // The learned evaluation that orders the moves of nodes with many empties (EvalOrdering.h);
    // none: the static mobility evaluation orders them instead.
    const Evaluator* evaluator = nullptr;

    double seconds() const {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    }
    void requestStop(StopReason why) {
        int none = static_cast<int>(StopReason::None);
        reason.compare_exchange_strong(none, static_cast<int>(why));
        stop.store(true, std::memory_order_relaxed);
    }
    StopReason stopReason() const { return static_cast<StopReason>(reason.load()); }
};

}  // namespace othello::analysis
