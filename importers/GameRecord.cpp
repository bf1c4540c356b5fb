#include "GameRecord.h"

#include <algorithm>

#include "ReaderUtil.h"
#include "TextEscape.h"

namespace othello::importers {

const char* severityName(Severity s) {
    switch (s) {
        case Severity::Note:
            return "note";
        case Severity::Warning:
            return "warning";
        case Severity::Error:
            return "error";
    }
    return "error";
}

// Strings are built by appending: g++ 12 warns falsely (-Wrestrict) on ":" + std::string.
std::string SourceLocation::describe() const {
    std::string out = path;
    if (line > 0) {
        out += ':';
        out += std::to_string(line);
    } else if (record >= 0) {
        // Counted from 1, as lines are and as users count games (issue 26: a 0-based index
        // beside game ids read as off by one).
        out += '#';
        out += std::to_string(record + 1);
    }
    return out;
}

std::string Diagnostic::format() const {
    // The path is a file name as given: any bytes, ESC and newlines included.
    std::string out = text::escapeForTerminal(where.describe());
    out += ": ";
    out += severityName(severity);
    out += ": ";
    out += text::printable(message);
    if (!code.empty()) {
        out += " [";
        out += code;
        out += ']';
    }
    return out;
}

Diagnostic Diagnostic::at(Severity severity, SourceLocation where, std::string code,
                          std::string message) {
    Diagnostic d;
    d.severity = severity;
    d.where = std::move(where);
    d.code = std::move(code);
    d.message = std::move(message);
    return d;
}

Diagnostic fileDiagnostic(Severity severity, const std::string& path, std::string code,
                          std::string message) {
    SourceLocation where;
    where.path = path;
    return Diagnostic::at(severity, std::move(where), std::move(code), std::move(message));
}

// storedFormatCode, formatFromStoredCode, formatName and parseFormat read the format table
// (FormatTable.cpp).

const char* statusName(GameStatus s) {
    switch (s) {
        case GameStatus::Complete:
            return "complete";
        case GameStatus::Incomplete:
            return "incomplete";
        case GameStatus::Error:
            return "error";
    }
    return "error";
}

int GameRecord::passes() const {
    return static_cast<int>(std::count(moves.begin(), moves.end(), core::kPass));
}

void checkAnnotations(GameRecord& r) {
    r.annotationsUnfit.clear();
    if (!r.annotated()) {
        r.annotationsCheck = AnnotationsCheck::Fit;
        return;
    }
    const bool fit =
        annotationsValid(r.start, r.moves, r.comments, r.variations, &r.annotationsUnfit, r.rules);
    r.annotationsCheck = fit ? AnnotationsCheck::Fit : AnnotationsCheck::Unfit;
}

}  // namespace othello::importers
