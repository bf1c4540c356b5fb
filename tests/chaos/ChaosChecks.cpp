// The checks of the chaos trials: figures compared with the reference, integrity, foreign
// keys, agreeing readers, committed games found; and the reader threads.
#include <SQLiteCpp/SQLiteCpp.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <random>

#include "ChaosReaders.h"
#include "ChaosTrials.h"
#include "storage/Archive.h"

namespace chaos {

using nlohmann::json;

std::vector<std::string> ChaosLab::cliArgs(const fs::path& db,
                                           std::vector<std::string> args) const {
    args.insert(args.begin(), config_.cli);
    args.push_back("--db");
    args.push_back(db.string());
    return args;
}

ProcResult ChaosLab::cli(const fs::path& db, std::vector<std::string> args,
                         const SpawnOptions& options) const {
    // Output files go to the trial folder, or beside the archive when that is writable.
    return run(cliArgs(db, std::move(args)), config_.work, options);
}

namespace {

std::optional<json> parseJson(const ProcResult& p) {
    if (!p.ok()) return std::nullopt;
    try {
        return json::parse(p.out);
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

}  // namespace

Figures ChaosLab::figures(const fs::path& db, const SpawnOptions& options) const {
    Figures f;
    const auto take = [&](const std::string& key, std::vector<std::string> args,
                          const std::function<std::string(const json&)>& pick) {
        args.push_back("--json");
        const ProcResult p = cli(db, args, options);
        const auto j = parseJson(p);
        f[key] = j ? pick(*j) : "FAILED (" + p.describe() + ")";
    };
    take("info", {"info"}, [](const json& j) {
        return "games " + j["games"].dump() + ", players " + j["players"].dump() + ", events " +
               j["events"].dump() + ", positions " + j["positions"].dump();
    });
    for (const char* moves : {"", "f5", "f5d6", "f5d6c3", "f5f6"}) {
        const std::string key = std::string("stats ") + (*moves ? moves : "start");
        take(key,
             *moves ? std::vector<std::string>{"stats", "--moves", moves}
                    : std::vector<std::string>{"stats", "--start"},
             [](const json& j) { return j.dump(); });
    }
    const std::vector<std::vector<std::string>> searches = {
        {"--player", "Player 3"},  {"--black", "Player 2"}, {"--player", "Renamed"},
        {"--year", "2005-2009"},   {"--result", "black"},   {"--result", "draw"},
        {"--moves", "f5d6c3d3c4"}, {"--event", "generated"}};
    for (const auto& s : searches) {
        std::vector<std::string> args = {"search", "--limit", "1"};
        args.insert(args.end(), s.begin(), s.end());
        take("search " + s[0] + " " + s[1], args, [](const json& j) { return j["total"].dump(); });
    }
    return f;
}

void ChaosLab::compareFigures(const Figures& got, const Figures& want, TrialResult& r) const {
    for (const auto& [key, value] : want) {
        const auto it = got.find(key);
        if (it == got.end() || it->second != value)
            r.fail("`" + key + "` differs from the reference: got " +
                   (it == got.end() ? "nothing" : it->second.substr(0, 300)) + ", want " +
                   value.substr(0, 300));
    }
}

void ChaosLab::checkIntegrity(const fs::path& db, TrialResult& r) const {
    if (!fs::exists(db)) return;
    try {
        // Writable, as SQLite may have to roll back a hot journal a kill left.
        SQLite::Database raw(db.string(), SQLite::OPEN_READWRITE);
        raw.setBusyTimeout(10000);
        SQLite::Statement integrity(raw, "PRAGMA integrity_check");
        std::string problems;
        while (integrity.executeStep()) {
            const std::string row = integrity.getColumn(0).getString();
            if (row != "ok") problems += row + "; ";
        }
        if (!problems.empty()) r.fail("integrity_check: " + problems.substr(0, 500));
        SQLite::Statement fk(raw, "PRAGMA foreign_key_check");
        std::map<std::string, int> dangling;  // table -> rows
        while (fk.executeStep()) ++dangling[fk.getColumn(0).getString()];
        for (const auto& [table, rows] : dangling)
            r.fail("foreign_key_check: " + std::to_string(rows) + " rows of " + table +
                   " point to no row (e.g. games naming a player that does not exist)");
    } catch (const std::exception& e) {
        r.fail(std::string("integrity check could not run: ") + e.what());
    }
}

bool ChaosLab::Allowed::operator()(std::int64_t games) const {
    if (games == base || games == total) return true;
    if (std::find(also.begin(), also.end(), games) != also.end()) return true;
    return batch > 0 && games > base && games < total && (games - base) % batch == 0;
}

std::string ChaosLab::Allowed::describe() const {
    std::string s = std::to_string(base) + (batch > 0 ? " + k*" + std::to_string(batch) : "");
    for (const std::int64_t n : also) s += ", " + std::to_string(n);
    return s + " or " + std::to_string(total);
}

std::int64_t ChaosLab::checkConsistent(const fs::path& db, const Allowed& allowed, TrialResult& r,
                                       const SpawnOptions& options) const {
    const auto need = [&](std::vector<std::string> args) -> std::optional<json> {
        args.push_back("--json");
        const ProcResult p = cli(db, args, options);
        auto j = parseJson(p);
        if (!j) r.fail("`" + args[0] + "` after the trial failed: " + p.describe());
        return j;
    };
    const auto info = need({"info"});
    const auto all = need({"search", "--limit", "1"});
    const auto stats = need({"stats", "--start"});
    if (!info || !all || !stats) return -1;
    const std::int64_t games = (*info)["games"];
    if (!allowed(games))
        r.fail("the archive holds " + std::to_string(games) + " games, not whole batches (" +
               allowed.describe() + ")");
    if ((*all)["total"] != games)
        r.fail("search finds " + (*all)["total"].dump() + " games, info counts " +
               std::to_string(games));
    std::int64_t next = 0;
    for (const auto& m : (*stats)["moves"]) next += m["games"].get<std::int64_t>();
    if ((*stats)["games"] != games || next != games)
        r.fail("stats of the start: " + (*stats)["games"].dump() + " games, " +
               std::to_string(next) + " by next move; info counts " + std::to_string(games));
    if (games <= 0) return games;
    // A few committed games, anywhere in the archive: shown, found by their position, exported.
    std::mt19937_64 rng(static_cast<std::uint64_t>(games));
    for (int k = 0; k < 3; ++k) {
        const auto offset = std::to_string(rng() % static_cast<std::uint64_t>(games));
        const auto row = need({"search", "--limit", "1", "--offset", offset});
        if (!row || (*row)["games"].empty()) {
            r.fail("search --offset " + offset + " found no game");
            continue;
        }
        const json& g = (*row)["games"][0];
        const std::string id = g["id"].dump();
        const auto shown = need({"show", id});
        if (shown && (*shown)["moves"] != g["moves"]) r.fail("show " + id + ": other moves");
        std::string prefix;
        for (std::size_t i = 0; i < 12 && i < g["moves"].size(); ++i)
            prefix += g["moves"][i].get<std::string>();
        const auto found = need({"search", "--moves", prefix, "--limit", "-1"});
        if (found && std::none_of((*found)["games"].begin(), (*found)["games"].end(),
                                  [&](const json& h) { return h["id"] == g["id"]; }))
            r.fail("game " + id + " is not found by a search of its position after " + prefix);
    }
    const fs::path out = db.parent_path() / "export.pgn";
    const auto exported = need({"export", "--to", "pgn", "-o", out.string()});
    if (exported && (*exported)["exported"] != games)
        r.fail("export wrote " + (*exported)["exported"].dump() + " games of " +
               std::to_string(games));
    std::error_code ec;
    fs::remove(out, ec);
    return games;
}

// ---- Readers ------------------------------------------------------------------------------

ChaosLab::Readers::Readers(const ChaosLab& lab, fs::path db, Allowed allowed, bool missingOk)
    : lab_(lab), db_(std::move(db)), allowed_(std::move(allowed)), missingOk_(missingOk) {
    for (int i = 0; i < lab.config().readers; ++i) threads_.emplace_back([this, i] { loop(i); });
    threads_.emplace_back([this] { libraryLoop(); });
}

ChaosLab::Readers::~Readers() {
    stop();
}

void ChaosLab::Readers::stop() {
    done_ = true;
    for (auto& t : threads_)
        if (t.joinable()) t.join();
}

void ChaosLab::Readers::report(TrialResult& r) {
    stop();
    for (const std::string& f : failures_) r.fail(f);
    if (failureCount_ > failures_.size())
        r.fail("... and " + std::to_string(failureCount_ - failures_.size()) +
               " more reader failures");
    r.notes.push_back(
        std::to_string(reads_) + " CLI reads by " + std::to_string(lab_.config().readers) +
        " readers, " + std::to_string(libraryReads_) + " library reads" +
        (missing_ ? " (" + std::to_string(missing_) + " before the file existed)" : std::string()));
}

void ChaosLab::Readers::failure(std::string what) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (failures_.size() < 6) failures_.push_back(std::move(what));
    ++failureCount_;
}

void ChaosLab::Readers::loop(int index) {
    std::int64_t last = 0;
    for (int k = index; !done_; ++k) {
        std::vector<std::string> args;
        switch (k % 4) {
            case 0:
                args = {"info"};
                break;
            case 1:
                args = {"search", "--limit", "1"};
                break;
            case 2:
                args = {"stats", "--start"};
                break;
            default:
                args = {"search", "--moves", "f5d6", "--limit", "1"};
                break;
        }
        args.push_back("--json");
        const ProcResult p = lab_.cli(db_, args);
        ++reads_;
        const auto j = parseJson(p);
        if (!j && missingOk_ && p.exitCode > 0 &&
            p.err.find("does not exist") != std::string::npos) {
            ++missing_;
            continue;
        }
        if (!j) {
            failure("reader `" + args[0] + "` failed during the trial: " + p.describe());
            continue;
        }
        std::int64_t games = -1;
        if (k % 4 == 0) games = (*j)["games"];
        if (k % 4 == 1) games = (*j)["total"];
        if (k % 4 == 2) {
            games = (*j)["games"];
            std::int64_t next = 0;
            for (const auto& m : (*j)["moves"]) next += m["games"].get<std::int64_t>();
            if (next != games)
                failure("a reader's stats mix two states: " + std::to_string(games) +
                        " games at the start, " + std::to_string(next) + " by next move");
        }
        if (games >= 0) saw("reader `" + args[0] + "`", games, last);
    }
}

void ChaosLab::Readers::saw(const std::string& what, std::int64_t games, std::int64_t& last) {
    if (!allowed_(games))
        failure(what + " saw " + std::to_string(games) + " games: not whole committed batches (" +
                allowed_.describe() + ")");
    if (games < last)
        failure(what + " saw " + std::to_string(games) + " games after " + std::to_string(last));
    last = std::max(last, games);
}

void ChaosLab::Readers::libraryLoop() {
    using othello::storage::Archive;
    std::int64_t last = 0;
    std::unique_ptr<Archive> a;
    const auto start = othello::core::Position::start();
    for (int k = 0; !done_; ++k) {
        try {
            // A fresh connection now and then, as the viewer's worker threads do.
            if (!a || k % 20 == 0) a = std::make_unique<Archive>(db_, Archive::Mode::ReadOnly);
            ++libraryReads_;
            switch (k % 3) {
                case 0:
                    saw("library info()", a->info().games, last);
                    break;
                case 1: {
                    othello::storage::SearchFilter f;
                    f.limit = 1;
                    saw("library search()", a->search(f).total, last);
                    break;
                }
                default: {
                    const auto s = a->stats(start);
                    std::int64_t next = 0;
                    for (const auto& m : s.moves) next += m.games;
                    if (next != s.games)
                        failure("library stats() mixes two states: " + std::to_string(s.games) +
                                " games at the start, " + std::to_string(next) + " by next move");
                    saw("library stats()", s.games, last);
                }
            }
        } catch (const std::exception& e) {
            a.reset();
            const std::string what = e.what();
            if (missingOk_ && what.find("does not exist") != std::string::npos) {
                ++missing_;
                std::this_thread::sleep_for(std::chrono::milliseconds(2));
                continue;
            }
            failure("a library reader failed during the trial: " + what);
        }
    }
}

}  // namespace chaos
