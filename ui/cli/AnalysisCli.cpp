// Text and JSON forms of endgame reviews, shared by analyze and show.
#include "AnalysisCli.h"

#include <fmt/core.h>

#include "core/Notation.h"

namespace othello::cli {

std::string signedValue(int v) {
    return v > 0 ? fmt::format("+{}", v) : fmt::format("{}", v);
}

nlohmann::json reviewedMoveJson(const analysis::ReviewedMove& m) {
    nlohmann::json best = nlohmann::json::array();
    for (int sq : m.bestMoves) best.push_back(core::squareName(sq));
    return {{"ply", m.ply},
            {"move_number", m.moveNumber},
            {"side", core::colorName(m.side)},
            {"empties", m.empties},
            {"move", core::squareName(m.move)},
            {"value", m.value},
            {"best_moves", best},
            {"played_value", m.playedValue},
            {"loss", m.loss}};
}

nlohmann::json sideSummaryJson(const analysis::SideSummary& s) {
    return {{"moves_checked", s.movesChecked},
            {"perfect_moves", s.perfectMoves},
            {"discs_lost", s.discsLost},
            {"max_loss", s.maxLoss}};
}

nlohmann::json reviewJson(const analysis::GameReview& r) {
    nlohmann::json moves = nlohmann::json::array();
    for (const analysis::ReviewedMove& m : r.moves) moves.push_back(reviewedMoveJson(m));
    return {
        {"empties", r.maxEmpties},
        {"point_of_view", kPointOfView},
        {"moves", moves},
        {"summary", {{"black", sideSummaryJson(r.black)}, {"white", sideSummaryJson(r.white)}}}};
}

std::string reviewTable(const analysis::GameReview& r) {
    std::string out = fmt::format(
        "values: final disc difference with perfect play, Black's point of view (+: Black "
        "ahead); loss: discs the mover gave away\n");
    if (r.moves.empty())
        return out + fmt::format("no move played with {} empties or fewer\n", r.maxEmpties);
    out += fmt::format("{:>5}  {:<4}  {:<5}  {:>7}  {:>5}  {:<14}  {:>6}  {:>4}\n", "move", "sq",
                       "side", "empties", "value", "best", "played", "loss");
    for (const analysis::ReviewedMove& m : r.moves) {
        std::string best;
        for (int sq : m.bestMoves) {
            if (!best.empty()) best += ' ';
            best += core::squareName(sq);
        }
        out += fmt::format("{:>5}  {:<4}  {:<5}  {:>7}  {:>5}  {:<14}  {:>6}  {:>4}\n",
                           m.moveNumber, core::squareName(m.move), core::colorName(m.side),
                           m.empties, signedValue(m.value), best, signedValue(m.playedValue),
                           m.loss ? std::to_string(m.loss) : std::string());
    }
    return out;
}

std::string summaryLines(const analysis::GameReview& r) {
    std::string out;
    for (const core::Color c : {core::Color::Black, core::Color::White}) {
        const analysis::SideSummary& s = r.summary(c);
        out += fmt::format("{}: {} checked, {} perfect, {} lost (worst {})\n",
                           c == core::Color::Black ? "Black" : "White",
                           s.movesChecked == 1 ? "1 move" : fmt::format("{} moves", s.movesChecked),
                           s.perfectMoves,
                           s.discsLost == 1 ? "1 disc" : fmt::format("{} discs", s.discsLost),
                           s.maxLoss);
    }
    return out;
}

std::string blunderList(const analysis::GameReview& r) {
    std::string out;
    for (const analysis::ReviewedMove& m : r.moves) {
        if (m.loss == 0) continue;
        if (!out.empty()) out += ", ";
        out += fmt::format("{}. {} ({}) -{}", m.moveNumber, core::squareName(m.move),
                           core::colorName(m.side), m.loss);
    }
    return out.empty() ? "none" : out;
}

nlohmann::json showReviewJson(const analysis::GameReview& r) {
    nlohmann::json j = reviewJson(r);
    nlohmann::json blunders = nlohmann::json::array();
    for (const analysis::ReviewedMove& m : r.moves)
        if (m.loss > 0)
            blunders.push_back({{"ply", m.ply},
                                {"move_number", m.moveNumber},
                                {"side", core::colorName(m.side)},
                                {"move", core::squareName(m.move)},
                                {"loss", m.loss}});
    j["blunders"] = blunders;
    return j;
}

std::string showReviewText(const analysis::GameReview& r) {
    std::string out = fmt::format("endgame review ({} empties, exact): blunders: {}\n",
                                  r.maxEmpties, blunderList(r));
    for (const core::Color c : {core::Color::Black, core::Color::White}) {
        const analysis::SideSummary& s = r.summary(c);
        out +=
            fmt::format("  {}: {}/{} perfect, {} lost\n",
                        c == core::Color::Black ? "Black" : "White", s.perfectMoves, s.movesChecked,
                        s.discsLost == 1 ? "1 disc" : fmt::format("{} discs", s.discsLost));
    }
    return out;
}

std::optional<storage::StoredReview> storedReview(const std::filesystem::path& db,
                                                  std::int64_t id) {
    try {
        storage::AnalysisCache cache(db, storage::Archive::Mode::ReadOnly);
        return cache.review(id);
    } catch (const std::runtime_error&) {
        return std::nullopt;  // no analysis to show is not an error of `show`
    }
}

}  // namespace othello::cli
