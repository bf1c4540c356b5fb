#include "WthorWriter.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <map>
#include <stdexcept>
#include <unordered_map>

#include "ReaderUtil.h"
#include "RecordRules.h"
#include "WthorReader.h"

namespace othello::importers {

namespace {

void put16(std::string& out, std::size_t at, unsigned v) {
    out[at] = static_cast<char>(v & 0xFF);
    out[at + 1] = static_cast<char>((v >> 8) & 0xFF);
}
void put32(std::string& out, std::size_t at, std::uint32_t v) {
    put16(out, at, v & 0xFFFF);
    put16(out, at + 2, v >> 16);
}

// The header of files we create: today's date in the first 4 bytes, as the FFO does.
std::string freshHeader() {
    std::string h(kWthorHeaderSize, '\0');
    const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    std::tm tm{};
    gmtime_r(&now, &tm);
    const int year = tm.tm_year + 1900;
    h[0] = static_cast<char>(year / 100);
    h[1] = static_cast<char>(year % 100);
    h[2] = static_cast<char>(tm.tm_mon + 1);
    h[3] = static_cast<char>(tm.tm_mday);
    return h;
}

std::vector<int> storedMoves(const WthorOrigin& o) {
    std::vector<int> moves;
    for (int k = 0; k < 60; ++k) {
        const int sq = wthorSquare(o.bytes[8 + static_cast<std::size_t>(k)]);
        if (sq < 0) break;
        moves.push_back(sq);
    }
    return moves;
}

std::vector<int> squaresOnly(const std::vector<int>& moves) {
    std::vector<int> out;
    out.reserve(moves.size());
    for (int m : moves)
        if (m >= 0 && m < 64) out.push_back(m);
    return out;
}

// The record as read, to be written back unchanged (ids aside).
bool keepsOrigin(const GameRecord& g) {
    return g.wthor &&
           (g.status == GameStatus::Error || storedMoves(*g.wthor) == squaresOnly(g.moves));
}

// Names and their ids in a JOU or TRN file.
class NameTable {
  public:
    explicit NameTable(std::vector<std::string> names) : names_(std::move(names)) {
        for (std::size_t i = 0; i < names_.size(); ++i) index_.emplace(names_[i], i);
    }
    // Keeps `id` for `name` when the slot is free or holds it already.
    bool claim(std::uint16_t id, const std::string& name) {
        if (name.empty()) return true;  // read without names: the id stands for itself
        if (id >= names_.size()) names_.resize(id + 1u);
        if (names_[id].empty()) {
            names_[id] = name;
            index_.emplace(name, id);
        }
        return names_[id] == name;
    }
    std::uint16_t idOf(const std::string& name) {
        const std::string key = name.empty() ? "?" : name;
        if (auto it = index_.find(key); it != index_.end())
            return static_cast<std::uint16_t>(it->second);
        if (names_.size() > 0xFFFF) throw std::runtime_error("more than 65,536 names for WTHOR");
        names_.push_back(key);
        index_.emplace(key, names_.size() - 1);
        return static_cast<std::uint16_t>(names_.size() - 1);
    }
    std::string bytes(std::size_t recordSize) const {
        std::string out = freshHeader();
        put16(out, 8, static_cast<unsigned>(names_.size()));
        for (const auto& n : names_) {
            std::string latin = utf8ToLatin1(n).substr(0, recordSize - 1);  // keep a NUL
            latin.resize(recordSize, '\0');
            out += latin;
        }
        return out;
    }

  private:
    std::vector<std::string> names_;
    std::unordered_map<std::string, std::size_t> index_;
};

std::filesystem::path findBeside(const std::filesystem::path& dir, const std::string& lowerName,
                                 const std::string& defaultName) {
    std::error_code ec;
    for (std::filesystem::directory_iterator it(dir.empty() ? "." : dir, ec), end; !ec && it != end;
         it.increment(ec)) {
        if (text::lower(it->path().filename().string()) == lowerName) return it->path();
    }
    return dir / defaultName;
}

void writeFile(const std::filesystem::path& path, const std::string& bytes) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    out.close();
    if (!out) throw std::runtime_error("cannot write " + path.string());
}

}  // namespace

