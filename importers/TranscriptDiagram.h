#pragma once
// Private to the transcript reader (TranscriptReader.h): one diagram as its lines were
// collected (Pending), and how it becomes a record (DiagramReader::finish: the grid's cells,
// the numbers 1..N each once, the start, the replay, the score, the repairs on offer).
// TranscriptReader.cpp finds the diagrams in the text; this part reads each one.
#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ReadTypes.h"
#include "TranscriptCells.h"

namespace othello::importers::transcript {

// One line of a diagram's grid, split into cells.
struct Row {
    int line = 0;
    std::string_view text;
    std::vector<Token> tokens;  // the first 16 cells at most
    std::size_t cellCount = 0;  // all of them
};

// A diagram as its lines are collected (its fields, header, rows and score), until a blank
// line or the next diagram closes it.
struct Pending {
    GameRecord rec;
    int firstLine = 0;
    bool header = false;
    std::array<int, 8> headerColumns{};
    bool spaceHeader = false;
    std::vector<Row> rows;
    bool metadata = false;
    std::string scoreText;
    int scoreLine = 0;
    // "Rules: reversi" (a rules code, core/Rules.h) and "Lines: c4>e6 f3>d5" (the one-line moves
    // that named their line: a diagram's cell holds a number, not the line), as TranscriptWriter
    // writes them.
    std::string rulesText, linesText;
    int rulesLine = 0, linesLine = 0;
    // "Score: 33-31 (unfinished)": a result the moves stop short of, on purpose.
    bool declaredUnfinished = false;
};

// The grid as read from the cells (TranscriptDiagram.cpp).
struct GridCells;

// Turns each diagram of one file, once closed, into a record kept in `out` (keepRecord).
class DiagramReader {
  public:
    DiagramReader(const std::string& name, const ReadOptions& options, FileResult& out)
        : name_(name), options_(options), out_(out) {}

    void finish(Pending& p);

  private:
    bool placeRow(const Pending& p, const Row& row, bool hasLabels, int rowIndex,
                  std::array<Token, 8>& cells, GameRecord& rec);
    std::optional<int> readScore(Pending& p, GameRecord& rec);
    bool readRules(const Pending& p, GridCells& g, std::optional<core::Rules>& stated,
                   GameRecord& rec);
    void fitRules(const Pending& p, GridCells& g, const std::optional<core::Rules>& stated,
                  int gridLine, GameRecord& rec);
    bool applyLines(const Pending& p, std::vector<int>& sequence, GameRecord& rec);
    void readCell(const Token& cell, int line, int sq, GridCells& g, GameRecord& rec);
    void checkNumbers(const GridCells& g, int gridLine, GameRecord& rec);
    void offerRepairs(const GridCells& g, std::optional<int> statedBlack,
                      const std::optional<std::vector<int>>& sequence, GameRecord& rec);

    const std::string& name_;
    const ReadOptions& options_;
    FileResult& out_;
};

}  // namespace othello::importers::transcript
