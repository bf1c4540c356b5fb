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
// "bad-theoretical" (warning) when malformed; other unknown properties are ignored. Only TY[8]
// games are played: other sizes and variants (TY[4], TY[10], anti, komi, random) are records with
// the error "unsupported-variant". Other codes: "bad-game" (unterminated game or property),
// "bad-move", "bad-board", "wrong-side" (a move by the side not to move), "re-mismatch" (warning),
// replay codes.
#include <string>
#include <string_view>

#include "Reader.h"

namespace othello::importers {

// True when `head` looks like GGF text.
bool looksLikeGgf(std::string_view head);

// Appends one GameRecord per game of `text` to `out.records` (file diagnostics to
// `out.fileDiagnostics`). `name` is the path used in diagnostics.
void readGgf(const std::string& name, std::string_view text, const ReadOptions& options,
             FileResult& out);

}  // namespace othello::importers
