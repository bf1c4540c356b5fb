// Comments and variations stored with games (storage/curation/AnnotationStore.h): the codec,
// import, edits, the trash, revert, duplicates that bring annotations, and the migration.
#include <SQLiteCpp/SQLiteCpp.h>

#include <algorithm>

#include <catch2/catch.hpp>

#include "StorageTestUtil.h"
#include "core/Notation.h"
#include "storage/Archive.h"
#include "storage/curation/AnnotationStore.h"

using namespace storagetest;
using othello::importers::Comment;
using othello::importers::Variation;
using othello::storage::Archive;
using othello::storage::EditError;
using othello::storage::GameAnnotations;
using othello::storage::GameHeaders;
using othello::storage::RevertBlocked;
using othello::storage::StorageError;

namespace {

std::vector<int> sq(const std::string& moves) {
    return core::parseMoves(moves).moves;
}

std::int64_t sqlCount(const fs::path& db, const std::string& sql) {
    SQLite::Database raw(db.string(), SQLite::OPEN_READONLY);
    return raw.execAndGet(sql).getInt64();
}

// A game of the PGN files below: f5 d6 c3 d3 c4, with a comment before the first move, on
// ply 1 and 3, and a variation at ply 1 (f6 e6 instead of d6) holding a comment and a
// variation of its own.
const char* kHeaders =
    "[Event \"Club Cup\"]\n[Date \"2024.05.01\"]\n[Black \"Anna\"]\n[White \"Bob\"]\n"
    "[Result \"*\"]\n\n";
const char* kAnnotatedMoves =
    "{before the game} 1. F5 {the usual} D6 (1... F6 2. E6 {parallel} (2. D3)) 2. C3 D3 {ok} "
    "3. C4 *\n";
const char* kPlainMoves = "1. F5 D6 2. C3 D3 3. C4 *\n";

GameAnnotations expectedAnnotations() {
    GameAnnotations a;
    a.comments = {{0, "before the game"}, {1, "the usual"}, {4, "ok"}};
    Variation inner{1, sq("d3"), {}, {}};
    Variation v{1, sq("f6e6"), {{2, "parallel"}}, {inner}};
    a.variations = {v};
    return a;
}

GameAnnotations annotationsOf(Archive& a, std::int64_t id) {
    const auto g = a.game(id);
    REQUIRE(g);
    return {g->record.comments, g->record.variations};
}

}  // namespace

TEST_CASE("annotations codec: round trip, versioned, corrupt data refused",
          "[storage][annotations]") {
    using othello::storage::decodeAnnotations;
    using othello::storage::encodeAnnotations;
    GameAnnotations a = expectedAnnotations();
    // Text that is not UTF-8 and a pass inside a variation survive byte for byte.
    a.comments.push_back({5, "caf\xe9 \xff"});
    a.variations.push_back({3, {sq("e3")[0], core::kPass, sq("f4")[0]}, {{3, "x"}}, {}});
    const std::string data = encodeAnnotations(a);
    CHECK(static_cast<unsigned char>(data[0]) == othello::storage::kAnnotationCodecVersion);
    CHECK(decodeAnnotations(data.data(), data.size()) == a);
    CHECK(decodeAnnotations(encodeAnnotations({}).data(), 3) == GameAnnotations{});
    // Compact: a varint per number, a byte per move.
    CHECK(data.size() < 120);
    std::string other = data;
    other[0] = 2;  // a later format: refused, not guessed
    CHECK_THROWS_AS(decodeAnnotations(other.data(), other.size()), StorageError);
    for (std::size_t cut = 0; cut < data.size(); ++cut)
        CHECK_THROWS_AS(decodeAnnotations(data.data(), cut), StorageError);
    other = data + "x";
    CHECK_THROWS_AS(decodeAnnotations(other.data(), other.size()), StorageError);
    // A count far past the bytes there (corrupt data) does not allocate it.
    const std::string huge = std::string("\x01\xff\xff\xff\xff\x0f", 6);
    CHECK_THROWS_AS(decodeAnnotations(huge.data(), huge.size()), StorageError);
}

