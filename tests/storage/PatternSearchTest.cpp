// storage/patterns/PatternSearch.h: pattern search (the compact-form search and the full scan)
// against a brute-force reference that replays every game with core and checks every ply under
// every symmetry square by square, over random patterns (masks, lists, same()), ply ranges and
// other filters on a small random archive.
#include <catch2/catch.hpp>
#include <utility>

#include "StorageTestUtil.h"
#include "core/Pattern.h"
#include "core/Symmetry.h"
#include "storage/Archive.h"
#include "storage/patterns/PatternSearch.h"

using namespace storagetest;
using othello::storage::Archive;
using othello::storage::PatternCorpus;
using othello::storage::PatternQuery;
using othello::storage::SearchFilter;

namespace {

// A pattern as text plus what it says square by square (the reference reads only this).
struct PatternCase {
    std::string text;
    char cells[64];
    std::vector<std::pair<int, int>> same;
};

char valueAt(const core::Position& p, int sq) {
    return (p.black() & core::bit(sq)) ? 'X' : (p.white() & core::bit(sq)) ? 'O' : '-';
}

bool cellsMatch(const PatternCase& c, const core::Position& p) {
    for (int sq = 0; sq < 64; ++sq) {
        const char want = c.cells[sq], have = valueAt(p, sq);
        if (want == '?') continue;
        if (want == '*' ? have == '-' : want != have) return false;
    }
    for (const auto& [a, b] : c.same)
        if (valueAt(p, a) == '-' || valueAt(p, a) != valueAt(p, b)) return false;
    return true;
}

// Built from a position some game reaches (so that patterns match often): a few squares keep
// their value, some become * or ?, maybe a same() pair; written as a mask or as a list.
PatternCase randomCase(std::mt19937_64& rng, const core::Position& seen) {
    PatternCase c;
    std::fill(std::begin(c.cells), std::end(c.cells), '?');
    const int fixed = 1 + static_cast<int>(rng() % 10);
    for (int i = 0; i < fixed; ++i) {
        const int sq = static_cast<int>(rng() % 64);
        const int kind = static_cast<int>(rng() % 8);
        c.cells[sq] = kind < 6 ? valueAt(seen, sq) : kind == 6 ? '*' : "XO-"[rng() % 3];
    }
    if (rng() % 4 == 0) {
        const int a = static_cast<int>(rng() % 64), b = static_cast<int>(rng() % 64);
        if (a != b) c.same.emplace_back(a, b);
    }
    if (rng() % 2) {
        for (int sq = 0; sq < 64; ++sq) c.text += c.cells[sq] + std::string(sq % 8 == 7 ? " " : "");
    } else {
        for (int sq = 0; sq < 64; ++sq)
            if (c.cells[sq] != '?') c.text += core::squareName(sq) + "=" + c.cells[sq] + " ";
        if (c.text.empty() && c.same.empty()) c.text = "d4=?";
    }
    for (const auto& [a, b] : c.same)
        c.text += " same(" + core::squareName(a) + "," + core::squareName(b) + ")";
    return c;
}

}  // namespace

