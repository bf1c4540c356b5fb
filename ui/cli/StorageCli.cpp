// Helpers of the archive commands: database path, filters, JSON forms.
#include "StorageCli.h"

#include <fmt/core.h>

#include <algorithm>
#include <cstdlib>

#include "core/Notation.h"
#include "core/Replay.h"
#include "importers/GameResult.h"
#include "importers/TextEscape.h"
#include "storage/database/WriterLock.h"
#include "storage/players/PlayerJson.h"
#include "storage/query/ArchiveJson.h"
#include "storage/query/FilterText.h"

namespace othello::cli {

void addDbOption(CLI::App* sub, std::string& db) {
    sub->add_option("--db", db,
                    "Database file (default: $OTHELLO_DB, else "
                    "$XDG_DATA_HOME/othello-db/games.sqlite)");
}

storage::Archive openArchive(const std::string& db, storage::Archive::Mode mode) {
    const std::filesystem::path path =
        db.empty() ? storage::Archive::defaultDatabasePath() : std::filesystem::path(db);
    // The default database is created on first use, even by a command that only reads (as
    // the viewer does); a path given with --db only by a writer: a reader says it does not
    // exist rather than leave an empty archive behind a typo.
    std::error_code ec;
    if (db.empty() && !std::filesystem::exists(path, ec)) mode = storage::Archive::Mode::ReadWrite;
    try {
        storage::Archive archive(path, mode);
        if (!archive.accessWarning().empty())
            fmt::print(stderr, "warning: {}\n",
                       importers::text::escapeForTerminal(archive.accessWarning()));
        return archive;
    } catch (const storage::StorageError& e) {
        throw InputError(e.what());
    }
}

void warnUnindexed(storage::Archive& archive) {
    const std::int64_t n = archive.unindexedGames();
    if (n == 0) return;
    fmt::print(stderr, "warning: {} not yet indexed ({}); {}\n", plural(n, "game", "games"),
               storage::WriterLock::held(archive.path())
                   ? "an import is running"
                   : "an import was interrupted and they could not be indexed here: the next "
                     "import indexes them",
               n > storage::maxReplayedGames()
                   ? "position searches and statistics leave them out until they are indexed"
                   : "position searches and statistics replay them, which is slower");
}

int runCommand(const std::function<int()>& action) {
    try {
        return action();
    } catch (const UsageError& e) {
        fmt::print(stderr, "error: {}\n", importers::text::escapeForTerminal(e.what()));
        return kExitUsage;
    }
}

void addPositionOptions(CLI::App* sub, PositionOptions& o) {
    sub->add_option("--moves", o.moves,
                    "The position after these moves from the start (any symmetry, any move "
                    "order); --moves \"\" is the start position")
        ->each([&o](const std::string&) { o.movesGiven = true; });
    sub->add_flag("--start", o.start, "The start position");
    sub->add_option("--position", o.position,
                    "A board: 64 characters X/O/- row by row from a1, then the side to move "
                    "(X or O); Black (X) is to move when the side is omitted");
}

const char* const kRulesFilterHelp =
    "Games under these rules: a preset's name (othello, reversi, reversi-all-lines) finds every "
    "game of that preset whatever its modifiers (reversi: classic Reversi, from either cross, "
    "scored either way); a code with modifiers (reversi+empties, othello+handicap-a1h8-white) "
    "finds that code exactly. Any case";

PositionQuery positionQuery(const PositionOptions& o, const core::Rules& rules) {
    const bool moves = o.movesGiven || !o.moves.empty();
    if (int(moves) + int(o.start) + int(!o.position.empty()) > 1)
        throw UsageError("give one of --moves, --start and --position");
    PositionQuery q;
    if (!o.position.empty()) {
        const core::BoardParse b = core::parseBoard(o.position);
        if (b.error) throw UsageError("--position: " + b.error->message);
        q.position = b.position;
        if (auto op = storage::openingOfPosition(b.position)) q.opening = op->name;
        return q;
    }
    if (!moves && !o.start) return q;
    core::MovesParse m;
    if (moves) {
        m = core::parseMoves(o.moves);
        if (m.error) throw UsageError("--moves: " + m.error->message);
    }
    if (!rules.isOthello()) {
        const auto start = core::rulesStart(rules);
        if (!start)
            throw UsageError("--moves: these rules have no start of their own (use --position)");
        const core::ReplayResult r = core::replay(*start, m.moves, rules);
        if (r.error) throw UsageError("--moves: " + r.error->describe());
        q.position = r.final();
        return q;
    }
    const core::ReplayResult r = core::replay(core::Position::start(), m.moves);
    if (r.error) throw UsageError("--moves: " + r.error->describe());
    q.position = r.final();
    if (auto op = storage::deepestOpening(m.moves)) q.opening = op->name;
    return q;
}

void addFilterOptions(CLI::App* sub, FilterOptions& o, bool paging) {
    sub->add_option("--player", o.player,
                    "A player of either colour (substring, case- and "
                    "accent-insensitive)");
    sub->add_option("--black", o.black, "The Black player (substring)");
    sub->add_option("--white", o.white, "The White player (substring)");
    sub->add_option("--event", o.event, "The event (substring, case- and accent-insensitive)");
    sub->add_option("--year", o.year, "A year Y or a range Y1-Y2 (years 1..9999, Y1 <= Y2)");
    sub->add_option("--result", o.result, "black, white or draw (the winner)");
    addPositionOptions(sub, o.query);
    sub->add_option("--opening", o.opening,
                    "Games following this named opening: its line or a deeper one, under any "
                    "symmetry and move order. Any of its names, English or Japanese (Tiger, 虎), "
                    "any case, or the start of one name only; an unknown name lists the near "
                    "ones. Not with --moves, --start or --position");
    sub->add_option("--lost-discs", o.lostDiscs,
                    "Games with an endgame move that lost at least N discs (games reviewed by "
                    "`analyze`; see there)");
    sub->add_option("--lost-by", o.lostBy, "With --lost-discs: black or white made that move");
    sub->add_option("--rules", o.rules,
                    std::string(kRulesFilterHelp) +
                        "; with --moves, the moves are played from these rules' start");
    o.handicapOption =
        sub->add_option("--handicap", o.handicap,
                        "Handicap games (corners given at the start, see add --handicap); with "
                        "corners (a1,h8) those exactly, to either colour")
            ->expected(0, 1);
    sub->add_option("--sort", o.sort,
                    "id, year, black, white, event, score or ply; a leading - sorts descending");
    sub->add_flag("--desc", o.descending, "Sort descending");
    if (paging) {
        sub->add_option("--limit", o.limit, "At most N games, 0..1000000 (default 20; -1: all)");
        sub->add_option("--offset", o.offset, "Skip the first N games");
    } else {
        o.limit = -1;
    }
}

std::optional<core::Position> queryPosition(const std::string& moves, const std::string& board) {
    if (!moves.empty() && !board.empty())
        throw InputError("give either --moves or --position, not both");
    if (!board.empty()) {
        const core::BoardParse b = core::parseBoard(board);
        if (b.error) throw InputError("--position: " + b.error->message);
        return b.position;
    }
    if (!moves.empty()) {
        const core::MovesParse m = core::parseMoves(moves);
        if (m.error) throw InputError("--moves: " + m.error->message);
        const core::ReplayResult r = core::replay(core::Position::start(), m.moves);
        if (r.error) throw InputError("--moves: " + r.error->describe());
        return r.final();
    }
    return std::nullopt;
}

storage::SearchFilter makeFilter(const FilterOptions& o) {
    // The filters are read as the API reads them (storage/query/FilterText.h), named as options.
    storage::FilterText t;
    t.player = o.player;
    t.black = o.black;
    t.white = o.white;
    t.event = o.event;
    t.year = o.year;
    t.result = o.result;
    t.lostDiscs = o.lostDiscs;
    t.lostBy = o.lostBy;
    t.sort = o.sort;
    t.descending = o.descending;
    t.rules = o.rules;
    if (o.handicapOption && o.handicapOption->count() > 0) t.handicap = o.handicap;
    t.opening = o.opening;
    storage::SearchFilter f;
    try {
        storage::applyFilterText(t, f, [](const std::string& field) {
            std::string option = "--" + field;
            std::replace(option.begin(), option.end(), '_', '-');
            return option;
        });
    } catch (const storage::FilterError& e) {
        throw UsageError(e.what());
    }
    // --moves under --rules CODE: played from that rule set's start (a preset's own, for a name).
    const auto position =
        positionQuery(o.query, f.rules.empty() ? core::Rules{} : core::parseRules(f.rules).rules)
            .position;
    // --opening set the position: one position a search, so not both.
    if (position && f.position)
        throw UsageError("give --opening or one of --moves, --start and --position, not both");
    if (position) f.position = position;
    // -1 is "all"; a bigger page than kMaxLimit is a typo more likely than a wish.
    if (o.limit < -1 || o.limit > kMaxLimit)
        throw UsageError("--limit: expected 0.." + std::to_string(kMaxLimit) +
                         " games, or -1 for all; got " + std::to_string(o.limit));
    if (o.offset < 0 || o.offset > storage::kMaxGameId)
        throw UsageError("--offset: expected 0.." + std::to_string(storage::kMaxGameId) + "; got " +
                         std::to_string(o.offset));
    f.limit = o.limit;
    f.offset = o.offset;
    return f;
}

std::string scoreText(int black, int white) {
    return std::to_string(black) + "-" + std::to_string(white);
}

// The one player a query names, else the candidates (StorageCli.h).
storage::PlayerRef findPlayerOrList(storage::Archive& archive, const std::string& query,
                                    bool json) {
    if (query.find_first_not_of(" \t") == std::string::npos)
        throw UsageError("a player's name (or #id) is empty");
    const storage::PlayerLookup l = archive.findPlayer(query);
    if (l.player) return *l.player;
    if (json) printJson(storage::playerCandidatesJson(query, l));
    if (l.candidates.empty())
        throw InputError(fmt::format("no player named \"{}\" (nor a name containing it)",
                                     importers::text::escapeForTerminal(query)));
    std::string list;
    for (std::size_t i = 0; i < l.candidates.size(); ++i)
        list += fmt::format("{}\"{}\" (#{}, {})", i ? ", " : "",
                            importers::text::escapeForTerminal(l.candidates[i].name),
                            l.candidates[i].id, plural(l.candidates[i].games, "game", "games"));
    throw InputError(
        fmt::format("no player is named exactly \"{}\"; give one of these names "
                    "(or its #id): {}",
                    importers::text::escapeForTerminal(query), list));
}

}  // namespace othello::cli
