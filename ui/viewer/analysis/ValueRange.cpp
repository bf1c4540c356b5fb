#include "analysis/ValueRange.h"

namespace othello::viewer {

QString ValueRange::signedText(int value) {
    if (value > 0) return QStringLiteral("+%1").arg(value);
    if (value < 0) return QStringLiteral("\u2212%1").arg(-value);
    return QStringLiteral("0");
}

QString ValueRange::text() const {
    if (exact()) return signedText(lower);
    if (!known()) return QStringLiteral("?");
    if (upper >= 64) return QStringLiteral("\u2265") + signedText(lower);
    if (lower <= -64) return QStringLiteral("\u2264") + signedText(upper);
    return signedText(lower) + QStringLiteral("\u2026") + signedText(upper);
}

}  // namespace othello::viewer
