#pragma once
// Shared by analyze, show and check --verify-theoretical: the text and JSON forms of endgame
// reviews (analysis/GameReview.h), and the stored review of a game.
#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "analysis/GameReview.h"
#include "storage/AnalysisCache.h"

namespace othello::cli {

// The point of view every value is given from (in text and JSON): Black's.
inline constexpr const char* kPointOfView = "black";

// {"ply", "move_number", "side", "empties", "move", "value", "best_moves", "played_value",
//  "loss"}
nlohmann::json reviewedMoveJson(const analysis::ReviewedMove& m);
// {"moves_checked", "perfect_moves", "discs_lost", "max_loss"}
nlohmann::json sideSummaryJson(const analysis::SideSummary& s);
// {"empties", "point_of_view": "black", "moves": [...], "summary": {"black", "white"}}
nlohmann::json reviewJson(const analysis::GameReview& r);

// The table of judged moves, one line each, with a header saying how to read the values.
std::string reviewTable(const analysis::GameReview& r);
// "Black: 12 moves checked, 10 perfect, 6 discs lost (worst 4)" and the same for White.
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

// "+4", "0", "-2"
std::string signedValue(int v);

}  // namespace othello::cli
