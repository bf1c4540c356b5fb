// PGN export of passes (issue 26): a pass is written as the token "--", moves are numbered by
// pairs of plies so that Black's moves stay in the first column, and the file reads back to
// the same game.
#include <catch2/catch.hpp>

#include <sstream>

#include "ReaderTestSupport.h"
#include "importers/PgnWriter.h"
#include "importers/RecordReplay.h"

using namespace othello;
using namespace othello::importers;
using othello::importers::testing::kPenloupMoves;

namespace {

GameRecord gameOf(const std::string& moves, core::Position start = core::Position::start()) {
    GameRecord g;
    g.start = start;
    const core::MovesParse m = core::parseMoves(moves);
    REQUIRE(!m.error);
    REQUIRE(replayRecord(g, m.moves, {}));
    return g;
}

// The movetext's numbered columns: for "N." the moves after it are plies 2N-2 and 2N-1 (from
// a position with Black to move), for "N..." ply 2N-1.
std::vector<std::pair<int, std::string>> columns(const std::string& pgn) {
    std::vector<std::pair<int, std::string>> out;
    std::istringstream in(pgn);
    int ply = -1;
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '[') continue;
        std::istringstream words(line);
        for (std::string w; words >> w;) {
            if (w.size() > 3 && w.compare(w.size() - 3, 3, "...") == 0) {
                ply = 2 * std::stoi(w) - 1;
            } else if (w.back() == '.') {
                ply = 2 * std::stoi(w) - 2;
            } else if (w == "*" || w.find('-') != std::string::npos && w != "--") {
                continue;  // the result
            } else {
                out.emplace_back(ply++, w);
            }
        }
    }
    return out;
}

}  // namespace

TEST_CASE("pgn writer: a pass is a token and the columns stay right") {
    const GameRecord g = gameOf(kPenloupMoves);  // Black passes twice near the end
    REQUIRE(g.passes() == 2);
    const std::string text = writePgn({g});
    const auto cols = columns(text);
    REQUIRE(cols.size() == g.moves.size());
    int passes = 0;
    for (std::size_t i = 0; i < cols.size(); ++i) {
        INFO(i << " " << cols[i].second << "\n" << text);
        CHECK(cols[i].first == static_cast<int>(i));  // ply 2N-2 in "N." 's first column
        const int m = g.moves[i];
        CHECK(cols[i].second == (m == core::kPass ? "--" : [&] {
                  std::string s = core::squareName(m);
                  for (char& c : s) c = static_cast<char>(std::toupper(c));
                  return s;
              }()));
        passes += cols[i].second == "--";
    }
    CHECK(passes == 2);

    // Read back: the same moves, passes where they were.
    const FileResult back = readText("back.pgn", text, {});
    REQUIRE(back.records.size() == 1);
    CHECK(back.records[0].moves == g.moves);
    CHECK(back.records[0].diagnostics.empty());
}

TEST_CASE("pgn writer: a game from a position with White to move starts in White's column") {
    core::Position start = core::Position::start();
    start.pass();  // White to move
    const GameRecord g = gameOf("e3f3", start);
    const std::string text = writePgn({g});
    INFO(text);
    CHECK(text.find("\n1... E3\n2. F3 *") != std::string::npos);
    const FileResult back = readText("white.pgn", text, {});
    REQUIRE(back.records.size() == 1);
    CHECK(back.records[0].moves == g.moves);
    CHECK(back.records[0].start == start);
}