namespace {
int headerYearOf(const std::vector<const GameRecord*>& written,
                 const std::filesystem::path& wtbPath);
std::vector<const GameRecord*> writableGames(const std::vector<GameRecord>& games);
}  // namespace

bool wthorCanWrite(const GameRecord& game, std::string* why) {
    if (keepsOrigin(game)) return true;
    const char* reason = nullptr;
    std::string rules;
    if (game.status == GameStatus::Error)
        reason = "the record has an error";
    else if (!writtenRules(game).isOthello()) {
        // WTHOR has no field for the rules: the game would read back as Othello's.
        rules = "WTHOR holds only Othello games from the standard start; this game is played "
                "under " + core::rulesCode(writtenRules(game)) +
                " (GGF, PGN, JSON move lines and transcripts keep its rules)";
        reason = rules.c_str();
    } else if (!(game.start == core::Position::start()))
        reason = "WTHOR holds only games from the standard start position";
    else if (squaresOnly(game.moves).size() > 60)
        reason = "more than 60 moves";
    if (reason && why) *why = reason;
    return reason == nullptr;
}

namespace {

// Warnings for one name written in a JOU (maxBytes 19) or TRN (25) record.
void checkName(const GameRecord& g, const char* what, const std::string& name, std::size_t maxBytes,
               std::vector<Diagnostic>& out) {
    const std::string latin = utf8ToLatin1(name);
    if (latin1ToUtf8(latin) != name) {
        std::string m = what;
        m += " name '" + name + "' has characters outside Latin-1: written with '?'";
        out.push_back(Diagnostic::at(Severity::Warning, g.source, "name-not-latin1", std::move(m)));
    }
    if (latin.size() > maxBytes) {
        std::string m = what;
        m += " name '" + name + "' is longer than " + std::to_string(maxBytes) +
             " bytes: written as '" + latin1ToUtf8(latin.substr(0, maxBytes)) + "'";
        out.push_back(Diagnostic::at(Severity::Warning, g.source, "name-truncated", std::move(m)));
    }
}

}  // namespace

std::vector<Diagnostic> wthorWriteWarnings(const std::vector<GameRecord>& games,
                                           const std::string& outputPath) {
    std::vector<Diagnostic> out;
    std::map<int, int> years;
    int unknownNames = 0, noTheoretical = 0;
    for (const GameRecord& g : games) {
        if (!wthorCanWrite(g)) continue;
        if (g.year) ++years[g.year];
        if (keepsOrigin(g)) continue;  // written back as read
        checkName(g, "the black player's", g.black, kWthorPlayerSize - 1, out);
        checkName(g, "the white player's", g.white, kWthorPlayerSize - 1, out);
        checkName(g, "the tournament", g.event, kWthorTournamentSize - 1, out);
        unknownNames += g.black.empty() || g.white.empty() || g.event.empty();
        noTheoretical += !g.theoreticalScore;
    }
    SourceLocation file;
    file.path = outputPath;
    std::error_code ec;
    const bool toFolder = !outputPath.empty() && (outputPath.back() == '/' ||
                                                  std::filesystem::is_directory(outputPath, ec));
    const int headerYear = headerYearOf(writableGames(games), outputPath);
    if (!toFolder && years.size() > 1) {
        std::string list;
        int other = 0;
        for (const auto& [y, n] : years) {
            if (!list.empty()) list += ", ";
            list += std::to_string(y);
            if (y != headerYear) other += n;
        }
        out.push_back(Diagnostic::at(
            Severity::Warning, file, "mixed-years",
            "games of " + std::to_string(years.size()) + " years (" + list +
                ") in one WTHOR file, which holds one year: the header says " +
                std::to_string(headerYear) + ", so " +
                text::countOf(static_cast<std::size_t>(other), "game") +
                " of other years will read back as " + std::to_string(headerYear) +
                " (give a folder as the output to write one WTH_<year>.wtb per year)"));
    }
    if (const int named = wthorYearOfFileName(outputPath);
        !toFolder && named && headerYear && named != headerYear)
        out.push_back(Diagnostic::at(Severity::Warning, file, "file-name-year",
                                     "the file is named for " + std::to_string(named) +
                                         " but its header says " + std::to_string(headerYear) +
                                         ", the year of its games; readers take the header's"));
    if (unknownNames)
        out.push_back(Diagnostic::at(Severity::Warning, file, "unknown-name",
                                     std::to_string(unknownNames) +
                                         (unknownNames == 1 ? " game lacks" : " games lack") +
                                         " a player or tournament name: written as '?'"));
    if (noTheoretical)
        out.push_back(Diagnostic::at(
            Severity::Warning, file, "theoretical-score",
            std::to_string(noTheoretical) + (noTheoretical == 1 ? " game has" : " games have") +
                " no theoretical score: Black's discs are written in its place"));
    return out;
}