TEST_CASE("annotations merge: adds what is missing, drops nothing", "[storage][annotations]") {
    using othello::storage::mergeAnnotations;
    const GameAnnotations stored = expectedAnnotations();
    CHECK(mergeAnnotations(stored, stored) == stored);
    CHECK(mergeAnnotations(stored, {}) == stored);
    CHECK(mergeAnnotations({}, stored) == stored);
    GameAnnotations incoming;
    incoming.comments = {{1, "usual"}, {2, "new"}, {4, "not ok"}};
    Variation deeper{1, sq("f6e6"), {{1, "f6 is fine"}}, {}};
    Variation fresh{1, sq("c5"), {}, {}};
    incoming.variations = {deeper, fresh};
    const GameAnnotations m = mergeAnnotations(stored, incoming);
    CHECK(m.comments ==
          std::vector<Comment>{
              {0, "before the game"}, {1, "the usual"}, {2, "new"}, {4, "ok not ok"}});
    REQUIRE(m.variations.size() == 2);
    CHECK(m.variations[0].moves == sq("f6e6"));
    CHECK(m.variations[0].comments == std::vector<Comment>{{1, "f6 is fine"}, {2, "parallel"}});
    CHECK(m.variations[0].variations == stored.variations[0].variations);
    CHECK(m.variations[1] == fresh);
}

TEST_CASE("import keeps annotations, plain games get no row, variations stay unindexed",
          "[storage][annotations]") {
    TempDir dir("annot-import");
    writeFile(dir / "annotated.pgn", std::string(kHeaders) + kAnnotatedMoves);
    writeFile(dir / "plain.pgn", std::string(kHeaders) + kPlainMoves);
    const auto annotatedDb = dir / "annotated.sqlite", plainDb = dir / "plain.sqlite";
    {
        Archive a(annotatedDb);
        const auto r = a.importFiles({dir / "annotated.pgn"});
        REQUIRE(r.imported == 1);
        CHECK(annotationsOf(a, 1) == expectedAnnotations());
        // The variation's positions are not searchable: f5 f6 e6 is not in the index.
        othello::storage::SearchFilter f;
        f.position = core::replay(core::Position::start(), sq("f5f6e6")).positions.back();
        CHECK(a.count(f) == 0);
        f.position = core::replay(core::Position::start(), sq("f5d6c3")).positions.back();
        CHECK(a.count(f) == 1);
    }
    {
        Archive a(plainDb);
        REQUIRE(a.importFiles({dir / "plain.pgn"}).imported == 1);
        CHECK(annotationsOf(a, 1) == GameAnnotations{});
    }
    CHECK(sqlCount(plainDb, "SELECT count(*) FROM game_annotations") == 0);
    CHECK(sqlCount(annotatedDb, "SELECT count(*) FROM game_annotations") == 1);
    CHECK(sqlCount(annotatedDb, "SELECT comments FROM game_annotations") == 4);
    CHECK(sqlCount(annotatedDb, "SELECT variations FROM game_annotations") == 2);
    // The position index and statistics are the same with and without the variations.
    for (const char* q :
         {"SELECT count(*) FROM positions", "SELECT total(games) FROM position_stats",
          "SELECT total(hash % 1000003) FROM positions"})
        CHECK(sqlCount(annotatedDb, q) == sqlCount(plainDb, q));
    // addGame stores a record's annotations as well, checked where the record was built
    // (GameRecord::annotationsCheck), and refuses ones that do not fit or were not checked.
    Archive a(plainDb);
    auto rec = makeRecord("C", "D", "", 2020, "f5d6c3d3c4");
    rec.comments = {{2, "added"}};
    othello::importers::checkAnnotations(rec);
    const auto added = a.addGame(rec);
    CHECK(annotationsOf(a, added.game).comments == rec.comments);
    rec.comments = {{9, "past the end"}};
    othello::importers::checkAnnotations(rec);
    CHECK(rec.annotationsCheck == othello::importers::AnnotationsCheck::Unfit);
    try {
        a.addGame(rec);
        FAIL("annotations that do not fit were stored");
    } catch (const EditError& e) {
        CHECK(std::string(e.what()) ==
              "the comments and variations do not fit the game: a comment on ply 9 of a line "
              "of 5 plies");
    }
    rec.comments = {{2, "not checked"}};
    rec.annotationsCheck = othello::importers::AnnotationsCheck::Unchecked;
    CHECK_THROWS_AS(a.addGame(rec), EditError);
    CHECK(a.info().games == 2);
}

