#pragma once
// The reading options shared by import, check and convert: named WTHOR names files, the first
// move logbook lines omit, and --quiet. One definition, so the three commands read a file the
// same way and say the same in --help.
#include <CLI/CLI.hpp>
#include <string>

#include "importers/ReadTypes.h"

namespace othello::cli {

struct ReadFlags {
    std::string players;      // --players FILE: the .JOU to use for every .wtb
    std::string tournaments;  // --tournaments FILE: the .TRN
    std::string firstMove;    // --first-move SQUARE
    bool quiet = false;       // --quiet: errors and the summary only
};

// Adds --players, --tournaments, --first-move and --quiet to `sub`. A bad square is a usage
// error (exit 2) at parse time.
void addReadFlags(CLI::App* sub, ReadFlags& flags, const char* quietHelp);
// Sets the reader options the flags name.
void applyReadFlags(const ReadFlags& flags, importers::ReadOptions& options);
// --quiet keeps a diagnostic when it is an error.
bool shownWhenQuiet(const importers::Diagnostic& d);
// Checks a --format value (a format the readers know) or, with `output`, a --to value (one
// the writers know); names them in --help.
CLI::Validator formatValidator(bool output);

}  // namespace othello::cli