std::string wthorGameBytes(const GameRecord& game, std::uint16_t tournamentId,
                           std::uint16_t blackId, std::uint16_t whiteId) {
    std::string out(kWthorGameSize, '\0');
    if (keepsOrigin(game))
        std::copy(game.wthor->bytes.begin(), game.wthor->bytes.end(), out.begin());
    put16(out, 0, tournamentId);
    put16(out, 2, blackId);
    put16(out, 4, whiteId);
    if (keepsOrigin(game)) return out;
    int discs = game.score.black;
    if (!game.complete() && game.statedBlackDiscs) discs = *game.statedBlackDiscs;
    discs = std::clamp(discs, 0, 64);
    out[6] = static_cast<char>(discs);
    out[7] = static_cast<char>(std::clamp(game.theoreticalScore.value_or(discs), 0, 64));
    std::size_t k = 8;
    for (int sq : squaresOnly(game.moves)) {
        if (k >= kWthorGameSize) break;
        out[k++] = static_cast<char>(wthorByte(sq));
    }
    return out;
}

namespace {

// The year the header of a file of `written` games says (see WthorWriter.h).
int headerYearOf(const std::vector<const GameRecord*>& written,
                 const std::filesystem::path& wtbPath) {
    for (const GameRecord* g : written)
        if (keepsOrigin(*g)) return g->wthor->header[10] | g->wthor->header[11] << 8;
    std::map<int, int> years;
    for (const GameRecord* g : written)
        if (g->year) ++years[g->year];
    int year = 0, most = 0;
    for (const auto& [y, n] : years)
        if (n > most) year = y, most = n;
    // A tie goes to the year the file is named for.
    const int named = wthorYearOfFileName(wtbPath);
    if (const auto it = years.find(named); named && it != years.end() && it->second == most)
        year = named;
    return year;
}

struct Ids {
    std::uint16_t tournament = 0, black = 0, white = 0;
    bool tournamentKept = false, blackKept = false, whiteKept = false;
};

// Player and tournament ids of `written`, from the tables of the target folder.
std::vector<Ids> assignIds(const std::vector<const GameRecord*>& written, NameTable& players,
                           NameTable& tournaments) {
    // Ids of records read from WTHOR first, so that they keep theirs.
    std::vector<Ids> ids(written.size());
    for (std::size_t i = 0; i < written.size(); ++i) {
        const GameRecord& g = *written[i];
        if (!keepsOrigin(g)) continue;
        const WthorOrigin& o = *g.wthor;
        ids[i] = {o.tournamentId,
                  o.blackId,
                  o.whiteId,
                  tournaments.claim(o.tournamentId, g.event),
                  players.claim(o.blackId, g.black),
                  players.claim(o.whiteId, g.white)};
    }
    for (std::size_t i = 0; i < written.size(); ++i) {
        const GameRecord& g = *written[i];
        Ids& id = ids[i];
        if (!id.tournamentKept) id.tournament = tournaments.idOf(g.event);
        if (!id.blackKept) id.black = players.idOf(g.black);
        if (!id.whiteKept) id.white = players.idOf(g.white);
    }
    return ids;
}

// The bytes of a .wtb holding the games `which` (indices into written / ids).
std::string wtbBytes(const std::vector<const GameRecord*>& written, const std::vector<Ids>& ids,
                     const std::vector<std::size_t>& which, const std::filesystem::path& wtbPath) {
    std::vector<const GameRecord*> games;
    for (std::size_t i : which) games.push_back(written[i]);
    int depth = 0;
    std::string header;
    for (const GameRecord* g : games) {
        if (!depth && g->theoreticalDepth) depth = *g->theoreticalDepth;
        if (header.empty() && keepsOrigin(*g))
            header.assign(g->wthor->header.begin(), g->wthor->header.end());
    }
    if (header.empty()) {
        header = freshHeader();
        put16(header, 10, static_cast<unsigned>(headerYearOf(games, wtbPath)));
        header[12] = 8;
        header[14] = static_cast<char>(depth ? depth : 22);
    }
    put32(header, 4, static_cast<std::uint32_t>(games.size()));
    std::string wtb = std::move(header);
    wtb.reserve(kWthorHeaderSize + games.size() * kWthorGameSize);
    for (std::size_t i : which)
        wtb += wthorGameBytes(*written[i], ids[i].tournament, ids[i].black, ids[i].white);
    return wtb;
}

// Writes the .wtb files (one per entry of `files`: path and the games it holds) and one
// WTHOR.JOU / WTHOR.TRN in `dir` for all of them.
void writeWtbs(const std::vector<const GameRecord*>& written,
               const std::vector<std::pair<std::filesystem::path, std::vector<std::size_t>>>& files,
               const std::filesystem::path& dir) {
    const std::filesystem::path jouPath = findBeside(dir, "wthor.jou", "WTHOR.JOU");
    const std::filesystem::path trnPath = findBeside(dir, "wthor.trn", "WTHOR.TRN");
    const WthorNames existing = loadWthorNames(dir);
    NameTable players(existing.havePlayers ? existing.players : std::vector<std::string>{});
    NameTable tournaments(existing.haveTournaments ? existing.tournaments
                                                   : std::vector<std::string>{});
    const std::vector<Ids> ids = assignIds(written, players, tournaments);
    for (const auto& [path, which] : files) writeFile(path, wtbBytes(written, ids, which, path));
    writeFile(jouPath, players.bytes(kWthorPlayerSize));
    writeFile(trnPath, tournaments.bytes(kWthorTournamentSize));
}

std::vector<const GameRecord*> writableGames(const std::vector<GameRecord>& games) {
    std::vector<const GameRecord*> written;
    for (const auto& g : games)
        if (wthorCanWrite(g)) written.push_back(&g);
    return written;
}

}  // namespace

