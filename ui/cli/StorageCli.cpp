// Helpers of the archive commands: database path, filters, JSON forms.
#include "StorageCli.h"

#include <cstdlib>

#include "core/Notation.h"
#include "core/Replay.h"

namespace othello::cli {

void addDbOption(CLI::App* sub, std::string& db) {
    sub->add_option("--db", db,
                    "Database file (default: $OTHELLO_DB, else "
                    "$XDG_DATA_HOME/othello-db/games.sqlite)");
}

storage::Archive openArchive(const std::string& db, storage::Archive::Mode mode) {
    const std::filesystem::path path =
        db.empty() ? storage::Archive::defaultDatabasePath() : std::filesystem::path(db);
    // Created on first use, even by a command that only reads.
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) mode = storage::Archive::Mode::ReadWrite;
    try {
        return storage::Archive(path, mode);
    } catch (const storage::StorageError& e) {
        throw InputError(e.what());
    }
}

void addFilterOptions(CLI::App* sub, FilterOptions& o, bool paging) {
    sub->add_option("--player", o.player,
                    "A player of either colour (substring, case- and "
                    "accent-insensitive)");
    sub->add_option("--black", o.black, "The Black player (substring)");
    sub->add_option("--white", o.white, "The White player (substring)");
    sub->add_option("--event", o.event, "The event (substring, case- and accent-insensitive)");
    sub->add_option("--year", o.year, "A year Y or a range Y1-Y2");
    sub->add_option("--result", o.result, "black, white or draw (the winner)");
    sub->add_option("--moves", o.moves,
                    "Games reaching the position after these moves (any symmetry, any order)");
    sub->add_option("--position", o.position,
                    "Games reaching this board (64 characters X/O/- and the side to move)");
    sub->add_option("--sort", o.sort,
                    "id, year, black, white, event, score or ply; a leading - sorts descending");
    sub->add_flag("--desc", o.descending, "Sort descending");
    if (paging) {
        sub->add_option("--limit", o.limit, "At most N games (default 20; -1: all)");
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
    storage::SearchFilter f;
    f.player = o.player;
    f.black = o.black;
    f.white = o.white;
    f.event = o.event;
    if (!o.year.empty()) {
        const auto dash = o.year.find('-', 1);
        try {
            std::size_t used = 0;
            const std::string first = o.year.substr(0, dash);
            f.yearFrom = std::stoi(first, &used);
            if (used != first.size()) throw std::invalid_argument("year");
            if (dash == std::string::npos) {
                f.yearTo = f.yearFrom;
            } else {
                const std::string second = o.year.substr(dash + 1);
                f.yearTo = std::stoi(second, &used);
                if (used != second.size()) throw std::invalid_argument("year");
            }
        } catch (const std::exception&) {
            throw InputError("--year: expected Y or Y1-Y2, got \"" + o.year + "\"");
        }
    }
    if (o.result == "black")
        f.result = storage::ResultFilter::BlackWin;
    else if (o.result == "white")
        f.result = storage::ResultFilter::WhiteWin;
    else if (o.result == "draw")
        f.result = storage::ResultFilter::Draw;
    else if (!o.result.empty())
        throw InputError("--result: expected black, white or draw, got \"" + o.result + "\"");
    f.position = queryPosition(o.moves, o.position);
    if (!o.sort.empty()) {
        std::string key = o.sort;
        f.descending = o.descending;
        if (key[0] == '-') {
            f.descending = true;
            key.erase(0, 1);
        }
        const auto k = storage::parseSortKey(key);
        if (!k) throw InputError("--sort: unknown key \"" + o.sort + "\"");
        f.sort = *k;
    } else {
        f.descending = o.descending;
    }
    f.limit = o.limit;
    f.offset = o.offset;
    return f;
}

nlohmann::json diagnosticJson(const importers::Diagnostic& d) {
    nlohmann::json j;
    j["severity"] = importers::severityName(d.severity);
    j["source"] = d.where.describe();
    j["path"] = d.where.path;
    if (d.where.line > 0) j["line"] = d.where.line;
    if (d.where.record >= 0) j["record"] = d.where.record;
    if (d.moveNumber > 0) j["move_number"] = d.moveNumber;
    if (d.square >= 0 && d.square < 64) j["square"] = core::squareName(d.square);
    j["code"] = d.code;
    j["message"] = d.message;
    return j;
}

nlohmann::json gameRowJson(const storage::GameRow& row) {
    nlohmann::json j;
    j["id"] = row.id;
    j["black"] = row.black;
    j["white"] = row.white;
    j["event"] = row.event;
    j["year"] = row.year;
    j["black_score"] = row.blackScore;
    j["white_score"] = row.whiteScore;
    j["complete"] = row.complete;
    j["moves"] = core::movesString(row.moves, true);
    j["ply"] = row.ply ? nlohmann::json(*row.ply) : nlohmann::json(nullptr);
    j["opening"] = row.opening;
    return j;
}

std::string scoreText(int black, int white) {
    return std::to_string(black) + "-" + std::to_string(white);
}

}  // namespace othello::cli
