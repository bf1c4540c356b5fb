// othello-db serve: the archive over HTTP, read-only (web/Server.h): the site's pages, a
// search page and a JSON API.
#include <fmt/core.h>
#include <pthread.h>

#include <csignal>
#include <cstdio>
#include <memory>
#include <thread>

#include "StorageCli.h"
#include "web/Server.h"

namespace othello::cli {
namespace {

struct ServeOptions {
    std::string db;
    std::string bind = "127.0.0.1";
    int port = 8080;
    int threads = 16;
    std::string title = "Othello archive";
    bool log = false;
    int queryTimeoutMs = 5000;
};

int runServe(const ServeOptions& o) {
    if (o.port < 0 || o.port > 65535) throw UsageError("--port: expected 0..65535");
    if (o.threads < 1 || o.threads > 256) throw UsageError("--threads: expected 1..256");
    // The same rules as every reader (a --db path that does not exist is an error); the server
    // then opens one read-only connection per worker thread.
    std::filesystem::path path;
    {
        auto archive = openArchive(o.db, storage::Archive::Mode::ReadOnly);
        warnUnindexed(archive);
        path = archive.path();
    }
    web::ServerOptions options;
    options.database = path;
    options.bind = o.bind;
    options.port = o.port;
    options.threads = o.threads;
    options.title = o.title;
    options.log = o.log;
    options.queryTimeout = std::chrono::milliseconds(o.queryTimeoutMs);

    // SIGINT and SIGTERM go to one thread that stops the server: blocked here, before any
    // other thread exists, so every thread inherits the mask.
    sigset_t stopSignals;
    sigemptyset(&stopSignals);
    sigaddset(&stopSignals, SIGINT);
    sigaddset(&stopSignals, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &stopSignals, nullptr);

    std::unique_ptr<web::Server> server;
    try {
        server = std::make_unique<web::Server>(options);
        server->bind();
    } catch (const storage::StorageError& e) {
        throw InputError(e.what());
    } catch (const std::runtime_error& e) {
        throw UsageError(e.what());
    }
    std::thread signals([&server, stopSignals] {
        int signal = 0;
        sigwait(&stopSignals, &signal);
        server->stop();
    });
    fmt::print("serving {} at {} (read-only; Ctrl-C stops)\n", path.string(), server->url());
    std::fflush(stdout);
    const bool ok = server->run();
    // run() returns after a signal, or when listening failed: wake the signal thread then.
    pthread_kill(signals.native_handle(), SIGTERM);
    signals.join();
    server.reset();
    pthread_sigmask(SIG_UNBLOCK, &stopSignals, nullptr);
    if (!ok) throw InputError("the server stopped: listening failed");
    fmt::print(stderr, "stopped\n");
    return kExitOk;
}

RegisterCommand serveCommand("serve", [](CLI::App& app, Action& action) {
    auto o = std::make_shared<ServeOptions>();
    auto* sub = app.add_subcommand(
        "serve",
        "Serve the archive over HTTP, read-only: event pages, game replay, search, and a "
        "JSON API");
    addDbOption(sub, o->db);
    sub->add_option("--port", o->port, "TCP port (default 8080; 0: any free port, printed)");
    sub->add_option("--bind", o->bind,
                    "Address to listen on (default 127.0.0.1, this machine only; 0.0.0.0: every "
                    "interface)");
    sub->add_option("--threads", o->threads,
                    "Worker threads, 1..256 (default 16); each open connection holds one while "
                    "it is kept alive (5 s idle)");
    sub->add_option("--title", o->title, "The archive's name on its pages");
    sub->add_flag("--log", o->log, "Log every request (method, path, the status it was answered with, time) on "
                  "stderr: pages, the API, 404s, 405s and requests that do not parse");
    sub->add_option("--query-timeout", o->queryTimeoutMs,
                    "Milliseconds a request's database queries may take (default 5000); past "
                    "it they stop and the answer is 503 with a message")
        ->check(CLI::Range(1, 3600000));
    sub->footer(
        "Pages: / (events), events/<id>.html, game.html?event=<id>&game=<id>, search.html.\n"
        "API (GET, JSON; field names as the commands' --json):\n"
        "  /api/search?player=&black=&white=&event=&year=Y|Y1-Y2&result=black|white|draw&"
        "moves=|board=&lost_discs=&lost_by=&sort=&order=asc|desc&limit=(<=500)&offset=\n"
        "  /api/search?pattern=P&symmetry=0&ply=A-B plus the filters above: as search "
        "--pattern P --no-symmetry --ply A-B --json (the last 4 filters' games kept in memory, "
        "dropped when the archive changes)\n"
        "  /api/stats?moves=...|board=...   /api/game/<id>[?ply=N]   /api/event/<id>   "
        "/api/events?year=&tournaments=1&name=&limit=&offset=\n"
        "Bad parameters answer 400 {\"error\": ...}, unknown ids and paths 404. The archive "
        "opens read-only; an import may run meanwhile in another process.");
    sub->callback(
        [o, &action] { action = [o] { return runCommand([o] { return runServe(*o); }); }; });
});

}  // namespace
}  // namespace othello::cli
