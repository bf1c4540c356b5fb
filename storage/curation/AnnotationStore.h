#pragma once
// Comments and variations of stored games (importers/Annotations.h), issue 11.
//
// Table (migration 10): game_annotations holds one row per game that has any, keyed by the
// game's id; a game without comments or variations has no row (a plain archive imports as
// fast as before). A game moved to the trash keeps its id (ids are never reused), so its row
// stays where it is and a restore finds it again; a purge deletes it. Positions of variations
// are never indexed: search and statistics see main lines only. `comments` and `variations`
// count them (nested ones included) so that a list can say "annotated" without decoding.
//
// `data` (encodeAnnotations): a version byte (kAnnotationCodecVersion), then the main line's
// comments and variations: a comment list is a count, then per comment its ply and its text's
// length and bytes; a variation list is a count, then per variation its ply, its move count
// and moves (one byte each: the square, 64 for a pass), its comments and its variations. Every
// number is an unsigned LEB128 varint. A reader meeting a version it does not know, or bytes
// that do not decode, throws StorageError (never guesses).
//
// Edits (Archive::editGame) journal the annotations as the field "annotations": JSON
// {"comments": [{"ply", "text"}], "variations": [{"ply", "moves": [squares], "comments",
// "variations"}]} (annotationsJson).
#include <cstdint>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "storage/Archive.h"

namespace othello::storage {

inline constexpr const char* kAnnotationTablesSql = R"SQL(
CREATE TABLE IF NOT EXISTS game_annotations(
    game_id INTEGER PRIMARY KEY,
    comments INTEGER NOT NULL,    -- number of comments, nested ones included
    variations INTEGER NOT NULL,  -- number of variations, nested ones included
    data BLOB NOT NULL);
)SQL";

inline constexpr std::uint8_t kAnnotationCodecVersion = 1;

// The `data` column of `a` (see above).
std::string encodeAnnotations(const GameAnnotations& a);
// Throws StorageError when `data` is not what encodeAnnotations writes (an unknown version,
// truncated or trailing bytes, moves off the board, nesting past kMaxVariationDepth).
GameAnnotations decodeAnnotations(const void* data, std::size_t size);

// The number of comments in `a`, those of variations included.
int countComments(const GameAnnotations& a);
inline bool empty(const GameAnnotations& a) {
    return a.comments.empty() && a.variations.empty();
}

// `stored` with what `incoming` adds to it: a comment on a ply that has none is added, one
// whose text the stored comment there does not already hold is appended to it (a space
// between); a variation whose moves no stored variation of that ply has is added after the
// ones there, one with the same moves has its own comments and variations merged the same way.
// Nothing of `stored` is dropped. Both must be annotations of the same line.
GameAnnotations mergeAnnotations(const GameAnnotations& stored, const GameAnnotations& incoming);

// The journal's JSON form (see above; text through journalText, Journal.h) and back.
nlohmann::json annotationsJson(const GameAnnotations& a);
GameAnnotations annotationsFromJson(const nlohmann::json& j);
// "2 comments, 1 variation" ("none" when empty), for summaries.
std::string annotationsSummary(const GameAnnotations& a);

// Reading and writing the table, inside the caller's transaction or snapshot. A file older
// than schema 10 (read as it is by a reader) has no table: every game reads as unannotated.
class AnnotationStore {
  public:
    explicit AnnotationStore(Archive::Impl& impl);
    // The annotations of game `id` (empty when it has none).
    GameAnnotations read(std::int64_t id);
    // Replaces the row of game `id`: deleted when `a` is empty.
    void write(std::int64_t id, const GameAnnotations& a);
    void erase(std::int64_t id);

  private:
    Archive::Impl& impl_;
};

}  // namespace othello::storage
