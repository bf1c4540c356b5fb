#include "ReadFlags.h"

#include "core/Notation.h"

namespace othello::cli {

void addReadFlags(CLI::App* sub, ReadFlags& flags, const char* quietHelp) {
    sub->add_option("--players", flags.players,
                    "WTHOR: the players names file (.JOU) for every .wtb (default: "
                    "<PREFIX>.JOU beside <PREFIX>_<YEAR>.wtb, else WTHOR.JOU / WTH.JOU)");
    sub->add_option("--tournaments", flags.tournaments,
                    "WTHOR: the tournaments names file (.TRN) for every .wtb (default: "
                    "<PREFIX>.TRN, else WTHOR.TRN / WTH.TRN)");
    sub->add_option("--first-move", flags.firstMove,
                    "Move lists: the square to put before every record's moves, for logbooks "
                    "whose lines omit the first move (a line that has it keeps its own)")
        ->check(CLI::Validator(
            [](std::string& value) -> std::string {
                return core::parseSquare(value) == core::kNoSquare
                           ? "expected a square a1..h8, got \"" + value + "\""
                           : std::string();
            },
            "SQUARE"));
    sub->add_flag("--quiet", flags.quiet, quietHelp);
}

void applyReadFlags(const ReadFlags& flags, importers::ReadOptions& options) {
    if (!flags.players.empty()) options.wthorPlayers = flags.players;
    if (!flags.tournaments.empty()) options.wthorTournaments = flags.tournaments;
    if (!flags.firstMove.empty()) options.firstMove = core::parseSquare(flags.firstMove);
}

bool shownWhenQuiet(const importers::Diagnostic& d) {
    return d.severity == importers::Severity::Error;
}

}  // namespace othello::cli
