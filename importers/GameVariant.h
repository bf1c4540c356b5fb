#pragma once
// The kind of 8x8 game a record holds, as GGF's TY[] property names it (GGS game types), and
// how a finished game of that kind is scored.
//
// TY is read as GGS writes it: an optional 's' (synchro), the board size, then flags in any
// order: 'k' (komi), 'a' (anti-Othello), 'r<N>' (random start of N discs), 'b'/'w' (a colour
// chosen by the players: no effect on the record). "8", "s8r20", "8kr20", "8a" are all 8x8
// Othello; only the size 8 is played, other sizes are refused with "board size N is not
// supported".
//
// Scoring. core::Score stays disc counts with the empties given to the player holding more
// discs (as core::Position::finalScore does); only who wins changes:
//  - plain and synchro: the most discs win;
//  - anti-Othello: the fewest discs win, and the empties count against the loser (the player
//    with more discs), so the margin is the same number as in plain Othello;
//  - komi: GGS's KM[] is in White's favour: Black's result is (black - white) - komi. KM[-3.133]
//    with a 19-45 finish gives RE[-22.87] (nboard_test2.ggf).
// GGF's RE[] is Black's result under these rules: positive when Black wins. For anti-Othello
// that is (white - black), for komi games the difference with the komi taken off.
#include <optional>
#include <string>
#include <string_view>

#include "core/Position.h"

namespace othello::importers {

struct GameVariant {
    bool anti = false;           // anti-Othello ("8a"): the fewest discs win
    bool synchro = false;        // synchro ("s8..."): one game of a pair played at once
    int randomDiscs = 0;         // random start ("8r<N>"): the start holds N random discs
    std::optional<double> komi;  // komi games ("8k"): KM[], in White's favour (see above)
    std::string type;            // TY as written ("8", "s8r20", "8k", ...); empty: none given
    bool standard() const { return !anti && !synchro && randomDiscs == 0 && !komi; }
    bool operator==(const GameVariant&) const = default;
};

// Reads a GGF TY[] value into `out` (its `komi` untouched: KM[] gives it). False when the type
// is not 8x8 Othello or not a type at all; `why` then says so ("board size 10 is not
// supported", "unknown game type character 'q'").
bool parseGgfType(std::string_view ty, GameVariant& out, std::string& why);

// The TY[] to write for `v`: the type as read when it still describes `v`, else one built from
// the flags ("s8r20", "8ka"). "8" for plain Othello.
std::string ggfType(const GameVariant& v);

// Black's result under the variant's rule, from a game's score (GameRecord::score): positive
// when Black wins, 0 a draw. Komi included, so it may be fractional.
double blackResult(const core::Score& score, const GameVariant& v);

// 1 Black wins, -1 White wins, 0 a draw, by blackResult.
int winnerOf(const core::Score& score, const GameVariant& v);

// Plain words for lists and headers: "" for plain Othello, else "anti", "synchro", "komi -3.13",
// "random 20" joined by ", ".
std::string variantLabel(const GameVariant& v);

}  // namespace othello::importers
