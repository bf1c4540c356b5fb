// The chaos trials themselves (checks and readers: ChaosChecks.cpp).
#include "ChaosTrials.h"

#include <SQLiteCpp/SQLiteCpp.h>
#include <sys/stat.h>

#include <nlohmann/json.hpp>
#include <random>
#include <thread>

#include "ChaosReaders.h"
#include "storage/Archive.h"

namespace chaos {

namespace {

TrialResult start(const char* name, std::uint64_t seed) {
    TrialResult r;
    r.name = name;
    r.seed = seed;
    return r;
}

std::chrono::microseconds randomDelay(std::mt19937_64& rng, double maxSeconds) {
    return std::chrono::microseconds(
        static_cast<std::int64_t>(double(rng() % 1000) / 1000.0 * maxSeconds * 1e6));
}

std::vector<std::string> importArgs(const std::vector<fs::path>& files) {
    std::vector<std::string> args = {"import", "--quiet"};
    for (const fs::path& f : files) args.push_back(f.string());
    return args;
}

bool refusedAsBusy(const ProcResult& p) {
    return p.exitCode > 0 && p.err.find("another import") != std::string::npos;
}

std::int64_t sqlCount(const fs::path& db, const std::string& sql) {
    SQLite::Database raw(db.string(), SQLite::OPEN_READONLY);
    raw.setBusyTimeout(10000);
    return raw.execAndGet(sql).getInt64();
}

void copyArchive(const fs::path& from, const fs::path& to) {
    for (const char* suffix : {"", "-wal", "-shm"}) {
        const fs::path f = from.string() + suffix;
        if (fs::exists(f))
            fs::copy_file(f, to.string() + suffix, fs::copy_options::overwrite_existing);
    }
}

// The library's importer in a child process with ImportOptions::batchGames (the CLI has no
// option for it), so that it can be killed or starved of disk as the CLI is. Construct it
// before starting threads: the child runs library code between fork and exit.
class BatchedImport {
  public:
    BatchedImport(const fs::path& db, const std::vector<fs::path>& files, int batchGames,
                  std::optional<rlim_t> fileSizeLimit = std::nullopt) {
        pid_ = fork();
        if (pid_ != 0) return;
        if (fileSizeLimit) {
            signal(SIGXFSZ, SIG_IGN);
            rlimit lim{*fileSizeLimit, *fileSizeLimit};
            setrlimit(RLIMIT_FSIZE, &lim);
        }
        try {
            othello::storage::Archive a(db);
            othello::storage::ImportOptions o;
            o.batchGames = static_cast<std::size_t>(batchGames);
            a.importFiles(files, o);
        } catch (...) {
            _exit(3);
        }
        _exit(0);
    }
    ~BatchedImport() {
        kill9();
        wait();
    }
    void kill9() {
        if (!reaped_ && pid_ > 0) kill(pid_, SIGKILL);
    }
    // The wait status (see waitpid).
    int wait() {
        if (!reaped_ && pid_ > 0) {
            waitpid(pid_, &status_, 0);
            reaped_ = true;
        }
        return status_;
    }

