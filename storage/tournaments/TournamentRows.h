#pragma once
// Private to storage/: the tournaments of the archive read through a connection, without a
// snapshot of their own (Archive::tournaments takes one; the ratings read them inside a
// writer's transaction, storage/players/RatingsStore.h).
#include <SQLiteCpp/SQLiteCpp.h>

#include <vector>

#include "storage/tournaments/Tournament.h"

namespace othello::storage {

// Every event of every year (Archive::tournaments), or with fromYear > 0 those of fromYear and
// later only (whole: a game of no year named after its year belongs to them too).
std::vector<TournamentSummary> readTournaments(SQLite::Database& db, int fromYear = 0);

}  // namespace othello::storage