TEST_CASE("import keeps the annotations found to fit where the record was built",
          "[storage][annotations][import]") {
    TempDir dir("annot-unfit");
    Archive a(dir / "games.sqlite");
    auto fit = makeRecord("A", "B", "", 2020, "f5d6c3d3c4");
    fit.comments = {{2, "fits"}};
    othello::importers::checkAnnotations(fit);
    auto unfit = makeRecord("C", "D", "", 2020, "f5d6c3d3c4f4");
    unfit.variations = {{0, sq("a1"), {}, {}}};
    othello::importers::checkAnnotations(unfit);
    auto unchecked = makeRecord("E", "F", "", 2020, "f5d6c3d3c4f4f3");
    unchecked.comments = {{2, "not checked"}};
    const auto r = a.importRecords({fit, unfit, unchecked});
    // Every game is kept; the annotations that do not fit (or were never checked) are not,
    // and a note says so.
    REQUIRE(r.imported == 3);
    CHECK(annotationsOf(a, 1).comments == fit.comments);
    CHECK(annotationsOf(a, 2) == GameAnnotations{});
    CHECK(annotationsOf(a, 3) == GameAnnotations{});
    std::vector<std::string> notKept;
    for (const auto& d : r.notes)
        if (d.code == "annotations-not-kept") notKept.push_back(d.message);
    CHECK(notKept == std::vector<std::string>{
                         "the comments and variations of game 2 do not fit its moves (a variation "
                         "does not replay with its passes explicit): the game was stored without "
                         "them",
                         "the comments and variations of game 3 were not checked against its "
                         "moves (checkAnnotations): the game was stored without them"});
    // Read from a file, a record arrives checked: its annotations are kept.
    writeFile(dir / "annotated.pgn", std::string(kHeaders) + kAnnotatedMoves);
    const auto f = a.importFiles({dir / "annotated.pgn"});
    REQUIRE(f.imported == 1);
    CHECK(annotationsOf(a, 4) == expectedAnnotations());
}

TEST_CASE("a possible duplicate whose annotations are not kept is not said to keep them",
          "[storage][annotations][import]") {
    // The second record has the first one's moves under other names (a possible duplicate,
    // stored) and annotations that do not fit: they are not kept, and no note may say
    // "kept with the new game" beside "stored without them" (both were said).
    TempDir dir("annot-dup-unfit");
    Archive a(dir / "games.sqlite");
    auto first = makeRecord("A", "B", "", 2020, "f5d6c3d3c4");
    othello::importers::checkAnnotations(first);
    auto second = makeRecord("C", "D", "", 2020, "f5d6c3d3c4");
    second.variations = {{0, sq("a1"), {}, {}}};
    othello::importers::checkAnnotations(second);
    REQUIRE(second.annotationsCheck == othello::importers::AnnotationsCheck::Unfit);
    const auto r = a.importRecords({first, second});
    REQUIRE(r.imported == 2);
    CHECK(r.possibleDuplicates == 1);
    CHECK(annotationsOf(a, 2) == GameAnnotations{});
    std::vector<std::string> codes;
    for (const auto& d : r.notes) codes.push_back(d.code);
    CHECK(std::count(codes.begin(), codes.end(), "annotations-not-kept") == 1);
    CHECK(std::count(codes.begin(), codes.end(), "annotated-duplicate") == 0);
    CHECK(r.annotatedDuplicates == 0);
}

