// othello-db openings: the named-openings catalogue (storage/query/openings.txt), one opening
// or all, and with --db how many games of an archive have each as their opening.
#include <fmt/core.h>

#include <map>
#include <memory>

#include "JsonOutput.h"
#include "StorageCli.h"
#include "Words.h"
#include "core/Notation.h"
#include "storage/query/ArchiveJson.h"

namespace othello::cli {
namespace {

struct OpeningsOptions {
    std::string name;
    std::string db;
    bool json = false;
};

std::string joinedNames(const std::vector<std::string>& names) {
    std::string out;
    for (const auto& n : names) out += (out.empty() ? "" : " / ") + n;
    return out;
}

std::string joinedTags(const std::vector<std::string>& tags) {
    std::string out;
    for (const auto& t : tags) out += (out.empty() ? "" : ", ") + t;
    return out;
}

// Games per opening (the game's deepest named line), by catalogue index; the games no opening
// names (other starts, a first reply no list names, empty games) under the key -1.
std::map<std::int64_t, std::int64_t> gamesPerOpening(storage::Archive& archive) {
    const auto& catalogue = storage::openingCatalogue();
    std::map<std::string, std::int64_t> index;
    for (std::size_t i = 0; i < catalogue.size(); ++i)
        index.emplace(catalogue[i].name, static_cast<std::int64_t>(i));
    storage::SearchFilter f;
    f.limit = -1;
    f.withOpenings = true;
    std::map<std::int64_t, std::int64_t> counts;
    for (const auto& g : archive.search(f).games) {
        const auto it = g.opening.empty() ? index.end() : index.find(g.opening);
        ++counts[it == index.end() ? -1 : it->second];
    }
    return counts;
}

int runOpenings(const OpeningsOptions& o) {
    const auto& catalogue = storage::openingCatalogue();
    std::vector<std::size_t> shown;
    if (!o.name.empty()) {
        const storage::OpeningLookup found = storage::findOpening(o.name);
        if (!found.opening) {
            std::string names;
            for (const auto& n : found.candidates) names += (names.empty() ? "" : "; ") + n;
            throw UsageError((found.ambiguous ? "several openings start with that name: "
                                              : "no opening named that; near names: ") +
                             names);
        }
        for (std::size_t i = 0; i < catalogue.size(); ++i)
            if (catalogue[i].name == found.opening->name) shown.push_back(i);
    } else {
        for (std::size_t i = 0; i < catalogue.size(); ++i) shown.push_back(i);
    }
    std::map<std::int64_t, std::int64_t> counts;
    std::int64_t total = 0;
    if (!o.db.empty()) {
        auto archive = openArchive(o.db, storage::Archive::Mode::ReadOnly);
        warnUnindexed(archive);
        counts = gamesPerOpening(archive);
        for (const auto& [i, n] : counts) total += n;
        // Most games first: the archive's openings as a player meets them.
        std::stable_sort(shown.begin(), shown.end(), [&](std::size_t a, std::size_t b) {
            return counts[std::int64_t(a)] > counts[std::int64_t(b)];
        });
    }
    if (o.json) {
        nlohmann::json j = nlohmann::json::array();
        for (std::size_t i : shown) {
            nlohmann::json e = storage::openingJson(catalogue[i]);
            if (!o.db.empty()) e["games"] = counts[std::int64_t(i)];
            j.push_back(std::move(e));
        }
        if (o.db.empty()) {
            printJson(j);
        } else {
            printJson({{"games", total}, {"unnamed", counts[-1]}, {"openings", j}});
        }
        return kExitOk;
    }
    if (!o.db.empty())
        fmt::print("{}; {} with no named opening\n", plural(total, "game", "games"), counts[-1]);
    for (std::size_t i : shown) {
        const storage::Opening& op = catalogue[i];
        if (!o.db.empty()) fmt::print("{:>7}  ", counts[std::int64_t(i)]);
        fmt::print("{}\n", op.name);
        if (!o.db.empty()) continue;
        std::vector<std::string> names = op.english;
        names.insert(names.end(), op.japanese.begin(), op.japanese.end());
        fmt::print("    {}\n    {}   [{}]\n", joinedNames(names),
                   core::movesString(op.moves, false, " "), joinedTags(op.sources));
    }
    return kExitOk;
}

RegisterCommand openingsCommand("openings", [](CLI::App& app, Action& action) {
    auto o = std::make_shared<OpeningsOptions>();
    auto* sub = app.add_subcommand(
        "openings", "The named openings (English and Japanese names, their lines and sources)");
    sub->add_option("name", o->name,
                    "One opening: any of its names, English or Japanese, any case, or the start "
                    "of one name only (as search --opening)");
    sub->add_option("--db", o->db,
                    "Count the games of this archive whose opening (their longest named line) "
                    "each is, most first");
    sub->add_flag("--json", o->json,
                  "Print [{name, english, japanese, sources, moves}] (with --db: {games, "
                  "unnamed, openings: [... games]})");
    sub->footer(
        "The catalogue is storage/query/openings.txt, compiled in: each line a position under "
        "the 8 symmetries, written once from f5, with every name players give it and the lists "
        "naming it (nboard: weltyc/othello's list, as NBoard shows; edax: Edax's table; "
        "egaroucid: Egaroucid's Japanese list). A game's opening is the longest line it follows "
        "(its position at the same ply, any symmetry, any move order).");
    sub->callback(
        [o, &action] { action = [o] { return runCommand([o] { return runOpenings(*o); }); }; });
});

}  // namespace
}  // namespace othello::cli
