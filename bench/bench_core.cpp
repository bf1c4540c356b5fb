// Core benchmark: perft(11) time and nodes/s, and replay throughput over random legal games.
// Prints medians over several runs; the perft node count doubles as a regression canary.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#include "BenchUtil.h"
#include "core/Perft.h"
#include "core/Replay.h"
#include "core/Symmetry.h"

using namespace othello::core;

namespace {

using othello::bench::median;
using othello::bench::secondsSince;

std::vector<std::vector<int>> randomGames(int count, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::vector<std::vector<int>> games;
    games.reserve(count);
    for (int g = 0; g < count; ++g) {
        Position p = Position::start();
        std::vector<int> moves;
        while (!p.isGameOver()) {
            Bitboard legal = p.legalMoves();
            if (!legal) {
                p.pass();  // passes are left out of the record: the replay infers them
                continue;
            }
            int pick = static_cast<int>(rng() % popcount(legal));
            while (pick--) legal &= legal - 1;
            const int sq = lowestSquare(legal);
            p.play(sq);
            moves.push_back(sq);
        }
        games.push_back(std::move(moves));
    }
    return games;
}

}  // namespace

int main(int argc, char** argv) {
    const int runs = argc > 1 ? std::atoi(argv[1]) : 5;
    const int depth = argc > 2 ? std::atoi(argv[2]) : 11;

    std::vector<double> perftTimes;
    std::uint64_t nodes = 0;
    for (int i = 0; i < runs; ++i) {
        const auto t0 = std::chrono::steady_clock::now();
        nodes = perft(Position::start(), depth);
        perftTimes.push_back(secondsSince(t0));
    }
    const double pt = median(perftTimes);
    std::printf("perft(%d) = %llu nodes: median %.3f s over %d runs, %.1f Mnodes/s\n", depth,
                static_cast<unsigned long long>(nodes), pt, runs, nodes / pt / 1e6);

    const auto games = randomGames(100000, 20261121);
    std::size_t totalMoves = 0;
    for (const auto& g : games) totalMoves += g.size();
    std::vector<double> replayTimes, hashTimes;
    std::uint64_t checksum = 0;
    for (int i = 0; i < runs; ++i) {
        auto t0 = std::chrono::steady_clock::now();
        for (const auto& g : games) {
            const ReplayResult r = replay(Position::start(), g);
            checksum += r.plies.size() + (r.error ? 1000000 : 0);
        }
        replayTimes.push_back(secondsSince(t0));
        t0 = std::chrono::steady_clock::now();
        for (const auto& g : games) {
            Position p = Position::start();
            for (int sq : g) {
                if (!p.canMove()) p.pass();
                p.play(sq);
                checksum ^= positionHash(p);
            }
        }
        hashTimes.push_back(secondsSince(t0));
    }
    const double rt = median(replayTimes), ht = median(hashTimes);
    std::printf("replay: %zu games, %zu moves: median %.3f s, %.1f Mmoves/s\n", games.size(),
                totalMoves, rt, totalMoves / rt / 1e6);
    std::printf("play + canonical hash of every position: median %.3f s, %.1f Mpositions/s\n", ht,
                totalMoves / ht / 1e6);
    std::printf("checksum %llx\n", static_cast<unsigned long long>(checksum));
    return 0;
}
