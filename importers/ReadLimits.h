#pragma once
// The limits every reader applies, so that a hostile or broken file costs memory in proportion
// to what is kept, never to what a record claims: a file may be any size (streamed, Reader.cpp)
// whatever its content, and reading it never holds more than these per record and per file.
//
// What happens at each limit (always said, never silent):
//   - kMaxRecordBytes: a record whose text is longer (a PGN game, a CSV row with a quoted field
//     spanning lines, a GGF game) is cut there: the record is an error "record-too-large", and
//     reading goes on at the next record boundary.
//   - kMaxRecordMoves: more move tokens than any game can hold (60 discs and their passes).
//     Tokens past it are not kept: the replay fails before reaching them anyway, so the record
//     gets the same error ("game-over" or the like) as with every token kept.
//   - kMaxValueBytes: a name, tag, property or CSV field (not the moves) longer than this is
//     cut to it (at a UTF-8 character boundary) with the warning "value-too-long".
//   - kMaxDiagnosticsPerFile: the first diagnostics of a file are kept in full. Past it, the
//     diagnostics of further records are counted by code but not kept (an error record then
//     has status Error and no diagnostic), and the file gets the note "diagnostic-limit" that
//     sums them up. Counts (records, errors, damaged records) stay exact.
//   - Annotations (Annotations.h; PGN and GGF comments, PGN variations), per game:
//     kMaxCommentBytes: a comment longer than this is cut to it ("comment-too-long");
//     kMaxAnnotationBytes: comment text past this total is not kept; kMaxVariations: variations
//     past this count are not kept; kMaxVariationDepth: variations nested deeper are not kept;
//     each with the warning "annotation-limit", once per game and limit, saying how much was
//     left out. A variation's moves past kMaxRecordMoves are not kept either (the replay
//     would fail before them).
//   - Compressed files and archives (Unpack.h) are streamed, never held. What one unpacks to
//     is bounded against decompression bombs: kMaxUnpackedBytes in all, and past
//     kUnpackRatioFloor bytes at most kMaxUnpackRatio times the file's own size (record files
//     compress 3 to 10 times; a bomb thousands of times). Past either, the file error
//     "unpack-limit": the games read before it are kept, the rest of the file is not read.
//     Archives inside an archive are read one level down, not deeper ("nested-archive").
#include <cstddef>
#include <cstdint>

namespace othello::importers {

inline constexpr std::size_t kMaxRecordBytes = std::size_t{1} << 20;  // 1 MiB of text
inline constexpr std::size_t kMaxRecordMoves = 128;                   // squares and passes
inline constexpr std::size_t kMaxValueBytes = 4096;                   // one name, tag, field
inline constexpr std::size_t kMaxDiagnosticsPerFile = 1000;
inline constexpr std::size_t kMaxCommentBytes = 16384;          // one comment
inline constexpr std::size_t kMaxAnnotationBytes = 256 * 1024;  // all comments of a game
inline constexpr std::size_t kMaxVariations = 1000;             // variations of a game
inline constexpr std::size_t kMaxVariationDepth = 32;           // nesting of variations
inline constexpr std::uint64_t kMaxUnpackedBytes = std::uint64_t{16} << 30;  // 16 GiB
inline constexpr std::uint64_t kMaxUnpackRatio = 100;
inline constexpr std::uint64_t kUnpackRatioFloor = std::uint64_t{64} << 20;  // 64 MiB

}  // namespace othello::importers