TEST_CASE("editGame sets annotations, journalled and revertible, moves edits keep them fitting",
          "[storage][annotations][edit]") {
    TempDir dir("annot-edit");
    writeFile(dir / "annotated.pgn", std::string(kHeaders) + kAnnotatedMoves);
    Archive a(dir / "games.sqlite");
    REQUIRE(a.importFiles({dir / "annotated.pgn"}).imported == 1);
    const GameAnnotations original = expectedAnnotations();
    GameAnnotations edited = original;
    edited.comments[1].text = "the usual move";
    edited.variations.clear();
    const auto e = a.editGame(1, {}, std::nullopt, edited);
    CHECK(e.fields == std::vector<std::string>{"annotations"});
    CHECK(annotationsOf(a, 1) == edited);
    CHECK(a.history().front().summary.find("annotations") != std::string::npos);
    // The same annotations again: no change.
    CHECK(a.editGame(1, {}, std::nullopt, edited).change == 0);
    // Annotations that do not fit the moves: refused, nothing changed.
    GameAnnotations bad;
    bad.variations = {{0, sq("a1"), {}, {}}};
    CHECK_THROWS_AS(a.editGame(1, {}, std::nullopt, bad), EditError);
    bad = {};
    bad.comments = {{2, "  not normalised "}};
    CHECK_THROWS_AS(a.editGame(1, {}, std::nullopt, bad), EditError);
    CHECK(annotationsOf(a, 1) == edited);
    // Revert restores them.
    a.revert(e.change);
    CHECK(annotationsOf(a, 1) == original);
    // A moves edit that leaves the comment on ply 4 off the line is refused without
    // annotations, and accepted with them, in one change.
    CHECK_THROWS_AS(a.editGame(1, {}, sq("f5d6c3")), EditError);
    CHECK(a.game(1)->record.moves == sq("f5d6c3d3c4"));
    GameAnnotations shorter;
    shorter.comments = {{1, "shorter"}};
    const auto both = a.editGame(1, {}, sq("f5d6c3"), shorter);
    CHECK(both.fields == std::vector<std::string>{"moves", "annotations"});
    CHECK(annotationsOf(a, 1) == shorter);
    a.revert(both.change);
    CHECK(a.game(1)->record.moves == sq("f5d6c3d3c4"));
    CHECK(annotationsOf(a, 1) == original);
    // A moves edit the annotations still fit keeps them; revert of it is blocked by a later
    // annotations edit that does not fit the old moves.
    const auto longer = a.editGame(1, {}, sq("f5d6c3d3c4f4"));
    CHECK(annotationsOf(a, 1) == original);
    GameAnnotations onLast = original;
    onLast.comments.push_back({6, "last"});
    const auto late = a.editGame(1, {}, std::nullopt, onLast);
    try {
        a.revert(longer.change);
        FAIL("revert should be blocked");
    } catch (const RevertBlocked& b) {
        CHECK(b.blocker == late.change);
    }
    CHECK(a.game(1)->record.moves == sq("f5d6c3d3c4f4"));
    a.revert(late.change);
    a.revert(longer.change);
    CHECK(annotationsOf(a, 1) == original);
}

TEST_CASE("the trash keeps annotations, a purge drops them", "[storage][annotations][edit]") {
    TempDir dir("annot-trash");
    writeFile(dir / "annotated.pgn", std::string(kHeaders) + kAnnotatedMoves);
    const auto db = dir / "games.sqlite";
    Archive a(db);
    const auto imp = a.importFiles({dir / "annotated.pgn"});
    REQUIRE(imp.imported == 1);
    const auto del = a.deleteGames({1});
    CHECK_FALSE(a.game(1));
    a.revert(del);
    CHECK(annotationsOf(a, 1) == expectedAnnotations());
    a.deleteGames({1});
    a.restoreGame(1);
    CHECK(annotationsOf(a, 1) == expectedAnnotations());
    // Reverting the import trashes the game; re-importing the file skips it as before.
    a.revert(imp.change);
    CHECK(a.importFiles({dir / "annotated.pgn"}).imported == 0);
    a.purgeGames({});
    CHECK(sqlCount(db, "SELECT count(*) FROM game_annotations") == 0);
}