  private:
    pid_t pid_ = -1;
    bool reaped_ = false;
    int status_ = 0;
};

}  // namespace

const std::vector<std::pair<std::string, std::string>>& trialRenames() {
    static const std::vector<std::pair<std::string, std::string>> renames = {
        {"Player 1", "Player 2"},       // a merge
        {"Player 3", "Renamed Three"},  // a new name
        {"Player 4", "Player 5"},       // a merge
        {"Player 6", "Renamed Six"}};
    return renames;
}

const std::vector<std::pair<std::string, ChaosLab::Trial>>& ChaosLab::trials() {
    static const std::vector<std::pair<std::string, Trial>> list = {
        {"kill-import", &ChaosLab::killImport},
        {"kill-batched-import", &ChaosLab::killBatchedImport},
        {"writers-and-readers", &ChaosLab::writersAndReaders},
        {"full-disk", &ChaosLab::fullDisk},
        {"read-only-media", &ChaosLab::readOnlyMedia},
        {"first-open-race", &ChaosLab::firstOpenRace},
        {"kill-rename", &ChaosLab::killRename},
        {"kill-edit", &ChaosLab::killEdit}};
    return list;
}

ChaosLab::ChaosLab(ChaosConfig config) : config_(std::move(config)) {
    // Writers wait for each other (rename-player behind an import) up to this long before
    // giving up as busy: a loaded CI machine must not turn the wait into a failure.
    setenv("OTHELLO_BUSY_TIMEOUT", "120", 1);
    fs::create_directories(config_.work);
    fileS_ = writeGames(config_.work / "s.pgn", config_.gamesS, 11, "Seed Cup");
    fileA_ = writeGames(config_.work / "a.pgn", config_.gamesA, 12);
    fileB_ = writeGames(config_.work / "b.pgn", config_.gamesB, 13);
    reference_ = config_.work / "reference.sqlite";
    fs::remove(reference_);
    const ProcResult p = cli(reference_, importArgs({fileS_, fileA_, fileB_}));
    importSeconds_ = p.seconds;
    if (!p.ok()) throw std::runtime_error("the reference import failed: " + p.describe());
    referenceFigures_ = figures(reference_);
    const fs::path renamed = config_.work / "reference-renamed.sqlite";
    fs::remove(renamed);
    copyArchive(reference_, renamed);
    for (const auto& [from, to] : trialRenames()) {
        const ProcResult q = cli(renamed, {"rename-player", from, to});
        if (!q.ok()) throw std::runtime_error("a reference rename failed: " + q.describe());
    }
    renamedFigures_ = figures(renamed);
}

fs::path ChaosLab::trialDir(const std::string& name, std::uint64_t seed) const {
    // The folders of earlier trials go (a soak runs thousands); the last stays for a look.
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(config_.work, ec))
        if (e.is_directory()) fs::remove_all(e.path(), ec);
    const fs::path d = config_.work / (name + "-" + std::to_string(seed));
    fs::create_directories(d);
    return d;
}

void ChaosLab::importOrFail(const fs::path& db, const std::vector<fs::path>& files, TrialResult& r,
                            const char* why) const {
    const ProcResult p = cli(db, importArgs(files));
    if (!p.ok()) r.fail(std::string(why) + ": import failed: " + p.describe());
}

TrialResult ChaosLab::killImport(std::uint64_t seed) {
    TrialResult r = start("kill-import", seed);
    std::mt19937_64 rng(seed);
    const fs::path dir = trialDir(r.name, seed), db = dir / "games.sqlite";
    const bool seeded = rng() % 2;
    if (seeded) importOrFail(db, {fileS_}, r, "seeding");
    const std::vector<fs::path> files = seeded ? std::vector<fs::path>{fileA_, fileB_}
                                               : std::vector<fs::path>{fileS_, fileA_, fileB_};
    const auto delay = randomDelay(rng, importSeconds_ * 0.9);
    Child c(cliArgs(db, importArgs(files)), dir);
    std::this_thread::sleep_for(delay);
    c.kill9();
    const ProcResult p = c.wait();
    r.notes.push_back(std::string(seeded ? "seeded, " : "") +
                      (p.signal ? "killed after " : "finished before the kill at ") +
                      std::to_string(delay.count() / 1000) + " ms");
    checkIntegrity(db, r);
    if (fs::exists(db))
        checkConsistent(db, Allowed{seeded ? config_.gamesS : 0, totalGames(), 0}, r);
    importOrFail(db, files, r, "resuming");
    checkIntegrity(db, r);
    compareFigures(figures(db), referenceFigures_, r);
    return r;
}

