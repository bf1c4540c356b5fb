// The edit trial: kill -9 of `othello-db edit` or `delete` at a random moment. An edit rewrites
// a game's row, its positions and the position statistics in one transaction: whatever the
// moment of the kill, the archive (and a reader meanwhile) has the old game or the new one,
// and its figures equal those of the reference before or after the change, never a mix.
#include <atomic>
#include <nlohmann/json.hpp>
#include <random>
#include <thread>

#include "ChaosReaders.h"
#include "core/Notation.h"
#include "storage/Archive.h"

namespace chaos {

namespace {

using nlohmann::json;

void copyFiles(const fs::path& from, const fs::path& to) {
    for (const char* suffix : {"", "-wal", "-shm"}) {
        const fs::path f = from.string() + suffix;
        if (fs::exists(f))
            fs::copy_file(f, to.string() + suffix, fs::copy_options::overwrite_existing);
    }
}

// The game as a reader sees it: "black|moves", or "absent".
std::string stateOf(othello::storage::Archive& a, std::int64_t id) {
    const auto g = a.game(id);
    if (!g) return "absent";
    return g->record.black + "|" + othello::core::movesString(g->record.moves);
}

}  // namespace

TrialResult ChaosLab::killEdit(std::uint64_t seed) {
    TrialResult r;
    r.name = "kill-edit";
    r.seed = seed;
    std::mt19937_64 rng(seed);
    const fs::path dir = trialDir(r.name, seed), db = dir / "games.sqlite";
    const fs::path after = dir / "after.sqlite";
    copyFiles(reference_, db);
    copyFiles(reference_, after);
    const bool deleting = seed % 2 == 1;
    std::vector<std::int64_t> ids;
    for (int k = 0; k < (deleting ? 3 : 1); ++k)
        ids.push_back(1 +
                      static_cast<std::int64_t>(rng() % static_cast<std::uint64_t>(totalGames())));
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    std::vector<std::string> args;
    if (deleting) {
        args = {"delete"};
        for (const auto id : ids) args.push_back(std::to_string(id));
    } else {
        const std::string moves = othello::core::movesString(storagetest::randomGame(rng));
        args = {"edit", std::to_string(ids[0]), "--moves", moves, "--black", "Edited Player"};
    }
    // The state after the change, made without interference: its figures and its duration.
    const ProcResult done = cli(after, args);
    if (!done.ok()) {
        r.fail("the uninterrupted " + args[0] + " failed: " + done.describe());
        return r;
    }
    const Figures afterFigures = figures(after);
    std::string oldState, newState;
    {
        othello::storage::Archive before(reference_, othello::storage::Archive::Mode::ReadOnly);
        othello::storage::Archive changed(after, othello::storage::Archive::Mode::ReadOnly);
        oldState = stateOf(before, ids[0]);
        newState = stateOf(changed, ids[0]);
    }
    // A reader through the library, in a tight loop: every read is the old game or the new.
    std::atomic<bool> stop{false};
    std::atomic<std::int64_t> reads{0};
    std::string readerFailure;
    std::thread reader([&] {
        try {
            othello::storage::Archive a(db, othello::storage::Archive::Mode::ReadOnly);
            while (!stop) {
                const std::string s = stateOf(a, ids[0]);
                const std::int64_t games = a.info().games;
                ++reads;
                const bool gamesOk = games == totalGames() ||
                                     games == totalGames() - static_cast<std::int64_t>(ids.size());
                if ((s != oldState && s != newState) || !gamesOk) {
                    readerFailure = "a reader saw game " + std::to_string(ids[0]) + " as \"" + s +
                                    "\" with " + std::to_string(games) + " games";
                    return;
                }
            }
        } catch (const std::exception& e) {
            readerFailure = std::string("the reader failed: ") + e.what();
        }
    });
    const auto delay = std::chrono::microseconds(
        static_cast<std::int64_t>(double(rng() % 1000) / 1000.0 * done.seconds * 1.2 * 1e6));
    Child c(cliArgs(db, args), dir);
    std::this_thread::sleep_for(delay);
    c.kill9();
    const ProcResult p = c.wait();
    stop = true;
    reader.join();
    r.notes.push_back(args[0] + (p.signal ? " killed after " : " finished before the kill at ") +
                      std::to_string(delay.count() / 1000) + " ms (" + std::to_string(reads) +
                      " reads)");
    if (!readerFailure.empty()) r.fail(readerFailure);
    checkIntegrity(db, r);
    std::string state;
    std::int64_t journalled = -1;
    {
        othello::storage::Archive a(db, othello::storage::Archive::Mode::ReadOnly);
        state = stateOf(a, ids[0]);
        journalled = static_cast<std::int64_t>(a.history().size());
    }
    const bool old = state == oldState, changed = state == newState;
    if (!old && !changed) {
        r.fail("after the kill game " + std::to_string(ids[0]) + " is \"" + state +
               "\": neither the old game nor the new");
        return r;
    }
    // The journal and every figure agree with that state.
    const std::int64_t before = 1;  // the reference's import
    if (journalled != (changed ? before + 1 : before))
        r.fail("the journal holds " + std::to_string(journalled) + " changes for a " +
               (changed ? "changed" : "unchanged") + " game");
    compareFigures(figures(db), changed ? afterFigures : referenceFigures_, r);
    const std::int64_t remaining =
        deleting && changed ? totalGames() - static_cast<std::int64_t>(ids.size()) : totalGames();
    checkConsistent(db, Allowed{remaining, remaining, 0}, r);
    return r;
}

}  // namespace chaos
