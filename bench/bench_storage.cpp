// Storage benchmark over all shared WTHOR files (the world archive), in one run:
//  - import time into a fresh database, beside the floor: the fastest bare SQLite bulk insert
//    of the same rows we could write (the games, players, events, sources, positions and
//    position_stats rows the import wrote, loaded untimed into an in-memory database attached
//    to an empty file of the same schema and page size, then timed: one INSERT ... SELECT per
//    table in one transaction, secondary indexes created after the load, commit). The ratio is
//    taken against it. The older, slower floor (one prepared INSERT per row, indexes present)
//    is printed beside it for reference;
//  - position search (total + first 20 games) over 1,000 positions sampled from the games;
//  - stats of the start position and of 100 sampled positions;
//  - database size per indexed position.
// Usage: bench_storage [RUNS=3] [WORKDIR=/tmp/othello-bench-storage]. Prints medians.
// RUNS=0 skips the import and measures the queries on the database a previous run left.
#include <SQLiteCpp/SQLiteCpp.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <random>
#include <variant>
#include <vector>

#include "core/Replay.h"
#include "storage/Archive.h"

namespace fs = std::filesystem;
using namespace othello;

namespace {

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

double percentile(std::vector<double> v, double p) {
    std::sort(v.begin(), v.end());
    const auto i = static_cast<std::size_t>(p * double(v.size() - 1) + 0.5);
    return v[std::min(i, v.size() - 1)];
}

double secondsSince(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

void removeDb(const fs::path& p) {
    for (const char* s : {"", "-wal", "-shm"}) fs::remove(p.string() + s);
}

// The floor: every row of `source` inserted again into an empty database of the same schema.
double bareInsert(const fs::path& source, const fs::path& target) {
    removeDb(target);
    // Rows copied to memory first, so only the inserting is timed.
    SQLite::Database src(source.string(), SQLite::OPEN_READONLY);
    std::vector<std::string> schema;
    {
        SQLite::Statement s(src,
                            "SELECT sql FROM sqlite_master WHERE sql NOT NULL AND "
                            "name NOT LIKE 'sqlite_%' ORDER BY rowid");
        while (s.executeStep()) schema.push_back(s.getColumn(0).getString());
    }
    using Cell = std::variant<std::monostate, std::int64_t, std::string, std::vector<char>>;
    struct Data {
        std::string table;
        int columns;
        std::vector<Cell> cells;
    };
    std::vector<Data> data;
    for (const char* table :
         {"meta", "players", "events", "sources", "games", "positions", "position_stats"}) {
        Data d{table, 0, {}};
        SQLite::Statement s(src, std::string("SELECT * FROM ") + table);
        d.columns = s.getColumnCount();
        while (s.executeStep()) {
            for (int c = 0; c < d.columns; ++c) {
                const SQLite::Column col = s.getColumn(c);
                if (col.isNull())
                    d.cells.emplace_back(std::monostate{});
                else if (col.isInteger())
                    d.cells.emplace_back(col.getInt64());
                else if (col.isText())
                    d.cells.emplace_back(col.getString());
                else {
                    const auto* b = static_cast<const char*>(col.getBlob());
                    d.cells.emplace_back(std::vector<char>(b, b + col.getBytes()));
                }
            }
        }
        data.push_back(std::move(d));
    }
    const auto t0 = std::chrono::steady_clock::now();
    SQLite::Database db(target.string(), SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
    db.exec("PRAGMA journal_mode = WAL");
    db.exec("PRAGMA synchronous = NORMAL");
    db.exec("PRAGMA cache_size = -65536");
    for (const auto& sql : schema) db.exec(sql);
    SQLite::Transaction t(db);
    for (const Data& d : data) {
        std::string sql = "INSERT INTO " + d.table + " VALUES(";
        for (int c = 0; c < d.columns; ++c) sql += c ? ", ?" : "?";
        sql += ")";
        SQLite::Statement ins(db, sql);
        for (std::size_t row = 0; row * static_cast<std::size_t>(d.columns) < d.cells.size();
             ++row) {
            for (int c = 0; c < d.columns; ++c) {
                const Cell& cell = d.cells[row * static_cast<std::size_t>(d.columns) +
                                           static_cast<std::size_t>(c)];
                if (const auto* i = std::get_if<std::int64_t>(&cell))
                    ins.bind(c + 1, *i);
                else if (const auto* s = std::get_if<std::string>(&cell))
                    ins.bindNoCopy(c + 1, *s);
                else if (const auto* b = std::get_if<std::vector<char>>(&cell))
                    ins.bindNoCopy(c + 1, b->data(), static_cast<int>(b->size()));
                else
                    ins.bind(c + 1);
            }
            ins.exec();
            ins.reset();
        }
    }
    t.commit();
    return secondsSince(t0);
}

// The floor the ratio uses: INSERT ... SELECT from an in-memory copy, indexes after the load.
double bareInsertSelect(const fs::path& source, const fs::path& target) {
    removeDb(target);
    SQLite::Database db(target.string(), SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
    db.exec("PRAGMA page_size = 16384");  // as the archive
    db.exec("PRAGMA journal_mode = WAL");
    db.exec("PRAGMA synchronous = NORMAL");
    db.exec("PRAGMA cache_size = -65536");
    db.exec("ATTACH DATABASE ':memory:' AS mem");
    SQLite::Statement attach(db, "ATTACH DATABASE ? AS src");
    attach.bind(1, source.string());
    attach.exec();
    std::vector<std::string> tables, indexes;
    {
        SQLite::Statement s(db,
                            "SELECT type, sql FROM src.sqlite_master WHERE sql NOT NULL AND "
                            "name NOT LIKE 'sqlite_%' ORDER BY rowid");
        while (s.executeStep())
            (s.getColumn(0).getString() == "index" ? indexes : tables)
                .push_back(s.getColumn(1).getString());
    }
    // The archive ratings' rows too (storage/players/RatingsStore.h): the import writes them.
    const char* names[] = {"meta",      "players",   "player_aliases", "events",
                           "sources",   "games",     "positions",      "position_stats",
                           "rating_periods", "ratings"};
    // Untimed: the rows, in key order, in memory.
    for (const char* t : names) {
        SQLite::Statement has(db, "SELECT count(*) FROM src.sqlite_master WHERE name = ?");
        has.bind(1, t);
        has.executeStep();
        if (has.getColumn(0).getInt() == 0) continue;
        db.exec(std::string("CREATE TABLE mem.") + t + " AS SELECT * FROM src." + t);
    }
    db.exec("DETACH DATABASE src");
    const auto t0 = std::chrono::steady_clock::now();
    for (const auto& sql : tables) db.exec(sql);
    SQLite::Transaction t(db);
    for (const char* name : names) {
        SQLite::Statement has(db, "SELECT count(*) FROM mem.sqlite_master WHERE name = ?");
        has.bind(1, name);
        has.executeStep();
        if (has.getColumn(0).getInt() == 0) continue;
        db.exec(std::string("INSERT INTO main.") + name + " SELECT * FROM mem." + name);
    }
    for (const auto& sql : indexes) db.exec(sql);
    t.commit();
    return secondsSince(t0);
}

}  // namespace

int main(int argc, char** argv) {
    const int runs = argc > 1 ? std::max(0, std::atoi(argv[1])) : 3;
    const fs::path work = argc > 2 ? fs::path(argv[2]) : fs::path("/tmp/othello-bench-storage");
    const fs::path shared = fs::path(OTHELLO_SHARED_DATA) / "wthor";
    std::vector<fs::path> files;
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(shared, ec)) {
        std::string ext = e.path().extension().string();
        std::transform(ext.begin(), ext.end(), ext.begin(), ::tolower);
        if (ext == ".wtb") files.push_back(e.path());
    }
    std::sort(files.begin(), files.end());
    if (files.empty()) {
        std::printf("SKIP: no WTHOR files under %s\n", shared.c_str());
        return 0;
    }
    fs::create_directories(work);
    const fs::path dbPath = work / "bench.sqlite";
    const fs::path floorPath = work / "floor.sqlite";

    // Wall time is what the targets are about; CPU time (std::clock) is printed beside it
    // because on a shared machine the wall time also counts the waits for a core.
    std::vector<double> importTimes, floorTimes, rowFloorTimes, importCpu;
    storage::ImportResult last;
    for (int run = 0; run < runs; ++run) {
        removeDb(dbPath);
        const auto t0 = std::chrono::steady_clock::now();
        const std::clock_t c0 = std::clock();
        {
            storage::Archive archive(dbPath);
            last = archive.importFiles(files);
        }
        importTimes.push_back(secondsSince(t0));
        importCpu.push_back(double(std::clock() - c0) / CLOCKS_PER_SEC);
        floorTimes.push_back(bareInsertSelect(dbPath, floorPath));
        rowFloorTimes.push_back(bareInsert(dbPath, floorPath));
        std::printf(
            "run %d: import %.2f s (CPU %.2f s; %lld games, %lld duplicates, %lld rejected), "
            "bare INSERT...SELECT %.2f s, bare row-by-row insert %.2f s\n",
            run + 1, importTimes.back(), importCpu.back(), static_cast<long long>(last.imported),
            static_cast<long long>(last.duplicates), static_cast<long long>(last.rejected),
            floorTimes.back(), rowFloorTimes.back());
        std::fflush(stdout);
    }
    removeDb(floorPath);

    storage::Archive archive(dbPath, storage::Archive::Mode::ReadOnly);
    const storage::ArchiveInfo info = archive.info();

    // Positions sampled from the games: a random game, a random ply.
    std::mt19937_64 rng(20261121);
    std::vector<core::Position> samples;
    while (samples.size() < 1100) {
        const auto id =
            static_cast<std::int64_t>(rng() % static_cast<std::uint64_t>(info.games)) + 1;
        const auto g = archive.game(id);
        if (!g) continue;
        const core::ReplayResult r = core::replay(g->record.start, g->record.moves);
        samples.push_back(r.positions[rng() % r.positions.size()]);
    }
    std::vector<double> searchMs;
    std::vector<std::pair<double, std::int64_t>> slowest;  // (ms, total)
    std::int64_t hits = 0;
    for (int pass = 0; pass < 2; ++pass) {  // the first pass warms the page cache
        searchMs.clear();
        for (std::size_t i = 0; i < 1000; ++i) {
            storage::SearchFilter f;
            f.position = samples[i];
            f.limit = 20;
            const auto t0 = std::chrono::steady_clock::now();
            const auto r = archive.search(f);
            searchMs.push_back(secondsSince(t0) * 1000);
            if (pass) {
                hits += r.total;
                slowest.emplace_back(searchMs.back(), r.total);
            }
        }
    }
    std::vector<double> statsMs;
    double startStats = 0;
    for (int pass = 0; pass < 2; ++pass) {
        statsMs.clear();
        const auto t0 = std::chrono::steady_clock::now();
        const auto s = archive.stats(core::Position::start());
        startStats = secondsSince(t0) * 1000;
        if (pass && s.games != info.games)
            std::printf("WARNING: start position stats count %lld games of %lld\n",
                        static_cast<long long>(s.games), static_cast<long long>(info.games));
        for (std::size_t i = 1000; i < 1100; ++i) {
            const auto t1 = std::chrono::steady_clock::now();
            archive.stats(samples[i]);
            statsMs.push_back(secondsSince(t1) * 1000);
        }
    }
    std::sort(slowest.rbegin(), slowest.rend());
    std::printf("slowest searches (ms, games found):");
    for (std::size_t i = 0; i < 8 && i < slowest.size(); ++i)
        std::printf(" (%.2f, %lld)", slowest[i].first, static_cast<long long>(slowest[i].second));
    std::printf("\n");
    const double bytesPerPosition = double(info.fileBytes) / double(info.positions);
    const double imp = runs ? median(importTimes) : 0, flo = runs ? median(floorTimes) : 1;
    std::printf("\nstorage bench over %zu WTHOR files: %lld games, %lld positions\n", files.size(),
                static_cast<long long>(info.games), static_cast<long long>(info.positions));
    std::printf("import (median of %d):        %.2f s   (target <= 6 s; CPU time %.2f s)\n", runs,
                imp, runs ? median(importCpu) : 0.0);
    std::printf(
        "bare insert floor (median):   %.2f s   ratio %.2f (target <= 1.5; INSERT...SELECT from "
        "memory, indexes after the load)\n",
        flo, imp / flo);
    const double rowFlo = runs ? median(rowFloorTimes) : 1;
    std::printf("row-by-row insert (median):   %.2f s   ratio %.2f (the older, slower floor)\n",
                rowFlo, imp / rowFlo);
    std::printf(
        "position search, 1000 samples: p50 %.3f ms, p99 %.3f ms, max %.3f ms "
        "(targets 0.5 / 5 ms; %lld hits)\n",
        percentile(searchMs, 0.5), percentile(searchMs, 0.99),
        *std::max_element(searchMs.begin(), searchMs.end()), static_cast<long long>(hits));
    std::printf(
        "stats: start position %.2f ms; 100 samples median %.3f ms, max %.3f ms "
        "(target <= 20 ms each)\n",
        startStats, median(statsMs), *std::max_element(statsMs.begin(), statsMs.end()));
    std::printf("database: %.1f MB, %.1f bytes per position (target <= 35)\n",
                double(info.fileBytes) / 1e6, bytesPerPosition);
    return 0;
}
