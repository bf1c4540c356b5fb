#pragma once
// The served archive's search page (search.html): a form with every filter of /api/search
// (web/Api.h) and a table of the games found, filled by assets/search.js from the API. Each
// game links to the site's game page (game.html?event=<tournament>&game=<id>, web/Site.h).
// The form is a plain GET form, so a search is a URL: search.html?player=...&year=1990-1999
// runs that search when the page opens (and the back button returns to it).
#include <string>

namespace othello::web {

// The page, with `title` (the archive's) escaped.
std::string searchPage(const std::string& title);

}  // namespace othello::web
