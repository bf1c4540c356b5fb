// Reliability of the archive through othello-db: a busy archive, games not yet indexed,
// read-only folders and mounts, a full disk, bad paths and out-of-range numbers.
// The read-only mount and the full disk use a private mount namespace (unshare -rm) and the
// read-only folder an unprivileged user (setpriv), since the tests run as root, whom file modes
// do not stop; each part SKIPs with a message where the machine does not allow it.
#include <SQLiteCpp/SQLiteCpp.h>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <sstream>

#include "../core/CliProcess.h"
#include "StorageTestUtil.h"
#include "importers/Writer.h"
#include "storage/Archive.h"
#include "storage/database/WriterLock.h"

using namespace storagetest;
using othello::storage::Archive;
using testing::shellQuote;

namespace {

const std::string kCli = shellQuote(OTHELLO_CLI);

// Concatenation by appending: g++ 12 warns falsely (-Wrestrict) on "literal" + std::string.
template <typename... Parts>
std::string cat(const Parts&... parts) {
    std::string s;
    ((s += parts), ...);
    return s;
}

// Runs a shell command line; stdout and stderr captured apart.
testing::CliResult runShell(const std::string& command) {
    static int counter = 0;
    const std::string errFile =
        (fs::temp_directory_path() /
         cat("reliability_stderr_", std::to_string(getpid()), "_", std::to_string(++counter)))
            .string();
    testing::CliResult r;
    FILE* pipe = popen(cat("(", command, ") 2>", shellQuote(errFile)).c_str(), "r");
    if (!pipe) return r;
    char buf[4096];
    std::size_t n;
    while ((n = fread(buf, 1, sizeof buf, pipe)) > 0) r.out.append(buf, n);
    const int status = pclose(pipe);
    r.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    r.err = readFile(errFile);
    fs::remove(errFile);
    return r;
}

// The lines of `text`.
std::vector<std::string> lines(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
}

bool canUnshare() {
    return runShell("unshare -rm true").exitCode == 0;
}
bool canDropToNobody() {
    return runShell("setpriv --reuid=65534 --regid=65534 --clear-groups true").exitCode == 0;
}

// An archive of `count` games in `dir`, closed.
fs::path makeArchive(const TempDir& dir, int count, std::uint64_t seed = 3) {
    std::mt19937_64 rng(seed);
    std::vector<importers::GameRecord> games;
    for (int i = 0; i < count; ++i)
        games.push_back(makeRecord(cat("Black ", std::to_string(i % 5)), "White", "Open", 2001,
                                   randomGame(rng)));
    const fs::path db = dir / "games.sqlite";
    Archive a(db);
    REQUIRE(a.importRecords(games).imported == count);
    return db;
}

fs::path writePgn(const TempDir& dir, int count, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::vector<importers::GameRecord> games;
    for (int i = 0; i < count; ++i)
        games.push_back(makeRecord(cat("P", std::to_string(i % 9)), cat("Q", std::to_string(i % 4)),
                                   "Generated", 1990 + i % 30, randomGame(rng)));
    const fs::path p = dir / "games.pgn";
    writeFile(p, importers::writeGamesToString(games, importers::Format::Pgn));
    return p;
}

}  // namespace

TEST_CASE("cli: a second writer waits, then says who holds the archive", "[storage][cli]") {
    TempDir dir("clibusy");
    const fs::path db = makeArchive(dir, 3);
    const fs::path file = writePgn(dir, 5, 1);
    othello::storage::WriterLock lock(db, "import");
    const std::string expected = cat("archive busy: import by process ", std::to_string(getpid()));
    for (const std::string& args :
         {cat("import ", shellQuote(file.string())), std::string("rename-player \"Black 1\" B1")}) {
        INFO(args);
        const auto r = runShell(
            cat("OTHELLO_BUSY_TIMEOUT=0.2 ", kCli, " ", args, " --db ", shellQuote(db.string())));
        CHECK(r.exitCode == 1);
        CHECK(r.err.find(expected) != std::string::npos);
    }
    // Readers are not writers: they run meanwhile.
    CHECK(runShell(kCli + " search --db " + shellQuote(db.string())).exitCode == 0);
}

