#pragma once
// The chaos trials: the real `othello-db` driven as child processes while things go wrong
// (kill -9 at random moments of an import or a rename, two writers and several readers at
// once, a full disk, read-only media, many processes opening a new archive at once). After
// each trial the archive must pass PRAGMA integrity_check and foreign_key_check, every reader
// must have succeeded and seen only whole committed batches, every committed game must be
// found by search, show and export, and once the interrupted work is run again the counts and
// statistics must equal a reference archive built without interference.
//
// One library for both the short ctest (tests/chaos/ChaosTest.cpp: each trial once) and the
// soak (bench/bench_chaos.cpp: trials with random seeds for as long as asked).
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "ChaosSupport.h"

namespace chaos {

struct ChaosConfig {
    std::string cli;  // the othello-db executable
    fs::path work;    // scratch folder (created; trials make and remove folders in it)
    // The generated files: S seeds an archive, A and B are the main import. Sizes are
    // multiples of batchGames, so that every committed batch is a whole one.
    int gamesS = 200, gamesA = 600, gamesB = 400;
    int batchGames = 50;  // the batches of the library-level importer (see killBatchedImport)
    int readers = 2;      // concurrent reader threads, each running othello-db in a loop
};

struct TrialResult {
    std::string name;
    std::uint64_t seed = 0;
    std::vector<std::string> failures;  // empty: the trial passed
    std::vector<std::string> notes;     // what happened (killed midway, refused, ...)
    void fail(std::string what) { failures.push_back(std::move(what)); }
};

// Figures compared with the reference: `info`, `stats` of a few positions, `search` totals.
using Figures = std::map<std::string, std::string>;

class ChaosLab {
  public:
    // Writes the files and builds the reference archives (S, A and B imported in one run, and
    // a copy with the renames of the writers trial applied).
    explicit ChaosLab(ChaosConfig config);

    using Trial = TrialResult (ChaosLab::*)(std::uint64_t seed);
    static const std::vector<std::pair<std::string, Trial>>& trials();

    // kill -9 of `othello-db import` at a random moment (seeded archive or not); resume.
    TrialResult killImport(std::uint64_t seed);
    // An import in small batches (the library's ImportOptions::batchGames; the CLI has no
    // option for it) killed at a random moment while readers run: readers see whole batches.
    TrialResult killBatchedImport(std::uint64_t seed);
    // Two writers (an import, and rename-player merging and renaming players; a second
    // import tried meanwhile must be refused cleanly) and readers at once; sometimes a kill.
    TrialResult writersAndReaders(std::uint64_t seed);
    // The import runs out of disk (RLIMIT_FSIZE): a clean error, whole batches kept, resume.
    TrialResult fullDisk(std::uint64_t seed);
    // Every read command on an archive whose file (and folder) cannot be written.
    TrialResult readOnlyMedia(std::uint64_t seed);
    // Imports and readers start at once on an archive that does not exist yet.
    TrialResult firstOpenRace(std::uint64_t seed);
    // kill -9 of rename-player at a random moment: all or nothing.
    TrialResult killRename(std::uint64_t seed);
    // kill -9 of `othello-db edit ID --moves ... --black ...` (even seeds) or of `delete` of a
    // few games (odd seeds) at a random moment, while a reader reads the game: the archive
    // and every read hold the old game or the new one, never a mix (ChaosEditTrial.cpp).
    TrialResult killEdit(std::uint64_t seed);

    const ChaosConfig& config() const { return config_; }
    std::int64_t totalGames() const { return config_.gamesS + config_.gamesA + config_.gamesB; }

  private:
    struct Allowed;  // the game counts a reader may see
    class Readers;

    // othello-db ARGS --db DB
    std::vector<std::string> cliArgs(const fs::path& db, std::vector<std::string> args) const;
    ProcResult cli(const fs::path& db, std::vector<std::string> args,
                   const SpawnOptions& options = {}) const;
    Figures figures(const fs::path& db, const SpawnOptions& options = {}) const;
    void compareFigures(const Figures& got, const Figures& want, TrialResult& r) const;
    void checkIntegrity(const fs::path& db, TrialResult& r) const;
    // info, search and stats agree; a few committed games are found by show, a position
    // search and export. Returns the number of games.
    std::int64_t checkConsistent(const fs::path& db, const Allowed& allowed, TrialResult& r,
                                 const SpawnOptions& options = {}) const;
    void importOrFail(const fs::path& db, const std::vector<fs::path>& files, TrialResult& r,
                      const char* why) const;
    fs::path trialDir(const std::string& name, std::uint64_t seed) const;

    ChaosConfig config_;
    fs::path fileS_, fileA_, fileB_;
    fs::path reference_;
    Figures referenceFigures_, renamedFigures_;
    double importSeconds_ = 0;  // of S, A and B by the CLI into a new archive
};

// The renames the writers trial applies while it imports (and the reference gets after).
const std::vector<std::pair<std::string, std::string>>& trialRenames();

}  // namespace chaos
