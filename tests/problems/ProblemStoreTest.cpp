// Problem sets in the archive: added, read back, symmetric duplicates refused within a set,
// removed, every change journalled and revertible (and the revert itself revertible).
#include <SQLiteCpp/SQLiteCpp.h>

#include <catch2/catch.hpp>

#include "../storage/StorageTestUtil.h"
#include "core/Notation.h"
#include "core/Symmetry.h"
#include "problems/Problem.h"
#include "storage/Archive.h"
#include "storage/problems/ProblemStore.h"

using namespace othello;
using storagetest::TempDir;

namespace {

problems::Problem problemAt(const char* board, problems::Goal goal, const char* answer,
                            const char* title) {
    problems::Problem p;
    p.position = core::parseBoard(board).position;
    p.goal = goal;
    p.answers = {core::parseSquare(answer)};
    p.title = title;
    p.source = "test";
    p.tags = {"unit"};
    problems::fillDifficulty(p);
    return p;
}

constexpr const char* kPuzzle2 =
    "-XXXXX----XXXX--OOOOOOOOOOXXXOOOOXOXXOO-O-OOOO--O-OOO-----O----- X";

problems::ProblemSet twoProblems() {
    problems::ProblemSet s;
    s.name = "club";
    s.description = "two positions";
    s.problems.push_back(problemAt(kPuzzle2, problems::Goal::Corner, "b6", "one"));
    s.problems.push_back(
        problemAt("--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X",
                  problems::Goal::Best, "g8", "two"));
    return s;
}

}  // namespace

TEST_CASE("problems are stored in sets and read back whole", "[problems][storage]") {
    TempDir dir("problems-store");
    storage::Archive archive(dir / "a.sqlite");
    storage::ProblemStore store(archive);
    const auto r = store.add(twoProblems());
    REQUIRE(r.added.size() == 2);
    CHECK(r.setCreated);
    CHECK(r.change > 0);
    const problems::ProblemSet back = store.problems("club");
    REQUIRE(back.problems.size() == 2);
    CHECK(back.description == "two positions");
    problems::Problem expected = twoProblems().problems[0];
    expected.id = r.added[0];
    expected.set = "club";
    CHECK(back.problems[0] == expected);
    CHECK(back.problems[1].title == "two");
    REQUIRE(store.sets().size() == 1);
    CHECK(store.sets()[0].problems == 2);
    CHECK(store.problem(r.added[1])->title == "two");
    CHECK_FALSE(store.problem(999));
}

TEST_CASE("a set refuses the same position under a symmetry with the same goal",
          "[problems][storage]") {
    TempDir dir("problems-dup");
    storage::Archive archive(dir / "a.sqlite");
    storage::ProblemStore store(archive);
    store.add(twoProblems());
    problems::ProblemSet more;
    more.name = "club";
    problems::Problem mirrored = twoProblems().problems[0];
    mirrored.position = core::transformPosition(mirrored.position, 5);
    mirrored.answers = {core::transformSquare(mirrored.answers[0], 5)};
    mirrored.title = "mirror";
    problems::Problem otherGoal = mirrored;
    otherGoal.goal = problems::Goal::Best;
    otherGoal.title = "other goal";
    more.problems = {mirrored, otherGoal};
    const auto r = store.add(more);
    REQUIRE(r.skipped.size() == 1);
    CHECK(r.skipped[0].title == "mirror");
    CHECK(r.skipped[0].existing > 0);
    CHECK(r.added.size() == 1);  // the same position asking another question is kept
    // Another set may hold it.
    more.name = "other";
    CHECK(store.add(more).added.size() == 2);
    CHECK(store.withPosition(mirrored.position).size() == 4);
}