int wthorYearOfFileName(const std::filesystem::path& wtbPath) {
    const std::string name = text::lower(wtbPath.filename().string());
    if (name.size() != 12 || name.rfind("wth_", 0) != 0 || name.substr(8) != ".wtb") return 0;
    const auto year = text::parseNumber(std::string_view(name).substr(4, 4));
    return year && *year >= 1000 ? *year : 0;
}

std::string wthorYearFileName(int year) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "WTH_%04d.wtb", std::clamp(year, 0, 9999));
    return buf;
}

void writeWthorFiles(const std::vector<GameRecord>& games, const std::filesystem::path& wtbPath) {
    const std::vector<const GameRecord*> written = writableGames(games);
    std::vector<std::size_t> all(written.size());
    for (std::size_t i = 0; i < all.size(); ++i) all[i] = i;
    writeWtbs(written, {{wtbPath, all}}, wtbPath.parent_path());
}

std::vector<std::filesystem::path> writeWthorYearFiles(const std::vector<GameRecord>& games,
                                                       const std::filesystem::path& dir) {
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (!std::filesystem::is_directory(dir, ec))
        throw std::runtime_error("cannot create the folder " + dir.string());
    const std::vector<const GameRecord*> written = writableGames(games);
    std::map<int, std::vector<std::size_t>> byYear;
    for (std::size_t i = 0; i < written.size(); ++i) byYear[written[i]->year].push_back(i);
    std::vector<std::pair<std::filesystem::path, std::vector<std::size_t>>> files;
    std::vector<std::filesystem::path> paths;
    for (auto& [year, which] : byYear) {
        paths.push_back(dir / wthorYearFileName(year));
        files.emplace_back(paths.back(), std::move(which));
    }
    writeWtbs(written, files, dir);
    return paths;
}

}  // namespace othello::importers
