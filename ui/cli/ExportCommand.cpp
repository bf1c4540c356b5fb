// othello-db export.
#include <fmt/core.h>

#include <memory>

#include "EditCli.h"
#include "JsonOutput.h"
#include "StorageCli.h"
#include "importers/FormatTable.h"
#include "importers/TextEscape.h"
#include "importers/Writer.h"

namespace othello::cli {
namespace {

struct ExportOptions {
    FilterOptions filter;
    std::string to, out, db;
    bool json = false;
};

int runExport(const ExportOptions& o) {
    const auto format = importers::parseFormat(o.to);
    if (!format || !importers::formatInfo(*format).canWrite)
        throw UsageError("--to: expected one of " + importers::formatNames(true, false, ", ") +
                         ", got \"" + o.to + "\"");
    const storage::SearchFilter f = makeFilter(o.filter);
    auto archive = openArchive(o.db, storage::Archive::Mode::ReadOnly);
    warnUnindexed(archive);
    std::vector<importers::GameRecord> games;
    // The games left out, each with why (a game under other rules in WTHOR, a set-up board in a
    // move list): never dropped without a word.
    std::vector<std::pair<std::int64_t, std::string>> leftOut;
    archive.forEachGame(f, [&](const storage::StoredGame& g) {
        std::string why;
        if (importers::canWrite(g.record, *format, &why))
            games.push_back(g.record);
        else
            leftOut.emplace_back(g.id, std::move(why));
    });
    const auto skipped = static_cast<std::int64_t>(leftOut.size());
    // What the output format cannot keep (several years in one .wtb, names cut to WTHOR's
    // lengths, ...) is said, never lost silently.
    const std::vector<importers::Diagnostic> warnings =
        importers::conversionWarnings(games, *format, o.out);
    try {
        importers::writeGamesToFile(games, *format, o.out);
    } catch (const std::exception& e) {
        throw InputError(e.what());
    }
    if (o.json) {
        nlohmann::json w = nlohmann::json::array();
        for (const auto& d : warnings) w.push_back({{"code", d.code}, {"message", d.message}});
        nlohmann::json left = nlohmann::json::array();
        for (const auto& [id, why] : leftOut) left.push_back({{"game", id}, {"why", why}});
        printJson(nlohmann::json{{"exported", games.size()},
                                 {"skipped", skipped},
                                 {"left_out", left},
                                 {"path", o.out},
                                 {"warnings", w}});
    } else {
        for (const auto& d : warnings) fmt::print(stderr, "{}\n", d.format());
        // The first ones by name; --json lists them all.
        constexpr std::size_t kShown = 20;
        for (std::size_t i = 0; i < leftOut.size() && i < kShown; ++i)
            fmt::print(stderr, "game #{} left out: {}\n", leftOut[i].first,
                       importers::text::escapeForTerminal(leftOut[i].second));
        if (leftOut.size() > kShown)
            fmt::print(stderr, "... and {} more left out (--json lists them all)\n",
                       leftOut.size() - kShown);
        fmt::print("exported {} games to {} ({}){}\n", games.size(),
                   importers::text::escapeForTerminal(o.out), importers::formatName(*format),
                   skipped
                       ? fmt::format("; {} games this format cannot hold were left out", skipped)
                       : "");
    }
    return kExitOk;
}

RegisterCommand exportCommand("export", [](CLI::App& app, Action& action) {
    auto o = std::make_shared<ExportOptions>();
    auto* sub = app.add_subcommand("export", "Write the games matching the filters to a file");
    addFilterOptions(sub, o->filter, false);
    sub->add_option("--to", o->to, importers::formatNames(true, false, ", "))->required();
    sub->add_option("-o,--output", o->out,
                    "The file to write (WTHOR: the .wtb, with WTHOR.JOU and WTHOR.TRN beside "
                    "it; a folder gets one WTH_<year>.wtb per year)")
        ->required();
    addDbOption(sub, o->db);
    sub->add_flag("--json", o->json,
                  "Print {exported, skipped, left_out: [{game, why}], path, warnings}");
    sub->callback(
        [o, &action] { action = [o] { return runCommand([o] { return runExport(*o); }); }; });
});

}  // namespace
}  // namespace othello::cli