TEST_CASE("cli: readers warn about games not yet indexed and still find them", "[storage][cli]") {
    TempDir dir("cliunindexed");
    const fs::path db = makeArchive(dir, 40);
    {
        SQLite::Database raw(db.string(), SQLite::OPEN_READWRITE);
        raw.exec(
            "DELETE FROM positions; DELETE FROM position_stats; "
            "UPDATE meta SET value = 0 WHERE key = 'indexed_upto'");
    }
    const std::string arg = cat(" --db ", shellQuote(db.string()));
    {
        othello::storage::WriterLock lock(db, "import");  // an import "runs"
        const auto r = runShell(kCli + " search --moves f5 --json" + arg);
        REQUIRE(r.exitCode == 0);
        CHECK(nlohmann::json::parse(r.out)["total"] == 40);
        CHECK(r.err.find("40 games not yet indexed (an import is running)") != std::string::npos);
        const auto s = runShell(kCli + " stats --start" + arg);
        CHECK(s.err.find("40 games not yet indexed") != std::string::npos);
    }
    // No writer: the next reader indexes them once; no warning after.
    const auto r = runShell(kCli + " search --moves f5 --json" + arg);
    CHECK(nlohmann::json::parse(r.out)["total"] == 40);
    CHECK(r.err.find("not yet indexed") == std::string::npos);
    CHECK(nlohmann::json::parse(runShell(kCli + " info --json" + arg).out)["unindexed_games"] == 0);
}

TEST_CASE("cli: an archive on a read-only mount is read, and writes say it is read-only",
          "[storage][cli][readonly]") {
    if (!canUnshare()) {
        WARN("SKIP: unshare -rm is not allowed here (no private mount namespace)");
        return;
    }
    TempDir dir("cliromount");
    const fs::path db = makeArchive(dir, 12);
    const fs::path file = writePgn(dir, 3, 2);
    const std::string d = shellQuote(dir.path().string());
    const std::string arg = cat(" --db ", shellQuote(db.string()));
    const auto r = runShell(cat(
        "unshare -rm sh -c ",
        shellQuote(cat("mount --bind ", d, " ", d, " && mount -o remount,ro,bind ", d, " ", d,
                       " && ", kCli, " info --json", arg, " && ", kCli, " search --moves f5 --json",
                       arg, " && ", kCli, " stats --start --json", arg, "; ", kCli, " import ",
                       shellQuote(file.string()), arg, "; echo import=$?"))));
    INFO(r.out << r.err);
    const auto out = lines(r.out);
    REQUIRE(out.size() == 4);
    CHECK(nlohmann::json::parse(out[0])["games"] == 12);
    CHECK(nlohmann::json::parse(out[1])["total"] == 12);
    CHECK(nlohmann::json::parse(out[2])["games"] == 12);
    CHECK(out[3] == "import=1");
    CHECK(r.err.find("archive is read-only") != std::string::npos);
}

TEST_CASE("cli: an archive in a folder the user cannot write is read", "[storage][cli][readonly]") {
    if (!canDropToNobody()) {
        WARN("SKIP: setpriv cannot run a command as nobody here");
        return;
    }
    TempDir dir("clirofolder");
    const fs::path db = makeArchive(dir, 9);
    // The writer keeps -wal and -shm beside the archive: SQLite needs them to read a WAL
    // database where it cannot create them.
    CHECK(fs::exists(db.string() + "-wal"));
    CHECK(fs::exists(db.string() + "-shm"));
    const std::string nobody = "setpriv --reuid=65534 --regid=65534 --clear-groups ";
    const std::string arg = cat(" --db ", shellQuote(db.string()));
    auto r = runShell(nobody + kCli + " info --json" + arg);
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    CHECK(nlohmann::json::parse(r.out)["games"] == 9);
    r = runShell(nobody + kCli + " search --moves f5 --json" + arg);
    CHECK(r.exitCode == 0);
    CHECK(nlohmann::json::parse(r.out)["total"] == 9);
    r = runShell(nobody + kCli + " rename-player \"Black 1\" B1" + arg);
    CHECK(r.exitCode == 1);
    CHECK(r.err.find("archive is read-only") != std::string::npos);
}