TrialResult ChaosLab::killBatchedImport(std::uint64_t seed) {
    TrialResult r = start("kill-batched-import", seed);
    std::mt19937_64 rng(seed);
    const fs::path dir = trialDir(r.name, seed), db = dir / "games.sqlite";
    importOrFail(db, {fileS_}, r, "seeding");
    // One run in three is not killed: the readers see the end of the import (its positions
    // indexed in one transaction) too.
    const bool kill = rng() % 3 != 0;
    const auto delay = randomDelay(rng, importSeconds_ * 1.5);
    BatchedImport import(db, {fileA_, fileB_}, config_.batchGames);
    const Allowed allowed{config_.gamesS, totalGames(), config_.batchGames};
    {
        Readers readers(*this, db, allowed);
        if (kill) {
            std::this_thread::sleep_for(delay);
            import.kill9();
        }
        const int status = import.wait();
        r.notes.push_back(!kill ? std::string("not killed")
                          : WIFSIGNALED(status)
                              ? "killed after " + std::to_string(delay.count() / 1000) + " ms"
                              : "finished before the kill at " +
                                    std::to_string(delay.count() / 1000) + " ms");
        if (WIFEXITED(status) && WEXITSTATUS(status) != 0)
            r.fail("the batched import failed before the kill (exit " +
                   std::to_string(WEXITSTATUS(status)) + ")");
        // The readers go on a little on what the kill left (committed, maybe unindexed games).
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
        readers.report(r);
    }
    checkIntegrity(db, r);
    checkConsistent(db, allowed, r);
    importOrFail(db, {fileA_, fileB_}, r, "resuming");
    compareFigures(figures(db), referenceFigures_, r);
    return r;
}

TrialResult ChaosLab::writersAndReaders(std::uint64_t seed) {
    TrialResult r = start("writers-and-readers", seed);
    std::mt19937_64 rng(seed);
    const fs::path dir = trialDir(r.name, seed), db = dir / "games.sqlite";
    importOrFail(db, {fileS_}, r, "seeding");  // every player exists before the renames
    const bool killIt = rng() % 3 == 0;
    const auto killDelay = randomDelay(rng, importSeconds_);
    // Odd seeds: the import commits small batches, so renames fall between its transactions.
    const bool batched = seed % 2;
    r.notes.push_back(batched ? "batched import" : "CLI import");
    // The second import (of B) may run before the first: base + B is a committed state.
    const Allowed allowed{config_.gamesS,
                          totalGames(),
                          batched ? config_.batchGames : 0,
                          {config_.gamesS + config_.gamesB}};
    {
        std::optional<BatchedImport> library;
        std::optional<Child> cliImport;
        if (batched)
            library.emplace(db, std::vector<fs::path>{fileA_, fileB_}, config_.batchGames);
        else
            cliImport.emplace(cliArgs(db, importArgs({fileA_, fileB_})), dir);
        Readers readers(*this, db, allowed);
        // The other writers: rename-player (merges and new names), and `analyze --all`, which
        // stores reviews of the games committed so far.
        std::vector<std::string> renameFailures;
        std::thread renamer([&] {
            for (const auto& [from, to] : trialRenames()) {
                std::this_thread::sleep_for(std::chrono::milliseconds(rng() % 40));
                const ProcResult p = cli(db, {"rename-player", from, to});
                if (!p.ok())
                    renameFailures.push_back("rename-player " + from + " -> " + to + ": " +
                                             p.describe());
                const ProcResult a = cli(
                    db, {"analyze", "--all", "--empties", "6", "--max-games", "100", "--quiet"});
                if (!a.ok()) renameFailures.push_back("analyze --all: " + a.describe());
            }
        });
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
        const ProcResult second = cli(db, importArgs({fileB_}));
        if (!second.ok() && !refusedAsBusy(second))
            r.fail("a second import neither ran nor was refused cleanly: " + second.describe());
        r.notes.push_back(second.ok() ? "second import ran" : "second import refused");
        if (killIt) {
            std::this_thread::sleep_for(killDelay);
            if (library) library->kill9();
            if (cliImport) cliImport->kill9();
        }
        if (library) {
            const int status = library->wait();
            // Exit 3: it threw (refused as busy when the second import went first).
            if (WIFEXITED(status) && WEXITSTATUS(status) != 0)
                r.notes.push_back("the batched import stopped (exit " +
                                  std::to_string(WEXITSTATUS(status)) + ")");
            if (WIFSIGNALED(status)) r.notes.push_back("import killed");
        } else {
            // Either import may be the one refused (the second may start first).
            const ProcResult first = cliImport->wait();
            if (!first.ok() && !first.signal && !refusedAsBusy(first))
                r.fail("the import failed: " + first.describe());
            if (refusedAsBusy(first)) r.notes.push_back("first import refused");
            if (first.signal) r.notes.push_back("import killed");
        }
        renamer.join();
        for (std::string& f : renameFailures) r.fail(std::move(f));
        readers.report(r);
    }
    checkIntegrity(db, r);
    checkConsistent(db, allowed, r);
    importOrFail(db, {fileA_, fileB_}, r, "completing");
    checkIntegrity(db, r);
    compareFigures(figures(db), renamedFigures_, r);
    return r;
}

