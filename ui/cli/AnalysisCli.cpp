// Text and JSON forms of endgame reviews, shared by analyze and show.
#include "AnalysisCli.h"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>

#include "core/Notation.h"

namespace othello::cli {

const char* kindName(analysis::ValueKind kind) {
    return analysis::valueKindName(kind);
}

std::string lossMark(int loss) {
    if (loss >= analysis::kBlunderLoss) return "blunder";
    if (loss >= analysis::kMistakeLoss) return "mistake";
    return {};
}

nlohmann::json reviewedMoveJson(const analysis::ReviewedMove& m, bool allMoves) {
    nlohmann::json best = nlohmann::json::array();
    for (int sq : m.bestMoves) best.push_back(core::moveName(sq));
    nlohmann::json j = {{"ply", m.ply},
                        {"move_number", m.moveNumber},
                        {"side", core::colorName(m.side)},
                        {"empties", m.empties},
                        {"move", core::moveName(m.move)},
                        {"kind", kindName(m.kind)},
                        {"depth", m.depth},
                        {"value", m.value},
                        {"best_moves", best},
                        {"played_value", m.playedValue},
                        {"loss", m.loss}};
    if (allMoves) {
        const int mover = m.side == core::Color::Black ? 1 : -1;
        nlohmann::json all = nlohmann::json::array();
        for (const analysis::MoveValue& v : m.moves)
            all.push_back({{"move", core::moveName(v.square)},
                           {"value", v.value},
                           {"kind", kindName(v.kind)},
                           {"loss", std::max(0, mover * (m.value - v.value))}});
        j["moves"] = std::move(all);
    }
    return j;
}

nlohmann::json sideSummaryJson(const analysis::SideSummary& s) {
    nlohmann::json worst = nullptr;
    if (s.maxLossPly >= 0)
        worst = {{"ply", s.maxLossPly},
                 {"move_number", s.maxLossMoveNumber},
                 {"move", core::moveName(s.maxLossMove)}};
    return {{"moves_checked", s.movesChecked},
            {"exact_moves", s.exactMoves},
            {"perfect_moves", s.perfectMoves},
            {"discs_lost", s.discsLost},
            {"average_loss", std::round(s.averageLoss() * 100) / 100},
            {"mistakes", s.mistakes},
            {"blunders", s.blunders},
            {"max_loss", s.maxLoss},
            {"max_loss_at", worst}};
}

nlohmann::json reviewJson(const analysis::GameReview& r) {
    nlohmann::json moves = nlohmann::json::array();
    for (const analysis::ReviewedMove& m : r.moves)
        moves.push_back(reviewedMoveJson(m, r.allMoves));
    nlohmann::json j = {
        {"empties", r.maxEmpties},
        {"point_of_view", kPointOfView},
        {"midgame", r.midgame},
        {"moves", moves},
        {"summary", {{"black", sideSummaryJson(r.black)}, {"white", sideSummaryJson(r.white)}}}};
    if (r.midgame) {
        j["depth"] = r.depth;
        j["seconds_per_position"] =
            r.secondsPerPosition > 0 ? nlohmann::json(r.secondsPerPosition) : nullptr;
    }
    j["all_moves"] = r.allMoves;
    j["complete"] = r.complete;
    return j;
}

nlohmann::json reviewStatsJson(const analysis::ReviewStats& s) {
    return {{"searched", s.searched},
            {"solved", s.solved},
            {"cached_estimates", s.cachedEstimates},
            {"cached_exact", s.cachedExact},
            {"nodes", s.nodes},
            {"seconds", std::round(s.seconds * 1000) / 1000}};
}

std::string reviewTable(const analysis::GameReview& r) {
    std::string out = fmt::format(
        "values: final disc difference, Black's point of view (+: Black ahead): exact with "
        "perfect play{}; loss: discs the mover gave away (mistake >= {}, blunder >= {})\n",
        r.midgame ? fmt::format(" from {} empties on, before that estimates (~) of the midgame "
                                "search at the depth shown",
                                r.maxEmpties)
                  : std::string(),
        analysis::kMistakeLoss, analysis::kBlunderLoss);
    if (r.moves.empty())
        return out + (r.midgame
                          ? std::string("no move to judge\n")
                          : fmt::format("no move played with {} empties or fewer\n", r.maxEmpties));
    out += fmt::format("{:>5}  {:<4}  {:<5}  {:>7}  {:<8}  {:>5}  {:<14}  {:>6}  {:>4}\n", "move",
                       "sq", "side", "empties", "by", "value", "best", "played", "loss");
    for (const analysis::ReviewedMove& m : r.moves) {
        std::string best;
        for (int sq : m.bestMoves) {
            if (!best.empty()) best += ' ';
            best += core::moveName(sq);
        }
        const bool exact = m.kind == analysis::ValueKind::Exact;
        const char* mark = exact ? "" : "~";
        const std::string loss = m.loss ? fmt::format("{} {}", m.loss, lossMark(m.loss)) : "";
        out += fmt::format("{:>5}  {:<4}  {:<5}  {:>7}  {:<8}  {:>5}  {:<14}  {:>6}  {}\n",
                           m.moveNumber, core::moveName(m.move), core::colorName(m.side),
                           m.empties, exact ? "exact" : fmt::format("depth {}", m.depth),
                           fmt::format("{}{}", mark, signedValue(m.value)), best,
                           fmt::format("{}{}", mark, signedValue(m.playedValue)), loss);
        if (r.allMoves && !m.moves.empty()) {
            std::string all;
            for (const analysis::MoveValue& v : m.moves)
                all += fmt::format(" {} {}{}", core::moveName(v.square),
                                   v.kind == analysis::ValueKind::Exact ? "" : "~",
                                   signedValue(v.value));
            out += fmt::format("{:>7}every move:{}\n", "", all);
        }
    }
    if (!r.complete) out += "(stopped before the end of the game)\n";
    return out;
}

std::string summaryLines(const analysis::GameReview& r) {
    std::string out;
    const auto count = [](int n, const char* one, const char* many) {
        return fmt::format("{} {}", n, n == 1 ? one : many);
    };
    for (const core::Color c : {core::Color::Black, core::Color::White}) {
        const analysis::SideSummary& s = r.summary(c);
        std::string exact;
        if (r.midgame) exact = fmt::format(" ({} exact)", s.exactMoves);
        std::string worst = "no loss";
        if (s.maxLossPly >= 0)
            worst = fmt::format("biggest loss {} at move {} ({})", s.maxLoss, s.maxLossMoveNumber,
                                core::moveName(s.maxLossMove));
        out += fmt::format("{}: {} checked{}, {} perfect, {} lost (average {:.2f}), {}, {}; {}\n",
                           c == core::Color::Black ? "Black" : "White",
                           count(s.movesChecked, "move", "moves"), exact, s.perfectMoves,
                           count(s.discsLost, "disc", "discs"), s.averageLoss(),
                           count(s.mistakes, "mistake", "mistakes"),
                           count(s.blunders, "blunder", "blunders"), worst);
    }
    return out;
}

std::string blunderList(const analysis::GameReview& r) {
    std::string out;
    for (const analysis::ReviewedMove& m : r.moves) {
        if (m.loss == 0) continue;
        if (!out.empty()) out += ", ";
        out += fmt::format("{}. {} ({}) -{}", m.moveNumber, core::moveName(m.move),
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
                                {"move", core::moveName(m.move)},
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
