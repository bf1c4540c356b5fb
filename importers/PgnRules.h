#pragma once
// The PGN tags that name a game's rules (PgnReader.h, PgnWriter.h): the human [Variant] and
// [Scoring], beside our exact [Rules "code"] (core/Rules.h), which the reader takes first.
#include <optional>
#include <string>
#include <string_view>

#include "core/Rules.h"

namespace othello::importers::pgn {

// [Variant]: "Othello" (or "Standard"), "Reversi" (one line; "Classic Reversi"), "Reversi all
// lines", in any case, words joined by spaces, '-' or '_' ("reversi-all-lines", "Reversi (all
// lines)"). The preset's rules; nullopt for a name none of these.
std::optional<core::Rules> variantRules(std::string_view variant);
// [Scoring]: "discs" or "empties" ("empties to the winner"), any case; nullopt otherwise.
std::optional<core::Scoring> scoringNamed(std::string_view scoring);

// The tags PgnWriter writes for `rules`: the variant ("Reversi", "Reversi all lines", "Othello")
// and the scoring ("discs", "empties").
std::string variantName(const core::Rules& rules);
const char* scoringName(core::Scoring scoring);

}  // namespace othello::importers::pgn
