#include "RecordReplay.h"

#include "core/Notation.h"

namespace othello::importers {

void addDiagnostic(GameRecord& record, Severity severity, const SourceLocation& where,
                   std::string code, std::string message, int moveNumber, int square) {
    Diagnostic d;
    d.severity = severity;
    d.where = where;
    d.moveNumber = moveNumber;
    d.square = square;
    d.code = std::move(code);
    d.message = std::move(message);
    record.diagnostics.push_back(std::move(d));
    if (severity == Severity::Error) record.status = GameStatus::Error;
}

bool replayRecord(GameRecord& record, const std::vector<int>& tokens,
                  const SourceLocation& where) {
    const core::ReplayResult r = core::replay(record.start, tokens);
    record.moves = r.moves();
    record.standardStart = record.start == core::Position::start();
    record.score = r.score();
    if (r.error) {
        addDiagnostic(record, Severity::Error, where, core::replayErrorCodeName(r.error->code),
                      r.error->describe(), r.error->moveNumber, r.error->square);
        return false;
    }
    record.status = r.over ? GameStatus::Complete : GameStatus::Incomplete;
    return true;
}

}  // namespace othello::importers
