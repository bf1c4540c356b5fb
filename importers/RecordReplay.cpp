#include "RecordReplay.h"

#include "ReaderUtil.h"
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
    d.message = text::printable(message);
    record.diagnostics.push_back(std::move(d));
    if (severity == Severity::Error) record.status = GameStatus::Error;
}

int discMoves(const std::vector<int>& tokens) {
    int n = 0;
    for (int t : tokens) n += t != core::kPass;
    return n;
}

bool replayRecord(GameRecord& record, const std::vector<int>& tokens, const SourceLocation& where,
                  int* failedToken) {
    const core::ReplayResult r = core::replay(record.start, tokens);
    record.moves = r.moves();
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
