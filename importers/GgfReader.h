#pragma once
// GGF (Generic Game Format of the GGS server):
//   (;GM[Othello]PC[GGS/os]DT[...]PB[...]PW[...]RB[...]RW[...]TI[...]TY[8]RE[+2.000]
//     BO[8 -------- ... *]B[d3//0.01]W[c5/1.20/0.01]...;)
// Several games per file or per line, an optional leading "1 " (GGS match prefix); moves with
// "/eval/time" suffixes; passes "PA" or "pass"; BO start boards (rows may be space-separated,
// '-' '*' 'O', then the side to move); DT a date or a Unix time; RE Black's disc difference with
// an optional ":r" / ":t" / ":l" suffix (statedDiscDiff, and statedBlackDiscs = (64 + RE) / 2
// when that is a whole number of discs; for a game that stops early it is the official result);
// TS[score/depth] (written by GgfWriter) the WTHOR theoretical score and its depth,
// "bad-theoretical" (warning) when malformed; C[...] (written by GgfWriter, as SGF's C) a comment
// on the ply of the move it follows, before the first move a comment on the start
// (GameRecord::comments, limits of ReadLimits.h); other unknown properties are ignored. Every 8x8
// type is read into GameRecord::variant (GameVariant.h): TY[8], random starts 8r<N> (the start
// from BO), synchro s8 / s8r<N>, komi 8k with KM[] ("bad-komi" when KM is not a number) and
// anti-Othello 8a; RE is then checked by the variant's rule. Other board sizes (TY[4], TY[10], or
// a BO of another size) and other games (GM[Chess]) are records with the error
// "unsupported-variant" ("board size 10 is not supported"). Other codes: "bad-game" (a syntax
// error, or a property whose ']' never comes before the next game), "bad-move", "bad-board",
// "wrong-side" (a move by the side not to move), "re-mismatch" (warning), replay codes.
//
// Broken games (warnings marked damage; the record is kept as far as it was read): a value may
// hold ']' only escaped as "\]" ("\[" is a '[' too, which GgfWriter writes, and "\(;" a "(;"); a
// value that holds a header property (PB PW PC DT RB RW TI TY RE BO GM EV RO TS KM, followed by
// '[', after a character that is not an upper-case letter) lost its ']' and is split there
// ("unterminated-value": PB[Name PW[Other] gives Black "Name", White "Other") -- unless the split
// record is bad while the value read as written gives a good one: then it is read as written with
// the warning "suspicious-value", so the rule never loses a correct record. A value never closed
// before the next "(;" ends at a ";)" inside it when there is one ("unterminated-value"), else
// the record is the error "bad-game". A game with no ";)" before the next "(;" or the end of the
// file is "unterminated-game". A game of no moves gets "no-moves". Limits (ReadLimits.h): names
// are cut at kMaxValueBytes ("value-too-long"), a game longer than kMaxRecordBytes is the error
// "bad-game" (skipped up to the next "(;").
#include <string>
#include <string_view>

#include "ReadTypes.h"

namespace othello::importers {

// True when `head` looks like GGF text.
bool looksLikeGgf(std::string_view head);

// Appends one GameRecord per game of `text` to `out.records` (file diagnostics to
// `out.fileDiagnostics`). `name` is the path used in diagnostics.
void readGgf(const std::string& name, std::string_view text, const ReadOptions& options,
             FileResult& out);

}  // namespace othello::importers
