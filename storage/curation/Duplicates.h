#pragma once
// Possible duplicates (issue 25): stored games with the same moves from the same start, how
// they are listed and resolved, and what a rename of a player or an event makes identical.
//
// A group. Games with the same start position and the same moves (games.moves_key, then the
// moves themselves compared: a hash is never trusted alone), two or more, in games (not the
// trash). An import already skips a record that is the same record or the same game as a
// stored one (Archive.h ImportResult::duplicates); what stays are the copies it could not
// tell apart (other or unknown names, event or date: "possible-duplicate"), games entered by
// hand, and copies a rename made identical. Groups are listed likeliest first (DuplicateKind),
// short games after all others (fewer than kShortGameMoves moves: two games may well share a
// short line, the famous quick wipe-outs), then by their first game's id.
//
// Resolving. keep: one game stays, the others go to the trash (Archive::deleteGames' trash,
// never purged); with merge, the kept game takes the headers it lacks from the others (empty
// fields filled) and their comments and variations (mergeAnnotations: nothing dropped). A
// field that is not empty in two games with other values is a conflict: nothing is changed
// unless the caller says whose value wins (preferAll, or per field). notDuplicates: the games
// are marked as different games (table duplicate_marks, migration 13); a group is listed
// while two of its games are not marked (a game joining a marked group brings it back). Both
// are one journalled change each ("duplicates", "not-duplicates"), revertible and
// redoable (Archive::revert).
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "storage/Archive.h"

namespace othello::storage {

// Games with fewer moves than this (passes not counted) are "short": listed last, and said so.
inline constexpr int kShortGameMoves = 20;

// The fields a group compares and a merge fills, in this order.
inline constexpr const char* kDuplicateFields[] = {"black", "white", "event", "date",
                                                   "round", "place", "result"};

struct DuplicateGame {
    std::int64_t id = 0;
    std::string black, white, event, date, round, place;
    int year = 0;
    std::string result;  // as lists show it (importers::GameResult): "33-31", "1-0 (unfinished)"
    std::string source;  // where it was read: "WTH_2021.wtb#12", "club.pgn:120" ("" if typed)
    int comments = 0;    // comments and variations stored with it (AnnotationStore.h)
    int variations = 0;
    // The value of one of kDuplicateFields ("" when empty: "?" names and "*" results too).
    std::string field(const std::string& name) const;
};

// How likely a group is one game stored twice, likeliest first.
enum class DuplicateKind {
    SameGame,      // the same players (the name rule) and an event and date that agree, one the
                   // start of the other: what an import would have skipped as one game
    SamePlayers,   // the same players; event or date other or unknown
    UnknownNames,  // a name unknown in some ("?"), or names equal only without accents
    OtherPlayers,  // other players: the same line played twice, or a wrong name
};
// "same game", "same players", "unknown or look-alike names", "other players"
const char* kindName(DuplicateKind k);

struct DuplicateGroup {
    int moves = 0;              // moves played, passes not counted
    bool standardStart = true;  // false: a set-up or random start (the same in every game)
    bool isShort = false;       // moves < kShortGameMoves
    DuplicateKind kind = DuplicateKind::OtherPlayers;
    std::vector<DuplicateGame> games;  // by id
    // Why they match, in words: "same moves (60) from the standard start", "same players", ...
    std::vector<std::string> why;
    // The fields of kDuplicateFields (and "source", "annotations") whose values differ.
    std::vector<std::string> differ;
    // Marks of some of its games as not duplicates (each: the change that marked them, and the
    // games of the group it covers, two or more).
    std::vector<std::pair<std::int64_t, std::vector<std::int64_t>>> marks;
};

struct DuplicateQuery {
    int minMoves = 0;                  // groups of fewer moves are not listed (counted apart)
    std::optional<std::int64_t> game;  // only the group of this game
    bool includeMarked = false;        // also groups whose games are all marked not duplicates
    std::int64_t limit = -1;           // at most this many groups (< 0: all)
};

struct DuplicateList {
    std::vector<DuplicateGroup> groups;
    std::int64_t total = 0;     // groups listed before the limit
    std::int64_t games = 0;     // games in those groups
    std::int64_t marked = 0;    // groups left out: every two of their games marked
    std::int64_t tooShort = 0;  // groups left out by minMoves
};

// keep `keep`; trash `drop` (empty: every other game of its group that no mark says is a
// different game); with `merge`, fill the kept game's headers (see above).
struct DuplicateResolve {
    std::int64_t keep = 0;
    std::vector<std::int64_t> drop;
    bool merge = false;
    // Whose value wins a conflict: one game for every field, or per field (which comes first).
    std::optional<std::int64_t> preferAll;
    std::map<std::string, std::int64_t> prefer;
    bool dryRun = false;  // say what would be done, change nothing (conflicts are not thrown)
};

// A field with two or more non-empty values among the games merged.
struct FieldConflict {
    std::string field;
    std::vector<std::pair<std::int64_t, std::string>> values;  // (game, value), by game id
};

struct DuplicateResolution {
    std::int64_t keep = 0;
    std::vector<std::int64_t> trashed;
    // Fields the merge sets on the kept game: field -> (old value, new value, the game it
    // comes from); "annotations" when comments or variations are merged in.
    struct Set {
        std::string field, from, to;
        std::int64_t game = 0;
    };
    std::vector<Set> set;
    std::vector<FieldConflict> conflicts;  // dry run only: what a real run refuses
    // Without merge: values of trashed games the kept game lacks or has otherwise (kept with
    // them in the trash); said so that nothing goes unnoticed.
    std::vector<Set> notTaken;
    std::int64_t change = 0;  // 0: dry run
};

// Thrown by a merge with conflicts nobody settled (the message lists them): nothing was
// changed.
struct MergeConflict : StorageError {
    MergeConflict(const std::string& what, std::vector<FieldConflict> c)
        : StorageError(what), conflicts(std::move(c)) {}
    std::vector<FieldConflict> conflicts;
};

// ---- Renames (Archive::rename) ------------------------------------------------------------

struct NameSpelling {
    std::string name;
    std::int64_t games = 0;    // games that name it
    std::int64_t trashed = 0;  // games in the trash that name it
};

struct RenameResult {
    std::string from, to;  // as given, trimmed
    // Every spelling renamed into `to`: those equal to `from` under the name rule (caseFold),
    // and those equal to `to` but for case (the same name as the new one). `to` itself is not
    // among them.
    std::vector<NameSpelling> spellings;
    // Spellings equal to `from` or `to` only without accents (search finds them): NOT renamed.
    std::vector<NameSpelling> lookalikes;
    bool merged = false;      // `to` was a name already: the spellings were merged into it
    std::int64_t games = 0;   // games whose name changed (the trash aside)
    std::int64_t change = 0;  // 0: nothing changed (a dry run, or nothing to rename)
    bool dryRun = false;
    // Groups of games the rename makes the same game (DuplicateKind::SameGame after it, not
    // before): duplicates of each other, which `duplicates` lists and resolves. The rename
    // changes nothing else.
    std::vector<DuplicateGroup> identical;
};

}  // namespace othello::storage
