// The served archive (web/Server.h) on cpp-httplib.
#include "Server.h"

#include <fmt/core.h>
#include <httplib.h>
#include <sys/socket.h>

#include <atomic>
#include <chrono>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <thread>
#include <vector>

#include "Api.h"
#include "ApiEventIndex.h"
#include "ApiJson.h"
#include "ApiPatternCache.h"
#include "Assets.h"
#include "Html.h"
#include "SearchPage.h"
#include "Site.h"
#include "importers/TextEscape.h"
#include "storage/Archive.h"

namespace othello::web {
namespace {

// What one request needs: a connection of its own and the objects reading through it.
struct Context {
    Context(const ServerOptions& o, ApiEventIndex& events, ApiPatternCache& patterns)
        : archive(o.database, storage::Archive::Mode::ReadOnly),
          site(archive, siteOptions(o)),
          api(archive, events, &patterns) {}
    static SiteOptions siteOptions(const ServerOptions& o) {
        SiteOptions s;
        s.title = o.title;
        s.served = true;
        return s;
    }
    storage::Archive archive;
    Site site;
    Api api;
};

// A site path from a decoded URL path, or nullopt when it could leave the site or name
// nothing: "/" -> "index.html", "/events/1.html" -> "events/1.html".
std::optional<std::string> sitePath(const std::string& urlPath) {
    if (urlPath.empty() || urlPath[0] != '/' || urlPath.size() > 1024) return std::nullopt;
    std::string rel = urlPath.substr(1);
    if (rel.empty()) return std::string("index.html");
    std::size_t start = 0;
    while (true) {
        const std::size_t end = rel.find('/', start);
        const std::string segment =
            rel.substr(start, end == std::string::npos ? std::string::npos : end - start);
        if (segment.empty() || segment == "." || segment == "..") return std::nullopt;
        for (const unsigned char c : segment)
            if (c < 0x20 || c == 0x7f || c == '\\' || c == ':') return std::nullopt;
        if (end == std::string::npos) break;
        start = end + 1;
    }
    return rel;
}

std::string notFoundPage(const std::string& title) {
    return "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Not found - " +
           escapeHtml(title) +
           "</title><link rel=\"stylesheet\" href=\"/assets/style.css\"></head>\n<body><h1>Not "
           "found</h1><p>This archive has no such page. <a href=\"/index.html\">Events</a> - <a "
           "href=\"/search.html\">Search</a></p></body></html>\n";
}

}  // namespace

struct Server::Impl {
    explicit Impl(ServerOptions o) : options(std::move(o)), patterns(options.database) {}

    ServerOptions options;
    httplib::Server http;
    ApiEventIndex events;
    ApiPatternCache patterns;
    std::mutex poolMutex;
    std::vector<std::unique_ptr<Context>> pool;  // idle contexts
    int port = -1;
    std::atomic<bool> stopRequested{false};
    std::atomic<bool> running{false};
    // The listening socket, caught while bind() creates it (see Server::bind).
    bool binding = false;
    socket_t listenSocket = INVALID_SOCKET;

    // A context for one request, back to the pool when the lease ends.
    struct Lease {
        Impl& impl;
        std::unique_ptr<Context> context;
        ~Lease() {
            if (!context) return;
            std::lock_guard<std::mutex> lock(impl.poolMutex);
            impl.pool.push_back(std::move(context));
        }
        Context* operator->() { return context.get(); }
    };
    Lease lease() {
        std::unique_ptr<Context> context;
        {
            std::lock_guard<std::mutex> lock(poolMutex);
            if (!pool.empty()) {
                context = std::move(pool.back());
                pool.pop_back();
            }
        }
        // Opened outside the lock; at most one per worker thread ever exists.
        if (!context) context = std::make_unique<Context>(options, events, patterns);
        return Lease{*this, std::move(context)};
    }

    // A request's archive work bounded by the query timeout (Archive::setDeadline), the bound
    // lifted when the request is done (the connection goes back to the pool).
    struct Bounded {
        storage::Archive& archive;
        Bounded(storage::Archive& a, std::chrono::steady_clock::time_point deadline) : archive(a) {
            archive.setDeadline(deadline);
        }
        ~Bounded() { archive.setDeadline(std::nullopt); }
    };
    std::string timeoutMessage() const {
        return fmt::format("the query took longer than {} ms and was stopped: narrow it",
                           options.queryTimeout.count());
    }

