#include "WthorReader.h"

#include <algorithm>
#include <fstream>
#include <functional>
#include <istream>
#include <system_error>

#include "ReaderUtil.h"
#include "RecordReplay.h"
#include "StatedResult.h"
#include "Unpack.h"

namespace othello::importers {

namespace {

// Little-endian fields, byte by byte, so the host's byte order and alignment never matter.
constexpr unsigned u8(std::string_view b, std::size_t at) {
    return static_cast<unsigned char>(b[at]);
}
constexpr unsigned u16(std::string_view b, std::size_t at) {
    return u8(b, at) | u8(b, at + 1) << 8;
}
constexpr std::uint32_t u32(std::string_view b, std::size_t at) {
    return static_cast<std::uint32_t>(u16(b, at)) | static_cast<std::uint32_t>(u16(b, at + 2))
                                                        << 16;
}

std::string nameOf(const std::vector<std::string>& names, unsigned id, bool have, bool& unknown) {
    unknown = have && id >= names.size();
    return id < names.size() ? names[id] : std::string();
}

// The replay of a legal WTHOR game without the per-ply vectors of core::replay (the archive has
// 8 million positions). Same result as replayRecord: passes explicit (none after the last
// move: an unfinished game ends where its record does), status, score with the empties to the
// winner once the game is over. Returns false at the first problem; the caller then runs
// replayRecord, which says what the problem is.
bool fastReplay(GameRecord& r, const std::vector<int>& tokens) {
    core::Position p = r.start;
    if (!p.isValid()) return false;
    r.moves.clear();
    r.moves.reserve(tokens.size() + 4);
    for (const int sq : tokens) {
        if (sq < 0 || sq >= 64) return false;
        // Discs to flip means a legal move (flipsOf is 0 on an occupied square); none means
        // an illegal move unless the side to move has to pass first.
        core::Bitboard f = p.flipsOf(sq);
        if (!f) {
            if (p.canMove()) return false;
            p.pass();
            f = p.flipsOf(sq);
            if (!f) return false;
            r.moves.push_back(core::kPass);
        }
        p.play(sq, f);
        r.moves.push_back(sq);
    }
    const bool over = p.isGameOver();
    r.standardStart = r.start == core::Position::start();
    r.status = over ? GameStatus::Complete : GameStatus::Incomplete;
    r.score = p.finalScore();
    return true;
}

}  // namespace

std::string latin1ToUtf8(std::string_view latin1) {
    return text::latin1ToUtf8(latin1);
}

std::string utf8ToLatin1(std::string_view utf8) {
    std::string out;
    for (std::size_t i = 0; i < utf8.size();) {
        const auto c = static_cast<unsigned char>(utf8[i]);
        if (c < 0x80) {
            out += static_cast<char>(c);
            ++i;
            continue;
        }
        std::size_t len = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
        if (len == 2 && i + 1 < utf8.size()) {
            const unsigned cp =
                (c & 0x1Fu) << 6 | (static_cast<unsigned char>(utf8[i + 1]) & 0x3Fu);
            out += cp <= 0xFF ? static_cast<char>(cp) : '?';
        } else {
            out += '?';
        }
        i += std::min(len, utf8.size() - i);
    }
    return out;
}

bool parseWthorNames(std::string_view bytes, std::size_t recordSize,
                     std::vector<std::string>& names) {
    names.clear();
    if (bytes.size() < kWthorHeaderSize) return false;
    // N2 says how many names there are; the size of the file is what we can trust.
    const std::size_t present = (bytes.size() - kWthorHeaderSize) / recordSize;
    names.reserve(present);
    for (std::size_t i = 0; i < present; ++i) {
        std::string_view raw = bytes.substr(kWthorHeaderSize + i * recordSize, recordSize);
        raw = raw.substr(0, std::min(raw.find('\0'), raw.size()));
        while (!raw.empty() && raw.back() == ' ') raw.remove_suffix(1);
        names.push_back(latin1ToUtf8(raw));
    }
    return true;
}

std::vector<NamesCandidate> namesCandidatesIn(const std::filesystem::path& dir) {
    std::vector<NamesCandidate> files;
    std::error_code ec;
    for (std::filesystem::directory_iterator it(dir.empty() ? "." : dir, ec), end; !ec && it != end;
         it.increment(ec)) {
        const std::filesystem::path path = it->path();
        const std::filesystem::path inner = unpackedName(path.filename());
        NamesCandidate c;
        c.lowerName = text::lower(inner.string());
        c.shown = path;
        if (inner == path.filename()) {
            c.read = [path](std::string& bytes) {
                std::string why;
                return readWholeFile(path, bytes, why);
            };
        } else {
            // WTHOR.JOU.gz beside WTH_1980.wtb.gz: a names file is small (65,535 names at
            // most), read whole.
            c.read = [path](std::string& bytes) {
                std::string why;
                return unpackSmallFile(path, kMaxNamesFileBytes, bytes, why);
            };
        }
        files.push_back(std::move(c));
    }
    return files;
}

namespace {

// Reads the first of `stems` (+ `ext`) among `files` that parses as a names file; a
// candidate that is missing or broken lets the next one answer, as WTH.JOU always did.
bool loadFirst(const std::vector<NamesCandidate>& files, const std::vector<std::string>& stems,
               const std::string& ext, std::size_t recordSize, std::vector<std::string>& names,
               std::string& lookedFor, std::filesystem::path& used) {
    std::string bytes;
    lookedFor.clear();
    for (const std::string& stem : stems) {
        if (!lookedFor.empty()) lookedFor += ", ";
        lookedFor += stem + ext;
    }
    for (const std::string& stem : stems) {
        const std::string wanted = text::lower(stem + ext);
        for (const NamesCandidate& c : files) {
            if (c.lowerName != wanted || !c.read(bytes)) continue;
            if (parseWthorNames(bytes, recordSize, names)) {
                used = c.shown;
                return true;
            }
        }
    }
    return false;
}

// A names file the user named: it must be there and be one.
bool loadGiven(const std::filesystem::path& path, std::size_t recordSize,
               std::vector<std::string>& names, std::string& error) {
    std::string bytes, why;
    if (!readWholeFile(path, bytes, why)) {
        error = path.string() + ": " + why;
        return false;
    }
    // --players WTHOR.JOU.gz: a compressed names file reads as the file it holds.
    if (packingOf(bytes) != Packing::None && !unpackSmallFile(path, kMaxNamesFileBytes, bytes, why)) {
        error = path.string() + ": " + why;
        return false;
    }
    if (!parseWthorNames(bytes, recordSize, names)) {
        error = path.string() + ": not a WTHOR names file (shorter than its 16-byte header)";
        return false;
    }
    return true;
}

WthorNames loadNames(const std::vector<NamesCandidate>& files,
                     const std::vector<std::string>& stems, const std::filesystem::path& players,
                     const std::filesystem::path& tournaments) {
    WthorNames names;
    if (!players.empty()) {
        names.playersLookedFor = players.string();
        names.havePlayers = loadGiven(players, kWthorPlayerSize, names.players, names.error);
    } else {
        names.havePlayers = loadFirst(files, stems, ".JOU", kWthorPlayerSize, names.players,
                                      names.playersLookedFor, names.playersFile);
    }
    if (!tournaments.empty()) {
        names.tournamentsLookedFor = tournaments.string();
        std::string error;
        names.haveTournaments =
            loadGiven(tournaments, kWthorTournamentSize, names.tournaments, error);
        if (names.error.empty()) names.error = error;
    } else {
        names.haveTournaments =
            loadFirst(files, stems, ".TRN", kWthorTournamentSize, names.tournaments,
                      names.tournamentsLookedFor, names.tournamentsFile);
    }
    return names;
}

}  // namespace

std::string wthorPrefix(const std::filesystem::path& wtbPath) {
    const std::string stem = wtbPath.stem().string();
    const std::size_t underscore = stem.rfind('_');
    return underscore == std::string::npos ? std::string() : stem.substr(0, underscore);
}

WthorNames loadWthorNames(const std::filesystem::path& dir) {
    return loadNames(namesCandidatesIn(dir), {"WTHOR", "WTH"}, {}, {});
}

WthorNames loadWthorNames(const std::filesystem::path& wtbPath,
                          const std::filesystem::path& players,
                          const std::filesystem::path& tournaments) {
    return loadWthorNames(wtbPath, namesCandidatesIn(wtbPath.parent_path()), players,
                          tournaments);
}

WthorNames loadWthorNames(const std::filesystem::path& wtbPath,
                          const std::vector<NamesCandidate>& candidates,
                          const std::filesystem::path& players,
                          const std::filesystem::path& tournaments) {
    std::vector<std::string> stems;
    const std::string prefix = wthorPrefix(wtbPath);
    const std::string lower = text::lower(prefix);
    // The archive's own names first: PLAYOK_2023.wtb beside a WTHOR.JOU of the federation
    // must not take the federation's names (the ids would point at other players).
    const bool ownPrefix = !prefix.empty() && lower != "wthor" && lower != "wth";
    if (ownPrefix) stems.push_back(prefix);
    stems.emplace_back("WTHOR");
    stems.emplace_back("WTH");
    WthorNames names = loadNames(candidates, stems, players, tournaments);
    // Without its own names, a PLAYOK_2023.wtb takes the federation's WTHOR.JOU beside it: the
    // ids may then name other players, so the reader says which files were used.
    if (ownPrefix) {
        const auto borrowed = [&](const std::filesystem::path& used) {
            return !used.empty() && text::lower(used.stem().string()) != lower;
        };
        std::string used;
        for (const auto* file : {&names.playersFile, &names.tournamentsFile}) {
            if (!borrowed(*file)) continue;
            if (!used.empty()) used += " and ";
            used += file->filename().string();
        }
        if (!used.empty())
            names.borrowedNote = "names taken from " + used + " (no " + prefix + ".JOU / " +
                                 prefix + ".TRN beside the file): check that they belong to it";
    }
    return names;
}

bool looksLikeWthor(std::string_view head, std::uintmax_t fileSize) {
    if (head.size() < kWthorHeaderSize || fileSize < kWthorHeaderSize) return false;
    const unsigned century = u8(head, 0), year = u8(head, 1), month = u8(head, 2),
                   day = u8(head, 3), board = u8(head, 12);
    if (century < 19 || century > 21 || year > 99 || month > 12 || day > 31) return false;
    if (board != 0 && board != 8 && board != 10) return false;
    const std::uint32_t n1 = u32(head, 4);
    const std::uintmax_t body = fileSize - kWthorHeaderSize;
    return board == 10 || body % kWthorGameSize == 0 || body / kWthorGameSize == n1;
}

namespace {

// The bytes of a .wtb in file order: `want` bytes into `out`, fewer only at the end of the
// file. False on a read error.
using WthorSource = std::function<bool(std::size_t want, std::string_view& out)>;

// The header count against the records the file held (known once they are all read), first
// among the file's diagnostics, as the header comes first. Fewer whole records than the header
// announces is a file cut short (a download or copy stopped): damage, whether the cut falls
// between two records or inside one, although every record present is read. More records than
// announced lose nothing: a warning.
void checkCount(FileResult& result, const std::string& name, std::uint32_t declared,
                std::size_t present, std::size_t partial) {
    if (present + (partial ? 1 : 0) == declared) return;  // a partial record is its own error
    Diagnostic d;
    if (present < declared) {
        d = fileDiagnostic(Severity::Warning, name, "count-mismatch",
                           "the file holds " + text::grouped(present) + " of the " +
                               text::grouped(declared) + " games its header announces" +
                               (partial ? " and part of another" : "") +
                               ": it was cut short (the games present are read)");
        d.damage = true;
    } else {
        d = fileDiagnostic(Severity::Warning, name, "count-mismatch",
                           "the header announces " + text::countOf(declared, "game") +
                               " but the file holds " + text::grouped(present) +
                               (partial ? " and part of another" : "") + ": all are read");
    }
    result.fileDiagnostics.insert(result.fileDiagnostics.begin(), std::move(d));
}

// A read error: nothing more is read, the records so far stay.
FileResult& readError(FileResult& result, const std::string& name, std::size_t records) {
    result.readable = false;
    result.fileDiagnostics.push_back(
        fileDiagnostic(Severity::Error, name, "unreadable",
                       "read error after " + text::countOf(records, "record")));
    return result;
}

// The 16-byte header: false (the file unreadable, said in `result`) when it is short or
// gives a board other than 8x8.
bool checkHeader(FileResult& result, const std::string& name, std::string_view bytes) {
    if (bytes.size() < kWthorHeaderSize) {
        result.readable = false;
        result.fileDiagnostics.push_back(
            fileDiagnostic(Severity::Error, name, "bad-header",
                           "file of " + std::to_string(bytes.size()) +
                               " bytes is shorter than the 16-byte WTHOR header"));
        return false;
    }
    const unsigned board = u8(bytes, 12);
    if (board == 10) {
        result.readable = false;
        result.fileDiagnostics.push_back(
            fileDiagnostic(Severity::Error, name, "unsupported-board",
                           "10x10 WTHOR files are not supported (only 8x8 Othello)"));
        return false;
    }
    if (board != 0 && board != 8) {
        result.readable = false;
        result.fileDiagnostics.push_back(fileDiagnostic(
            Severity::Error, name, "bad-header",
            "header gives board size " + std::to_string(board) + " (expected 0 or 8)"));
        return false;
    }
    return true;
}

// Names the user asked for and cannot have: nothing is read rather than every game stored
// without them. The records are only counted, for the header check.
FileResult& refuseWithoutNames(FileResult& result, const std::string& name, const WthorSource& next,
                               std::size_t chunkBytes, std::uint32_t declared,
                               const std::string& error) {
    std::string_view chunk;
    std::size_t body = 0;
    do {
        if (!next(chunkBytes, chunk)) return readError(result, name, 0);
        body += chunk.size();
    } while (chunk.size() == chunkBytes);
    checkCount(result, name, declared, body / kWthorGameSize, body % kWthorGameSize);
    result.readable = false;
    result.fileDiagnostics.push_back(fileDiagnostic(Severity::Error, name, "names-file", error));
    return result;
}

// Says which names files are missing (the names they hold are left empty) or borrowed.
void warnAboutNames(FileResult& result, const std::string& name, const WthorNames* names) {
    if (!names || (!names->havePlayers && !names->haveTournaments)) {
        std::string message = "no names files beside the file";
        if (names)
            message += " (looked for " + names->playersLookedFor + " and " +
                       names->tournamentsLookedFor + "; --players / --tournaments name them)";
        result.fileDiagnostics.push_back(fileDiagnostic(Severity::Warning, name, "no-names-file",
                                                        message + ": names are left empty"));
    } else if (!names->havePlayers || !names->haveTournaments) {
        // Half the names found: the other half would be left empty without a word.
        const bool players = !names->havePlayers;
        result.fileDiagnostics.push_back(fileDiagnostic(
            Severity::Warning, name, "no-names-file",
            std::string(players ? "no players file" : "no tournaments file") + " (looked for " +
                (players ? names->playersLookedFor : names->tournamentsLookedFor) +
                "): " + (players ? "player" : "tournament") + " names are left empty"));
    }
    if (names && !names->borrowedNote.empty())
        result.fileDiagnostics.push_back(
            fileDiagnostic(Severity::Note, name, "names-borrowed", names->borrowedNote));
}

// What every record of a file shares: its path, names and the header's year and depth.
struct WthorFile {
    const std::string& name;
    const std::vector<std::string>& players;
    const std::vector<std::string>& tournaments;
    bool havePlayers = false;
    bool haveTournaments = false;
    unsigned gameYear = 0;
    std::string yearText;
    int depth = 22;
};

// The first problem in a record's move bytes, reported after the moves before it replay.
struct MoveBytesProblem {
    std::string code, message;
    int move = 0;
};

// The record's 60 move bytes into `tokens`, up to the first problem (a move after an empty
// slot, a byte that is no square).
MoveBytesProblem readMoveBytes(std::string_view g, std::vector<int>& tokens) {
    MoveBytesProblem problem;
    tokens.clear();
    int zeroAt = 0;
    for (int k = 0; k < 60; ++k) {
        const unsigned b = u8(g, 8 + static_cast<std::size_t>(k));
        if (b == 0) {
            if (!zeroAt) zeroAt = k + 1;
            continue;
        }
        if (zeroAt) {
            problem.code = "zero-before-end";
            problem.message = "move " + std::to_string(k + 1) + " (byte " + std::to_string(b) +
                              ") follows an empty move slot at move " + std::to_string(zeroAt);
            problem.move = k + 1;
            break;
        }
        const int sq = wthorSquare(static_cast<int>(b));
        if (sq < 0) {
            problem.code = "not-a-square";
            problem.message = "move " + std::to_string(k + 1) + ": byte " + std::to_string(b) +
                              " is not a square (11..88, digits 1..8)";
            problem.move = k + 1;
            break;
        }
        tokens.push_back(sq);
    }
    return problem;
}

// Record `i` (68 bytes `g` at `offset`) into `r`. Returns at the first error: the record is
// handed on all the same.
void readWthorGame(const WthorFile& file, std::size_t i, std::size_t offset, std::string_view g,
                   WthorOrigin& origin, std::vector<int>& tokens, GameRecord& r) {
    r.format = Format::Wthor;
    r.source.path = file.name;
    r.source.record = static_cast<std::int64_t>(i);
    r.source.byteOffset = static_cast<std::int64_t>(offset);
    origin.tournamentId = static_cast<std::uint16_t>(u16(g, 0));
    origin.blackId = static_cast<std::uint16_t>(u16(g, 2));
    origin.whiteId = static_cast<std::uint16_t>(u16(g, 4));
    std::copy_n(reinterpret_cast<const std::uint8_t*>(g.data()), kWthorGameSize,
                origin.bytes.begin());
    r.wthor = origin;
    bool unknownEvent = false, unknownBlack = false, unknownWhite = false;
    r.event = nameOf(file.tournaments, origin.tournamentId, file.haveTournaments, unknownEvent);
    r.black = nameOf(file.players, origin.blackId, file.havePlayers, unknownBlack);
    r.white = nameOf(file.players, origin.whiteId, file.havePlayers, unknownWhite);
    r.year = static_cast<int>(file.gameYear);
    r.date = file.yearText;
    const int discs = static_cast<int>(u8(g, 6));
    r.statedBlackDiscs = discs;
    r.theoreticalScore = static_cast<int>(u8(g, 7));
    r.theoreticalDepth = file.depth;
    r.statedResult = std::to_string(discs);
    r.statedResult += '-';
    r.statedResult += std::to_string(64 - discs);

    // Moves up to the first problem; the problem is reported after replaying them, unless the
    // replay finds an earlier one.
    const MoveBytesProblem problem = readMoveBytes(g, tokens);
    SourceLocation where = r.source;
    if (!fastReplay(r, tokens) && !replayRecord(r, tokens, where)) return;
    if (!problem.code.empty()) {
        addDiagnostic(r, Severity::Error, where, problem.code, problem.message, problem.move);
        return;
    }
    if (unknownEvent)
        addDiagnostic(r, Severity::Warning, where, "unknown-tournament",
                      "tournament id " + std::to_string(origin.tournamentId) +
                          " is not in the tournaments file");
    if (unknownBlack || unknownWhite)
        addDiagnostic(r, Severity::Warning, where, "unknown-player",
                      "player id " +
                          std::to_string(unknownBlack ? origin.blackId : origin.whiteId) +
                          " is not in the players file");
    // The score field of an unfinished game is its official result: stated, not checked
    // (StatedResult.h).
    StatedResultSite site;
    site.code = "score-mismatch";
    site.what = "the stored score";
    site.where = where;
    checkStatedResult(r, site);
    // --strict is applied by keepRecord, the one place for every reader.
}

// The record the file ends inside of (`partial` bytes of it): an error record, kept.
void keepTruncatedRecord(FileResult& result, const WthorFile& file, const ReadOptions& options,
                         std::size_t present, std::size_t partial) {
    const std::size_t offset = kWthorHeaderSize + present * kWthorGameSize;
    GameRecord r;
    r.format = Format::Wthor;
    r.source.path = file.name;
    r.source.record = static_cast<std::int64_t>(present);
    r.source.byteOffset = static_cast<std::int64_t>(offset);
    r.year = static_cast<int>(file.gameYear);
    r.date = file.yearText;
    addDiagnostic(r, Severity::Error, r.source, "truncated-record",
                  "the file ends inside record " + std::to_string(present + 1) + " (" +
                      std::to_string(partial) + " of 68 bytes)");
    keepRecord(result, options, std::move(r));
}

// Reads a .wtb chunk by chunk, `chunkRecords` records at a time: the memory of one chunk
// (and of the records kept, without options.onRecord) whatever the size of the file.
FileResult readWthorChunks(const std::string& name, const WthorSource& next,
                           const WthorNames* names, const ReadOptions& options,
                           std::size_t chunkRecords) {
    FileResult result;
    result.path = name;
    result.format = Format::Wthor;
    std::string_view chunk;
    if (!next(kWthorHeaderSize, chunk)) return readError(result, name, 0);
    const std::string header(chunk);
    const std::string_view bytes = header;
    if (!checkHeader(result, name, bytes)) return result;
    const std::uint32_t declared = u32(bytes, 4);
    const unsigned gameYear = u16(bytes, 10);
    const unsigned depthByte = u8(bytes, 14);
    const std::size_t chunkBytes = std::max<std::size_t>(chunkRecords, 1) * kWthorGameSize;
    std::size_t present = 0, partial = 0;
    if (names && !names->error.empty())
        return refuseWithoutNames(result, name, next, chunkBytes, declared, names->error);
    warnAboutNames(result, name, names);
    static const std::vector<std::string> kNoNames;
    const WthorFile file{name,
                         names ? names->players : kNoNames,
                         names ? names->tournaments : kNoNames,
                         names && names->havePlayers,
                         names && names->haveTournaments,
                         gameYear,
                         gameYear ? std::to_string(gameYear) : std::string(),
                         depthByte == 0 ? 22 : static_cast<int>(depthByte)};

    WthorOrigin origin;
    std::copy_n(reinterpret_cast<const std::uint8_t*>(bytes.data()), kWthorHeaderSize,
                origin.header.begin());
    std::vector<int> tokens;
    tokens.reserve(60);
    if (!options.onRecord) result.records.reserve(present + (partial ? 1 : 0));
    for (;;) {
        if (!next(chunkBytes, chunk)) return readError(result, name, present);
        const std::size_t whole = chunk.size() / kWthorGameSize;
        for (std::size_t j = 0; j < whole; ++j) {
            const std::size_t i = present + j;
            const std::size_t offset = kWthorHeaderSize + i * kWthorGameSize;
            GameRecord r;
            readWthorGame(file, i, offset, chunk.substr(j * kWthorGameSize, kWthorGameSize), origin,
                          tokens, r);
            keepRecord(result, options, std::move(r));
        }
        present += whole;
        partial = chunk.size() % kWthorGameSize;
        if (chunk.size() < chunkBytes) break;  // the end of the file
    }
    checkCount(result, name, declared, present, partial);
    if (partial) keepTruncatedRecord(result, file, options, present, partial);
    return result;
}

}  // namespace

FileResult readWthorBytes(const std::string& name, std::string_view bytes, const WthorNames* names,
                          const ReadOptions& options) {
    // The bytes are in memory already: one chunk, its views taken from them uncopied.
    std::size_t at = 0;
    const WthorSource next = [&](std::size_t want, std::string_view& out) {
        out = bytes.substr(std::min(at, bytes.size()), want);
        at += out.size();
        return true;
    };
    return readWthorChunks(name, next, names, options, bytes.size() / kWthorGameSize + 1);
}

FileResult readWthorStream(const std::string& name, std::istream& in, const WthorNames* names,
                           const ReadOptions& options, std::size_t chunkBytes) {
    std::string buffer;
    const WthorSource next = [&](std::size_t want, std::string_view& out) {
        buffer.resize(want);
        in.read(buffer.data(), static_cast<std::streamsize>(want));
        buffer.resize(static_cast<std::size_t>(in.gcount()));
        out = buffer;
        return !in.bad();
    };
    return readWthorChunks(name, next, names, options, chunkBytes / kWthorGameSize);
}

FileResult readWthor(const std::filesystem::path& wtbPath, const ReadOptions& options) {
    // Streamed in record chunks (readWthorStream): any size, constant memory.
    std::string why = notARegularFile(wtbPath);
    std::ifstream in;
    if (why.empty()) {
        in.open(wtbPath, std::ios::binary);
        if (!in) why = "cannot be opened";
    }
    if (!why.empty()) {
        FileResult result;
        result.path = wtbPath.string();
        result.format = Format::Wthor;
        result.readable = false;
        result.fileDiagnostics.push_back(
            fileDiagnostic(Severity::Error, result.path, "unreadable", why));
        return result;
    }
    const WthorNames names =
        loadWthorNames(wtbPath, options.wthorPlayers, options.wthorTournaments);
    return readWthorStream(wtbPath.string(), in, &names, options);
}

}  // namespace othello::importers
