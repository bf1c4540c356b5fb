// Comments and variations on the command line (see AnnotationCli.h).
#include "AnnotationCli.h"

#include <fmt/core.h>

#include <algorithm>
#include <cctype>
#include <filesystem>

#include "JsonOutput.h"
#include "StorageCli.h"
#include "core/Notation.h"
#include "importers/PgnWriter.h"
#include "importers/Reader.h"

namespace othello::cli {

using importers::Comment;
using importers::Variation;

namespace {

// FILE or FILE:N. A name that exists as given is a file even with a colon in it.
std::pair<std::filesystem::path, std::size_t> fileSpec(const std::string& spec) {
    std::error_code ec;
    const auto colon = spec.rfind(':');
    if (colon == std::string::npos || colon + 1 == spec.size() || std::filesystem::exists(spec, ec))
        return {spec, 1};
    const std::string n = spec.substr(colon + 1);
    if (!std::all_of(n.begin(), n.end(), [](unsigned char c) { return std::isdigit(c); }) ||
        n.size() > 9)
        return {spec, 1};
    const auto record = static_cast<std::size_t>(std::stoul(n));
    if (record < 1) throw UsageError("--annotations-from " + spec + ": records count from 1");
    return {spec.substr(0, colon), record};
}

storage::GameAnnotations fromFile(const std::string& spec, const importers::GameRecord& game,
                                  const std::vector<int>& moves) {
    const auto [path, n] = fileSpec(spec);
    const importers::FileResult file = importers::readFile(path);
    if (!file.readable)
        throw InputError(fmt::format("--annotations-from: {} cannot be read{}", path.string(),
                                     file.fileDiagnostics.empty()
                                         ? std::string()
                                         : ": " + file.fileDiagnostics.front().message));
    if (file.records.size() < n)
        throw InputError(fmt::format(
            "--annotations-from: {} holds {}, not {}", path.string(),
            plural(static_cast<std::int64_t>(file.records.size()), "record", "records"), n));
    const importers::GameRecord& r = file.records[n - 1];
    if (!r.ok())
        throw InputError(
            fmt::format("--annotations-from: record {} of {} does not replay", n, path.string()));
    if (!(r.start == game.start) || r.moves != moves)
        throw InputError(fmt::format(
            "--annotations-from: record {} of {} plays other moves than the game ({} against "
            "{}): its comments and variations belong to another line",
            n, path.string(), core::movesString(r.moves, false, " "),
            core::movesString(moves, false, " ")));
    return {r.comments, r.variations};
}

}  // namespace

std::string annotatedMovetext(const importers::GameRecord& r) {
    if (!r.annotated()) return std::string();
    // The PGN writer is what numbers moves and nests variations; its tags are left out.
    importers::GameRecord bare;
    bare.start = r.start;
    bare.standardStart = r.standardStart;
    bare.moves = r.moves;
    bare.status = r.status;
    bare.score = r.score;
    bare.comments = r.comments;
    bare.variations = r.variations;
    const std::string pgn = importers::writePgn({bare});
    std::string out;
    std::size_t at = 0;
    while (at < pgn.size()) {
        std::size_t end = pgn.find('\n', at);
        if (end == std::string::npos) end = pgn.size();
        const std::string line = pgn.substr(at, end - at);
        if (!line.empty() && line[0] != '[') out += (out.empty() ? "" : " ") + line;
        at = end + 1;
    }
    // The termination marker of a game without a result.
    if (out.size() >= 2 && out.compare(out.size() - 2, 2, " *") == 0) out.resize(out.size() - 2);
    return out;
}

void addAnnotationEditOptions(CLI::App* sub, AnnotationEditOptions& o) {
    sub->add_option("--comment", o.comments,
                    "The comment on the position after PLY plies of the main line (0: "
                    "before the first move; passes count); an empty TEXT removes it. Repeatable")
        ->type_size(2)
        ->type_name("PLY TEXT")
        ->expected(1, 1000);
    sub->add_flag("--clear-comments", o.clearComments,
                  "Remove every comment (variations' too); variations stay");
    sub->add_flag("--clear-variations", o.clearVariations, "Remove every variation");
    sub->add_option("--annotations-from", o.from,
                    "FILE[:N]: take the comments and variations of the N-th record (default 1) "
                    "of FILE (a PGN, or GGF for comments), which must play the game's moves; "
                    "they replace the game's");
}

storage::GameAnnotations editedAnnotations(const AnnotationEditOptions& o,
                                           const importers::GameRecord& r,
                                           const std::vector<int>& moves) {
    storage::GameAnnotations a{r.comments, r.variations};
    if (o.from) a = fromFile(*o.from, r, moves);
    if (o.clearComments) {
        a.comments.clear();
        const auto clear = [](auto& self, std::vector<Variation>& vs) -> void {
            for (Variation& v : vs) {
                v.comments.clear();
                self(self, v.variations);
            }
        };
        clear(clear, a.variations);
    }
    if (o.clearVariations) a.variations.clear();
    for (std::size_t i = 0; i + 1 < o.comments.size(); i += 2) {
        const std::string& plyText = o.comments[i];
        int ply = -1;
        if (!plyText.empty() && plyText.size() < 5 &&
            std::all_of(plyText.begin(), plyText.end(),
                        [](unsigned char c) { return std::isdigit(c); }))
            ply = std::stoi(plyText);
        if (ply < 0 || static_cast<std::size_t>(ply) > moves.size())
            throw UsageError(
                fmt::format("--comment: the ply is 0..{} (the game's plies), got \"{}\"",
                            moves.size(), plyText));
        auto& cs = a.comments;
        cs.erase(
            std::remove_if(cs.begin(), cs.end(), [ply](const Comment& c) { return c.ply == ply; }),
            cs.end());
        importers::addComment(cs, ply, o.comments[i + 1]);
    }
    return a;
}

}  // namespace othello::cli
