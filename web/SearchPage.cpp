// The search page of the served archive (web/SearchPage.h).
#include "SearchPage.h"

#include "Html.h"

namespace othello::web {
namespace {

// Static markup: every value from the archive is written by search.js with textContent.
constexpr const char* kBody = R"(
<h1>Search games</h1>
<form id="search-form" class="search-form" action="search.html" method="get">
  <fieldset>
    <legend>Players and event</legend>
    <label>Player (either colour) <input name="player" type="search" autocomplete="off"></label>
    <label>Black <input name="black" type="search" autocomplete="off"></label>
    <label>White <input name="white" type="search" autocomplete="off"></label>
    <label>Event <input name="event" type="search" autocomplete="off"></label>
    <label>Year <input name="year" placeholder="1990 or 1990-1999" size="10" autocomplete="off"></label>
    <label>Winner <select name="result">
      <option value="">any</option><option value="black">Black</option>
      <option value="white">White</option><option value="draw">draw</option></select></label>
  </fieldset>
  <fieldset>
    <legend>Position (any symmetry, any move order)</legend>
    <label>Moves from the start <input name="moves" placeholder="f5d6c3d3c4" size="30" autocomplete="off"></label>
    <label>or a board <input name="board" placeholder="64 characters X O - from a1, then the side to move" size="40" autocomplete="off"></label>
  </fieldset>
  <fieldset>
    <legend>Board pattern (the first ply where it holds)</legend>
    <label>Pattern <input name="pattern" placeholder="a1=X b2=- or 64 characters X O - * ?" size="40" autocomplete="off" title="Squares a1..h8 as X (black), O (white), - (empty), * (any disc), ? (anything): a list such as a1=X b2=- c1=*, or 64 characters from a1 to h8; same(a1,h1): both squares the same colour"></label>
    <label><select name="symmetry"><option value="">under the 8 symmetries</option><option value="0">as written only</option></select></label>
    <label>Plies <input name="ply" placeholder="20-40" size="7" autocomplete="off"></label>
  </fieldset>
  <fieldset>
    <legend>Endgame blunders (reviewed games)</legend>
    <label>Lost at least <input name="lost_discs" type="number" min="0" max="128" size="4"> discs</label>
    <label>by <select name="lost_by"><option value="">either side</option>
      <option value="black">Black</option><option value="white">White</option></select></label>
  </fieldset>
  <fieldset>
    <legend>Order</legend>
    <label>Sort by <select name="sort">
      <option value="">id</option><option value="year">year</option><option value="black">Black</option>
      <option value="white">White</option><option value="event">event</option>
      <option value="score">score</option><option value="ply">ply of the position</option></select></label>
    <label><select name="order"><option value="">ascending</option><option value="desc">descending</option></select></label>
    <label>Per page <select name="limit"><option>20</option><option>50</option><option>100</option><option>500</option></select></label>
    <input type="hidden" name="offset" value="">
  </fieldset>
  <p><button type="submit" id="search-button">Search</button> <button type="reset" id="reset-button">Clear</button></p>
</form>
<noscript><p>The search runs in the browser: enable JavaScript, or ask the API directly (/api/search?player=...).</p></noscript>
<p id="search-status" role="status" aria-live="polite"></p>
<table id="results" class="results" hidden>
  <thead><tr><th>#</th><th>Black</th><th>White</th><th>Result</th><th>Event</th><th>Year</th><th>Ply</th><th>Opening</th></tr></thead>
  <tbody></tbody>
</table>
<p class="pager"><button type="button" id="prev-page" hidden>&larr; Previous</button> <button type="button" id="next-page" hidden>Next &rarr;</button></p>
</main>
<footer class="site">Served by othello-db</footer>
<script src="assets/search.js"></script>
)";

}  // namespace

std::string searchPage(const std::string& title) {
    // The header of the site's pages (web/SitePages.cpp), so the search page sits among them.
    const std::string t = escapeHtml(title);
    return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
           "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
           "<title>Search · " +
           t +
           "</title>\n<link rel=\"stylesheet\" href=\"assets/style.css\">\n"
           "<link rel=\"stylesheet\" href=\"assets/search.css\">\n</head>\n"
           "<body class=\"search\">\n<header class=\"site\"><a class=\"brand\" "
           "href=\"index.html\">" +
           t +
           "</a><nav><a href=\"index.html\">Events</a><a href=\"search.html\" "
           "aria-current=\"page\">Search</a></nav></header>\n<main>" +
           kBody + "</body>\n</html>\n";
}

}  // namespace othello::web
