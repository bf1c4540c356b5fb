#include "WthorReader.h"

#include <algorithm>
#include <fstream>
#include <system_error>

#include "ReaderUtil.h"
#include "RecordReplay.h"

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
// 8 million positions). Same result as replayRecord: passes explicit, a forced pass at the end
// too, status, score with the empties to the winner once the game is over. Returns false at
// the first problem; the caller then runs replayRecord, which says what the problem is.
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
    if (!over && p.mustPass()) r.moves.push_back(core::kPass);
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

WthorNames loadWthorNames(const std::filesystem::path& dir) {
    WthorNames names;
    std::filesystem::path jou[2], trn[2];  // [0] WTHOR.*, [1] WTH.*
    std::error_code ec;
    for (std::filesystem::directory_iterator it(dir.empty() ? "." : dir, ec), end; !ec && it != end;
         it.increment(ec)) {
        const std::string n = text::lower(it->path().filename().string());
        if (n == "wthor.jou") jou[0] = it->path();
        if (n == "wth.jou") jou[1] = it->path();
        if (n == "wthor.trn") trn[0] = it->path();
        if (n == "wth.trn") trn[1] = it->path();
    }
    std::string bytes, why;
    for (const auto& p : jou) {
        if (p.empty() || !readWholeFile(p, bytes, why)) continue;
        if (parseWthorNames(bytes, kWthorPlayerSize, names.players)) {
            names.havePlayers = true;
            break;
        }
    }
    for (const auto& p : trn) {
        if (p.empty() || !readWholeFile(p, bytes, why)) continue;
        if (parseWthorNames(bytes, kWthorTournamentSize, names.tournaments)) {
            names.haveTournaments = true;
            break;
        }
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

FileResult readWthorBytes(const std::string& name, std::string_view bytes, const WthorNames* names,
                          const ReadOptions& options) {
    FileResult result;
    result.path = name;
    result.format = Format::Wthor;
    if (bytes.size() < kWthorHeaderSize) {
        result.readable = false;
        result.fileDiagnostics.push_back(
            fileDiagnostic(Severity::Error, name, "bad-header",
                           "file of " + std::to_string(bytes.size()) +
                               " bytes is shorter than the 16-byte WTHOR header"));
        return result;
    }
    const unsigned board = u8(bytes, 12);
    if (board == 10) {
        result.readable = false;
        result.fileDiagnostics.push_back(
            fileDiagnostic(Severity::Error, name, "unsupported-board",
                           "10x10 WTHOR files are not supported (only 8x8 Othello)"));
        return result;
    }
    if (board != 0 && board != 8) {
        result.readable = false;
        result.fileDiagnostics.push_back(fileDiagnostic(
            Severity::Error, name, "bad-header",
            "header gives board size " + std::to_string(board) + " (expected 0 or 8)"));
        return result;
    }
    const std::uint32_t declared = u32(bytes, 4);
    const unsigned gameYear = u16(bytes, 10);
    const unsigned depthByte = u8(bytes, 14);
    const int depth = depthByte == 0 ? 22 : static_cast<int>(depthByte);
    const std::size_t body = bytes.size() - kWthorHeaderSize;
    const std::size_t present = body / kWthorGameSize;
    const std::size_t partial = body % kWthorGameSize;
    if (present + (partial ? 1 : 0) != declared) {  // a partial record is reported below
        result.fileDiagnostics.push_back(fileDiagnostic(
            Severity::Warning, name, "count-mismatch",
            "header declares " + text::countOf(declared, "game") + " but the file holds " +
                (partial ? text::countOf(present, "whole record") + " and a partial one"
                         : text::countOf(present, "record")) +
                "; reading the records present"));
    }
    if (!names || (!names->havePlayers && !names->haveTournaments)) {
        result.fileDiagnostics.push_back(
            fileDiagnostic(Severity::Warning, name, "no-names-file",
                           "no WTHOR.JOU / WTHOR.TRN beside the file: names are left empty"));
    }
    static const std::vector<std::string> kNoNames;
    const auto& players = names ? names->players : kNoNames;
    const auto& tournaments = names ? names->tournaments : kNoNames;
    const bool havePlayers = names && names->havePlayers;
    const bool haveTournaments = names && names->haveTournaments;
    const std::string yearText = gameYear ? std::to_string(gameYear) : std::string();

    WthorOrigin origin;
    std::copy_n(reinterpret_cast<const std::uint8_t*>(bytes.data()), kWthorHeaderSize,
                origin.header.begin());
    std::vector<int> tokens;
    tokens.reserve(60);
    if (!options.onRecord) result.records.reserve(present + (partial ? 1 : 0));
    for (std::size_t i = 0; i < present; ++i) {
        const std::size_t offset = kWthorHeaderSize + i * kWthorGameSize;
        const std::string_view g = bytes.substr(offset, kWthorGameSize);
        GameRecord r;
        // Filled in a lambda: every early return (a bad record) still hands the record on.
        [&] {
            r.format = Format::Wthor;
            r.source.path = name;
            r.source.record = static_cast<std::int64_t>(i);
            r.source.byteOffset = static_cast<std::int64_t>(offset);
            origin.tournamentId = static_cast<std::uint16_t>(u16(g, 0));
            origin.blackId = static_cast<std::uint16_t>(u16(g, 2));
            origin.whiteId = static_cast<std::uint16_t>(u16(g, 4));
            std::copy_n(reinterpret_cast<const std::uint8_t*>(g.data()), kWthorGameSize,
                        origin.bytes.begin());
            r.wthor = origin;
            bool unknownEvent = false, unknownBlack = false, unknownWhite = false;
            r.event = nameOf(tournaments, origin.tournamentId, haveTournaments, unknownEvent);
            r.black = nameOf(players, origin.blackId, havePlayers, unknownBlack);
            r.white = nameOf(players, origin.whiteId, havePlayers, unknownWhite);
            r.year = static_cast<int>(gameYear);
            r.date = yearText;
            const int discs = static_cast<int>(u8(g, 6));
            r.statedBlackDiscs = discs;
            r.theoreticalScore = static_cast<int>(u8(g, 7));
            r.theoreticalDepth = depth;
            r.statedResult = std::to_string(discs);
            r.statedResult += '-';
            r.statedResult += std::to_string(64 - discs);

            // Moves up to the first problem; the problem is reported after replaying them, unless
            // the replay finds an earlier one.
            tokens.clear();
            std::string problemCode, problemMessage;
            int problemMove = 0, zeroAt = 0;
            for (int k = 0; k < 60; ++k) {
                const unsigned b = u8(g, 8 + static_cast<std::size_t>(k));
                if (b == 0) {
                    if (!zeroAt) zeroAt = k + 1;
                    continue;
                }
                if (zeroAt) {
                    problemCode = "zero-before-end";
                    problemMessage = "move " + std::to_string(k + 1) + " (byte " +
                                     std::to_string(b) + ") follows an empty move slot at move " +
                                     std::to_string(zeroAt);
                    problemMove = k + 1;
                    break;
                }
                const int sq = wthorSquare(static_cast<int>(b));
                if (sq < 0) {
                    problemCode = "not-a-square";
                    problemMessage = "move " + std::to_string(k + 1) + ": byte " +
                                     std::to_string(b) + " is not a square (11..88, digits 1..8)";
                    problemMove = k + 1;
                    break;
                }
                tokens.push_back(sq);
            }
            SourceLocation where = r.source;
            if (!fastReplay(r, tokens) && !replayRecord(r, tokens, where)) return;
            if (!problemCode.empty()) {
                addDiagnostic(r, Severity::Error, where, problemCode, problemMessage, problemMove);
                return;
            }
            if (unknownEvent)
                addDiagnostic(r, Severity::Warning, where, "unknown-tournament",
                              "tournament id " + std::to_string(origin.tournamentId) +
                                  " is not in WTHOR.TRN");
            if (unknownBlack || unknownWhite)
                addDiagnostic(r, Severity::Warning, where, "unknown-player",
                              "player id " +
                                  std::to_string(unknownBlack ? origin.blackId : origin.whiteId) +
                                  " is not in WTHOR.JOU");
            if (r.complete() && r.score.black != discs)
                addDiagnostic(r, Severity::Warning, where, "score-mismatch",
                              "stored score " + r.statedResult + " but the replay ends " +
                                  std::to_string(r.score.black) + "-" +
                                  std::to_string(r.score.white));
            if (options.strict && !r.diagnostics.empty()) r.status = GameStatus::Error;
        }();
        keepRecord(result, options, std::move(r));
    }
    if (partial) {
        const std::size_t offset = kWthorHeaderSize + present * kWthorGameSize;
        GameRecord r;
        r.format = Format::Wthor;
        r.source.path = name;
        r.source.record = static_cast<std::int64_t>(present);
        r.source.byteOffset = static_cast<std::int64_t>(offset);
        r.year = static_cast<int>(gameYear);
        r.date = yearText;
        addDiagnostic(r, Severity::Error, r.source, "truncated-record",
                      "the file ends inside record " + std::to_string(present) + " (" +
                          std::to_string(partial) + " of 68 bytes)");
        keepRecord(result, options, std::move(r));
    }
    return result;
}

FileResult readWthor(const std::filesystem::path& wtbPath, const ReadOptions& options) {
    std::string bytes, why;
    if (!readWholeFile(wtbPath, bytes, why)) {
        FileResult result;
        result.path = wtbPath.string();
        result.format = Format::Wthor;
        result.readable = false;
        result.fileDiagnostics.push_back(
            fileDiagnostic(Severity::Error, result.path, "unreadable", why));
        return result;
    }
    const WthorNames names = loadWthorNames(wtbPath.parent_path());
    return readWthorBytes(wtbPath.string(), bytes, &names, options);
}

}  // namespace othello::importers
