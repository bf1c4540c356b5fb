// othello-db publish: the static web archive (web/Site.h): an index of events, a page per
// event (standings, crosstable, games) and a game page with a board, written to a folder that
// works from file:// and any static host.
#include <fmt/core.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <memory>
#include <set>
#include <system_error>

#include "JsonOutput.h"
#include "StorageCli.h"
#include "importers/TextEscape.h"
#include "web/Site.h"

namespace othello::cli {
namespace {

namespace fs = std::filesystem;

struct PublishOptions {
    FilterOptions filter;
    std::string db;
    std::string out;
    std::string title = "Othello archive";
    std::int64_t pageSize = 200;
    bool force = false;
    bool json = false;
};

std::string shown(const fs::path& p) {
    return importers::text::escapeForTerminal(p.string());
}

// Refuses a folder that holds anything unless --force; creates it when missing.
void prepareFolder(const fs::path& dir, bool force) {
    std::error_code ec;
    const auto status = fs::status(dir, ec);
    if (fs::exists(status)) {
        if (!fs::is_directory(status))
            throw UsageError(fmt::format("-o {}: not a folder", shown(dir)));
        if (!force && !fs::is_empty(dir, ec))
            throw UsageError(fmt::format(
                "-o {}: the folder is not empty; give --force to write the site into it "
                "(files of the same name are replaced, others are left)",
                shown(dir)));
        if (ec) throw InputError(fmt::format("-o {}: {}", shown(dir), ec.message()));
    }
    fs::create_directories(dir, ec);
    if (ec) throw InputError(fmt::format("cannot create {}: {}", shown(dir), ec.message()));
}

int runPublish(const PublishOptions& o) {
    if (o.out.empty()) throw UsageError("give the folder to write the site to: -o DIR");
    if (o.pageSize < 1 || o.pageSize > 100000) throw UsageError("--page-size: 1..100000");
    web::SiteOptions options;
    options.filter = makeFilter(o.filter);
    options.title = o.title;
    options.indexPageSize = o.pageSize;
    auto archive = openArchive(o.db, storage::Archive::Mode::ReadOnly);
    const fs::path dir(o.out);
    prepareFolder(dir, o.force);
    const auto started = std::chrono::steady_clock::now();
    web::Site site(archive, options);
    std::set<fs::path> made;
    const web::SiteCounts counts = site.forEachFile([&](const std::string& rel,
                                                        const std::string& content) {
        const fs::path path = dir / rel;
        const fs::path folder = path.parent_path();
        if (made.insert(folder).second) {
            std::error_code ec;
            fs::create_directories(folder, ec);
            if (ec)
                throw InputError(fmt::format("cannot create {}: {}", shown(folder), ec.message()));
        }
        std::ofstream file(path, std::ios::binary | std::ios::trunc);
        file.write(content.data(), static_cast<std::streamsize>(content.size()));
        file.close();
        if (!file) throw InputError(fmt::format("cannot write {}", shown(path)));
    });
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    if (o.json) {
        printJson({{"folder", dir.string()},
                   {"events", counts.events},
                   {"games", counts.games},
                   {"players", counts.players},
                   {"files", counts.files},
                   {"bytes", counts.bytes},
                   {"seconds", seconds}});
        return kExitOk;
    }
    fmt::print("published {}, {}, {} to {}: {}, {:.1f} MB in {:.2f} s\n",
               plural(counts.events, "event", "events"), plural(counts.games, "game", "games"),
               plural(counts.players, "player page", "player pages"),
               shown(dir), plural(counts.files, "file", "files"),
               static_cast<double>(counts.bytes) / 1e6, seconds);
    fmt::print("open {} in a browser, or copy the folder to any web host\n",
               shown(dir / "index.html"));
    return kExitOk;
}

RegisterCommand publishCommand("publish", [](CLI::App& app, Action& action) {
    auto o = std::make_shared<PublishOptions>();
    auto* sub = app.add_subcommand(
        "publish",
        "Write a static web site of the archive: events, standings, crosstables and "
        "a board to replay each game");
    addFilterOptions(sub, o->filter, false);
    addDbOption(sub, o->db);
    sub->add_option("-o,--output", o->out, "The folder to write (created; must be empty)")
        ->required();
    sub->add_flag("--force", o->force, "Write into a folder that is not empty");
    sub->add_option("--title", o->title, "The site's title (default \"Othello archive\")");
    sub->add_option("--page-size", o->pageSize, "Events per index page (default 200)");
    sub->add_flag("--json", o->json, "Print {folder, events, games, files, bytes, seconds}");
    sub->footer(
        "The filters choose the events: each event holding a matching game is published, a "
        "tournament whole (standings need all its games), a collection that is not a tournament "
        "with its matching games only. The site needs no server: open index.html from disk, or "
        "copy the folder to any static host. Nothing is fetched from elsewhere. File names come "
        "from ids: events/<id>.html, data/event-<id>.js, game.html?event=<id>&game=<id>.");
    sub->callback(
        [o, &action] { action = [o] { return runCommand([o] { return runPublish(*o); }); }; });
});

}  // namespace
}  // namespace othello::cli
