#include "ReadFlags.h"

#include "core/Notation.h"
#include "importers/FormatTable.h"

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

CLI::Validator formatValidator(bool output) {
    return CLI::Validator(
        [output](std::string& value) -> std::string {
            // The names come from the format table, as the readers and writers do.
            const auto f = importers::parseFormat(value);
            if (!f || (output && !importers::formatInfo(*f).canWrite))
                return "expected one of " + importers::formatNames(output, true, ", ");
            return {};
        },
        importers::formatNames(output, true, "|"));
}

}  // namespace othello::cli