TEST_CASE("cli: an archive written, closed and copied alone into a chmod 555 folder is read",
          "[storage][cli][readonly]") {
    // Root passes file modes: as root the readers run as nobody (setpriv), else as the user.
    const bool root = ::geteuid() == 0;
    if (root && !canDropToNobody()) {
        WARN("SKIP: running as root and setpriv cannot run a command as nobody here");
        return;
    }
    TempDir dir("clicopy");
    const fs::path db = dir / "games.sqlite";
    const std::string arg = cat(" --db ", shellQuote(db.string()));
    { Archive create(db); }
    {
        // Written by othello-db with a reader connected: SQLite's own checkpoint at the last
        // close does not run then; the writer's own leaves the file complete.
        Archive reader(db, Archive::Mode::ReadOnly);
        const fs::path file = writePgn(dir, 5, 11);
        const auto r = runShell(cat(kCli, " import ", shellQuote(file.string()), arg));
        INFO(r.err);
        REQUIRE(r.exitCode == 0);
    }
    const fs::path folder = dir / "copy";
    fs::create_directories(folder);
    const fs::path copy = folder / "games.sqlite";
    fs::copy_file(db, copy);
    fs::permissions(folder, fs::perms::owner_read | fs::perms::owner_exec |
                                fs::perms::group_read | fs::perms::group_exec |
                                fs::perms::others_read | fs::perms::others_exec);  // 555
    const std::string as = root ? "setpriv --reuid=65534 --regid=65534 --clear-groups " : "";
    const std::string copyArg = cat(" --db ", shellQuote(copy.string()));
    auto r = runShell(cat(as, kCli, " info --json", copyArg));
    INFO(r.err);
    CHECK(r.exitCode == 0);
    if (r.exitCode == 0) {
        const auto j = nlohmann::json::parse(r.out);
        CHECK(j["games"] == 5);
        CHECK(j["access"] == "read-only snapshot");
        CHECK(j["access_warning"].is_null());
    }
    r = runShell(cat(as, kCli, " info", copyArg));
    CHECK(r.exitCode == 0);
    CHECK(r.out.find("access: read-only snapshot") != std::string::npos);
    r = runShell(cat(as, kCli, " search --moves f5 --json", copyArg));
    CHECK(r.exitCode == 0);
    if (r.exitCode == 0) CHECK(nlohmann::json::parse(r.out)["total"] == 5);
    r = runShell(cat(as, kCli, " analyze 1 --endgame --empties 10 --json", copyArg));
    CHECK(r.exitCode == 0);
    CHECK(r.err.find("the cache is not written") != std::string::npos);
    if (r.exitCode == 0) CHECK(nlohmann::json::parse(r.out)["cache_written"] == false);
    r = runShell(cat(as, kCli, " analyze --all --max-games 2 --empties 10", copyArg));
    CHECK(r.exitCode == 0);
    CHECK(r.out.find("the cache is not written") != std::string::npos);
    // Nothing was created beside the copy.
    std::vector<std::string> names;
    for (const auto& e : fs::directory_iterator(folder)) names.push_back(e.path().filename());
    CHECK(names == std::vector<std::string>{"games.sqlite"});
    fs::permissions(folder, fs::perms::owner_all, fs::perm_options::add);  // for the clean-up
}

