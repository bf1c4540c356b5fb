#pragma once
// The JSON forms of archive results, written once for the command line's --json output
// (ui/cli: search, stats, show, events, event) and the JSON API of `serve` (web/Api.h), so
// that a script written against one reads the other byte for byte. Each front end adds only
// what is its own: the CLI's `source` and `analysis` of a game, the API's `tournament` ids,
// paging fields and the queried `board` of statistics.
//
// Exact text. Names read from records may hold bytes that are not valid UTF-8, which JSON
// strings cannot carry. exactJsonText writes such a string member "KEY" with each invalid byte
// replaced by U+FFFD and adds a sibling "KEY_bytes" holding the exact bytes in lower-case hex
// (two digits a byte), only when the value is not valid UTF-8: any JSON parser reads every
// output, and a program wanting the exact name decodes KEY_bytes. Strings inside arrays get the
// replacement only (no name is put in an array: lists of names are arrays of objects).
#include <cstddef>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/Replay.h"
#include "importers/GameResult.h"
#include "storage/Archive.h"
#include "storage/tournaments/Standings.h"
#include "storage/tournaments/Tournament.h"

namespace othello::storage {

// `j` dumped on one line, with every string member that is not valid UTF-8 replaced and given
// its KEY_bytes sibling (recursively).
std::string exactJsonText(nlohmann::json j);

// A move list: an array of lowercase squares (a one-line move naming its line: "c4>e6"), passes
// omitted (passCount gives their number).
nlohmann::json movesJson(const std::vector<int>& moves);
int passCount(const std::vector<int>& moves);

// One row of search results: {id, black, white, event, year, result, unfinished, black_score,
// white_score, complete, result_known, moves, passes, ply, opening, rules, rules_text, handicap}.
nlohmann::json gameRowJson(const GameRow& row);
// The result of a row as every list shows it: a finished game scored by its discs shows them.
importers::GameResult rowResult(const GameRow& row);
// Sets "rules" (core::rulesCode), "rules_text" (core::rulesDescription) and "handicap" (null, or
// {corners: ["a1", "h8"], to: "white"}) on `j`: every game's JSON carries them. A code this
// program cannot read (`unreadable`) is given as it is stored, "rules_text" saying "unknown
// rules (<code>)", "handicap" null: never the stand-in rules as if they were the game's.
// How lists and `show` say such a code: "unknown rules (othello+later)".
std::string unreadableRulesText(const std::string& code);
void addRulesJson(nlohmann::json& j, const core::Rules& rules,
                  const std::optional<std::string>& unreadable = std::nullopt);

// One game at ply `ply` of `replay` (core::replay of its start and moves; ply <=
// replay.plies.size(), the caller checks): {id, black, white, event, round, date, year, place,
// result, variant, komi, rules, rules_text, handicap, unfinished, complete, black_discs,
// white_discs, black_score, stated_black, theoretical_score, theoretical_depth, start, moves,
// passes, opening, opening_detail (openingDetailJson), format, ply, board, to_move, comments,
// variations} (annotationsJson).
nlohmann::json gameJson(const StoredGame& game, const core::ReplayResult& replay, std::size_t ply);

// A game's comments and variations (importers/Annotations.h): {"comments": [{"ply": 1,
// "text": "..."}], "variations": [{"ply": 1, "moves": ["f6", "e6"], "comments": [...],
// "variations": [...]}]}. A comment's ply is the position of its line it follows (0: before
// the line's first move); a variation replaces its parent line's move at `ply` (0-based: ply 1
// of the main line is White's first move); its moves are squares with "pass" for a pass (so
// that its own comments' and variations' plies count as written), and its comments and
// variations count its own plies.
nlohmann::json annotationsJson(const importers::GameRecord& record);

// A position's statistics: {games, black_wins, draws, white_wins, avg_black_score, unfinished,
// opening, opening_detail, moves: [{move, games, black_wins, ...}]}.
nlohmann::json statsJson(const PositionStats& stats);

// One opening of the catalogue, as `openings --json` lists it: {name ("Tiger (虎定石)"),
// english: [the usual English name, then its aliases], japanese: [the same in Japanese],
// sources: [tags of the lists naming it], moves: "f5 d6 c3 d3 c4"}.
nlohmann::json openingJson(const Opening& opening);
// `opening_detail` of a game or a position (show, stats, the API): openingJson of the
// catalogue's opening whose name is `name` (the combined name a game's `opening` holds,
// kept as it was for the scripts reading it), null when `name` is "" or names none.
nlohmann::json openingDetailJson(const std::string& name);

// One event of `events`: {id, name, year, games, players, is_tournament,
// not_tournament_reason, events: [{id, name}]}.
nlohmann::json summaryJson(const TournamentSummary& t);

// One event with its standings as `event` shows them: summaryJson plus rounds, rounds_from,
// brightwell_constant, standings: [{rank, player, points, brightwell, discs, games, wins,
// draws, losses, unscored, byes, withdrawn, withdrawn_after_round, results: [...]}],
// crosstable, game_list (each with its stage), and withdrawals: [{player, after_round}] (the
// stored ones, Tournament::withdrawals; after_round null when not given); the structure:
// rounds_stated, stated_rounds, notes: [{text}] (structureNotes, what is guessed said in
// words), guessed_playoffs: [ids], stage_games: [{id, stage, stage_from: "stated"|"round",
// round, black, white, result, black_points, white_points, scoring}]. Standings, crosstable
// and the round fields are null (notes and lists empty) for a collection that is not a
// tournament.
nlohmann::json eventJson(const Tournament& t, const Standings& standings);
// eventJson with the standings computed under `options`, and, for an event whose games are
// scored by different rules (splitByScoring), "scoring_tables": one eventJson per scoring, each
// with its "scoring" ("empties" or "discs"); `event --json` and the API's /api/events/ID.
nlohmann::json eventJsonByScoring(const Tournament& t, const StandingsOptions& options);

}  // namespace othello::storage
