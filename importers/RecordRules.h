#pragma once
// The rules a record states (core/Rules.h), read into it before its replay: one place for every
// reader, so that a code reads, and a record without one is fitted, the same from every format.
//
//  - A record that states no rules is Othello with its start fitted:
//    core::fitStart(core::othelloRules(), start), so that a board that is the cross plus one
//    colour's corners reads as a handicap game.
//  - A record that states rules plays under them. When it also gives a board (GGF BO[], PGN FEN)
//    the board is its start; if the rules' own start is another one, the record is kept under
//    the rules fitted to its board (core::fitStart) with the warning "rules-start-mismatch".
//  - A code that does not parse is the error "bad-rules" of that record only.
#include <optional>
#include <string_view>

#include "GameRecord.h"

namespace othello::importers {

// Parses the rules code `code` (core::parseRules) for `record`: nullopt, and the error
// "bad-rules" located at `where` naming `what` ("RU[]", "the Rules tag"), when it does not parse.
std::optional<core::Rules> readRulesCode(GameRecord& record, std::string_view code,
                                         const SourceLocation& where, const char* what);

// Sets record.rules and record.start (see above). `stated`: the rules the record states, if any;
// `boardGiven`: record.start holds a board the record gives (else the rules' start is taken).
// Returns false (an error in the record) for rules of any position without a board.
bool applyRecordRules(GameRecord& record, const std::optional<core::Rules>& stated,
                      bool boardGiven, const SourceLocation& where);

// The rules a writer writes for `record`: record.rules, or, when its start is not the one
// those rules start from (a record built with a board and Othello's default rules left as they
// were), those rules fitted to the record's start, as a reader finds them again.
core::Rules writtenRules(const GameRecord& record);
// Whether a writer must state the rules (GGF RU[], PGN tags, JSON "rules", transcript
// "Rules:"): they are not what a reader finds for a record that states none, Othello fitted
// to the start. False for every Othello game, so that their output is as before.
bool statesRules(const GameRecord& record);

}  // namespace othello::importers
