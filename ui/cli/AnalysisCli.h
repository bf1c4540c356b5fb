#pragma once
// Shared by analyze, show and check --verify-theoretical: the text and JSON forms of endgame
// reviews (analysis/GameReview.h), and the stored review of a game.
#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "core/Words.h"

#include "analysis/GameReview.h"
#include "storage/cache/AnalysisCache.h"

namespace othello::cli {

// The point of view every value is given from (in text and JSON): Black's.
inline constexpr const char* kPointOfView = "black";

// {"ply", "move_number", "side", "empties", "move", "kind": "exact"|"estimate", "depth"
//  (empties solved, or search depth), "value", "best_moves", "played_value", "loss"}, and with
// allMoves "moves": [{"move", "value", "kind", "loss"}] (every legal move, best first).
nlohmann::json reviewedMoveJson(const analysis::ReviewedMove& m, bool allMoves = false);
// {"moves_checked", "exact_moves", "perfect_moves", "discs_lost", "average_loss", "mistakes",
//  "blunders", "max_loss", "max_loss_at": {"ply", "move_number", "move"} or null}
nlohmann::json sideSummaryJson(const analysis::SideSummary& s);
// {"empties", "point_of_view": "black", "midgame", ["depth", "seconds_per_position" (null: no
//  budget)] when midgame, "all_moves", "complete", "moves": [...], "summary": {"black",
//  "white"}}
nlohmann::json reviewJson(const analysis::GameReview& r);
// {"searched", "solved", "cached_estimates", "cached_exact", "nodes", "seconds"}
nlohmann::json reviewStatsJson(const analysis::ReviewStats& s);

// The table of judged moves, one line each (estimates marked "~" and by their depth, losses
// of a mistake or blunder named; with allMoves a line of every move's value), with a header
// saying how to read the values.
std::string reviewTable(const analysis::GameReview& r);
// "Black: 30 moves checked (12 exact), 20 perfect, 14 discs lost (average 0.47), 2 mistakes,
// 1 blunder; biggest loss 7 at move 23 (c4)" and the same for White ("(N exact)" only for a
// whole-game review).
std::string summaryLines(const analysis::GameReview& r);
// The moves that lost discs: "41. c1 (black) -4, 50. a8 (white) -2"; "none" when every
// judged move was perfect.
std::string blunderList(const analysis::GameReview& r);

// What `show` adds for a reviewed game. JSON: reviewJson plus "blunders": [{ply, move_number,
// side, move, loss}] (the moves that lost discs). Text: "endgame review (N empties): ..." with
// the blunders and the per-side summaries.
nlohmann::json showReviewJson(const analysis::GameReview& r);
std::string showReviewText(const analysis::GameReview& r);

// The current stored review of game `id` in the archive at `db`, nullopt when the game has none
// (or the archive cannot be read for it). Read-only; never creates anything.
std::optional<storage::StoredReview> storedReview(const std::filesystem::path& db, std::int64_t id);

// "+4", "0", "-2" (core/Words.h)
using core::signedValue;

}  // namespace othello::cli
