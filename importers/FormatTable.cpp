#include "FormatTable.h"

#include <algorithm>

#include "CsvReader.h"
#include "GgfReader.h"
#include "GgfWriter.h"
#include "MoveListReader.h"
#include "PgnReader.h"
#include "PgnWriter.h"
#include "ReaderUtil.h"
#include "RecordRules.h"
#include "TranscriptReader.h"
#include "TranscriptWriter.h"
#include "Unpack.h"
#include "WthorReader.h"
#include "WthorWriter.h"

namespace othello::importers {
namespace {

bool writableMoveList(const GameRecord& game, std::string* why) {
    if (!needsRulesKey(game)) return true;  // Othello from the cross
    // Other rules name their start in the line's "rules" (a handicap, placements): a board of
    // their own cannot be written.
    if (writtenRules(game).start != core::Start::AnyPosition) return true;
    if (why) *why = "a move list starts from the standard position or from its rules' start";
    return false;
}

bool writableAlways(const GameRecord&, std::string*) {
    return true;
}

std::string writeGgfGames(const std::vector<GameRecord>& games) {
    return writeGgf(games);
}

// A move list keeps the moves, and in a JSON line the names, event, date and result
// (MoveListReader.h); a round, a place, a year with no date or a theoretical score are not
// kept, so the user is told before writing.
std::vector<Diagnostic> moveListWarnings(const std::vector<GameRecord>& games,
                                         const std::string& outputPath) {
    std::vector<Diagnostic> out;
    int withMetadata = 0;
    for (const GameRecord& g : games)
        withMetadata += g.ok() && writableMoveList(g, nullptr) &&
                        (!g.round.empty() || !g.place.empty() || (g.year && g.date.empty()) ||
                         g.theoreticalScore || g.theoreticalDepth);
    if (withMetadata) {
        out.push_back(fileDiagnostic(
            Severity::Warning, outputPath, "metadata-not-kept",
            std::to_string(withMetadata) + (withMetadata == 1 ? " game has" : " games have") +
                " a round, place or theoretical score: a move list keeps only the moves, "
                "names, event, date and result"));
    }
    return out;
}

// A folder (an existing directory or a path ending in '/') gets one .wtb per year, so nothing
// is lost; a file gets every game under its one header year.
void writeWthorPath(const std::vector<GameRecord>& games, const std::filesystem::path& path) {
    std::error_code ec;
    const std::string name = path.string();
    if (!name.empty() && (name.back() == '/' || std::filesystem::is_directory(path, ec)))
        writeWthorYearFiles(games, path);
    else
        writeWthorFiles(games, path);
}

std::vector<FormatInfo> makeTable() {
    std::vector<FormatInfo> t;
    // Stored codes are the enum's historic ordinals (archives hold them): never change one.
    FormatInfo autoRow;
    autoRow.format = Format::Auto;
    autoRow.name = "auto";
    autoRow.storedCode = 0;
    autoRow.description = "detected from the content";
    t.push_back(autoRow);

    FormatInfo moves;
    moves.format = Format::Moves;
    moves.name = "moves";
    moves.aliases = {"movelist", "move-list"};
    moves.storedCode = 1;
    // Quoted and JSON lines only, before PGN would take a '[' line for a tag; other text is a
    // move list when nothing else matches.
    moves.detectRank = 1;
    moves.detect = looksLikeJsonMoves;
    moves.read = readMoveList;
    moves.boundary = lineBoundary;
    moves.canWrite = writableMoveList;
    moves.writeText = writeMoveList;
    moves.writeWarnings = moveListWarnings;
    moves.description = "move lists, one game per line";
    t.push_back(moves);

    FormatInfo transcript;
    transcript.format = Format::Transcript;
    transcript.name = "transcript";
    transcript.storedCode = 2;
    transcript.detectRank = 4;
    transcript.detect = looksLikeTranscript;
    transcript.read = readTranscript;
    transcript.canWrite = canWriteTranscript;
    transcript.writeText = writeTranscript;
    transcript.description = "transcript diagrams (tournament score sheets)";
    t.push_back(transcript);

    FormatInfo wthor;
    wthor.format = Format::Wthor;
    wthor.name = "wthor";
    wthor.aliases = {"wtb"};
    wthor.storedCode = 3;
    wthor.canWrite = wthorCanWrite;
    wthor.writeFile = writeWthorPath;
    wthor.writeWarnings = wthorWriteWarnings;
    wthor.namesFileExtensions = {".jou", ".trn"};
    wthor.description = "WTHOR .wtb with its .JOU / .TRN names files";
    t.push_back(wthor);

    FormatInfo ggf;
    ggf.format = Format::Ggf;
    ggf.name = "ggf";
    ggf.storedCode = 4;
    ggf.detectRank = 1;
    // GGF says so within its first game: a short head is enough, and cheap.
    ggf.detect = [](std::string_view head) { return looksLikeGgf(head.substr(0, 4096)); };
    ggf.read = readGgf;
    ggf.boundary = ggfBoundary;
    ggf.canWrite = writableAlways;
    ggf.writeText = writeGgfGames;
    ggf.description = "GGF (GGS server)";
    t.push_back(ggf);

    FormatInfo pgn;
    pgn.format = Format::Pgn;
    pgn.name = "pgn";
    pgn.storedCode = 5;
    pgn.detectRank = 2;
    pgn.detect = looksLikePgn;
    pgn.read = readPgn;
    pgn.boundary = pgnBoundary;
    pgn.canWrite = writableAlways;
    pgn.writeText = writePgn;
    pgn.description = "PGN (WTHOR-PGN, PlayOK, Edax)";
    t.push_back(pgn);

    FormatInfo csv;
    csv.format = Format::Csv;
    csv.name = "csv";
    csv.storedCode = 6;
    csv.detectRank = 3;
    csv.detect = looksLikeCsv;
    csv.read = readCsv;
    csv.boundary = csvBoundary;
    csv.headerLine = true;
    csv.description = "CSV with a moves column (read only)";
    t.push_back(csv);
    return t;
}

}  // namespace

const std::vector<FormatInfo>& formatTable() {
    static const std::vector<FormatInfo> table = makeTable();
    return table;
}

const FormatInfo& formatInfo(Format format) {
    for (const FormatInfo& row : formatTable())
        if (row.format == format) return row;
    return formatTable().front();  // unreachable: every Format has a row (FormatTableTest)
}

std::string formatNames(bool writable, bool withAuto, std::string_view separator) {
    std::string out;
    for (const FormatInfo& row : formatTable()) {
        if (row.format == Format::Auto ? (writable || !withAuto) : writable && !row.canWrite)
            continue;
        if (!out.empty()) out += separator;
        out += row.name;
    }
    return out;
}

bool isNamesFile(const std::filesystem::path& path) {
    // WTHOR.JOU.gz holds names as WTHOR.JOU does.
    const std::string ext = text::lower(unpackedName(path).extension().string());
    for (const FormatInfo& row : formatTable())
        for (const char* e : row.namesFileExtensions)
            if (ext == e) return true;
    return false;
}

Format detectTextFormat(std::string_view head) {
    std::vector<const FormatInfo*> ranked;
    for (const FormatInfo& row : formatTable())
        if (row.detectRank > 0 && row.detect) ranked.push_back(&row);
    std::sort(ranked.begin(), ranked.end(), [](const FormatInfo* a, const FormatInfo* b) {
        return a->detectRank < b->detectRank;
    });
    for (const FormatInfo* row : ranked)
        if (row->detect(head)) return row->format;
    return Format::Moves;
}

// The format names and codes of GameRecord.h, from the table.

int storedFormatCode(Format f) {
    return formatInfo(f).storedCode;
}

std::optional<Format> formatFromStoredCode(int code) {
    for (const FormatInfo& row : formatTable())
        if (row.storedCode == code) return row.format;
    return std::nullopt;
}

const char* formatName(Format f) {
    return formatInfo(f).name;
}

std::optional<Format> parseFormat(const std::string& name) {
    const std::string n = text::lower(name);
    for (const FormatInfo& row : formatTable()) {
        if (n == row.name) return row.format;
        for (const char* alias : row.aliases)
            if (n == alias) return row.format;
    }
    return std::nullopt;
}

}  // namespace othello::importers