TEST_CASE("PatternSearch: identical to a brute-force replay of every game (random patterns)") {
    TempDir dir{"pattern"};
    Archive archive{dir / "games.sqlite"};
    std::mt19937_64 rng(31);
    std::vector<importers::GameRecord> games;
    const std::vector<std::string> players = {"Ann", "Bob", "Cy"};
    std::vector<std::vector<int>> moveLists;
    for (int i = 0; i < 120; ++i) {
        moveLists.push_back(randomGame(rng, i % 7 == 0 ? 25 : 200));
        games.push_back(makeRecord(players[rng() % 3], players[rng() % 3], "Open",
                                   1990 + static_cast<int>(rng() % 5), moveLists.back(),
                                   "gen.moves", i + 1));
    }
    REQUIRE(archive.importRecords(games).rejected == 0);

    int nonEmpty = 0;
    for (int round = 0; round < 150; ++round) {
        SearchFilter filter;
        if (round % 3 == 1) filter.player = players[rng() % 3];
        if (round % 5 == 2) filter.yearFrom = 1992;
        if (round % 7 == 3) filter.sort = othello::storage::SortKey::Black;
        const PatternCorpus corpus = PatternCorpus::load(archive, filter);
        // The corpus holds the games a search gives, in its order.
        SearchFilter all = filter;
        all.limit = -1;
        const auto rows = archive.search(all).games;
        REQUIRE_FALSE(rows.empty());
        REQUIRE(corpus.size() == rows.size());
        for (std::size_t i = 0; i < rows.size(); ++i) REQUIRE(corpus.gameId(i) == rows[i].id);

        const auto& source = moveLists[rng() % moveLists.size()];
        const auto seenAt = core::replay(core::Position::start(), source);
        const PatternCase c = randomCase(rng, seenAt.positions[rng() % seenAt.positions.size()]);
        const bool symmetry = rng() % 3 != 0;
        PatternQuery q;
        const auto parsed = core::parsePattern(c.text);
        INFO(c.text << " -> " << parsed.error);
        REQUIRE(parsed.pattern);
        q.variants = parsed.pattern->variants(symmetry);
        if (rng() % 2) {
            q.plyFrom = static_cast<int>(rng() % 50);
            q.plyTo = q.plyFrom + static_cast<int>(rng() % 30);
        }

        std::vector<std::pair<std::int64_t, int>> expected, got, scanned;
        for (const auto& row : rows) {
            const auto r = core::replay(core::Position::start(), row.moves);
            for (int p = q.plyFrom; p <= q.plyTo && p < static_cast<int>(r.positions.size()); ++p) {
                bool any = false;
                for (core::Symmetry s = 0; s < (symmetry ? core::kSymmetryCount : 1); ++s)
                    any = any || cellsMatch(c, core::transformPosition(r.positions[p], s));
                if (any) {
                    expected.emplace_back(row.id, p);
                    break;
                }
            }
        }
        const auto hits = corpus.search(q, 2);
        for (const auto& h : hits) got.emplace_back(corpus.gameId(h.index), h.ply);
        for (const auto& h : corpus.fullScan(q))
            scanned.emplace_back(corpus.gameId(h.index), h.ply);
        // A page of hits as rows: the games read back by id, each with its ply.
        std::vector<std::pair<std::int64_t, int>> paged;
        for (const auto& row : othello::storage::hitRows(archive, corpus, hits, 1, 3))
            paged.emplace_back(row.id, row.ply.value_or(-1));
        const auto pageOf = [](const auto& v) {
            return std::vector<std::pair<std::int64_t, int>>(
                v.begin() + std::min<std::ptrdiff_t>(1, std::ssize(v)),
                v.begin() + std::min<std::ptrdiff_t>(4, std::ssize(v)));
        };
        INFO("symmetry " << symmetry << ", plies " << q.plyFrom << "-" << q.plyTo);
        CHECK(got == expected);
        CHECK(scanned == expected);
        CHECK(paged == pageOf(expected));
        nonEmpty += !expected.empty();
    }
    CHECK(nonEmpty > 50);  // the comparison is not vacuous
}

TEST_CASE("PatternSearch: hitRows reads the page back by id, leaving out a game deleted since") {
    TempDir dir{"pattern-page"};
    Archive archive{dir / "games.sqlite"};
    std::mt19937_64 rng(7);
    std::vector<importers::GameRecord> games;
    for (int i = 0; i < 8; ++i)
        games.push_back(
            makeRecord("Ann", "Bob", "Open", 1990, randomGame(rng, 40), "gen.moves", i + 1));
    REQUIRE(archive.importRecords(games).rejected == 0);
    const PatternCorpus corpus = PatternCorpus::load(archive, SearchFilter{});
    PatternQuery q;
    q.variants = core::parsePattern("d4=O e4=X").pattern->variants(false);  // the start: ply 0
    const auto hits = corpus.search(q);
    REQUIRE(hits.size() == 8);
    const std::int64_t deleted = corpus.gameId(2);
    archive.deleteGames({deleted});
    REQUIRE_FALSE(archive.game(deleted));
    const auto page = othello::storage::hitRows(archive, corpus, hits, 1, 4);
    std::vector<std::int64_t> ids;
    for (const auto& row : page) {
        ids.push_back(row.id);
        CHECK(row.ply == 0);
        CHECK(row.black == "Ann");
    }
    CHECK(ids == std::vector<std::int64_t>{corpus.gameId(1), corpus.gameId(3), corpus.gameId(4)});
}
