#pragma once
// Problems stored in the archive beside games (issue 29): sets of problems (problems/Problem.h),
// each change journalled like a change of games and revertible with Archive::revert.
//
// Tables (migration 16, kProblemTablesSql): problem_sets (a name, unique as written, a
// description, a source) and problems (its set, its place in the set, the position, the
// position's canonical form under the 8 symmetries, the goal, and the whole problem as JSON:
// problems/JsonFormat.h problemJson). Archives older than schema 16, read as they are, show
// no set. Ids are never reused (meta.problem_ids_upto and problem_set_ids_upto: the highest
// given), so a journalled id names one problem for ever. Three pages in all (two tables, the
// index that keeps a set free of repeats, which also serves a set's listing): an archive on a
// nearly full disk must not lose its room for games to problems it may never hold. A set's name
// is unique as written (checked under the writer lock; no index).
//
// Duplicates. A set never holds the same position twice under the 8 symmetries (side to move
// included) with the same goal (a unique index on the canonical form and the goal): a trainer's
// set of "find the only winning move" must not ask one question twice in a mirror. The same
// position with another goal is another question (best move vs. force a corner) and is kept.
// Other sets may hold the position: sets are independent.
//
// Journal (storage/curation/Journal.h; no game is listed):
//  - "problems-add": problems added to a set (an import, a problem made from a game, a
//    generated set), the set created when it did not exist;
//  - "problems-remove": problems (or a whole set) removed;
//  - "problems-edit": problems rewritten (their difficulty counted by a check);
// details {"set_rows": {"before": [...], "after": [...]}, "problem_rows": {"before", "after"}}:
// the rows as they were and as the change left them (whole rows, ids kept). A revert applies
// "before" when every row is still as "after" left it, and is journalled as kind "revert" with
// the two swapped (reverting it again redoes the change). A later change in effect of one of
// those rows blocks it, named, and so does one that would be undone in passing: a later change
// that added a problem to a set the revert deletes (it would be left in no set), made another
// set of the name it writes back, removed the set of a problem it puts back, or added a problem
// that the one it puts back repeats (the unique index). Rows are written with plain INSERTs,
// never INSERT OR REPLACE: a collision fails instead of deleting the other row.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "problems/Problem.h"
#include "storage/Archive.h"

namespace othello::storage {

inline constexpr const char* kProblemTablesSql = R"SQL(
CREATE TABLE IF NOT EXISTS problem_sets(
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    source TEXT NOT NULL DEFAULT '');
CREATE TABLE IF NOT EXISTS problems(
    id INTEGER PRIMARY KEY,
    set_id INTEGER NOT NULL,
    ordinal INTEGER NOT NULL,
    black INTEGER NOT NULL, white INTEGER NOT NULL, to_move INTEGER NOT NULL,
    canonical_black INTEGER NOT NULL, canonical_white INTEGER NOT NULL,
    goal TEXT NOT NULL,
    data TEXT NOT NULL);
CREATE UNIQUE INDEX IF NOT EXISTS problems_unique
    ON problems(set_id, canonical_black, canonical_white, to_move, goal);
INSERT OR IGNORE INTO meta(key, value) VALUES('problem_ids_upto', 0);
INSERT OR IGNORE INTO meta(key, value) VALUES('problem_set_ids_upto', 0);
)SQL";

struct ProblemSetInfo {
    std::int64_t id = 0;
    std::string name;
    std::string description;
    std::string source;
    int problems = 0;
};

// A problem not added, and why.
struct SkippedProblem {
    std::size_t index = 0;  // in the set given to add
    std::string title;
    std::string why;            // "the same position as problem 12 (under a symmetry), same goal"
    std::int64_t existing = 0;  // the problem it repeats (0: none)
};

struct ProblemAddResult {
    std::int64_t change = 0;  // 0 when nothing was added
    std::int64_t setId = 0;
    bool setCreated = false;
    std::vector<std::int64_t> added;  // ids, in the order given
    std::vector<SkippedProblem> skipped;
};

class ProblemStore {
  public:
    explicit ProblemStore(Archive& archive);

    // ---- Reading (one snapshot per call) ----
    std::vector<ProblemSetInfo> sets();
    std::optional<ProblemSetInfo> set(const std::string& name);
    // The set's problems in their order (set.problems empty when the set does not exist).
    problems::ProblemSet problems(const std::string& setName);
    std::optional<problems::Problem> problem(std::int64_t id);
    // Every stored problem of this position under the 8 symmetries (any set, any goal).
    std::vector<problems::Problem> withPosition(const core::Position& position);

    // ---- Writing (journalled, revertible; the writer lock as every writer) ----
    // Adds set.problems to the set named set.name (created with set.description and
    // set.source when missing; an existing set keeps its own), after its problems. A problem
    // that repeats one of the set (same position under a symmetry, same goal: see above) or
    // fails problems::validate is skipped, said in `skipped`; the rest are added as one change
    // ("problems-add"). When none is added nothing is written (no set made, no entry: change
    // 0, setCreated false). Throws StorageError for a set name empty or blank (spaces only);
    // read-only and busy as every writer.
    ProblemAddResult add(const problems::ProblemSet& set);
    // Removes problems by id as one change ("problems-remove"); StorageError naming an unknown
    // id (nothing removed). Returns the change id.
    std::int64_t remove(const std::vector<std::int64_t>& ids);
    // Removes a set and its problems as one change; StorageError when there is no such set.
    std::int64_t removeSet(const std::string& name);
    // Rewrites stored problems (by id; their set and place kept) as one change
    // ("problems-edit"): what `problems check --store` does with the difficulty it counted.
    // A problem equal to the stored one is left out; returns 0 when none differs. StorageError
    // for an unknown id or a problem failing problems::validate (nothing written).
    std::int64_t update(const std::vector<problems::Problem>& changed);

  private:
    Archive::Impl& impl_;
};

// For Archive::revert (storage/curation/ArchiveRevert.cpp): whether change `c` is one of
// problems (or the revert of one), and its revert in the caller's transaction (RevertBlocked
// when a row is no longer as the change left it). Returns the revert's change id.
bool isProblemChange(const Change& c);
std::int64_t revertProblemChange(Archive::Impl& impl, const Change& c);

}  // namespace othello::storage
