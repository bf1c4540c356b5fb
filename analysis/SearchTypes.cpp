#include "SearchTypes.h"

namespace othello::analysis {

const char* valueKindName(ValueKind kind) {
    switch (kind) {
        case ValueKind::Exact:
            return "exact";
        case ValueKind::WinLossDraw:
            return "wld";
        case ValueKind::Bound:
            return "bound";
        case ValueKind::Estimate:
            return "estimate";
    }
    return "?";
}

const char* stopReasonName(StopReason reason) {
    switch (reason) {
        case StopReason::None:
            return "none";
        case StopReason::NodeBudget:
            return "nodes";
        case StopReason::TimeBudget:
            return "time";
        case StopReason::Cancelled:
            return "cancelled";
    }
    return "?";
}

}  // namespace othello::analysis
