#pragma once
// Private to storage/: the one mapping between a row of the games table and a GameRecord. The
// import writes rows through insert() and every reader of games (Archive::game, export, the
// viewer) reads them through read(): a column added to games is added here, once, by name.
#include <SQLiteCpp/SQLiteCpp.h>

#include <cstdint>
#include <optional>
#include <string>

#include "importers/GameRecord.h"

namespace othello::storage {

// What a row holds besides the record itself: the ids it points to and its keys.
struct GameRowRefs {
    std::int64_t blackId = 0;
    std::int64_t whiteId = 0;
    std::optional<std::int64_t> eventId;
    std::optional<std::int64_t> sourceId;
    std::int64_t movesKey = 0;
    std::int64_t recordHash = 0;
    // The row's id; nullopt: the next one SQLite picks (max + 1). Explicit ids keep the ids of
    // trashed and purged games from being given again (Archive::Impl::gameIdFloor).
    std::optional<std::int64_t> id;
};

// The games row of one record: prepared once per import, then insert() per game.
class GameColumns {
  public:
    // replace: INSERT OR REPLACE (an edit rewrites the row of refs.id in place; recursive
    // triggers are off, so the games' delete triggers do not fire).
    explicit GameColumns(SQLite::Database& db, bool replace = false);
    // Inserts the row of `r`; returns its id.
    std::int64_t insert(const importers::GameRecord& r, const GameRowRefs& refs);

    // The columns read() needs, from `games g` joined to its players (pb, pw), event (e) and
    // source (src): "SELECT <columns> FROM games g JOIN ...", to be followed by a WHERE clause.
    static const std::string& selectSql();
    // Fills `r` from the current row of a statement made from selectSql().
    static void read(SQLite::Statement& s, importers::GameRecord& r);

    // The variant column's text for `v`: the GGF type as written (or as built from its flags),
    // NULL (nullopt) for plain Othello.
    static std::optional<std::string> variantText(const importers::GameVariant& v);
    // The variant of a row from its variant and komi columns (plain Othello when NULL).
    static importers::GameVariant variantOf(const std::optional<std::string>& text,
                                            std::optional<double> komi);
    // The rules column's text: core::rulesCode, NULL (nullopt) for Othello's rules exactly
    // (as start is NULL for the standard start: most games, no bytes, and no change for them).
    static std::optional<std::string> rulesText(const core::Rules& rules);
    // The rules of a row from its rules column and start. A code this program cannot read
    // (written by a later version) gives Othello's rules fitted to the start, to replay and
    // show the board by; unreadableRules says so, and such a game is never rewritten.
    static core::Rules rulesOf(const std::optional<std::string>& text, const core::Position& start);
    // The rules column's text when this program cannot read it (nullopt: NULL or a known code).
    static std::optional<std::string> unreadableRules(const std::optional<std::string>& text);

  private:
    // Parameter numbers, looked up by name once: binding by name on every row costs a
    // search through the parameter names.
    int index(const char* name) const;
    SQLite::Database& db_;
    SQLite::Statement insert_;
    int id_, blackId_, whiteId_, eventId_, round_, date_, year_, place_, blackScore_, blackDiscs_,
        whiteDiscs_, statedBlack_, statedResult_, theoretical_, theoreticalDepth_, complete_,
        start_, moves_, movesKey_, sourceId_, sourceLine_, sourceRecord_, format_, resultKnown_,
        recordHash_, sourceGameId_, variant_, komi_, rules_;
};

}  // namespace othello::storage
