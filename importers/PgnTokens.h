#pragma once
// Private to PgnReader: what a token of PGN movetext is, beyond a square or a pass.
#include <string>
#include <string_view>

namespace othello::importers::pgn {

// A chess move in SAN, as no Othello record writes one: castling ("O-O", "0-0-0"), a piece
// move ("Nf3", "Qxd8", "Rae1", "N1c3"), a pawn capture ("exd5") or promotion ("e8=Q").
// Check and annotation marks are already stripped.
bool looksLikeChessMove(std::string_view t);

// A game termination marker: 1-0, 0-1, 1/2-1/2, *, or a disc score "33-31".
bool isResultToken(std::string_view t);

// A NAG as the comment text it is kept as: "$1".."$6" give the marks ! ? !! ?? !? ?! (the six
// NAGs of the PGN standard that stand for one), other NAGs are kept as written ("$14").
std::string nagText(std::string_view nag);

// Takes the move marks off a move ("f5!?" -> "f5") and returns the annotation marks ("!?");
// chess's check marks '+' '#' are dropped.
std::string_view stripMarks(std::string_view& token);

}  // namespace othello::importers::pgn
