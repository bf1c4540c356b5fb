#include "ViewerFixture.h"

#include <QFile>
#include <random>
#include <stdexcept>
#include <string>

#include "core/Notation.h"
#include "core/Position.h"
#include "problems/JsonFormat.h"
#include "storage/Archive.h"
#include "storage/problems/ProblemStore.h"

namespace othello::viewer::test {

int playRandomMove(core::Position& p, std::mt19937& rng) {
    core::Bitboard moves = p.legalMoves();
    if (!moves) {
        p.pass();
        return -1;
    }
    int pick = int(rng() % unsigned(core::popcount(moves)));
    while (pick-- > 0) moves &= moves - 1;
    const int square = core::lowestSquare(moves);
    p.play(square);
    return square;
}

QString fixtureDir() {
    return QStringLiteral(OTHELLO_SOURCE_DIR "/tests/fixtures/viewer");
}

QString makeFixtureArchive(const QString& dir, const QString& name) {
    const QString path = dir + QLatin1Char('/') + name;
    storage::Archive archive(path.toStdString());
    const storage::ImportResult r =
        archive.importFiles({(fixtureDir() + QStringLiteral("/archive.pgn")).toStdString()});
    if (r.imported != 12 || r.rejected != 0)
        throw std::runtime_error("fixture archive: expected 12 games, imported " +
                                 std::to_string(r.imported));
    return path;
}

namespace {

// A random legal game to its end with no draw (fixed seed): its moves as PGN movetext (passes
// not written, as WTHOR-PGN) and its final score, empties to the winner.
struct RandomGame {
    std::string moves;
    core::Score score;
};

RandomGame randomDecisiveGame(std::mt19937& rng) {
    for (;;) {
        core::Position p = core::Position::start();
        RandomGame g;
        int written = 0;
        while (!p.isGameOver()) {
            const int square = playRandomMove(p, rng);
            if (square < 0) continue;
            if (written % 2 == 0) g.moves += std::to_string(written / 2 + 1) + ". ";
            g.moves += core::squareName(square) + " ";
            ++written;
        }
        g.score = p.finalScore();
        if (g.score.black != g.score.white) return g;
    }
}

std::string pgnGame(const std::string& event, const std::string& round, const std::string& black,
                    const std::string& white, const RandomGame& g) {
    std::string text = "[Event \"" + event + "\"]\n[Date \"2024.05.01\"]\n";
    if (!round.empty()) text += "[Round \"" + round + "\"]\n";
    const std::string result = std::to_string(g.score.black) + "-" + std::to_string(g.score.white);
    text += "[Black \"" + black + "\"]\n[White \"" + white + "\"]\n[Result \"" + result +
            "\"]\n\n" + g.moves + result + "\n\n";
    return text;
}

}  // namespace

QString makeTournamentArchive(const QString& dir, const QString& name) {
    std::mt19937 rng(20240501);
    std::string pgn;
    // Round by round: (winner, loser) by index into kTournamentPlayers.
    static constexpr int kPairings[3][2][2] = {
        {{0, 1}, {2, 3}}, {{0, 2}, {1, 3}}, {{0, 3}, {1, 2}}};
    const std::string event =
        std::string(kTournamentEvent) + " - " + std::to_string(kTournamentYear);
    for (int round = 0; round < 3; ++round)
        for (const auto& pair : kPairings[round]) {
            const RandomGame g = randomDecisiveGame(rng);
            const std::string winner = kTournamentPlayers[pair[0]];
            const std::string loser = kTournamentPlayers[pair[1]];
            const bool blackWon = g.score.black > g.score.white;
            pgn += pgnGame(event, std::to_string(round + 1), blackWon ? winner : loser,
                           blackWon ? loser : winner, g);
        }
    for (int i = 0; i < 3; ++i)
        pgn += pgnGame("Casual games - 2024", "", kTournamentPlayers[i], kTournamentPlayers[3],
                       randomDecisiveGame(rng));
    const QString pgnPath = dir + QLatin1Char('/') + name + QStringLiteral(".pgn");
    QFile file(pgnPath);
    if (!file.open(QIODevice::WriteOnly) ||
        file.write(pgn.data(), qint64(pgn.size())) != qint64(pgn.size()))
        throw std::runtime_error("tournament archive: cannot write " + pgnPath.toStdString());
    file.close();
    const QString path = dir + QLatin1Char('/') + name;
    storage::Archive archive(path.toStdString());
    const storage::ImportResult r = archive.importFiles({pgnPath.toStdString()});
    if (r.imported != 9 || r.rejected != 0)
        throw std::runtime_error("tournament archive: expected 9 games, imported " +
                                 std::to_string(r.imported));
    return path;
}

QString makeEmptyArchive(const QString& dir, const QString& name) {
    const QString path = dir + QLatin1Char('/') + name;
    storage::Archive archive(path.toStdString());
    return path;
}

QString makeDuplicatesArchive(const QString& dir, const QString& name) {
    const QString path = dir + QLatin1Char('/') + name;
    storage::Archive archive(path.toStdString());
    const auto add = [&archive](const char* moves, const char* black, const char* white,
                                const char* date, const char* place) {
        storage::GameHeaders h;
        h.black = black;
        h.white = white;
        h.event = "Club Night";
        h.date = date;
        h.place = place;
        archive.addGame(
            storage::enteredGame(core::Position::start(), core::parseMoves(moves).moves, h));
    };
    add(kSample, "Tamenori Hideshi", "Murakami Takeshi", "2001", "");
    add(kSample, "Tamenori Hideshi", "Murakami Takeshi", "2001-05-03", "Paris");
    add(kDuplicateShortLine, "Ann", "Bob", "2002", "");
    add(kDuplicateShortLine, "Carl", "Dan", "2003", "");
    return path;
}

QString makeProblemsArchive(const QString& dir, const QString& name) {
    const QString path = makeFixtureArchive(dir, name);
    QFile file(QStringLiteral(OTHELLO_SOURCE_DIR "/samples/problems/mattel-booklet-puzzles.json"));
    if (!file.open(QIODevice::ReadOnly)) throw std::runtime_error("no booklet puzzles sample");
    problems::ReadResult read = problems::readJson(file.readAll().toStdString());
    if (!read.diagnostics.empty() || read.set.problems.size() != 4)
        throw std::runtime_error("the booklet puzzles sample does not read whole");
    problems::Problem endgame;
    endgame.title = "Endgame 13";
    endgame.position = core::parseBoard(kEndgameProblem).position;
    endgame.goal = problems::Goal::Best;
    endgame.source = "viewer test fixture";
    problems::fillDifficulty(endgame);
    read.set.problems.push_back(endgame);
    storage::Archive archive(path.toStdString());
    const storage::ProblemAddResult added = storage::ProblemStore(archive).add(read.set);
    if (added.added.size() != 5) throw std::runtime_error("problems not added to the fixture");
    return path;
}

}  // namespace othello::viewer::test
