#include "Writer.h"

#include <fstream>
#include <optional>
#include <stdexcept>

#include "FormatTable.h"

namespace othello::importers {
namespace {

std::vector<GameRecord> writable(const std::vector<GameRecord>& games, Format format) {
    std::vector<GameRecord> out;
    out.reserve(games.size());
    for (const GameRecord& g : games)
        if (canWrite(g, format)) out.push_back(g);
    return out;
}

// What `format` keeps of the annotations (Annotations.h): PGN all, GGF the comments only, the
// others nothing. One warning for the file, counting the games that lose some.
bool braceIn(const std::vector<Comment>& comments, const std::vector<Variation>& variations) {
    for (const Comment& c : comments)
        if (c.text.find('}') != std::string::npos) return true;
    for (const Variation& v : variations)
        if (braceIn(v.comments, v.variations)) return true;
    return false;
}

// PGN keeps every comment, but a '}' inside one cannot be written (a PGN comment has no
// escape: PgnWriter writes it ')'): one warning for the file, counting the games so changed.
std::optional<Diagnostic> pgnCommentWarning(const std::vector<GameRecord>& games,
                                            const std::string& outputPath) {
    int changed = 0;
    for (const GameRecord& g : games)
        if (canWrite(g, Format::Pgn) && braceIn(g.comments, g.variations)) ++changed;
    if (!changed) return std::nullopt;
    return fileDiagnostic(
        Severity::Warning, outputPath, "comment-changed",
        std::to_string(changed) + (changed == 1 ? " game has" : " games have") +
            " a '}' in a comment: a PGN comment cannot hold it, so it is written ')'");
}

std::optional<Diagnostic> annotationWarning(const std::vector<GameRecord>& games, Format format,
                                            const std::string& outputPath) {
    if (format == Format::Pgn) return pgnCommentWarning(games, outputPath);
    const bool ggf = format == Format::Ggf;
    int losing = 0;
    for (const GameRecord& g : games)
        if (canWrite(g, format) && (ggf ? !g.variations.empty() : g.annotated())) ++losing;
    if (!losing) return std::nullopt;
    return fileDiagnostic(
        Severity::Warning, outputPath, ggf ? "variations-not-kept" : "annotations-not-kept",
        std::to_string(losing) + (losing == 1 ? " game has " : " games have ") +
            (ggf ? std::string("variations: GGF keeps the comments (C[]) but no variations")
                 : std::string("comments or variations: ") + formatName(format) +
                       " keeps the main line only") +
            "; only PGN keeps them all");
}

}  // namespace

bool canWrite(const GameRecord& game, Format format, std::string* why) {
    if (!game.ok()) {
        if (why) *why = "the record has an error";
        return false;
    }
    // Only GGF says which game was played (TY[]): in any other format an anti-Othello game
    // would read back as plain Othello, its winner turned round; komi and synchro lost.
    if (!game.variant.standard() && format != Format::Ggf) {
        if (why) *why = "the variant (" + variantLabel(game.variant) + ") is kept by GGF only";
        return false;
    }
    const FormatInfo& row = formatInfo(format);
    if (row.canWrite) return row.canWrite(game, why);
    if (why) *why = std::string("cannot write format ") + formatName(format);
    return false;
}

std::vector<Diagnostic> conversionWarnings(const std::vector<GameRecord>& games, Format format,
                                           const std::string& outputPath) {
    const FormatInfo& row = formatInfo(format);
    std::vector<Diagnostic> out =
        row.writeWarnings ? row.writeWarnings(games, outputPath) : std::vector<Diagnostic>{};
    if (auto d = annotationWarning(games, format, outputPath)) out.push_back(std::move(*d));
    return out;
}

std::string writeGamesToString(const std::vector<GameRecord>& games, Format format) {
    const FormatInfo& row = formatInfo(format);
    if (!row.writeText)
        throw std::invalid_argument(std::string("cannot write ") + formatName(format) + " as text");
    return row.writeText(writable(games, format));
}

void writeGamesToFile(const std::vector<GameRecord>& games, Format format,
                      const std::filesystem::path& path) {
    const FormatInfo& row = formatInfo(format);
    if (row.writeFile) {
        row.writeFile(writable(games, format), path);
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
