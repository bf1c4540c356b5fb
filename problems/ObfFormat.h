#pragma once
// Problems in Edax's OBF form (analysis/ObfProblem.h has the grammar of a line): one problem a
// line. What a line gives a problem:
//  - the board and the side to move;
//  - "move:value" fields: the problem's stated values (Problem::values), as listed;
//  - bare move fields: its answer; without one, the answer is every listed move of the best
//    listed value (the FFO files list the best first), and no answer at all when none is listed;
//  - the comment after '%' on the same line: its title; without one, the title is
//    `titlePrefix` + its number (`firstNumber` for the first problem of the file).
// The goal is always `best`: OBF states exact values, nothing else. A comment-only line before
// the first problem is the set's description ("% ..." lines, joined).
//
// Writing: the board, the side, every stated value ("G8:+18;"), then the answers that have no
// stated value as bare moves, then " % title" when the problem has one. Problems of another goal
// are written too (their board and answers), their goal lost: the caller warns
// (obfLosesGoal).
#include <string>
#include <string_view>

#include "Problem.h"

namespace othello::problems {

struct ObfReadOptions {
    std::string setName;      // the set's name for the problems read
    std::string source;       // each problem's source (the file's name, say)
    std::string titlePrefix;  // for problems without a comment: prefix + number
    int firstNumber = 1;
};

// Every line read; a bad line gives a Diagnostic (line and 1-based column of the offending
// token, the token quoted) and no problem; the other lines are read all the same.
ReadResult readObf(std::string_view text, const ObfReadOptions& options = {});

// One line (no newline) for `p`.
std::string obfLine(const Problem& p);
// The set: "% <description>" first when it has one (the name is the importer's to give), then
// one line a problem.
std::string writeObf(const ProblemSet& set);
// Whether writing `p` to OBF loses its goal (any goal but best).
bool obfLosesGoal(const Problem& p);

}  // namespace othello::problems
