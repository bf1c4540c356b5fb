#include "WthorReader.h"

#include <algorithm>
#include <fstream>
#include <functional>
#include <istream>

#include "ReaderUtil.h"
#include "RecordReplay.h"
#include "StatedResult.h"

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
