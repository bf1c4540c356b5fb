// Commands that need only the engine: perft and replay.
#include <fmt/core.h>

#include <chrono>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "Command.h"
#include "CoreCli.h"
#include "core/Notation.h"
#include "core/Perft.h"
#include "core/Replay.h"
#include "core/Rules.h"

namespace othello::cli {

using namespace othello::core;

Position startPosition(const std::string& from) {
    if (from.empty()) return Position::start();
    const BoardParse b = parseBoard(from);
    if (b.error) throw InputError("--from: " + b.error->message);
    return b.position;
}

ReplayResult replayMoves(const Position& start, const std::string& moves, const Rules& rules) {
    const MovesParse parsed = parseMoves(moves);
    ReplayResult r =
        rules.isOthello() ? replay(start, parsed.moves) : replay(start, parsed.moves, rules);
    if (r.error) throw InputError(r.error->describe());
    if (parsed.error) {
        // The tokens before the bad one are legal: name the move the bad token stands for.
        const Position& at = r.final();
        const auto played = static_cast<int>(r.plies.size()) - r.passes;
        throw InputError(fmt::format("move {} ({}, {}): not a square", played + 1,
                                     parsed.error->token, colorName(at.toMove())));
    }
    return r;
}

// --rules CODE, checked by CLI11 (a bad code is a usage error naming it).
CLI::Option* addRulesOption(CLI::App* sub, std::string& rules, const std::string& help) {
    return sub->add_option("--rules", rules, help)->check([](const std::string& code) {
        const RulesParse parsed = parseRules(code);
        return parsed.error ? *parsed.error : std::string();
    });
}

Rules rulesOf(const std::string& code) {
    return code.empty() ? Rules{} : parseRules(code).rules;  // checked by addRulesOption
}

// --from when given, else the rules' start; an InputError when the rules start from a given
// position.
Position givenOrRulesStart(const std::string& from, const Rules& rules, const std::string& code) {
    if (!from.empty() || rules.isOthello()) return startPosition(from);
    if (const auto start = rulesStart(rules)) return *start;
    throw InputError("--rules " + code + ": the rules start from a given position: say --from");
}

namespace {

struct PerftOptions {
    int depth = 0;
    std::string from;
    std::string rules;
    bool json = false;
};

// The start of a perft under rules, except that placements start from the cross they lead to
// (the published figures; --from with an empty board counts the placements too).
Position perftStart(const PerftOptions& o, const Rules& rules) {
    if (o.from.empty() && rules.start == Start::Placements) {
        const Position cross = Position::start();
        return Position(cross.black(), cross.white(), rules.firstToMove);
    }
    return givenOrRulesStart(o.from, rules, o.rules);
}

int runPerft(const PerftOptions& o) {
    const Rules rules = rulesOf(o.rules);
    const Position start = perftStart(o, rules);
    const auto t0 = std::chrono::steady_clock::now();
    const std::uint64_t nodes =
        rules.isOthello() ? perft(start, o.depth) : perft(start, o.depth, rules);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (o.json) {
        nlohmann::json j{{"depth", o.depth}, {"nodes", nodes}, {"seconds", seconds}};
        if (!rules.isOthello()) j["rules"] = rulesCode(rules);
        fmt::print("{}\n", j.dump());
    } else if (rules.isOthello()) {
        fmt::print("perft({}) = {}\n", o.depth, nodes);
    } else {
        fmt::print("perft({}) = {} ({})\n", o.depth, nodes, rulesCode(rules));
    }
    return kExitOk;
}

RegisterCommand perftCommand("perft", [](CLI::App& app, Action& action) {
    auto o = std::make_shared<PerftOptions>();
    auto* sub = app.add_subcommand(
        "perft",
        "Count the leaf nodes of the game tree DEPTH plies deep (a pass is a ply, a "
        "finished game one leaf)");
    sub->add_option("DEPTH", o->depth, "Depth in plies")->required()->check(CLI::Range(0, 20));
    sub->add_option("--from", o->from, "Start board: 64 characters X/O/- and the side to move");
    addRulesOption(sub, o->rules,
                   "Rules code: othello (default), reversi (one line flips, chosen by the mover: "
                   "each line a move), reversi-all-lines, with +modifiers (README, Rule sets); "
                   "placements start from the cross unless --from gives the empty board");
    sub->add_flag("--json", o->json, "Print a JSON object");
    sub->callback([o, &action] { action = [o] { return runPerft(*o); }; });
});

struct ReplayOptions {
    std::string moves;
    std::optional<int> ply;
    std::string from;
    std::string rules;
    bool json = false;
};

int passesBefore(const ReplayResult& r, std::size_t index) {
    int passes = 0;
    for (std::size_t i = 0; i < index; ++i) passes += r.plies[i].square == kPass;
    return passes;
}

// The moves of `p` under `rules` as written ("f5", "c4>e6"), passes left out; and their squares.
std::vector<std::string> legalNames(const Position& p, const Rules& rules, Bitboard* squares) {
    std::vector<std::string> names;
    for (const RuleMove& m : ruleMoves(p, rules)) {
        if (m.square == kPass) continue;
        names.push_back(moveName(m.move));
        if (squares) *squares |= bit(m.square);
    }
    return names;
}

// Under Othello's rules the same figures as ever: its moves are the legal squares in order, its
// game end and score Position's.
nlohmann::json positionJson(const ReplayResult& r, std::size_t index, const Rules& rules) {
    const Position& p = r.positions[index];
    const bool over = isGameOver(p, rules);
    const int passes = passesBefore(r, index);
    std::vector<std::string> played;
    for (std::size_t i = 0; i < index; ++i)
        if (r.plies[i].square != kPass) played.push_back(moveName(r.plies[i].token()));
    const std::vector<std::string> legal = legalNames(p, rules, nullptr);
    nlohmann::json j;
    j["board"] = boardString(p);
    j["to_move"] = over ? "none" : colorName(p.toMove());
    j["black"] = p.count(Color::Black);
    j["white"] = p.count(Color::White);
    j["empty"] = p.emptyCount();
    j["passes"] = passes;
    j["ply"] = index;
    j["plies"] = r.plies.size();
    j["moves"] = played;
    j["legal_moves"] = legal;
    j["over"] = over;
    if (over) {
        const Score s = finalScore(p, rules.scoring);
        j["score"] = {s.black, s.white};
    } else {
        j["score"] = nullptr;
    }
    if (!rules.isOthello()) j["rules"] = rulesCode(rules);
    return j;
}

int runReplay(const ReplayOptions& o) {
    const Rules rules = rulesOf(o.rules);
    const ReplayResult r = replayMoves(givenOrRulesStart(o.from, rules, o.rules), o.moves, rules);
    std::size_t index = r.plies.size();
    if (o.ply) {
        if (*o.ply < 0 || static_cast<std::size_t>(*o.ply) > r.plies.size())
            throw InputError(
                fmt::format("--ply {} is outside the game (0..{} plies, passes "
                            "included)",
                            *o.ply, r.plies.size()));
        index = static_cast<std::size_t>(*o.ply);
    }
    if (o.json) {
        fmt::print("{}\n", positionJson(r, index, rules).dump());
        return kExitOk;
    }
    const Position& p = r.positions[index];
    const int last = index > 0 ? r.plies[index - 1].square : kNoSquare;
    Bitboard marks = 0;
    legalNames(p, rules, &marks);
    fmt::print("{}", boardDiagram(p, marks, last == kPass ? kNoSquare : last));
    const int passes = passesBefore(r, index);
    fmt::print("ply {} of {}; black {} discs, white {} discs; passes: {}\n", index, r.plies.size(),
               p.count(Color::Black), p.count(Color::White), passes);
    if (isGameOver(p, rules)) {
        const Score s = finalScore(p, rules.scoring);
        fmt::print("game over: {}-{}\n", s.black, s.white);
    } else {
        fmt::print("{} to move{}\n", colorName(p.toMove()), p.mustPass() ? " (must pass)" : "");
    }
    return kExitOk;
}

RegisterCommand replayCommand("replay", [](CLI::App& app, Action& action) {
    auto o = std::make_shared<ReplayOptions>();
    auto* sub = app.add_subcommand(
        "replay",
        "Replay a move sequence and print the board (X black, O white, * legal move, "
        "( last move)");
    sub->add_option("MOVES", o->moves,
                    "Moves such as f5d6c3 or \"f5 d6 c3\"; passes (pa, pass, --) may be omitted")
        ->required();
    sub->add_option("--ply", o->ply,
                    "Show the position after N plies (passes count as plies); default: the end");
    sub->add_option("--from", o->from,
                    "Start board: 64 characters X/O/- row by row from a1, then the side to move");
    addRulesOption(sub, o->rules,
                   "Rules code: othello (default), reversi, reversi-all-lines, +modifiers "
                   "(README, Rule sets): placements from the empty board, one-line moves as "
                   "c4>e6, the rules' score");
    sub->add_flag("--json", o->json, "Print a JSON object");
    sub->callback([o, &action] { action = [o] { return runReplay(*o); }; });
});

}  // namespace
}  // namespace othello::cli