TrialResult ChaosLab::fullDisk(std::uint64_t seed) {
    TrialResult r = start("full-disk", seed);
    std::mt19937_64 rng(seed);
    const fs::path dir = trialDir(r.name, seed), db = dir / "games.sqlite";
    importOrFail(db, {fileS_}, r, "seeding");
    const auto seededSize = static_cast<rlim_t>(fs::file_size(db));
    const auto fullSize = static_cast<rlim_t>(fs::file_size(reference_));
    // Room for a part of the import only: each file (database, WAL) may grow that far.
    SpawnOptions full;
    full.fileSizeLimit =
        seededSize + 16384 + rng() % std::max<rlim_t>(1, (fullSize - seededSize) / 2);
    const ProcResult p = cli(db, importArgs({fileA_, fileB_}), full);
    r.notes.push_back("limit " + std::to_string(*full.fileSizeLimit / 1024) +
                      " KiB: " + (p.ok() ? "the import fit" : p.describe().substr(0, 120)));
    if (p.signal) r.fail("the import on a full disk crashed: " + p.describe());
    if (!p.ok() && p.err.find("error") == std::string::npos)
        r.fail("the import on a full disk failed without an error message: " + p.describe());
    checkIntegrity(db, r);
    checkConsistent(db, Allowed{config_.gamesS, totalGames(), 0}, r);
    // The same with small batches (the library's importer): whole batches are kept.
    const fs::path db2 = dir / "batched.sqlite";
    importOrFail(db2, {fileS_}, r, "seeding");
    const int status =
        BatchedImport(db2, {fileA_, fileB_}, config_.batchGames, full.fileSizeLimit).wait();
    if (WIFSIGNALED(status)) r.fail("the batched import on a full disk crashed");
    checkIntegrity(db2, r);
    checkConsistent(db2, Allowed{config_.gamesS, totalGames(), config_.batchGames}, r);
    // Room again: the imports complete.
    importOrFail(db, {fileA_, fileB_}, r, "resuming");
    compareFigures(figures(db), referenceFigures_, r);
    importOrFail(db2, {fileA_, fileB_}, r, "resuming the batched one");
    compareFigures(figures(db2), referenceFigures_, r);
    return r;
}

TrialResult ChaosLab::readOnlyMedia(std::uint64_t seed) {
    TrialResult r = start("read-only-media", seed);
    if (!permissionsApply()) {
        r.notes.push_back("skipped: root that may not become nobody, permissions would not apply");
        return r;
    }
    const fs::path dir = trialDir(r.name, seed), media = dir / "media";
    fs::create_directories(media);
    const fs::path db = media / "games.sqlite";
    copyArchive(reference_, db);
    // seed % 3 == 2: the last writer was killed, leaving its -wal and -shm files (the WAL holds
    // a committed change not yet in the database file).
    const bool leftOver = seed % 3 == 2;
    if (leftOver) {
        const pid_t pid = fork();
        if (pid == 0) {
            try {
                SQLite::Database raw(db.string(), SQLite::OPEN_READWRITE);
                raw.exec("PRAGMA wal_autocheckpoint = 0");
                raw.exec("INSERT OR REPLACE INTO meta(key, value) VALUES('chaos_probe', 1)");
                _exit(0);  // as a kill: no checkpoint, the -wal and -shm files stay
            } catch (...) {
                _exit(3);
            }
        }
        int status = 0;
        waitpid(pid, &status, 0);
        if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 || !fs::exists(db.string() + "-wal"))
            r.fail("could not leave a WAL behind");
    }
    const std::string before = storagetest::readFile(db);
    // Seed even: the folder is read-only too (a CD, a read-only mount); odd: the file only.
    const bool folderToo = seed % 2 == 0;
    for (const char* suffix : {"", "-wal", "-shm"})
        if (fs::exists(db.string() + suffix)) chmod((db.string() + suffix).c_str(), 0444);
    if (folderToo) chmod(media.c_str(), 0555);
    chmod(dir.c_str(), 0777);  // export writes here, as whoever runs the readers
    r.notes.push_back(std::string(folderToo ? "read-only file and folder" : "read-only file") +
                      (leftOver ? ", a killed writer's WAL" : ""));
    SpawnOptions ro;
    ro.dropRoot = true;  // permissions do not bind root
    compareFigures(figures(db, ro), referenceFigures_, r);
    for (const char* id : {"1", "100"}) {
        const ProcResult p = cli(db, {"show", id, "--json"}, ro);
        if (!p.ok()) r.fail(std::string("show ") + id + " on read-only media: " + p.describe());
    }
    const ProcResult ex =
        cli(db, {"export", "--to", "pgn", "-o", (dir / "out.pgn").string(), "--json"}, ro);
    if (!ex.ok()) r.fail("export from read-only media: " + ex.describe());
    // A writer is refused with a message, and changes nothing.
    const ProcResult im = cli(db, importArgs({fileS_}), ro);
    if (im.ok() || im.signal || im.err.find("error") == std::string::npos)
        r.fail("an import into read-only media was not refused cleanly: " + im.describe());
    chmod(media.c_str(), 0755);
    if (storagetest::readFile(db) != before) r.fail("reading read-only media changed the file");
    return r;
}

