#pragma once
// What is proven about a final disc difference: lower <= value <= upper (-64..64). Exact when
// the two meet; [-64, 64] means nothing is known. The viewer never prints a bound as if it
// were exact: text() writes "+4" only for an exact value and "≥+4", "≤−2" or "+2…+6" otherwise.
#include <QString>
#include <algorithm>

namespace othello::viewer {

struct ValueRange {
    int lower = -64;
    int upper = 64;

    static ValueRange exactly(int value) { return {value, value}; }
    bool exact() const { return lower == upper; }
    bool known() const { return lower > -64 || upper < 64 || exact(); }
    // The same value seen by the other side.
    ValueRange flipped() const { return {-upper, -lower}; }
    // Both facts at once (proofs never contradict; a contradiction keeps `other`).
    ValueRange intersect(const ValueRange& other) const {
        const ValueRange r{std::max(lower, other.lower), std::min(upper, other.upper)};
        return r.lower <= r.upper ? r : other;
    }
    bool operator==(const ValueRange&) const = default;

    // "+4", "−4", "0" (exact); "≥+4", "≤−2", "+2…+6" (bounds); "?" when nothing is known.
    QString text() const;
    // A signed disc difference: "+4", "−4" (a real minus sign), "0".
    static QString signedText(int value);
};

}  // namespace othello::viewer