TEST_CASE("cli: a full disk stops the import, which says what it kept (--json too)",
          "[storage][cli]") {
    if (!canUnshare()) {
        WARN("SKIP: unshare -rm is not allowed here (no small tmpfs to fill)");
        return;
    }
    TempDir dir("clifull");
    const fs::path file = writePgn(dir, 3000, 5);
    const fs::path mount = dir / "small";
    fs::create_directories(mount);
    const std::string m = shellQuote(mount.string());
    const std::string arg = cat(" --db ", shellQuote((mount / "games.sqlite").string()));
    // A fresh small file system each time: the games fit, their positions do not (3000 games
    // take about 0.9 MB with their keys and WAL beyond an empty archive, their 180,000
    // positions about 3 MB). Measured from an empty archive, so that the tables later
    // migrations add (16 KB pages) do not eat the games' room.
    const fs::path empty = dir / "empty.sqlite";
    runShell(cat(kCli, " import /dev/null --db ", shellQuote(empty.string())));  // nothing to read,
    REQUIRE(fs::exists(empty));                                                   // the file made
    const std::uintmax_t emptyKb = fs::file_size(empty) / 1024;
    const std::string size = std::to_string(emptyKb + 1000) + "k";
    const auto onSmallDisk = [&](const std::string& commands) {
        return runShell(
            cat("unshare -rm sh -c ",
                shellQuote(cat("mount -t tmpfs -o size=", size, " none ", m, " && ", commands))));
    };
    const std::string import = cat(kCli, " import ", shellQuote(file.string()), arg);
    auto r = onSmallDisk(cat(import, " --json; echo import=$?; ", kCli, " info --json", arg,
                             "; ", import, " --json"));
    INFO(r.out << r.err);
    const auto out = lines(r.out);
    REQUIRE(out.size() == 4);
    const auto j = nlohmann::json::parse(out[0]);
    CHECK(j["failure"].get<std::string>().find("disk full") != std::string::npos);
    CHECK(out[1] == "import=1");
    const auto info = nlohmann::json::parse(out[2]);
    CHECK(j["imported"].get<std::int64_t>() > 0);
    CHECK(info["games"] == j["imported"]);  // what it said it kept is there
    // The readers still read, and say what is not indexed.
    CHECK(info["unindexed_games"].get<std::int64_t>() > 0);
    // Another import on the full disk cannot even index those first: it says so, in JSON.
    const auto again = nlohmann::json::parse(out[3]);
    CHECK(again["failure"].get<std::string>().find("disk full") != std::string::npos);
    CHECK(again["imported"] == 0);
    // The text summary says it too.
    r = onSmallDisk(import);
    CHECK(r.exitCode == 1);
    CHECK(r.err.find("error: import stopped (disk full") != std::string::npos);
}

TEST_CASE("cli: bad database paths and out-of-range numbers", "[storage][cli]") {
    TempDir dir("clibadpaths");
    // A directory.
    auto r = runShell(kCli + " info --db " + shellQuote(dir.path().string()));
    CHECK(r.exitCode == 1);
    CHECK(r.err.find(dir.path().string() + " is a directory") != std::string::npos);
    r = runShell(kCli + " import " + shellQuote(writePgn(dir, 2, 1).string()) + " --db " +
                 shellQuote(dir.path().string()));
    CHECK(r.err.find("is a directory") != std::string::npos);
    // A typo: readers do not create archives.
    const fs::path typo = dir / "typo.sqlite";
    r = runShell(kCli + " search --db " + shellQuote(typo.string()));
    CHECK(r.exitCode == 1);
    CHECK(r.err.find("does not exist") != std::string::npos);
    CHECK(!fs::exists(typo));
    // Numbers out of range: usage, exit 2, with the range.
    const fs::path db = makeArchive(dir, 2);
    const std::string arg = cat(" --db ", shellQuote(db.string()));
    for (const char* bad : {"search --limit 10000000000", "search --limit -5", "search --offset -1",
                            "show 100000000000000", "show 0"}) {
        INFO(bad);
        r = runShell(kCli + " " + bad + arg);
        CHECK(r.exitCode == 2);
        CHECK(!r.err.empty());
    }
    CHECK(runShell(kCli + " search --limit 1000000" + arg).exitCode == 0);
    CHECK(runShell(kCli + " search --limit -1" + arg).exitCode == 0);
    CHECK(runShell(kCli + " show 99" + arg).exitCode == 1);  // no such game: bad input
}
