#pragma once
// Helpers of the served-archive tests: the fixture archive, a server on an ephemeral loopback
// port running in a thread, and raw HTTP requests (httplib::Client may tidy a path; a raw
// request sends exactly the bytes a hostile client would).
#include <arpa/inet.h>
#include <httplib.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>

#include "../storage/StorageTestUtil.h"
#include "storage/Archive.h"
#include "web/Api.h"
#include "web/Server.h"

namespace servetest {

namespace fs = std::filesystem;
using nlohmann::json;
using namespace othello;

// tests/serve/fixtures/club.pgn: a four-player round robin "Club Championship - 2023" (6 games,
// rounds 1-3, one player named "<script>alert(1)</script>"), two "Casual games" of 2022 and a
// game of 2021 without an event: 9 games.
inline fs::path fixturePgn() {
    return fs::path(OTHELLO_SOURCE_DIR) / "tests/serve/fixtures/club.pgn";
}

// Imports the fixture into `db` (a new archive).
inline void makeFixtureArchive(const fs::path& db) {
    storage::Archive archive(db);
    const auto r = archive.importFiles({fixturePgn()});
    REQUIRE(r.imported == 9);
}

// A server on 127.0.0.1, any free port, serving in a thread until destroyed.
class RunningServer {
  public:
    explicit RunningServer(const fs::path& db, int threads = 4,
                           std::chrono::milliseconds queryTimeout = std::chrono::seconds(5))
        : RunningServer(options(db, threads, queryTimeout)) {}
    static web::ServerOptions options(const fs::path& db, int threads = 4,
                                      std::chrono::milliseconds queryTimeout =
                                          std::chrono::seconds(5)) {
        web::ServerOptions o;
        o.queryTimeout = queryTimeout;
        o.database = db;
        o.port = 0;
        o.threads = threads;
        o.title = "Test <archive>";
        return o;
    }
    explicit RunningServer(const web::ServerOptions& o) {
        server_ = std::make_unique<web::Server>(o);
        port_ = server_->bind();
        thread_ = std::thread([this] { server_->run(); });
    }
    ~RunningServer() {
        server_->stop();
        thread_.join();
    }
    int port() const { return port_; }
    httplib::Client client() const {
        httplib::Client c("127.0.0.1", port_);
        c.set_read_timeout(30, 0);
        return c;
    }

  private:
    std::unique_ptr<web::Server> server_;
    int port_ = 0;
    std::thread thread_;
};

struct Reply {
    int status = 0;
    std::string body;
    std::string contentType;
};

inline Reply get(const RunningServer& s, const std::string& path) {
    auto c = s.client();
    const auto r = c.Get(path.c_str());
    REQUIRE(r);
    return {r->status, r->body, r->get_header_value("Content-Type")};
}

// The JSON body of a GET, checking the status and the content type.
inline json getJson(const RunningServer& s, const std::string& path, int status = 200) {
    const Reply r = get(s, path);
    INFO(path << " -> " << r.status << " " << r.body.substr(0, 300));
    REQUIRE(r.status == status);
    REQUIRE(r.contentType.rfind("application/json", 0) == 0);
    return json::parse(r.body);
}

// Sends `requestLine` ("GET /x HTTP/1.1") byte for byte; returns the status code.
inline int rawStatus(int port, const std::string& target, std::string* body = nullptr) {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    REQUIRE(fd >= 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(static_cast<std::uint16_t>(port));
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    REQUIRE(::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0);
    const std::string request =
        "GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n";
    REQUIRE(::send(fd, request.data(), request.size(), 0) == ssize_t(request.size()));
    std::string response;
    char buffer[4096];
    ssize_t n;
    while ((n = ::recv(fd, buffer, sizeof buffer, 0)) > 0) response.append(buffer, size_t(n));
    ::close(fd);
    if (body) *body = response;
    // "HTTP/1.1 404 Not Found"
    REQUIRE(response.size() > 12);
    return std::stoi(response.substr(9, 3));
}

}  // namespace servetest
