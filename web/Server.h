#pragma once
// The served archive (`othello-db serve`): the site's pages (web/Site.h, rendered per
// request with SiteOptions::served), the search page (web/SearchPage.h) and the JSON API
// (web/Api.h), over HTTP with cpp-httplib.
//
// Routes (GET and HEAD; anything else is 405):
//   /                 the site's index.html
//   /api/...          the JSON API (application/json)
//   /search.html      the search page
//   /<path>           Site::render(path) with contentTypeOf(path); a 404 page when none.
// Paths are decoded before they are checked: a segment "..", "." or empty, a backslash or a
// control byte (%2e%2e, %2f, %00 included) answers 404 without reaching the site, so nothing
// outside the site is ever served (the site has no files anyway: it renders from the archive).
//
// Read-only. The archive opens with storage::Archive::Mode::ReadOnly: the server never writes
// it. Concurrency: `threads` worker threads, each request served with an archive connection of
// its own (a pool: SQLite connections are never used by two threads at once); an import in
// another process may run meanwhile (WAL: readers never wait, and each query reads one
// snapshot, storage/Archive.h). The tournament list behind /api/events and the game -> event
// links is shared and reloaded as games arrive (web/ApiEventIndex.h); so are the corpora of
// pattern searches, dropped at the first request after any commit (web/ApiPatternCache.h).
//
// Bounds: page sizes capped (web/Api.h), request bodies refused, sockets time out after
// `timeout` when a client stalls, and a request's queries are interrupted past `queryTimeout`
// (503 with a message). Replaying the games an import has not indexed yet is not interrupted:
// it is done once for all the connections (storage/index/PendingPositions.h), the others waiting
// for it; stopped, every request would start it again. A listen backlog of SOMAXCONN, not
// cpp-httplib's 5: clients connecting at once are not made to retry a second later.
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>

namespace othello::web {

struct ServerOptions {
    std::filesystem::path database;
    std::string bind = "127.0.0.1";
    int port = 8080;  // 0: any free port (port() says which)
    int threads = 8;  // worker threads, 1..256
    std::string title = "Othello archive";
    std::chrono::seconds timeout{10};  // a stalled client's socket is closed after this
    // A request's database work is stopped past this (storage::Archive::setDeadline): the
    // answer is 503 with a message.
    std::chrono::milliseconds queryTimeout{5000};
    // Log one line per request on standard error, every request with the status it was
    // answered with: pages, the API, 404s, 405s, requests that do not parse (400, method and
    // path "-"): "GET /api/search 200 1.2 ms".
    bool log = false;
    // Where the lines go instead of standard error (each without its newline), e.g. a test.
    std::function<void(const std::string&)> logSink;
};

class Server {
  public:
    // Opens the archive once to check it (storage::StorageError when it cannot be read).
    explicit Server(ServerOptions options);
    ~Server();
    Server(const Server&) = delete;
    Server& operator=(const Server&) = delete;

    // Binds the socket; returns the port (the chosen one for port 0). Throws std::runtime_error
    // when the address or port cannot be bound.
    int bind();
    // Serves until stop(); call after bind(). Returns false when listening failed.
    bool run();
    // Makes run() return soon; thread-safe, callable before run() starts.
    void stop();
    int port() const;
    // "http://127.0.0.1:8080/"
    std::string url() const;

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace othello::web
