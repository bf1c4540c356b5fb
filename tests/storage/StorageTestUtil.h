#pragma once
// Helpers of the storage tests: temporary folders, random legal games, records from moves.
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "core/Notation.h"
#include "core/Replay.h"
#include "importers/GameRecord.h"
#include "importers/RecordReplay.h"

namespace storagetest {

namespace fs = std::filesystem;
using namespace othello;

// A fresh folder under the system temp dir, removed with its content at the end.
class TempDir {
  public:
    explicit TempDir(const std::string& tag) {
        static int counter = 0;
        path_ =
            fs::temp_directory_path() / ("othello-storage-" + tag + "-" + std::to_string(getpid()) +
                                         "-" + std::to_string(++counter));
        fs::remove_all(path_);
        fs::create_directories(path_);
    }
    ~TempDir() {
        std::error_code ec;
        fs::remove_all(path_, ec);
    }
    const fs::path& path() const { return path_; }
    fs::path operator/(const std::string& name) const { return path_ / name; }

  private:
    fs::path path_;
};

// A random legal game from the standard start; stops after `maxPlies` moves if given (an
// unfinished game). Passes are made explicit, as the readers give them.
inline std::vector<int> randomGame(std::mt19937_64& rng, int maxPlies = 200) {
    core::Position p = core::Position::start();
    std::vector<int> moves;
    int played = 0;
    while (!p.isGameOver() && played < maxPlies) {
        core::Bitboard legal = p.legalMoves();
        if (!legal) {
            p.pass();
            moves.push_back(core::kPass);
            continue;
        }
        int pick = static_cast<int>(rng() % static_cast<std::uint64_t>(core::popcount(legal)));
        while (pick--) legal &= legal - 1;
        const int sq = core::lowestSquare(legal);
        p.play(sq);
        moves.push_back(sq);
        ++played;
    }
    return moves;
}

// A replayed record, as a reader would produce it.
inline importers::GameRecord makeRecord(const std::string& black, const std::string& white,
                                        const std::string& event, int year,
                                        const std::vector<int>& moves,
                                        const std::string& path = "test.moves", int line = 1) {
    importers::GameRecord r;
    r.black = black;
    r.white = white;
    r.event = event;
    r.year = year;
    if (year) r.date = std::to_string(year);
    r.format = importers::Format::Moves;
    importers::SourceLocation where;
    where.path = path;
    where.line = line;
    r.source = where;
    importers::replayRecord(r, moves, where);
    return r;
}

inline importers::GameRecord makeRecord(const std::string& black, const std::string& white,
                                        const std::string& event, int year,
                                        const std::string& moves) {
    return makeRecord(black, white, event, year, core::parseMoves(moves).moves);
}

inline void writeFile(const fs::path& p, const std::string& text) {
    std::ofstream out(p, std::ios::binary);
    out << text;
}

inline std::string readFile(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

}  // namespace storagetest
