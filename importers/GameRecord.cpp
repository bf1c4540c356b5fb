#include "GameRecord.h"

#include <algorithm>

#include "ReaderUtil.h"
#include "TextEscape.h"

namespace othello::importers {

const char* severityName(Severity s) {
    switch (s) {
        case Severity::Note: return "note";
        case Severity::Warning: return "warning";
        case Severity::Error: return "error";
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
        out += '#';
        out += std::to_string(record);
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

Diagnostic fileDiagnostic(Severity severity, const std::string& path, std::string code,
                          std::string message) {
    Diagnostic d;
    d.severity = severity;
    d.where.path = path;
    d.code = std::move(code);
    d.message = std::move(message);
    return d;
}

int storedFormatCode(Format f) {
    // Today's codes are the enum's historic ordinals, written out so that reordering the enum
    // never changes what archives hold.
    switch (f) {
        case Format::Auto: return 0;
        case Format::Moves: return 1;
        case Format::Transcript: return 2;
        case Format::Wthor: return 3;
        case Format::Ggf: return 4;
        case Format::Pgn: return 5;
        case Format::Csv: return 6;
    }
    return 0;
}

std::optional<Format> formatFromStoredCode(int code) {
    for (Format f : {Format::Auto, Format::Moves, Format::Transcript, Format::Wthor, Format::Ggf,
                     Format::Pgn, Format::Csv})
        if (storedFormatCode(f) == code) return f;
    return std::nullopt;
}

const char* formatName(Format f) {
    switch (f) {
        case Format::Auto: return "auto";
        case Format::Moves: return "moves";
        case Format::Transcript: return "transcript";
        case Format::Wthor: return "wthor";
        case Format::Ggf: return "ggf";
        case Format::Pgn: return "pgn";
        case Format::Csv: return "csv";
    }
    return "auto";
}

std::optional<Format> parseFormat(const std::string& name) {
    const std::string n = text::lower(name);
    for (Format f : {Format::Auto, Format::Moves, Format::Transcript, Format::Wthor, Format::Ggf,
                     Format::Pgn, Format::Csv})
        if (n == formatName(f)) return f;
    if (n == "wtb") return Format::Wthor;
    if (n == "movelist" || n == "move-list") return Format::Moves;
    return std::nullopt;
}

const char* statusName(GameStatus s) {
    switch (s) {
        case GameStatus::Complete: return "complete";
        case GameStatus::Incomplete: return "incomplete";
        case GameStatus::Error: return "error";
    }
    return "error";
}

int GameRecord::passes() const {
    return static_cast<int>(std::count(moves.begin(), moves.end(), core::kPass));
}

}  // namespace othello::importers