TEST_CASE("problem changes are journalled and revertible and so are their reverts",
          "[problems][storage]") {
    TempDir dir("problems-revert");
    storage::Archive archive(dir / "a.sqlite");
    storage::ProblemStore store(archive);
    const auto added = store.add(twoProblems());
    const std::int64_t removed = store.remove({added.added[0]});
    CHECK(store.problems("club").problems.size() == 1);
    const auto changes = archive.history({});
    REQUIRE(changes.size() == 2);
    CHECK(changes[0].kind == "problems-remove");
    CHECK(changes[1].kind == "problems-add");

    // Reverting the import is blocked by the later removal of one of its problems.
    CHECK_THROWS_AS(archive.revert(added.change), storage::RevertBlocked);
    const std::int64_t undo = archive.revert(removed);
    REQUIRE(store.problems("club").problems.size() == 2);
    CHECK(store.problems("club").problems[0].id == added.added[0]);  // the same id back
    archive.revert(undo);                                            // redo the removal
    CHECK(store.problems("club").problems.size() == 1);
    const std::int64_t redo = archive.history({})[0].id;
    archive.revert(redo);
    archive.revert(added.change);  // now nothing later is in effect on its rows
    CHECK(store.sets().empty());

    // A whole set removed comes back with its problems.
    const auto again = store.add(twoProblems());
    const std::int64_t gone = store.removeSet("club");
    CHECK(store.sets().empty());
    archive.revert(gone);
    CHECK(store.problems("club").problems.size() == 2);
    CHECK(store.problems("club").problems[1].id == again.added[1]);
    CHECK_THROWS_AS(store.removeSet("nope"), storage::StorageError);

    // A rewrite (the difficulty a check counted) is journalled and revertible too.
    problems::Problem edited = store.problems("club").problems[0];
    edited.difficulty.goalMoves = 1;
    edited.tags.push_back("checked");
    const std::int64_t rewrite = store.update({edited});
    REQUIRE(rewrite > 0);
    CHECK(store.update({edited}) == 0);  // nothing differs
    CHECK(store.problem(edited.id)->difficulty.goalMoves == 1);
    CHECK(store.problem(edited.id)->tags.back() == "checked");
    archive.revert(rewrite);
    CHECK(store.problem(edited.id)->difficulty.goalMoves == -1);
    edited.id = 999999;
    CHECK_THROWS_AS(store.update({edited}), storage::StorageError);
    CHECK_THROWS_AS(store.remove({12345}), storage::StorageError);
}

TEST_CASE("ids are never reused so a revert never puts back a problem over another",
          "[problems][storage]") {
    TempDir dir("problems-ids");
    storage::Archive archive(dir / "a.sqlite");
    storage::ProblemStore store(archive);
    const auto first = store.add(twoProblems());
    store.remove({first.added[1]});
    problems::ProblemSet one;
    one.name = "club";
    one.problems = {problemAt("--OOO-----OOOO--OOOOOO--OOOXOOO-OOOXXOO---OXOOOO--XOOO----XOO--- X",
                              problems::Goal::Corner, "f8", "three")};
    const auto next = store.add(one);
    REQUIRE(next.added.size() == 1);
    CHECK(next.added[0] > first.added[1]);
}

TEST_CASE("a reader of an archive older than the problem tables sees no set",
          "[problems][storage]") {
    TempDir dir("problems-old");
    { storage::Archive archive(dir / "a.sqlite"); }
    {
        SQLite::Database db((dir / "a.sqlite").string(), SQLite::OPEN_READWRITE);
        db.exec("DROP TABLE problems; DROP TABLE problem_sets; PRAGMA user_version = 14");
    }
    storage::Archive reader(dir / "a.sqlite", storage::Archive::Mode::ReadOnly);
    storage::ProblemStore store(reader);
    CHECK(store.sets().empty());
    CHECK(store.problems("x").problems.empty());
}

namespace {

// The change that blocks reverting `change` (0 when the revert went through).
std::int64_t blockerOf(storage::Archive& archive, std::int64_t change) {
    try {
        archive.revert(change);
    } catch (const storage::RevertBlocked& e) {
        return e.blocker;
    }
    return 0;
}

problems::ProblemSet onlyFirst(const char* name) {
    problems::ProblemSet s = twoProblems();
    s.name = name;
    s.problems.resize(1);
    return s;
}

std::size_t problemCount(storage::Archive& archive) {
    SQLite::Database db(archive.path().string(), SQLite::OPEN_READONLY);
    return static_cast<std::size_t>(db.execAndGet("SELECT count(*) FROM problems").getInt64());
}

}  // namespace

