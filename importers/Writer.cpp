#include "Writer.h"

#include <fstream>
#include <stdexcept>

#include "GgfWriter.h"
#include "MoveListReader.h"
#include "PgnWriter.h"
#include "TranscriptWriter.h"
#include "WthorWriter.h"

namespace othello::importers {
namespace {

std::vector<GameRecord> writable(const std::vector<GameRecord>& games, Format format) {
    std::vector<GameRecord> out;
    out.reserve(games.size());
    for (const GameRecord& g : games)
        if (canWrite(g, format)) out.push_back(g);
    return out;
}

}  // namespace

bool canWrite(const GameRecord& game, Format format, std::string* why) {
    if (!game.ok()) {
        if (why) *why = "the record has an error";
        return false;
    }
    switch (format) {
        case Format::Moves:
            if (!(game.start == core::Position::start())) {
                if (why) *why = "a move list starts from the standard position";
                return false;
            }
            return true;
        case Format::Transcript:
            return canWriteTranscript(game, why);
        case Format::Wthor:
            return wthorCanWrite(game, why);
        case Format::Ggf:
        case Format::Pgn:
            return true;
        case Format::Csv:
        case Format::Auto:
            break;
    }
    if (why) *why = std::string("cannot write format ") + formatName(format);
    return false;
}

std::vector<Diagnostic> conversionWarnings(const std::vector<GameRecord>& games, Format format,
                                           const std::string& outputPath) {
    if (format == Format::Wthor) return wthorWriteWarnings(games, outputPath);
    std::vector<Diagnostic> out;
    if (format != Format::Moves) return out;
    int withMetadata = 0;
    for (const GameRecord& g : games)
        withMetadata += canWrite(g, format) &&
                        (!g.black.empty() || !g.white.empty() || !g.event.empty() ||
                         !g.date.empty() || g.year || !g.round.empty() || !g.place.empty());
    if (withMetadata) {
        Diagnostic d;
        d.severity = Severity::Warning;
        d.where.path = outputPath;
        d.code = "metadata-not-kept";
        d.message = std::to_string(withMetadata) +
                    (withMetadata == 1 ? " game has" : " games have") +
                    " names, event or date: a move list keeps only the moves (they are written "
                    "as '#' comments, which are not read back)";
        out.push_back(std::move(d));
    }
    return out;
}

std::string writeGamesToString(const std::vector<GameRecord>& games, Format format) {
    const std::vector<GameRecord> ok = writable(games, format);
    switch (format) {
        case Format::Moves:
            return writeMoveList(ok);
        case Format::Transcript:
            return writeTranscript(ok);
        case Format::Ggf:
            return writeGgf(ok);
        case Format::Pgn:
            return writePgn(ok);
        case Format::Wthor:
        case Format::Csv:
        case Format::Auto:
            break;
    }
    throw std::invalid_argument(std::string("cannot write ") + formatName(format) + " as text");
}

void writeGamesToFile(const std::vector<GameRecord>& games, Format format,
                      const std::filesystem::path& path) {
    if (format == Format::Wthor) {
        std::error_code ec;
        const std::string name = path.string();
        if (!name.empty() && (name.back() == '/' || std::filesystem::is_directory(path, ec)))
            writeWthorYearFiles(writable(games, format), path);
        else
            writeWthorFiles(writable(games, format), path);
        return;
    }
    const std::string text = writeGamesToString(games, format);
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    if (!out) throw std::runtime_error("cannot write " + path.string());
    out << text;
    out.close();
    if (!out) throw std::runtime_error("error while writing " + path.string());
}

}  // namespace othello::importers
