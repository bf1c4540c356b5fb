// othello-db show and info: one stored game, and what the archive holds.
#include <fmt/core.h>

#include <memory>

#include "AnalysisCli.h"
#include "JsonOutput.h"
#include "StorageCli.h"
#include "core/Notation.h"
#include "core/Replay.h"
#include "importers/GameResult.h"
#include "importers/TextEscape.h"

namespace othello::cli {
namespace {

using importers::text::escapeForTerminal;

struct ShowOptions {
    std::int64_t id = 0;
    std::optional<int> ply;
    std::string db;
    bool json = false;
};

int runShow(const ShowOptions& o) {
    if (o.id < 1 || o.id > storage::kMaxGameId)
        throw UsageError(fmt::format("ID: game ids are 1..{}, got {}", storage::kMaxGameId, o.id));
    auto archive = openArchive(o.db, storage::Archive::Mode::ReadOnly);
    const auto g = archive.game(o.id);
    if (!g) throw InputError(fmt::format("no game with id {}", o.id));
    const auto review = storedReview(archive.path(), g->id);  // `analyze`: blunders marked
    const importers::GameRecord& r = g->record;
    const core::ReplayResult replay = core::replay(r.start, r.moves);
    std::size_t ply = replay.plies.size();
    if (o.ply) {
        if (*o.ply < 0 || static_cast<std::size_t>(*o.ply) > replay.plies.size())
            throw InputError(
                fmt::format("--ply {} is outside the game (0..{})", *o.ply, replay.plies.size()));
        ply = static_cast<std::size_t>(*o.ply);
    }
    const core::Position& p = replay.positions[ply];
    std::vector<std::string> moves;
    for (int m : r.moves) moves.push_back(m == core::kPass ? "pass" : core::squareName(m));
    if (o.json) {
        nlohmann::json j;
        j["id"] = g->id;
        j["black"] = r.black;
        j["white"] = r.white;
        j["event"] = r.event;
        j["round"] = r.round;
        j["date"] = r.date;
        j["year"] = r.year;
        j["place"] = r.place;
        j["result"] = importers::resultText(r);  // as every list shows it
        // The GGF game type (GameVariant.h): null for plain Othello.
        j["variant"] = r.variant.standard() ? nlohmann::json(nullptr)
                                            : nlohmann::json(importers::ggfType(r.variant));
        j["komi"] = r.variant.komi ? nlohmann::json(*r.variant.komi) : nlohmann::json(nullptr);
        j["unfinished"] = !r.complete();
        j["complete"] = r.complete();
        j["black_discs"] = r.score.black;
        j["white_discs"] = r.score.white;
        // Black's result: null for an unfinished game that states none (its discs are no result).
        const importers::GameResult result = importers::GameResult::of(r);
        const bool hasScore = result.known() && !result.winner && result.written.empty();
        j["black_score"] = hasScore ? nlohmann::json(result.black) : nlohmann::json(nullptr);
        j["stated_black"] =
            r.statedBlackDiscs ? nlohmann::json(*r.statedBlackDiscs) : nlohmann::json(nullptr);
        j["theoretical_score"] =
            r.theoreticalScore ? nlohmann::json(*r.theoreticalScore) : nlohmann::json(nullptr);
        j["theoretical_depth"] =
            r.theoreticalDepth ? nlohmann::json(*r.theoreticalDepth) : nlohmann::json(nullptr);
        j["start"] = r.standardStart ? nlohmann::json(nullptr)
                                     : nlohmann::json(core::boardStringWithSide(r.start));
        j["moves"] = movesJson(r.moves);
        j["passes"] = passCount(r.moves);
        j["opening"] = g->opening;
        j["source"] = r.source.describe();
        j["format"] = importers::formatName(r.format);
        j["ply"] = ply;
        j["board"] = core::boardString(p);
        j["to_move"] = p.isGameOver() ? "none" : core::colorName(p.toMove());
        j["analysis"] = review ? showReviewJson(review->review) : nlohmann::json(nullptr);
        printJson(j);
        return kExitOk;
    }
    // Names, event, round and source come from files: escaped.
    fmt::print("game {}: {} (Black) - {} (White), {}\n", g->id,
               r.black.empty() ? "?" : escapeForTerminal(r.black),
               r.white.empty() ? "?" : escapeForTerminal(r.white), importers::resultText(r));
    if (!r.event.empty() || r.year)
        fmt::print("event: {}{}{}\n", escapeForTerminal(r.event),
                   r.year ? fmt::format(" ({})", r.year) : "",
                   r.round.empty() ? "" : ", round " + escapeForTerminal(r.round));
    if (!r.variant.standard())
        fmt::print("variant: {} (TY[{}])\n", importers::variantLabel(r.variant),
                   escapeForTerminal(importers::ggfType(r.variant)));
    if (r.theoreticalScore)
        fmt::print("theoretical score: {} (depth {})\n", *r.theoreticalScore,
                   r.theoreticalDepth.value_or(0));
    if (!g->opening.empty()) fmt::print("opening: {}\n", g->opening);
    fmt::print("source: {} ({})\n", escapeForTerminal(r.source.describe()),
               importers::formatName(r.format));
    fmt::print("moves: {}\n", core::movesString(r.moves, false, " "));
    if (review) fmt::print("{}", showReviewText(review->review));
    const int last = ply > 0 ? replay.plies[ply - 1].square : core::kNoSquare;
    fmt::print("{}",
               core::boardDiagram(p, p.legalMoves(), last == core::kPass ? core::kNoSquare : last));
    fmt::print("ply {} of {}; black {} discs, white {} discs\n", ply, replay.plies.size(),
               p.count(core::Color::Black), p.count(core::Color::White));
    return kExitOk;
}

RegisterCommand showCommand(80, [](CLI::App& app, Action& action) {
    auto o = std::make_shared<ShowOptions>();
    auto* sub = app.add_subcommand("show", "Print a stored game and its board at a ply");
    sub->add_option("ID", o->id, "The game id (from search)")->required();
    sub->add_option("--ply", o->ply, "The board after N plies (passes count); default: the end");
    addDbOption(sub, o->db);
    sub->add_flag("--json", o->json, "Print a JSON object");
    sub->callback(
        [o, &action] { action = [o] { return runCommand([o] { return runShow(*o); }); }; });
});

struct InfoOptions {
    std::string db;
    bool json = false;
};

int runInfo(const InfoOptions& o) {
    auto archive = openArchive(o.db, storage::Archive::Mode::ReadOnly);
    const storage::ArchiveInfo i = archive.info();
    if (o.json) {
        nlohmann::json j{{"path", i.path},           {"schema_version", i.schemaVersion},
                         {"games", i.games},         {"players", i.players},
                         {"events", i.events},       {"positions", i.positions},
                         {"file_size", i.fileBytes}, {"unindexed_games", i.unindexedGames}};
        printJson(j);
        return kExitOk;
    }
    fmt::print(
        "database: {} (schema {})\ngames: {}\nplayers: {}\nevents: {}\npositions: {}\n"
        "file size: {:.1f} MB\n",
        escapeForTerminal(i.path), i.schemaVersion, i.games, i.players, i.events, i.positions,
        double(i.fileBytes) / 1e6);
    if (i.unindexedGames)
        fmt::print(
            "not yet indexed: {} (an import is running, or they could not be indexed here: a "
            "read-only archive or a full disk; {}, the next writer indexes them)\n",
            plural(i.unindexedGames, "game", "games"),
            i.unindexedGames > storage::maxReplayedGames() ? "position searches leave them out"
                                                           : "searches replay them");
    return kExitOk;
}

RegisterCommand infoCommand(90, [](CLI::App& app, Action& action) {
    auto o = std::make_shared<InfoOptions>();
    auto* sub = app.add_subcommand("info",
                                   "What the archive holds: games, players, events, "
                                   "positions, file size");
    addDbOption(sub, o->db);
    sub->add_flag("--json", o->json, "Print a JSON object");
    sub->callback([o, &action] { action = [o] { return runInfo(*o); }; });
});

}  // namespace
}  // namespace othello::cli