TEST_CASE("a duplicate bringing annotations is reported, and merged when asked",
          "[storage][annotations][import]") {
    TempDir dir("annot-dup");
    writeFile(dir / "plain.pgn", std::string(kHeaders) + kPlainMoves);
    writeFile(dir / "annotated.pgn", std::string(kHeaders) + kAnnotatedMoves);
    Archive a(dir / "games.sqlite");
    REQUIRE(a.importFiles({dir / "plain.pgn"}).imported == 1);
    auto r = a.importFiles({dir / "annotated.pgn"});
    CHECK(r.imported == 0);
    CHECK(r.duplicates == 1);
    CHECK(r.annotatedDuplicates == 1);
    CHECK(r.annotatedDuplicateGames == std::vector<std::int64_t>{1});
    CHECK(r.annotationsMerged == 0);
    REQUIRE(r.notes.size() == 1);
    CHECK(r.notes[0].code == "annotated-duplicate");
    CHECK(annotationsOf(a, 1) == GameAnnotations{});
    // A plain duplicate, and the plain file again, say nothing of annotations.
    r = a.importFiles({dir / "plain.pgn"});
    CHECK(r.annotatedDuplicates == 0);
    othello::storage::ImportOptions merge;
    merge.mergeAnnotations = true;
    r = a.importFiles({dir / "annotated.pgn"}, merge);
    CHECK(r.annotatedDuplicates == 1);
    CHECK(r.annotationsMerged == 1);
    CHECK(annotationsOf(a, 1) == expectedAnnotations());
    const auto edit = a.history().front();
    CHECK(edit.kind == "edit");
    CHECK(edit.games == std::vector<std::int64_t>{1});
    // Once merged, the annotated file is a plain duplicate.
    r = a.importFiles({dir / "annotated.pgn"}, merge);
    CHECK(r.duplicates == 1);
    CHECK(r.annotatedDuplicates == 0);
    a.revert(edit.id);
    CHECK(annotationsOf(a, 1) == GameAnnotations{});
    // A possible duplicate (other names) is stored with its annotations, and reported.
    std::string other = std::string(kHeaders) + kAnnotatedMoves;
    other.replace(other.find("Anna"), 4, "Carl");
    writeFile(dir / "other.pgn", other);
    r = a.importFiles({dir / "other.pgn"});
    CHECK(r.imported == 1);
    CHECK(r.possibleDuplicates == 1);
    CHECK(r.annotatedDuplicates == 1);
    CHECK(r.annotatedDuplicateGames == std::vector<std::int64_t>{1});
    CHECK(annotationsOf(a, 2) == expectedAnnotations());
}

TEST_CASE("a version-9 archive is read without annotations and upgraded by a writer",
          "[storage][annotations][migration]") {
    TempDir dir("annot-migrate");
    const auto db = dir / "games.sqlite";
    {
        Archive a(db);
        a.importRecords({makeRecord("A", "B", "", 2000, "f5d6c3d3c4")});
    }
    {
        // Version 9 as the previous program wrote it: no annotations, no withdrawals.
        SQLite::Database raw(db.string(), SQLite::OPEN_READWRITE);
        raw.exec("DROP TABLE game_annotations");
        raw.exec("DROP TABLE IF EXISTS tournament_withdrawals");
        raw.exec("PRAGMA user_version = 9");
    }
    {
        Archive r(db, Archive::Mode::ReadOnly);
        CHECK(r.info().schemaVersion == 9);
        CHECK(annotationsOf(r, 1) == GameAnnotations{});
    }
    CHECK(sqlCount(db, "PRAGMA user_version") == 9);  // a reader upgrades nothing
    Archive a(db);
    CHECK(a.info().schemaVersion == othello::storage::kSchemaVersion);
    GameAnnotations c;
    c.comments = {{3, "after the upgrade"}};
    a.editGame(1, {}, std::nullopt, c);
    CHECK(annotationsOf(a, 1) == c);
}
