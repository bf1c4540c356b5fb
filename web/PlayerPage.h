#pragma once
// A player's page of the web archive (players/<id>.html, web/Site.h): what `othello-db player`
// prints (storage/players/PlayerProfile.h), with the archive rating's history drawn as an
// inline SVG (static: no script, so it shows from file:// too) beside its table. A pure
// function of what it is given; every text from the archive is escaped here.
#include <cstdint>
#include <functional>
#include <string>

#include "storage/players/PlayerProfile.h"
#include "storage/players/Ratings.h"
#include "web/Site.h"

namespace othello::web {

// `published(tournamentId)`: whether that event's pages are on the site (a game or event of
// another is named without a link).
std::string playerPage(const SiteOptions& options, const storage::PlayerProfile& profile,
                       const storage::RatingHistory& rating,
                       const std::function<bool(std::int64_t tournamentId)>& published);

// The rating history as an SVG chart (width x height pixels): the rating before the first
// event, then after each, joined by a line; 1500 dashed; the scale and the years written.
// "" when the player was never rated.
std::string ratingSvg(const storage::RatingHistory& rating, int width = 640, int height = 220);

}  // namespace othello::web
