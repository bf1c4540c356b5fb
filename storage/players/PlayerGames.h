#pragma once
// Private to storage/players: the player's games as the profile reads them (one query), and
// the parts of the profile computed from them (PlayerRepertoire.cpp, PlayerAnalysis.cpp).
#include <SQLiteCpp/SQLiteCpp.h>

#include <cstdint>
#include <unordered_map>
#include <vector>

#include "core/Position.h"
#include "core/Rules.h"
#include "storage/players/PlayerProfile.h"

namespace othello::storage {

struct LoadedGame {
    PlayerGame view;
    std::int64_t eventId = 0;
    std::int64_t opponentId = 0;
    core::Position start = core::Position::start();
    bool standardOthello = true;  // the standard start, played as Othello: openings, statistics
    core::Rules rules;
    std::vector<int> moves;
};

// The games of player `id`, by game id (a game against himself counts once, as Black).
std::vector<LoadedGame> loadPlayerGames(SQLite::Database& db, std::int64_t id);
// The openings chosen and the replies met (PlayerProfile.h "Repertoire").
void addRepertoire(PlayerProfile& profile, const std::vector<LoadedGame>& games);
// What the statistics say of one position (any symmetry): its games and, by the hash of the
// position each continuation leads to, the games that played it.
struct MainLine {
    std::int64_t games = 0;
    std::int64_t top = 0;        // the most played continuation's games
    std::uint64_t topChild = 0;  // the position it leads to
    std::unordered_map<std::uint64_t, std::int64_t> children;
};
// By position hash; shared between the pages of one publish (ProfileOptions::mainLines).
struct MainLineCache {
    std::unordered_map<std::uint64_t, MainLine> lines;
};
// The main-line departures of the standard-start Othello games, by game id.
std::vector<Departure> departures(Archive& archive, const std::vector<LoadedGame>& games,
                                  MainLineCache& cache);
// The analysis figures from the cache (PlayerProfile.h "Analysis").
PlayerAnalysis playerAnalysis(const std::vector<LoadedGame>& games, AnalysisCache& cache);

}  // namespace othello::storage