TrialResult ChaosLab::firstOpenRace(std::uint64_t seed) {
    TrialResult r = start("first-open-race", seed);
    const fs::path dir = trialDir(r.name, seed), db = dir / "new" / "games.sqlite";
    // Two imports and the readers at once, on a file (and folder) that does not exist yet.
    // Readers may answer "does not exist" until a writer made it; then they must read it.
    const std::int64_t s = config_.gamesS, ab = config_.gamesA + config_.gamesB;
    const Allowed allowed{0, totalGames(), 0, {s, ab}};
    int refused = 0;
    {
        Readers readers(*this, db, allowed, true);
        Child first(cliArgs(db, importArgs({fileS_})), dir);
        Child second(cliArgs(db, importArgs({fileA_, fileB_})), dir);
        for (Child* c : {&first, &second}) {
            const ProcResult p = c->wait();
            refused += refusedAsBusy(p);
            if (!p.ok() && !refusedAsBusy(p))
                r.fail("an import opening the new archive failed: " + p.describe());
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        readers.report(r);
    }
    r.notes.push_back(std::to_string(refused) + " import(s) refused as busy");
    checkIntegrity(db, r);
    checkConsistent(db, allowed, r);
    importOrFail(db, {fileS_, fileA_, fileB_}, r, "completing");
    compareFigures(figures(db), referenceFigures_, r);
    return r;
}

TrialResult ChaosLab::killRename(std::uint64_t seed) {
    TrialResult r = start("kill-rename", seed);
    std::mt19937_64 rng(seed);
    const fs::path dir = trialDir(r.name, seed), db = dir / "games.sqlite";
    copyArchive(reference_, db);
    const std::string count =
        "SELECT count(*) FROM games g JOIN players p ON p.id IN (g.black_id, g.white_id) "
        "WHERE p.name = ";
    const std::int64_t one = sqlCount(db, count + "'Player 1'");
    const std::int64_t two = sqlCount(db, count + "'Player 2'");
    const auto delay = std::chrono::microseconds(rng() % 60000);
    Child c(cliArgs(db, {"rename-player", "Player 1", "Player 2"}), dir);
    std::this_thread::sleep_for(delay);
    c.kill9();
    const ProcResult p = c.wait();
    r.notes.push_back((p.signal ? "killed after " : "finished before the kill at ") +
                      std::to_string(delay.count() / 1000) + " ms");
    checkIntegrity(db, r);
    const std::int64_t oneAfter = sqlCount(db, count + "'Player 1'");
    const std::int64_t twoAfter = sqlCount(db, count + "'Player 2'");
    const bool none = oneAfter == one && twoAfter == two;
    const bool all = oneAfter == 0 && twoAfter >= two && twoAfter <= one + two;
    if (!none && !all)
        r.fail("a killed rename left a half merge: Player 1 in " + std::to_string(oneAfter) +
               " games (was " + std::to_string(one) + "), Player 2 in " + std::to_string(twoAfter) +
               " (was " + std::to_string(two) + ")");
    checkConsistent(db, Allowed{totalGames(), totalGames(), 0}, r);
    return r;
}

}  // namespace chaos