TEST_CASE("reverting a removal never deletes the problem that repeats the one it puts back",
          "[problems][storage]") {
    TempDir dir("problems-putback");
    storage::Archive archive(dir / "a.sqlite");
    storage::ProblemStore store(archive);
    const auto first = store.add(twoProblems());
    const std::int64_t removed = store.remove({first.added[0]});
    const auto again = store.add(onlyFirst("club"));  // the same position, a new id
    REQUIRE(again.added.size() == 1);
    CHECK(blockerOf(archive, removed) == again.change);
    REQUIRE(store.problem(again.added[0]));  // it was silently replaced
    CHECK_FALSE(store.problem(first.added[0]));
    CHECK(store.problems("club").problems.size() == 2);
    // Once the repeat is gone the removal reverts.
    archive.revert(again.change);
    archive.revert(removed);
    CHECK(store.problem(first.added[0]));
}

TEST_CASE("reverting a set's creation or removal respects what happened to the set since",
          "[problems][storage]") {
    TempDir dir("problems-setrevert");
    storage::Archive archive(dir / "a.sqlite");
    storage::ProblemStore store(archive);

    SECTION("problems added since are never left without their set") {
        const auto created = store.add(onlyFirst("S"));
        problems::ProblemSet more = twoProblems();
        more.name = "S";
        const auto later = store.add(more);
        REQUIRE(later.added.size() == 1);
        CHECK(blockerOf(archive, created.change) == later.change);
        CHECK(store.problems("S").problems.size() == 2);
        CHECK(problemCount(archive) == 2);
        archive.revert(later.change);
        archive.revert(created.change);
        CHECK(store.sets().empty());
        CHECK(problemCount(archive) == 0);
    }
    SECTION("a set removed and made again is not put back beside its namesake") {
        store.add(twoProblems());
        const std::int64_t gone = store.removeSet("club");
        const auto remade = store.add(onlyFirst("club"));
        CHECK(blockerOf(archive, gone) == remade.change);
        REQUIRE(store.sets().size() == 1);
        CHECK(store.sets()[0].problems == 1);
    }
    SECTION("a revert of a revert: the set put back and given problems since") {
        const auto created = store.add(onlyFirst("S"));
        const std::int64_t gone = store.removeSet("S");
        const std::int64_t back = archive.revert(gone);
        problems::ProblemSet more = twoProblems();
        more.name = "S";
        const auto later = store.add(more);
        CHECK(blockerOf(archive, back) == later.change);
        CHECK(store.problems("S").problems.size() == 2);
        CHECK(created.change > 0);
    }
    SECTION("a problem is not put back into a set removed since") {
        const auto first = store.add(twoProblems());
        const std::int64_t removed = store.remove({first.added[0]});
        const std::int64_t gone = store.removeSet("club");
        CHECK(blockerOf(archive, removed) == gone);
        CHECK(problemCount(archive) == 0);
        archive.revert(gone);
        archive.revert(removed);
        CHECK(store.problems("club").problems.size() == 2);
    }
}

TEST_CASE("a rewrite that would repeat a problem of its set is refused",
          "[problems][storage]") {
    TempDir dir("problems-rewrite-repeat");
    storage::Archive archive(dir / "a.sqlite");
    storage::ProblemStore store(archive);
    const auto first = store.add(twoProblems());
    problems::Problem second = *store.problem(first.added[1]);
    const problems::Problem one = *store.problem(first.added[0]);
    second.position = one.position;
    second.goal = one.goal;
    second.answers = one.answers;
    CHECK_THROWS_AS(store.update({second}), storage::StorageError);
    CHECK(store.problems("club").problems.size() == 2);
}

TEST_CASE("a set is never made empty, and never with a name of blanks", "[problems][storage]") {
    TempDir dir("problems-empty-set");
    storage::Archive archive(dir / "a.sqlite");
    storage::ProblemStore store(archive);
    problems::ProblemSet none;
    none.name = "nothing";
    const auto r = store.add(none);
    CHECK(r.change == 0);
    CHECK_FALSE(r.setCreated);
    CHECK(store.sets().empty());
    CHECK(archive.history({}).empty());
    problems::ProblemSet blank = twoProblems();
    blank.name = "   ";
    CHECK_THROWS_AS(store.add(blank), storage::StorageError);
    CHECK(store.sets().empty());
}
