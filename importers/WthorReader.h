#pragma once
// WTHOR (FFO) binary game files: a .wtb with player names from a .JOU file and tournament names
// from a .TRN file found beside it: <PREFIX>.JOU / <PREFIX>.TRN for <PREFIX>_<YEAR>.wtb (the
// dumps of online servers, PLAYOK_2023.wtb with PLAYOK.JOU), then WTHOR.* and WTH.* (names
// matched case-insensitively), unless ReadOptions names the files.
//
// Layout, little-endian, decoded byte by byte:
//   header, 16 bytes: century, year, month, day (u8 each), N1 games (u32), N2 names (u16),
//     year of the games (u16), board size (u8; 0 or 8 = 8x8, 10 = 10x10: not supported),
//     type (u8), depth of the theoretical score (u8; 0 means 22), reserved (u8);
//   game, 68 bytes: tournament id, black id, white id (u16 each), Black's discs (u8),
//     Black's theoretical score (u8), 60 moves (u8, 10 * row + column, a1 = 11, h8 = 88, 0 pads);
//   .JOU / .TRN: the same 16-byte header, then N2 names of 20 / 26 bytes, NUL-padded, Latin-1.
//
// Diagnostics (codes): file errors "unreadable", "bad-header", "unsupported-board" (10x10);
// file warnings "count-mismatch" (size vs N1; the whole records present are read; fewer than
// N1 is a file cut short, marked damage: exit 1),
// "no-names-file"; record errors "truncated-record", "not-a-square", "zero-before-end", the
// replay codes ("occupied", "no-flips", ...); record warnings "score-mismatch" (finished games
// only: the score field of an unfinished game is an official result), "unknown-player",
// "unknown-tournament". Passes are never stored: the replay infers them.
#include <cstdint>
#include <filesystem>
#include <functional>
#include <istream>
#include <string>
#include <string_view>
#include <vector>

#include "BlockStream.h"
#include "ReadTypes.h"

namespace othello::importers {

inline constexpr std::size_t kWthorHeaderSize = 16;
inline constexpr std::size_t kWthorGameSize = 68;
inline constexpr std::size_t kWthorPlayerSize = 20;
inline constexpr std::size_t kWthorTournamentSize = 26;

// WTHOR square byte (11..88) <-> square 0..63; kNoSquare for anything else.
constexpr int wthorSquare(int byte) {
    const int row = byte / 10, column = byte % 10;
    if (row < 1 || row > 8 || column < 1 || column > 8) return -1;
    return (row - 1) * 8 + (column - 1);
}
constexpr int wthorByte(int square) {
    return (square / 8 + 1) * 10 + square % 8 + 1;
}

// Names of a JOU or TRN file, converted to UTF-8; index = id.
struct WthorNames {
    std::vector<std::string> players;
    std::vector<std::string> tournaments;
    bool havePlayers = false;
    bool haveTournaments = false;
    // The names files looked for, for the warning when one is missing ("PLAYOK.JOU, WTHOR.JOU,
    // WTH.JOU").
    std::string playersLookedFor;
    std::string tournamentsLookedFor;
    // A names file given explicitly (--players / --tournaments) that cannot be used: why. The
    // .wtb is then not read (names silently left empty would lose what the user asked for).
    std::string error;
    // The files the names were read from when found by looking (empty otherwise).
    std::filesystem::path playersFile;
    std::filesystem::path tournamentsFile;
    // A <PREFIX>_*.wtb that took WTHOR.* / WTH.* names for want of its own: the note saying so
    // ("names-borrowed"), empty otherwise.
    std::string borrowedNote;
};

// A names file a .wtb may take its names from: its name in lower case ("wthor.jou") and how to
// read it (a file beside the .wtb, compressed or not, or a file in the same archive).
struct NamesCandidate {
    std::string lowerName;
    std::filesystem::path shown;  // as notes name it
    std::function<bool(std::string& bytes)> read;
};
// A names file larger than this is no names file (65,535 names of 26 bytes at most).
inline constexpr std::size_t kMaxNamesFileBytes = std::size_t{4} << 20;
// The names files that may serve a .wtb in `dir`: its files, a compressed one (WTHOR.JOU.gz)
// under the name of what it holds (wthor.jou).
std::vector<NamesCandidate> namesCandidatesIn(const std::filesystem::path& dir);

// Parses the bytes of a JOU (recordSize 20) or TRN (26) file. Returns false on a bad header.
bool parseWthorNames(std::string_view bytes, std::size_t recordSize,
                     std::vector<std::string>& names);
// Finds and reads WTHOR.JOU / WTHOR.TRN (or WTH.JOU / WTH.TRN) in `dir`, any case.
WthorNames loadWthorNames(const std::filesystem::path& dir);
// The names of the games in `wtbPath`: the files given (non-empty `players` / `tournaments`),
// else <PREFIX>.JOU / <PREFIX>.TRN beside it for a file named <PREFIX>_<anything>.wtb, else
// WTHOR.* / WTH.*; extensions and names in any case.
WthorNames loadWthorNames(const std::filesystem::path& wtbPath,
                          const std::filesystem::path& players,
                          const std::filesystem::path& tournaments);
// The same among `candidates` (in their order: an archive's own names files first), for a
// .wtb whose name is `wtbPath` (read from a compressed file or an archive).
WthorNames loadWthorNames(const std::filesystem::path& wtbPath,
                          const std::vector<NamesCandidate>& candidates,
                          const std::filesystem::path& players,
                          const std::filesystem::path& tournaments);
// "PLAYOK" for PLAYOK_2023.wtb; "" when the name has no '_' (WTH_1990.wtb gives "WTH").
std::string wthorPrefix(const std::filesystem::path& wtbPath);

std::string latin1ToUtf8(std::string_view latin1);
// Characters outside Latin-1 become '?'.
std::string utf8ToLatin1(std::string_view utf8);

// True when `head` (the first bytes) and the size look like a .wtb file.
bool looksLikeWthor(std::string_view head, std::uintmax_t fileSize);

// Reads a .wtb file and the names beside it, streamed (readWthorStream).
FileResult readWthor(const std::filesystem::path& wtbPath, const ReadOptions& options);
// The same from bytes in memory (`name` is used in diagnostics); `names` may be null.
FileResult readWthorBytes(const std::string& name, std::string_view bytes, const WthorNames* names,
                          const ReadOptions& options);
// The same from `in`, read `chunkBytes` at a time (rounded down to whole 68-byte records, at
// least one): the memory of one chunk (with ReadOptions::onRecord) whatever the file's size,
// and the same records, diagnostics and counts as readWthorBytes. The header count is checked
// once the records are read ("count-mismatch" still comes first among the file's
// diagnostics); a read error is the file error "unreadable".
FileResult readWthorStream(const std::string& name, std::istream& in, const WthorNames* names,
                           const ReadOptions& options, std::size_t chunkBytes = kStreamBlockSize);

}  // namespace othello::importers
