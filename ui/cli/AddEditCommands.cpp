// othello-db add and edit: entering and correcting games (storage/Archive.h, "Editing, the
// trash and the journal"; the trash's commands are TrashCommands.cpp).
#include <fmt/core.h>

#include <algorithm>
#include <memory>

#include "AnnotationCli.h"
#include "EditCli.h"
#include "JsonOutput.h"
#include "MoveCorrection.h"
#include "core/Notation.h"
#include "importers/GameResult.h"
#include "importers/TextEscape.h"
#include "storage/query/FilterText.h"

namespace othello::cli {

using importers::text::escapeForTerminal;

namespace {

// The header options of add and edit.
struct HeaderOptions {
    std::optional<std::string> black, white, event, date, round, place, result;
};

void addHeaderOptions(CLI::App* sub, HeaderOptions& h) {
    sub->add_option("--black", h.black, "Black's name");
    sub->add_option("--white", h.white, "White's name");
    sub->add_option("--event", h.event, "The event (tournament) name");
    sub->add_option("--date", h.date, "The date: YYYY, YYYY-MM or YYYY-MM-DD");
    sub->add_option("--round", h.round, "The round");
    sub->add_option("--place", h.place, "Where it was played");
    sub->add_option("--result", h.result,
                    "The result: a score (33-31, Black's discs first), 1-0, 0-1, 1/2-1/2, or * "
                    "for none. Checked against a finished game; kept as stated for an "
                    "unfinished one (a resignation, a loss on time or by forfeit)");
}

storage::GameHeaders headersOf(const HeaderOptions& h) {
    storage::GameHeaders g;
    g.black = h.black;
    g.white = h.white;
    g.event = h.event;
    g.date = h.date;
    g.round = h.round;
    g.place = h.place;
    g.result = h.result;
    return g;
}

// A move list as typed (core/Notation.h grammar): UsageError when it does not parse.
std::vector<int> parsedMoves(const std::string& text) {
    const core::MovesParse m = core::parseMoves(text);
    if (m.error)
        throw UsageError(
            fmt::format("--moves: {} at column {}", m.error->message, m.error->column + 1));
    return m.moves;
}

struct AddOptions {
    std::string moves, from, db, user, rules, handicap, to;
    bool whiteFirst = false;
    HeaderOptions headers;
    bool json = false;
};

// The rules of --rules, --handicap, --to and --white-first (UsageError when they do not go
// together); nullopt when none is given (Othello's, fitted to --from).
std::optional<core::Rules> addedRules(const AddOptions& o) {
    if (o.rules.empty() && o.handicap.empty() && o.to.empty() && !o.whiteFirst) return std::nullopt;
    core::Rules rules;
    if (!o.rules.empty()) {
        const core::RulesParse parsed = core::parseRules(o.rules);
        if (parsed.error) throw UsageError("--rules: " + *parsed.error);
        rules = parsed.rules;
    }
    if (o.handicap.empty() != o.to.empty())
        throw UsageError("--handicap CORNERS and --to COLOUR go together (--handicap a1,h8 --to white)");
    if (!o.handicap.empty()) {
        if (!o.from.empty()) throw UsageError("give --handicap or --from, not both");
        std::string why;
        const auto corners = storage::parseCorners(o.handicap, why);
        if (!corners) throw UsageError("--handicap: " + why);
        if (!*corners) throw UsageError("--handicap: give one to four corners (a1,h8)");
        if (o.to != "black" && o.to != "white")
            throw UsageError("--to: black or white (who is given the corners), got \"" + o.to + "\"");
        rules.start = core::Start::Handicap;
        rules.handicapCorners = *corners;
        rules.handicapTo = o.to == "black" ? core::Color::Black : core::Color::White;
    }
    if (o.whiteFirst) rules.firstToMove = core::Color::White;
    return rules;
}

int runAdd(const AddOptions& o) {
    std::optional<core::Position> from;
    if (!o.from.empty()) {
        const core::BoardParse b = core::parseBoard(o.from);
        if (b.error) throw UsageError("--from: " + b.error->message);
        from = b.position;
    }
    const std::optional<core::Rules> rules = addedRules(o);
    const std::vector<int> moves = parsedMoves(o.moves);
    auto archive = openForEdit(o.db, o.user);
    const auto record = storageCall([&] {
        if (rules) return storage::enteredGame(*rules, from, moves, headersOf(o.headers));
        return storage::enteredGame(from.value_or(core::Position::start()), moves,
                                    headersOf(o.headers));
    });
    const auto r = storageCall([&] { return archive.addGame(record); });
    if (o.json) {
        printJson({{"game", r.game},
                   {"change", r.change},
                   {"result", importers::GameResult::of(record).text()},
                   {"complete", record.complete()},
                   {"rules", core::rulesCode(record.rules)}});
    } else {
        fmt::print("added game {} (change {}): {} - {}, {}{}\n", r.game, r.change,
                   escapeForTerminal(record.black), escapeForTerminal(record.white),
                   importers::GameResult::of(record).text(),
                   record.rules.isOthello() ? std::string()
                                            : " (" + core::rulesDescription(record.rules) + ")");
    }
    return kExitOk;
}

RegisterCommand addCommand("add", [](CLI::App& app, Action& action) {
    auto o = std::make_shared<AddOptions>();
    auto* sub = app.add_subcommand("add", "Enter a game into the archive (from a score sheet)");
    sub->add_option("--moves", o->moves, "The moves (f5d6c3..., passes may be left out)")
        ->required();
    sub->add_option("--from", o->from,
                    "The start position as a board string (arbitrary starts; the cross plus "
                    "corners of one colour is a handicap game; default: the rules' start)");
    sub->add_option("--rules", o->rules,
                    "The rules (othello, reversi, reversi-all-lines, with +modifiers: see the "
                    "README's Rule sets); default othello");
    sub->add_option("--handicap", o->handicap,
                    "A handicap game (the Mattel booklet): these corners (one to four of "
                    "a1,h1,a8,h8) on the board at the start, given to --to");
    sub->add_option("--to", o->to, "With --handicap: black or white, who is given the corners");
    sub->add_flag("--white-first", o->whiteFirst,
                  "White moves first (the booklet lets the weaker player start)");
    addHeaderOptions(sub, o->headers);
    addUserOption(sub, o->user);
    addDbOption(sub, o->db);
    sub->add_flag("--json", o->json, "Print {game, change, result, complete, rules}");
    sub->footer(
        "The moves are replayed under the rules: an illegal move is refused (exit 1) with its "
        "move number, ply and square. Classic Reversi (--rules reversi) starts with the four "
        "placements on the centre squares (d5e4... as moves), and a move that outflanks "
        "several lines names the one it flips (c4>e6). The result follows the rules' scoring: "
        "a Reversi game ending 34-29 on the board is --result 34-29 (35-29 is refused); "
        "Othello's gives the empties to the winner. Names not given are \"?\". Prints the new "
        "game's id; the addition is journalled (`othello-db history`) and can be reverted "
        "(`othello-db revert CHANGE`).");
    sub->callback(
        [o, &action] { action = [o] { return runCommand([o] { return runAdd(*o); }); }; });
});

struct EditOptions {
    std::int64_t id = 0;
    std::optional<std::string> moves, rules;
    std::vector<std::pair<int, std::string>> move;  // --move PLY SQUARE, repeatable
    HeaderOptions headers;
    AnnotationEditOptions annotations;
    std::string db, user;
    bool json = false;
};

int runEdit(const EditOptions& o) {
    checkId(o.id);
    const auto& h = o.headers;
    if (!h.black && !h.white && !h.event && !h.date && !h.round && !h.place && !h.result &&
        !o.moves && o.move.empty() && !o.annotations.given() && !o.rules)
        throw UsageError(
            "nothing to change: give --black, --white, --event, --date, --round, "
            "--place, --result, --rules, --moves, --move, --comment, --clear-comments, "
            "--clear-variations or --annotations-from");
    if (o.moves && !o.move.empty()) throw UsageError("give --moves or --move, not both");
    std::optional<std::vector<int>> moves;
    if (o.moves) moves = parsedMoves(*o.moves);
    auto archive = openForEdit(o.db, o.user);
    if (!o.move.empty()) {
        std::vector<MoveChange> changes;
        for (const auto& [ply, text] : o.move) {
            const core::MovesParse square = core::parseMoves(text);
            if (square.error || square.moves.size() != 1)
                throw UsageError("--move PLY SQUARE: SQUARE is a square (f5) or pass, got \"" +
                                 text + "\"");
            changes.push_back({ply, square.moves[0]});
        }
        const auto g = archive.game(o.id);
        if (!g) throw InputError(fmt::format("no game {} (or it is in the trash)", o.id));
        moves = withMovesChanged(g->record.start, g->record.moves, changes);
    }
    std::optional<storage::GameAnnotations> annotations;
    if (o.annotations.given()) {
        // Read before the edit's transaction: the edit refuses a game changed meanwhile only
        // through its checks, as for the other fields (last writer wins).
        const auto g = archive.game(o.id);
        if (!g) throw InputError(fmt::format("no game {} (or it is in the trash)", o.id));
        std::vector<int> line = g->record.moves;
        if (moves) {
            // The moves as the edit will store them: passes made explicit by a replay.
            line = storageCall([&] {
                       return storage::enteredGame(g->record.rules, g->record.start, *moves, {});
                   }).moves;
        }
        annotations = editedAnnotations(o.annotations, g->record, line);
    }
    const auto r = storageCall(
        [&] { return archive.editGame(o.id, headersOf(h), moves, annotations, o.rules); });
    std::string summary;
    if (r.change)
        if (auto c = archive.change(r.change)) summary = c->summary;
    if (o.json) {
        printJson({{"game", r.game},
                   {"change", r.change ? nlohmann::json(r.change) : nlohmann::json(nullptr)},
                   {"fields", r.fields},
                   {"summary", summary}});
    } else if (!r.change) {
        fmt::print("game {}: nothing changed (the values are already those)\n", r.game);
    } else {
        fmt::print("{} (change {})\n", escapeForTerminal(summary), r.change);
    }
    return kExitOk;
}

RegisterCommand editCommand("edit", [](CLI::App& app, Action& action) {
    auto o = std::make_shared<EditOptions>();
    auto* sub = app.add_subcommand(
        "edit", "Correct a stored game's headers, moves, comments or variations");
    sub->add_option("ID", o->id, "The game's id")->required();
    sub->add_option("--moves", o->moves,
                    "The game's moves, all of them, from its start (the game is re-indexed)");
    sub->add_option("--move", o->move,
                    "PLY SQUARE: play SQUARE at ply PLY instead (plies counted from 1, passes "
                    "included, as show --ply counts them); the moves after it are replayed as "
                    "they were. Repeat it to change several moves in one edit (two moves "
                    "written in each other's place)")
        ->type_name("PLY SQUARE");
    sub->add_option("--rules", o->rules,
                    "The game's rules (a code: othello, reversi, reversi-all-lines, +modifiers): "
                    "refused unless its moves replay under them (give --moves too to change "
                    "both); journalled and revertible like every edit");
    addHeaderOptions(sub, o->headers);
    addAnnotationEditOptions(sub, o->annotations);
    addUserOption(sub, o->user);
    addDbOption(sub, o->db);
    sub->add_flag("--json", o->json, "Print {game, change, fields, summary}");
    sub->footer(
        "The game's positions, statistics, duplicate keys and opening change in the same "
        "transaction (a reader sees the old game or the new one); a moves edit drops its cached "
        "endgame review. The edit is journalled with the old values (`othello-db history ID`) "
        "and can be reverted (`othello-db revert CHANGE`). The game keeps the key of the record "
        "it was imported from: importing that file again does not bring the old version back. "
        "Comments and variations are one field (\"annotations\"), journalled and reverted "
        "together; a --moves edit that would leave some off the new line is refused unless "
        "the same edit gives them (--clear-comments, --clear-variations, --annotations-from). "
        "--move PLY SQUARE corrects one move (repeated: several, in one edit): the moves after "
        "it are replayed as they were "
        "(passes made again where the new position forces them); when they no longer replay, "
        "the message names the ply where they stop and nothing changes. A stated result that "
        "agreed with the old moves follows the new final score. The history shows the first "
        "ply a moves edit changed and the moves there.");
    sub->callback(
        [o, &action] { action = [o] { return runCommand([o] { return runEdit(*o); }); }; });
});

}  // namespace
}  // namespace othello::cli
