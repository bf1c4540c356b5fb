// `solve`: the exact endgame solver on a position (analysis/Solver.h), or under other rules
// (--rules: classic Reversi, disc scoring, placements) the generic solver
// (analysis/RulesSolver.h): exact within the budget, else a bound and the words "estimates
// unavailable for these rules" (never Othello's numbers).
//
// Text output: the value from the side to move (and which side that is), the best move, the
// principal variation, nodes, time, nodes/s; with --all one line per move. JSON (--json), one
// object:
//   value     the value from the side to move: exact, the sign (wld: -1/0/+1) or, for a bound,
//             the proven side (lower bound when one is proven, else the upper bound)
//   kind      "exact", "wld" or "bound" (the search stopped: the truth is in [lower, upper])
//   lower, upper   the proven range of the value; complete (bool); stop ("none", "time",
//             "nodes", "cancelled")
//   best      the best move ("f5", "pass") or null (finished game, or nothing proven)
//   pv        the principal variation, squares and "pass" (exact results only)
//   moves     with --all: [{move, value, kind, lower, upper}] best first; else []
//   nodes, seconds, empties, to_move ("black", "white"; "none" when the game is over)
//   rules     the rules code solved under ("othello" by default); scoring "empties" (to the
//             winner) or "discs" (on the board, empties for nobody): what a value counts
#include <fmt/core.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "AnalysisCli.h"
#include "Command.h"
#include "CoreCli.h"
#include "JsonOutput.h"
#include "analysis/RulesSolver.h"
#include "analysis/Solver.h"
#include "core/Notation.h"
#include "importers/TextEscape.h"

