#pragma once
// Located diagnostics: where a problem is (file, line/column or record index and byte offset),
// which move, a stable code and a plain message. Readers collect them per record and go on.
#include <cstdint>
#include <string>

#include "core/Bitboard.h"

namespace othello::importers {

enum class Severity { Warning, Error };
const char* severityName(Severity s);  // "warning" / "error"

struct SourceLocation {
    std::string path;
    int line = 0;                // 1-based; 0 when the format has no lines (WTHOR)
    int column = 0;              // 1-based; 0 when unknown
    std::int64_t record = -1;    // 0-based record index in the file; -1 when unknown
    std::int64_t byteOffset = -1;
    // "path:line" for text formats, "path#N" (N = record index) for binary ones.
    std::string describe() const;
};

struct Diagnostic {
    Severity severity = Severity::Error;
    SourceLocation where;
    int moveNumber = 0;              // 1-based; 0 when not about a move
    int square = core::kNoSquare;    // the square involved, if any
    std::string code;                // stable, kebab-case: "occupied", "bad-header", ...
    std::string message;             // plain words
    // "path:line: error: message [code]"
    std::string format() const;
};

}  // namespace othello::importers
