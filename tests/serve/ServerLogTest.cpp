// `othello-db serve --log` (issue 26): every request is logged once, with the status it was
// answered with: pages, the API, 404s, 405s and requests that do not parse.
#include <mutex>
#include <regex>

#include "ServeTestUtil.h"

using namespace servetest;

namespace {

// The lines logged, shared with the server's worker threads.
struct Log {
    std::mutex mutex;
    std::vector<std::string> lines;
    std::vector<std::string> take(std::size_t n, int tries = 200) {
        // httplib logs once the answer is written: the client may read it a moment before.
        for (int i = 0; i < tries; ++i) {
            {
                std::lock_guard<std::mutex> lock(mutex);
                if (lines.size() >= n) return lines;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
        std::lock_guard<std::mutex> lock(mutex);
        return lines;
    }
};

// Sends `bytes` as they are; returns the answer's status line and headers.
std::string rawExchange(int port, const std::string& bytes) {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    REQUIRE(fd >= 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(static_cast<std::uint16_t>(port));
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    REQUIRE(::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0);
    REQUIRE(::send(fd, bytes.data(), bytes.size(), 0) == ssize_t(bytes.size()));
    std::string response;
    char buffer[4096];
    ssize_t n;
    // The status line and headers are enough (a kept-alive connection would wait for more).
    while (response.find("\r\n\r\n") == std::string::npos &&
           (n = ::recv(fd, buffer, sizeof buffer, 0)) > 0)
        response.append(buffer, size_t(n));
    ::close(fd);
    return response;
}

}  // namespace

TEST_CASE("server --log: every request with its real status", "[serve]") {
    storagetest::TempDir dir("serve-log");
    const fs::path db = dir / "club.sqlite";
    makeFixtureArchive(db);
    Log log;
    web::ServerOptions o = RunningServer::options(db);
    o.log = true;
    o.logSink = [&log](const std::string& line) {
        std::lock_guard<std::mutex> lock(log.mutex);
        log.lines.push_back(line);
    };
    RunningServer s(o);
    const auto expect = [&log](std::size_t n, const std::string& pattern) {
        const auto lines = log.take(n);
        REQUIRE(lines.size() == n);
        INFO(lines.back());
        CHECK(std::regex_match(lines.back(), std::regex(pattern)));
    };
    CHECK(get(s, "/").status == 200);
    expect(1, R"(GET / 200 \d+\.\d ms)");
    CHECK(get(s, "/search.html").status == 200);
    expect(2, R"(GET /search\.html 200 \d+\.\d ms)");
    CHECK(get(s, "/api/search?player=anna").status == 200);
    expect(3, R"(GET /api/search 200 \d+\.\d ms)");
    CHECK(get(s, "/no/such/page").status == 404);
    expect(4, R"(GET /no/such/page 404 \d+\.\d ms)");
    {
        auto c = s.client();
        const auto post = c.Post("/api/search", "{}", "application/json");
        REQUIRE(post);
        CHECK(post->status == 405);
    }
    expect(5, R"(POST /api/search 405 \d+\.\d ms)");
    // A request line that does not parse: answered 400, logged 400.
    const std::string answer = rawExchange(s.port(), "NOT-HTTP\r\n\r\n");
    CHECK(answer.rfind("HTTP/1.1 400", 0) == 0);
    expect(6, R"(NOT-HTTP - 400 -)");
    // A path with control characters is logged escaped, never raw.
    rawExchange(s.port(), "GET /x\x1b[31m HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n");
    const auto lines = log.take(7);
    REQUIRE(lines.size() == 7);
    CHECK(lines.back().find('\x1b') == std::string::npos);
    CHECK(lines.back().rfind("GET /x", 0) == 0);
    CHECK(log.take(8, 30).size() == 7);  // each request once
}
