#include "RecordReplay.h"

#include "ReadLimits.h"
#include "ReaderUtil.h"
#include "core/Notation.h"

namespace othello::importers {

void addDiagnostic(GameRecord& record, Severity severity, const SourceLocation& where,
                   std::string code, std::string message, int moveNumber, int square) {
    Diagnostic d = Diagnostic::at(severity, where, std::move(code), text::printable(message));
    d.moveNumber = moveNumber;
    d.square = square;
    record.diagnostics.push_back(std::move(d));
    if (severity == Severity::Error) record.status = GameStatus::Error;
}

void addDamage(GameRecord& record, const SourceLocation& where, std::string code,
               std::string message) {
    addDiagnostic(record, Severity::Warning, where, std::move(code), std::move(message));
    record.diagnostics.back().damage = true;
}

void warnIfNoMoves(GameRecord& record) {
    if (!record.ok() || !record.moves.empty()) return;
    addDiagnostic(record, Severity::Warning, record.source, "no-moves",
                  "the record has no moves: kept as a game of 0 moves");
}

void checkDate(GameRecord& record) {
    const std::string valid = text::calendarPrefix(record.date);
    if (valid == record.date) return;
    addDiagnostic(record, Severity::Warning, record.source, "impossible-date",
                  "the date " + record.date + " is not a calendar date: stored as " + valid);
    record.date = valid;
}

std::string_view capValue(GameRecord& record, std::string_view value, const SourceLocation& where,
                          const char* what) {
    if (value.size() <= kMaxValueBytes) return value;
    std::size_t n = kMaxValueBytes;
    // Back to the start of a UTF-8 character (continuation bytes are 10xxxxxx).
    while (n > 0 && (static_cast<unsigned char>(value[n]) & 0xC0) == 0x80) --n;
    std::string message = what;
    message += " is " + std::to_string(value.size()) + " bytes long: cut to the first " +
               std::to_string(n);
    addDamage(record, where, "value-too-long", std::move(message));
    return value.substr(0, n);
}

int discMoves(const std::vector<int>& tokens) {
    int n = 0;
    for (int t : tokens) n += t != core::kPass;
    return n;
}

bool replayRecord(GameRecord& record, const std::vector<int>& tokens, const SourceLocation& where,
                  int* failedToken) {
    const core::ReplayResult r = core::replay(record.start, tokens, record.rules);
    record.moves = r.moves();
    // core::replay makes a forced pass at the end of an unfinished record explicit; the record
    // never played it (resigned, timed out), so `moves` keeps the record's plies exactly.
    if (!r.error && !r.plies.empty() && r.plies.back().inferredPass) record.moves.pop_back();
    record.standardStart = record.start == core::Position::start();
    record.score = r.score();
    if (r.error) {
        // The legal prefix holds every token read before the failing one, plus the passes the
        // replay inferred.
        if (failedToken) {
            *failedToken = 0;
            for (const core::Ply& p : r.plies) *failedToken += !p.inferredPass;
        }
        addDiagnostic(record, Severity::Error, where, core::replayErrorCodeName(r.error->code),
                      r.error->describe(), r.error->moveNumber, r.error->square);
        return false;
    }
    record.status = r.over ? GameStatus::Complete : GameStatus::Incomplete;
    return true;
}

}  // namespace othello::importers