    void serve(const httplib::Request& req, httplib::Response& res);
    void logRequest(const httplib::Request& req, const httplib::Response& res);
    void servePage(const httplib::Request& req, httplib::Response& res);
};

void Server::Impl::serve(const httplib::Request& req, httplib::Response& res) {
    const auto started = std::chrono::steady_clock::now();
    res.set_header("X-Content-Type-Options", "nosniff");
    try {
        if (req.path == "/api" || req.path.rfind("/api/", 0) == 0) {
            auto context = lease();
            const Bounded bounded(context->archive, started + options.queryTimeout);
            std::optional<ApiResponse> r;
            try {
                r = context->api.handle(req.path, req.params);
            } catch (const std::exception&) {
                if (!context->archive.deadlineExceeded()) throw;
                r = ApiResponse{503, jsonText(nlohmann::json{{"error", timeoutMessage()}})};
            }
            res.status = r->status;
            res.set_header("Cache-Control", "no-cache");
            res.set_content(r->body, "application/json; charset=utf-8");
        } else {
            servePage(req, res);
        }
    } catch (const std::exception& e) {
        // An archive that became unreadable, a disk error: the client's request was fine.
        res.status = 500;
        const std::string message = std::string("server error: ") + e.what();
        if (req.path.rfind("/api/", 0) == 0)
            res.set_content(jsonText(nlohmann::json{{"error", message}}),
                            "application/json; charset=utf-8");
        else
            res.set_content("server error\n", "text/plain; charset=utf-8");
        fmt::print(stderr, "error: {} {}: {}\n", req.method, req.path.substr(0, 200), e.what());
    }
}

// When this worker thread's request started (set before routing, read by the logger, which
// httplib calls once the answer is written, with its final status).
thread_local std::optional<std::chrono::steady_clock::time_point> tRequestStarted;

void Server::Impl::logRequest(const httplib::Request& req, const httplib::Response& res) {
    std::string time = "-";
    if (tRequestStarted) {
        time = fmt::format("{:.1f} ms", std::chrono::duration<double, std::milli>(
                                            std::chrono::steady_clock::now() - *tRequestStarted)
                                            .count());
        tRequestStarted.reset();
    }
    // The method and path come from the client: printable only, and cut.
    const auto shown = [](const std::string& s) {
        return s.empty() ? std::string("-") : importers::text::escapeForTerminal(s.substr(0, 200));
    };
    const std::string line =
        fmt::format("{} {} {} {}", shown(req.method), shown(req.path), res.status, time);
    if (options.logSink)
        options.logSink(line);
    else
        fmt::print(stderr, "{}\n", line);
}

void Server::Impl::servePage(const httplib::Request& req, httplib::Response& res) {
    const auto rel = sitePath(req.path);
    std::optional<std::string> content;
    std::string type;
    if (rel && *rel == "search.html") {
        content = searchPage(options.title);
        type = "text/html; charset=utf-8";
    } else if (rel && rel->rfind("assets/", 0) == 0) {
        // Compiled in (web/Assets.h): no archive needed.
        if (const auto a = asset(rel->substr(7))) {
            content = std::string(*a);
            type = std::string(contentType(rel->substr(7)));
        }
    } else if (rel) {
        auto context = lease();
        const Bounded bounded(context->archive,
                              std::chrono::steady_clock::now() + options.queryTimeout);
        try {
            content = context->site.render(*rel);
        } catch (const std::exception&) {
            if (!context->archive.deadlineExceeded()) throw;
            res.status = 503;
            res.set_content(timeoutMessage() + "\n", "text/plain; charset=utf-8");
            return;
        }
        type = contentTypeOf(*rel);
    }
    if (!content) {
        res.status = 404;
        res.set_content(notFoundPage(options.title), "text/html; charset=utf-8");
        return;
    }
    // Scripts and styles are compiled in: they change only with the program. Pages and event
    // data change as games are imported.
    res.set_header("Cache-Control",
                   rel->rfind("assets/", 0) == 0 ? "public, max-age=3600" : "no-cache");
    res.set_content(std::move(*content), type);
}

Server::Server(ServerOptions options) : impl_(std::make_unique<Impl>(std::move(options))) {
    Impl& impl = *impl_;
    if (impl.options.threads < 1 || impl.options.threads > 256)
        throw std::invalid_argument("threads: expected 1..256");
    // Fail now, not at the first request, when the archive cannot be read; the connection
    // serves the first request.
    impl.pool.push_back(std::make_unique<Context>(impl.options, impl.events, impl.patterns));
    // The tournament list (about 0.2 s on 130,000 games) is read now, not by the first search.
    impl.events.list(impl.pool.back()->archive);
    const auto threads = static_cast<std::size_t>(impl.options.threads);
    impl.http.new_task_queue = [threads] { return new httplib::ThreadPool(threads); };
    const auto timeout = static_cast<time_t>(impl.options.timeout.count());
    impl.http.set_read_timeout(timeout, 0);
    impl.http.set_write_timeout(timeout, 0);
    impl.http.set_keep_alive_timeout(5);
    // Answers are written in one go: without TCP_NODELAY, Nagle's algorithm and the client's
    // delayed ACK hold each small answer ~40 ms on loopback.
    impl.http.set_tcp_nodelay(true);
    impl.http.set_socket_options([&impl](socket_t sock) {
        httplib::default_socket_options(sock);
        if (impl.binding) impl.listenSocket = sock;
    });
    impl.http.set_keep_alive_max_count(1000);
    impl.http.set_payload_max_length(4096);  // GET only: no request carries a body
    if (impl.options.log) {
        // httplib's logger sees every answer it writes, with its final status: pages (200 once
        // the handler returns), the 405s below, 404s, and requests that do not parse.
        impl.http.set_pre_routing_handler([](const httplib::Request&, httplib::Response&) {
            tRequestStarted = std::chrono::steady_clock::now();
            return httplib::Server::HandlerResponse::Unhandled;
        });
        impl.http.set_logger([&impl](const httplib::Request& req, const httplib::Response& res) {
            impl.logRequest(req, res);
        });
    }
    impl.http.Get(".*", [&impl](const httplib::Request& req, httplib::Response& res) {
        impl.serve(req, res);
    });
    const auto readOnly = [](const httplib::Request&, httplib::Response& res) {
        res.status = 405;
        res.set_header("Allow", "GET, HEAD");
        res.set_content(jsonText(nlohmann::json{{"error", "read-only archive: GET only"}}),
                        "application/json; charset=utf-8");
    };
    impl.http.Post(".*", readOnly);
    impl.http.Put(".*", readOnly);
    impl.http.Patch(".*", readOnly);
    impl.http.Delete(".*", readOnly);
}

Server::~Server() {
    stop();
}

int Server::bind() {
    Impl& impl = *impl_;
    impl.binding = true;
    impl.listenSocket = INVALID_SOCKET;
    const int port =
        impl.options.port == 0
            ? impl.http.bind_to_any_port(impl.options.bind)
            : (impl.http.bind_to_port(impl.options.bind, impl.options.port) ? impl.options.port
                                                                            : -1);
    impl.binding = false;
    if (port < 0)
        throw std::runtime_error(
            fmt::format("cannot listen on {} port {} (in use, or not an "
                        "address of this machine)",
                        impl.options.bind, impl.options.port));
    // cpp-httplib 0.11 listens with a backlog of 5, compiled into Debian's library: more
    // clients connecting at once than that had their SYN dropped and sent again a second later
    // (bench_serve's 1 s outliers, at each round's connections). Linux takes a new backlog for
    // a socket already listening.
    if (impl.listenSocket != INVALID_SOCKET) ::listen(impl.listenSocket, SOMAXCONN);
    impl.port = port;
    return port;
}

bool Server::run() {
    Impl& impl = *impl_;
    if (impl.stopRequested) return true;
    impl.running = true;
    const bool ok = impl.http.listen_after_bind();
    impl.running = false;
    return ok || impl.stopRequested;
}

void Server::stop() {
    Impl& impl = *impl_;
    impl.stopRequested = true;
    // run() may be between its check and the listening loop: stop again until it is out.
    for (int i = 0; i < 200 && impl.running; ++i) {
        impl.http.stop();
        if (!impl.running) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    impl.http.stop();
}

int Server::port() const {
    return impl_->port;
}

std::string Server::url() const {
    const std::string& host = impl_->options.bind;
    const bool v6 = host.find(':') != std::string::npos;
    const std::string shown = host == "0.0.0.0" ? "127.0.0.1" : host == "::" ? "::1" : host;
    return fmt::format("http://{}{}{}:{}/", v6 ? "[" : "", shown, v6 ? "]" : "", impl_->port);
}

}  // namespace othello::web
