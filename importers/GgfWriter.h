#pragma once
// Writing games as GGF, one game per line, that GgfReader reads back to the same games:
// players (PB, PW), place (PC), event (EV), round (RO), date or year (DT), the start board
// (BO), the moves with explicit passes (B[PA] / W[PA]) and the results:
// - RE[...], Black's disc difference: a GGF record's RE as read; else the stated difference;
//   else the stated result (statedBlackDiscs b written as 2b - 64, which GgfReader turns back
//   into statedBlackDiscs; for a game that stops early it is the official result); else the
//   final score of a finished game. No RE when none of these is known.
// - TY[...] and KM[...]: the variant (GameVariant.h), TY as read when it still describes it,
//   so GGF -> GGF keeps anti, synchro, random and komi games; RE of a finished game is then
//   Black's result under the variant's rule.
// - TS[score/depth] (our own property; GGF readers ignore unknown ones): the WTHOR theoretical
//   score and its depth, TS[score] when the depth is unknown.
// - C[...] (our own property, as SGF's C; GGS defines none for comments, and GGF readers ignore
//   unknown properties): each comment of the main line (Annotations.h) right after the move it
//   follows, a comment before the first move after BO. GGF holds no tree: variations are not
//   written, and conversionWarnings (Writer.h) says how many games lose them.
#include <string>
#include <vector>

#include "GameRecord.h"

namespace othello::importers {

std::string writeGgf(const GameRecord& game);
// Records with an error (status Error) are left out.
std::string writeGgf(const std::vector<GameRecord>& games);

}  // namespace othello::importers
