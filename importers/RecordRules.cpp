// The rules a record states, read into it before its replay (RecordRules.h).
#include "RecordRules.h"

#include "RecordReplay.h"
#include "ReaderUtil.h"

namespace othello::importers {

std::optional<core::Rules> readRulesCode(GameRecord& record, std::string_view code,
                                         const SourceLocation& where, const char* what) {
    const core::RulesParse parsed = core::parseRules(text::trim(code));
    if (!parsed.error) return parsed.rules;
    std::string message = what;
    message += " \"" + text::toUtf8(text::trim(code).substr(0, 64)) +
               "\" is no rules code (othello, reversi, reversi-all-lines, with + modifiers): " +
               *parsed.error;
    addDiagnostic(record, Severity::Error, where, "bad-rules", std::move(message));
    return std::nullopt;
}

bool applyRecordRules(GameRecord& record, const std::optional<core::Rules>& stated,
                      bool boardGiven, const SourceLocation& where) {
    if (!stated) {
        // The common case (every Othello record): the cross is checked first inside fitStart.
        record.rules = core::fitStart(core::othelloRules(), record.start);
        return true;
    }
    const std::optional<core::Position> own = core::rulesStart(*stated);
    if (!boardGiven) {
        if (!own) {
            addDiagnostic(record, Severity::Error, where, "bad-rules",
                          "the rules " + core::rulesCode(*stated) +
                              " start from any position, and the record gives no board");
            return false;
        }
        record.rules = *stated;
        record.start = *own;
        return true;
    }
    if (!own || *own == record.start) {
        record.rules = *stated;
        return true;
    }
    // A board that is not the rules' start: the board is the game (data loss is the worst
    // defect), the rules fitted to it, and said.
    record.rules = core::fitStart(*stated, record.start);
    addDiagnostic(record, Severity::Warning, where, "rules-start-mismatch",
                  "the rules " + core::rulesCode(*stated) +
                      " start from another board than the record's: kept as " +
                      core::rulesCode(record.rules));
    return true;
}

core::Rules writtenRules(const GameRecord& record) {
    const std::optional<core::Position> own = core::rulesStart(record.rules);
    if (!own || *own == record.start) return record.rules;
    return core::fitStart(record.rules, record.start);
}

bool statesRules(const GameRecord& record) {
    if (record.rules.isOthello() && record.start == core::Position::start()) return false;
    return writtenRules(record) != core::fitStart(core::othelloRules(), record.start);
}

}  // namespace othello::importers
