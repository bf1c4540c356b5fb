// gen_archive: writes a large PGN or GGF dump of random legal games, for the streaming bench
// (bench_stream) and for measuring `othello-db check` / `import` on multi-GB files.
//
//   gen_archive pgn|ggf SIZE OUTPUT [SEED]
//
// SIZE is in bytes with an optional K/M/G suffix (powers of 1024): the file ends with the first
// whole game past it. The same SEED (default 1) gives the same file byte for byte, so figures
// measured on two machines or two builds read the same games. Games are random playouts from
// the standard start (about 1 in 20 stops early, as a resignation would), with names, events,
// rounds and dates drawn from pools large enough that a file holds many distinct headers.
// Written through the project's own writers, so every game reads back as the readers expect.
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "importers/GameRecord.h"
#include "importers/GgfWriter.h"
#include "importers/PgnWriter.h"

using namespace othello;
using importers::GameRecord;

namespace {

// Parses "500M", "4G", "123456": bytes, or 0 when the text is not a size.
std::uint64_t parseSize(const std::string& s) {
    if (s.empty()) return 0;
    char* end = nullptr;
    const double value = std::strtod(s.c_str(), &end);
    if (end == s.c_str() || value <= 0) return 0;
    double scale = 1;
    if (*end == 'K' || *end == 'k') scale = 1024.0;
    if (*end == 'M' || *end == 'm') scale = 1024.0 * 1024;
    if (*end == 'G' || *end == 'g') scale = 1024.0 * 1024 * 1024;
    return static_cast<std::uint64_t>(value * scale);
}

const char* const kFirst[] = {"Hideshi", "Makoto", "Ben",    "Brian",   "Graham",   "Imre",
                              "Paul",    "Marc",   "Stefan", "David",   "Emmanuel", "Karsten",
                              "Masaki",  "Yusuke", "Kenta",  "Piyanat", "Arthur",   "Olivier"};
const char* const kLast[] = {"Tamenori", "Suekuni",     "Shaman",  "Rose",      "Leader",
                             "Takizawa", "Caspard",     "Tastet",  "Feinstein", "Juhl",
                             "Nicolet",  "Kashiwabara", "Okamoto", "Aoki",      "Tominaga",
                             "Mitsuya",  "Szabo",       "Berg"};
const char* const kEvent[] = {"World Championship", "French Open", "Japan Meijin", "Club Night",
                              "Online Blitz",       "Paris Open",  "US Nationals", "Cup"};

std::string pick(std::mt19937_64& rng, const char* const* pool, std::size_t n) {
    return pool[rng() % n];
}

// One random game: uniform legal moves, a pass when forced, and 1 game in 20 stopped early.
GameRecord randomGame(std::mt19937_64& rng) {
    GameRecord g;
    core::Position p = core::Position::start();
    const bool stopsEarly = rng() % 20 == 0;
    const int stopAt = stopsEarly ? static_cast<int>(20 + rng() % 35) : 1000;
    int played = 0;
    while (!p.isGameOver() && played < stopAt) {
        core::Bitboard legal = p.legalMoves();
        if (legal == 0) {
            p.pass();
            g.moves.push_back(core::kPass);
            continue;
        }
        int k = static_cast<int>(rng() % static_cast<unsigned>(core::popcount(legal)));
        while (k-- > 0) legal &= legal - 1;
        const int square = core::lowestSquare(legal);
        p.play(square);
        g.moves.push_back(square);
        ++played;
    }
    g.status = p.isGameOver() ? importers::GameStatus::Complete : importers::GameStatus::Incomplete;
    g.score = p.finalScore();
    if (!g.complete()) g.statedBlackDiscs = 32 + static_cast<int>(rng() % 33) - 16;
    const auto name = [&] {
        return pick(rng, kFirst, std::size(kFirst)) + ' ' + pick(rng, kLast, std::size(kLast));
    };
    g.black = name();
    g.white = name();
    g.event = pick(rng, kEvent, std::size(kEvent)) + ' ' + std::to_string(1977 + rng() % 48);
    g.round = std::to_string(1 + rng() % 13);
    g.year = static_cast<int>(1977 + rng() % 48);
    char date[16];
    std::snprintf(date, sizeof date, "%04d-%02d-%02d", g.year, static_cast<int>(1 + rng() % 12),
                  static_cast<int>(1 + rng() % 28));
    g.date = date;
    g.format = importers::Format::Pgn;
    return g;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 4 || (std::string(argv[1]) != "pgn" && std::string(argv[1]) != "ggf") ||
        parseSize(argv[2]) == 0) {
        std::fprintf(stderr, "usage: gen_archive pgn|ggf SIZE[K|M|G] OUTPUT [SEED]\n");
        return 2;
    }
    const bool pgn = std::string(argv[1]) == "pgn";
    const std::uint64_t target = parseSize(argv[2]);
    std::mt19937_64 rng(argc > 4 ? std::strtoull(argv[4], nullptr, 10) : 1);
    std::FILE* out = std::fopen(argv[3], "wb");
    if (!out) {
        std::perror(argv[3]);
        return 2;
    }
    std::uint64_t written = 0, games = 0;
    std::vector<GameRecord> batch;
    while (written < target) {
        batch.clear();
        for (int i = 0; i < 2000; ++i) batch.push_back(randomGame(rng));
        std::string text = pgn ? importers::writePgn(batch) : importers::writeGgf(batch);
        // writePgn separates the games of one call by a blank line; batches need one too.
        if (pgn && written > 0) text.insert(text.begin(), '\n');
        if (std::fwrite(text.data(), 1, text.size(), out) != text.size()) {
            std::perror(argv[3]);
            return 1;
        }
        written += text.size();
        games += batch.size();
    }
    if (std::fclose(out) != 0) {
        std::perror(argv[3]);
        return 1;
    }
    std::printf("%s: %llu games, %llu bytes\n", argv[3], static_cast<unsigned long long>(games),
                static_cast<unsigned long long>(written));
    return 0;
}
