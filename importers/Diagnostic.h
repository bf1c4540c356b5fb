#pragma once
// Located diagnostics: where a problem is (file, line/column or record index and byte offset),
// which move, a stable code and a plain message. Readers collect them per record and go on.
#include <cstdint>
#include <string>

#include "core/Bitboard.h"

namespace othello::importers {

// Note: information that neither rejects a record nor fails a run, even with --strict (a WTHOR
// names file given where games were expected).
enum class Severity { Note, Warning, Error };
const char* severityName(Severity s);  // "note" / "warning" / "error"

struct SourceLocation {
    std::string path;
    int line = 0;    // 1-based; 0 when the format has no lines (WTHOR)
    int column = 0;  // 1-based; 0 when unknown
    // 0-based record index in the file; -1 when unknown. Shown counted from 1 everywhere (the
    // first record of a .wtb is "path#1", JSON "record": 1), as lines are.
    std::int64_t record = -1;
    std::int64_t byteOffset = -1;
    // "path:line" for text formats, "path#N" (N = the record's number, counted from 1) for
    // binary ones, "path" alone for a diagnostic about the whole file.
    std::string describe() const;
};

struct Diagnostic {
    Severity severity = Severity::Error;
    SourceLocation where;
    int moveNumber = 0;            // 1-based; 0 when not about a move
    int square = core::kNoSquare;  // the square involved, if any
    std::string code;              // stable, kebab-case: "occupied", "bad-header", ...
    std::string message;           // plain words, printable (see text::printable)
    // The text around it is broken (a comment, quote or value never closed, a record cut at a
    // limit): the reader recovered at the next record boundary, but part of the text may be
    // lost. A record with such a diagnostic is kept when what was read is a game (a warning);
    // `check` and `import` exit 1 when any record or file was damaged.
    bool damage = false;
    // "path:line: error: message [code]"; control bytes and invalid UTF-8 in the message are
    // escaped as \xNN so that a diagnostic never prints raw binary.
    std::string format() const;
    // The one way to build a diagnostic (readers, writers, fileDiagnostic and addDiagnostic):
    // how bad, where, a code and a message as given; a move, a square or `damage` is set on
    // the result where it applies.
    static Diagnostic at(Severity severity, SourceLocation where, std::string code,
                         std::string message);
};

// A diagnostic about a whole file (no line, record or move).
Diagnostic fileDiagnostic(Severity severity, const std::string& path, std::string code,
                          std::string message);

}  // namespace othello::importers