namespace othello::cli {
namespace {

using namespace othello::core;

// Past this many seconds the solver stops and the answer is a bound.
constexpr double kDefaultSeconds = 20;

struct SolveCliOptions {
    std::string board;
    std::string moves;
    bool movesGiven = false;
    std::string from;
    bool all = false;
    bool wld = false;
    bool json = false;
    double seconds = kDefaultSeconds;
    std::uint64_t nodes = 0;
    int threads = 0;
    std::size_t tableMb = 256;
    std::string rules;  // a rules code; "": Othello's
};

// Thrown for a bad argument found after parsing: exit 2.
struct SolveUsageError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// A board argument must say who moves: a solve from the wrong side would be silently wrong.
Position boardArgument(const std::string& text, const char* what) {
    const BoardParse b = parseBoard(text);
    if (b.error) throw SolveUsageError(fmt::format("{}: {}", what, b.error->message));
    if (!b.sideGiven)
        throw SolveUsageError(fmt::format(
            "{}: the board does not say who moves: end it with X (Black) or O (White)", what));
    return b.position;
}

Position solvePosition(const SolveCliOptions& o) {
    const bool haveMoves = o.movesGiven || !o.moves.empty();
    if (!o.board.empty() && (haveMoves || !o.from.empty()))
        throw SolveUsageError("give either BOARD or --moves (with --from), not both");
    if (!o.board.empty()) return boardArgument(o.board, "BOARD");
    if (!haveMoves) {
        if (!o.from.empty()) return boardArgument(o.from, "--from");
        throw SolveUsageError("give a BOARD or --moves MOVES");
    }
    const Rules rules = rulesOf(o.rules);
    const Position start = o.from.empty() ? givenOrRulesStart("", rules, o.rules)
                                          : boardArgument(o.from, "--from");
    return replayMoves(start, o.moves, rules).final();
}

bool looksLikeBoard(const std::string& text) {
    return text.size() >= 64 && text.find_first_not_of("-.XxOo*BbWw ") == std::string::npos;
}

// Moves are tokens: squares, "pass", line moves of the one-line rule ("c4>e6").
std::string bestMoveName(int move) {
    return move == kNoSquare ? "-" : core::moveName(move);
}

nlohmann::json moveJson(int move) {
    if (move == kNoSquare) return nullptr;
    return core::moveName(move);
}

const char* scoringWords(Scoring scoring) {
    return scoring == Scoring::Discs ? "discs on the board, empties for nobody"
                                     : "empties to the winner";
}

// The solver for these rules: Othello's when the game is played as Othello from here
// (othelloAnalysisApplies), else the generic one, never Othello's on other rules.
analysis::SolveResult solveUnder(const Position& pos, const Rules& rules,
                                 const SolveCliOptions& o, const analysis::SolveOptions& options) {
    if (analysis::othelloAnalysisApplies(rules)) {
        analysis::Solver solver(o.tableMb);
        return solver.solve(pos, options);
    }
    analysis::RulesSolver solver(o.tableMb);
    return solver.solve(pos, rules, options);
}

std::string valueText(int value, analysis::ValueKind kind, int lower, int upper) {
    switch (kind) {
        case analysis::ValueKind::Exact:
            return signedValue(value);
        case analysis::ValueKind::WinLossDraw:
            return value > 0 ? "win" : value < 0 ? "loss" : "draw";
        default:
            return fmt::format("between {} and {}", signedValue(lower), signedValue(upper));
    }
}

int runSolve(const SolveCliOptions& o) {
    Position pos;
    try {
        pos = solvePosition(o);
    } catch (const SolveUsageError& e) {
        // The message may quote the argument, which may hold control characters.
        fmt::print(stderr, "error: {}\n", importers::text::escapeForTerminal(e.what()));
        return kExitUsage;
    }
    const Rules rules = rulesOf(o.rules);
    const bool generic = !analysis::othelloAnalysisApplies(rules);
    if (generic && o.wld) {
        fmt::print(stderr, "error: --wld: only under Othello's rules (the generic solver of {} "
                           "gives exact values only)\n", rulesCode(rules));
        return kExitUsage;
    }
    const bool over = isGameOver(pos, rules);
    analysis::SolveOptions options;
    options.allMoves = o.all;
    options.winLossDraw = o.wld;
    options.maxSeconds = o.seconds;
    options.maxNodes = o.nodes;
    options.threads = o.threads;
    const bool showProgress = !o.json && isatty(STDERR_FILENO);
    if (showProgress) {
        options.onProgress = [](const analysis::SolveProgress& p) {
            fmt::print(stderr, "\r{:.1f} s, {} nodes, value in [{}, {}], moves {}/{}   ", p.seconds,
                       p.nodes, signedValue(p.lower), signedValue(p.upper), p.movesDone,
                       p.movesTotal);
            std::fflush(stderr);
        };
    }
    const analysis::SolveResult r = solveUnder(pos, rules, o, options);
    if (showProgress) fmt::print(stderr, "\r{:60}\r", "");

    if (o.json) {
        nlohmann::json pv = nlohmann::json::array();
        for (int move : r.pv) pv.push_back(core::moveName(move));
        nlohmann::json moves = nlohmann::json::array();
        for (const analysis::MoveValue& m : r.moves)
            moves.push_back({{"move", core::moveName(m.square)},
                             {"value", m.value},
                             {"kind", analysis::valueKindName(m.kind)},
                             {"lower", m.lower},
                             {"upper", m.upper}});
        printJson({{"value", r.value},
                   {"kind", analysis::valueKindName(r.kind)},
                   {"lower", r.lower},
                   {"upper", r.upper},
                   {"complete", r.complete},
                   {"stop", analysis::stopReasonName(r.stop)},
                   {"best", moveJson(r.bestMove)},
                   {"pv", pv},
                   {"moves", moves},
                   {"nodes", r.nodes},
                   {"seconds", r.seconds},
                   {"empties", r.empties},
                   {"to_move", over ? "none" : colorName(pos.toMove())},
                   {"rules", rulesCode(rules)},
                   {"scoring", rules.scoring == Scoring::Discs ? "discs" : "empties"}});
        return kExitOk;
    }

    if (!rules.isOthello())
        fmt::print("rules: {}; values count {}\n", rulesDescription(rules),
                   scoringWords(rules.scoring));
    if (over) {
        const Score s = finalScore(pos, rules.scoring);
        fmt::print("game over: {}-{} (black-white); value {} for {} (the side that would move)\n",
                   s.black, s.white, signedValue(r.value), colorName(pos.toMove()));
        return kExitOk;
    }
    fmt::print("{} empties, {} to move{}\n", r.empties, colorName(pos.toMove()),
               pos.mustPass() ? " (must pass)" : "");
    fmt::print(
        "value: {} for {} ({}{})\n", valueText(r.value, r.kind, r.lower, r.upper),
        colorName(pos.toMove()), analysis::valueKindName(r.kind),
        r.complete ? "" : fmt::format(", stopped: {} budget", analysis::stopReasonName(r.stop)));
    if (generic && !r.complete)
        fmt::print("estimates unavailable for these rules: the generic solver did not finish in "
                   "the budget ({} empties; it reaches about {} in {} s, see README)\n",
                   r.empties, analysis::kRulesSolverReach, kDefaultSeconds);
    fmt::print("best move: {}\n", bestMoveName(r.bestMove));
    if (!r.pv.empty()) fmt::print("pv: {}\n", movesString(r.pv, false, " "));
    if (o.all) {
        fmt::print("moves:\n");
        for (const analysis::MoveValue& m : r.moves)
            fmt::print("  {:<4} {} ({})\n", core::moveName(m.square),
                       valueText(m.value, m.kind, m.lower, m.upper),
                       analysis::valueKindName(m.kind));
    }
    fmt::print("nodes: {}, time: {:.3f} s, {:.2f} Mnodes/s\n", r.nodes, r.seconds,
               r.seconds > 0 ? static_cast<double>(r.nodes) / r.seconds / 1e6 : 0.0);
    return kExitOk;
}

RegisterCommand solveCommand("solve", [](CLI::App& app, Action& action) {
    auto o = std::make_shared<SolveCliOptions>();
    auto* sub = app.add_subcommand(
        "solve",
        fmt::format("Solve a position exactly: the final disc difference with perfect play "
                    "(empties to the winner) from the side to move, the best move and the "
                    "principal variation. Past the time budget (default {} s) the answer is a "
                    "marked bound. Under --rules other than Othello's play (one-line flips, "
                    "disc scoring, placements) a generic solver answers: exact up to about {} "
                    "empties in the budget, beyond it estimates are unavailable for these rules",
                    kDefaultSeconds, analysis::kRulesSolverReach));
    sub->add_option("BOARD", o->board,
                    "A board: 64 characters X/O/- row by row from a1 (the \"board\" of "
                    "`replay --json`), then the side to move, X or O (required)");
    sub->add_option("--moves", o->moves,
                    "The position after these moves (from the start, or from --from)")
        ->each([o](const std::string&) { o->movesGiven = true; });
    sub->add_option("--from", o->from,
                    "Start board for --moves: 64 characters X/O/- and the side to move");
    sub->add_flag("--all", o->all, "The exact value of every legal move");
    sub->add_flag("--wld", o->wld, "Only win, loss or draw (faster)");
    sub->add_option("--time", o->seconds,
                    fmt::format("Time budget in seconds (default {}; 0: none)", kDefaultSeconds))
        ->check(CLI::NonNegativeNumber);
    sub->add_option("--nodes", o->nodes, "Node budget (default: none)");
    sub->add_option("--threads", o->threads, "Search threads (default: all cores)")
        ->check(CLI::Range(0, 64));
    sub->add_option("--table", o->tableMb, "Transposition table size in MB (default 256)")
        ->check(CLI::Range(1, 65536));
    addRulesOption(sub, o->rules,
                   "Solve under these rules (a rules code: othello, reversi, reversi-all-lines, "
                   "+modifiers; default othello). Values count the rules' scoring (discs: the "
                   "discs on the board, empties for nobody); --moves start from the rules' start "
                   "(placements included); --wld is Othello's only")
        ->type_name("CODE");
    sub->add_flag("--json", o->json, "Print a JSON object (fields: see README)");
    // A board string may begin with "--" (empty a1, b1), which CLI11 would take for an option:
    // extras made only of board characters are the board.
    sub->allow_extras();
    sub->callback([o, sub, &action] {
        for (const std::string& extra : sub->remaining()) {
            if (!o->board.empty() || !looksLikeBoard(extra)) throw CLI::ExtrasError({extra});
            o->board = extra;
        }
        action = [o] { return runSolve(*o); };
    });
});

}  // namespace
}  // namespace othello::cli
