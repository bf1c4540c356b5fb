// othello-db import: files and folders into the archive, with progress and a summary.
#include <fmt/core.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <memory>

#include "JsonOutput.h"
#include "ReadFlags.h"
#include "StorageCli.h"
#include "importers/FormatTable.h"
#include "importers/TextEscape.h"

namespace othello::cli {
namespace {

struct ImportCommandOptions {
    std::vector<std::string> paths;
    std::string format;
    std::string db;
    bool strict = false;
    bool json = false;
    bool mergeAnnotations = false;
    ReadFlags read;  // --players, --tournaments, --first-move, --quiet
    int showNotes = 20;
};

// A bar with games/s on a terminal, moving within a large file too; plain lines otherwise
// (logs, pipes): one per file and one every few seconds within a large file.
struct ProgressState {
    std::size_t lastFile = 0;
    double lastLine = 0;
};
constexpr double kPlainLineSeconds = 2.0;

void showProgress(const storage::ImportProgress& p, bool terminal, ProgressState& state) {
    const double rate = p.seconds > 0 ? double(p.gamesRead) / p.seconds : 0.0;
    if (terminal) {
        const int width = 30;
        double done = double(p.filesDone);
        if (p.fileBytes > 0 && p.fileBytesDone >= 0)
            done += std::min(1.0, double(p.fileBytesDone) / double(p.fileBytes));
        const double frac = p.filesTotal ? std::min(1.0, done / double(p.filesTotal)) : 0.0;
        const int filled = static_cast<int>(frac * width);
        fmt::print(stderr, "\r[{}{}] {}/{} files, {} games, {:.0f} games/s   ",
                   std::string(static_cast<std::size_t>(filled), '#'),
                   std::string(static_cast<std::size_t>(width - filled), '.'), p.filesDone,
                   p.filesTotal, p.gamesRead, rate);
        std::fflush(stderr);
    } else if (p.filesDone != state.lastFile || p.seconds - state.lastLine >= kPlainLineSeconds) {
        state.lastFile = p.filesDone;
        state.lastLine = p.seconds;
        fmt::print(stderr, "{}/{} files, {} read ({:.0f} games/s): {}", p.filesDone, p.filesTotal,
                   plural(p.gamesRead, "game", "games"), rate,
                   importers::text::escapeForTerminal(p.currentFile));
        if (p.fileRecordsDone > 0) {
            fmt::print(stderr, " ({} records", p.fileRecordsDone);
            if (p.fileBytes > 0 && p.fileBytesDone >= 0)
                fmt::print(stderr, ", {:.0f} %",
                           100.0 * double(p.fileBytesDone) / double(p.fileBytes));
            fmt::print(stderr, ")");
        }
        fmt::print(stderr, "\n");
    }
}

// What import prints besides its errors and summary (--quiet leaves it out): file notes,
// record warnings, damage, possible duplicates and prefixes.
void printDetails(const storage::ImportResult& r, int showNotes) {
    for (const auto& d : r.fileNotes) fmt::print(stderr, "{}\n", d.format());
    // Record warnings as `check` prints them (the readers keep at most 1000 a file).
    for (const auto& d : r.warnings) fmt::print(stderr, "{}\n", d.format());
    if (r.diagnosticsNotKept > 0)
        fmt::print(stderr, "note: {} more diagnostics not kept (at most {} of each kind)\n",
                   r.diagnosticsNotKept, storage::kMaxImportDiagnostics);
    if (r.damaged > 0)
        fmt::print(stderr, "warning: {} (cut or broken: part of them may be lost)\n",
                   plural(r.damaged, "damaged record or file", "damaged records or files"));
    const int shown = std::min<int>(showNotes, static_cast<int>(r.notes.size()));
    for (int i = 0; i < shown; ++i)
        fmt::print(stderr, "{}\n", r.notes[static_cast<std::size_t>(i)].format());
    if (static_cast<int>(r.notes.size()) > shown)
        fmt::print(stderr, "... and {} more notes (--notes N shows more)\n",
                   r.notes.size() - static_cast<std::size_t>(shown));
}

// The files skipped as no game record, by name, after the summary (--quiet too: they are part
// of what the import did).
void printSkipped(const storage::ImportResult& r, bool strict) {
    if (r.filesSkipped == 0) return;
    std::string names;
    for (std::size_t i = 0; i < r.notGameRecords.size() && i < 20; ++i)
        names += (i ? ", " : "") + importers::text::escapeForTerminal(r.notGameRecords[i]);
    if (r.filesSkipped > 20) names += fmt::format(", ... ({} more)", r.filesSkipped - 20);
    fmt::print("{} skipped, not a game record{}: {}\n",
               plural(std::int64_t(r.filesSkipped), "file", "files"),
               strict ? " (--strict: exit 1)" : "", names);
}

int runImport(const ImportCommandOptions& o) {
    storage::ImportOptions io;
    if (!o.format.empty()) {
        const auto f = importers::parseFormat(o.format);
        if (!f)
            throw UsageError("--format: expected one of " +
                             importers::formatNames(false, true, ", ") + ", got \"" + o.format +
                             "\"");
        io.format = *f;
    }
    io.strict = o.strict;
    io.mergeAnnotations = o.mergeAnnotations;
    {
        importers::ReadOptions ro;
        applyReadFlags(o.read, ro);
        io.wthorPlayers = ro.wthorPlayers;
        io.wthorTournaments = ro.wthorTournaments;
        io.firstMove = ro.firstMove;
    }
    const bool quiet = o.read.quiet;
    const bool terminal = !o.json && !quiet && isatty(STDERR_FILENO);
    ProgressState state;
    if (!o.json && !quiet)
        io.progress = [terminal, &state](const storage::ImportProgress& p) {
            showProgress(p, terminal, state);
        };
    auto archive = openArchive(o.db, storage::Archive::Mode::ReadWrite);
    std::vector<std::filesystem::path> paths(o.paths.begin(), o.paths.end());
    storage::ImportResult r;
    try {
        r = archive.importFiles(paths, io);
    } catch (const storage::StorageError& e) {
        throw InputError(e.what());
    }
    if (terminal) fmt::print(stderr, "\n");
    // Nothing readable (not one record in any file: missing files, names files, empty or
    // foreign files) is exit 2; some records or files bad, exit 1.
    // A database error that stopped the import (a full disk) is exit 1, with what was kept.
    // --strict: a file skipped as no game record fails the run too.
    const bool skippedFails = o.strict && r.filesSkipped > 0;
    const int code = !r.failure.empty() ? kExitBadInput
                     : r.recordsRead == 0 ? kExitUsage
                     : (r.rejected > 0 || r.filesUnreadable > 0 || r.damaged > 0 || skippedFails)
                         ? kExitBadInput
                         : kExitOk;
    // Why nothing was read: the first file-level diagnostic.
    std::string reason;
    if (r.recordsRead == 0 && r.failure.empty()) {
        if (!r.errors.empty())
            reason = r.errors.front().message;
        else if (!r.fileNotes.empty())
            reason = r.fileNotes.front().message;
        else
            reason = "no game file found";
    }
    if (o.json) {
        nlohmann::json j;
        j["imported"] = r.imported;
        j["duplicates"] = r.duplicates;
        j["rejected"] = r.rejected;
        j["possible_duplicates"] = r.possibleDuplicates;
        j["prefixes"] = r.prefixes;
        j["files_read"] = r.filesRead;
        j["files_unreadable"] = r.filesUnreadable;
        // Files in which no format was detected, by name (kept out of files_read).
        j["files_skipped"] = r.filesSkipped;
        j["not_game_records"] = r.notGameRecords;
        j["short_prefixes"] = r.shortPrefixes;
        j["records_read"] = r.recordsRead;
        // Records of games edited or deleted in the archive since: skipped, listed in notes
        // ("edited-in-archive", "deleted-in-archive", "purged-from-archive").
        j["edited_in_archive"] = r.editedInArchive;
        // Duplicates bringing comments or variations their stored game lacks: the stored
        // games' ids; merged into them with --merge-annotations (notes "annotated-duplicate",
        // "annotations-merged").
        j["annotated_duplicates"] = r.annotatedDuplicates;
        j["annotated_duplicate_games"] = r.annotatedDuplicateGames;
        j["annotations_merged"] = r.annotationsMerged;
        j["change"] = r.change ? nlohmann::json(r.change) : nlohmann::json(nullptr);  // journal
        if (!reason.empty()) j["reason"] = reason;
        // imported: the games committed (kept) even when the import stopped early.
        if (!r.failure.empty()) j["failure"] = r.failure;
        j["file_notes"] = nlohmann::json::array();
        for (const auto& d : r.fileNotes) j["file_notes"].push_back(diagnosticJson(d));
        j["errors"] = nlohmann::json::array();
        for (const auto& d : r.errors) j["errors"].push_back(diagnosticJson(d));
        j["notes"] = nlohmann::json::array();
        for (const auto& d : r.notes) j["notes"].push_back(diagnosticJson(d));
        // The records' own warnings; damaged: records whose text was broken (exit 1).
        j["warnings"] = nlohmann::json::array();
        for (const auto& d : r.warnings) j["warnings"].push_back(diagnosticJson(d));
        j["damaged"] = r.damaged;
        // Past 10,000 in a list (storage::kMaxImportDiagnostics): counted, not listed.
        j["diagnostics_not_kept"] = r.diagnosticsNotKept;
        printJson(j);
        return code;
    }
    if (!r.failure.empty())
        fmt::print(stderr, "error: import stopped ({}); {} committed and kept\n", r.failure,
                   plural(r.imported, "game", "games"));
    for (const auto& d : r.errors) fmt::print(stderr, "{}\n", d.format());
    // --quiet: the errors above and the summary only.
    if (!quiet) printDetails(r, o.showNotes);
    fmt::print(
        "{}{}{}: imported {}, duplicates {}, rejected {}{} ({} under other names, {} of other "
        "games; {} read, {} unreadable)\n",
        plural(r.recordsRead, "game", "games"), " read",
        reason.empty() ? "" : " (" + importers::text::escapeForTerminal(reason) + ")", r.imported,
        r.duplicates, r.rejected,
        r.editedInArchive ? fmt::format(", {} edited/deleted in the archive (not imported again)",
                                        r.editedInArchive)
                          : std::string(),
        plural(r.possibleDuplicates, "possible duplicate", "possible duplicates"),
        plural(r.prefixes, "prefix", "prefixes"),
        plural(std::int64_t(r.filesRead), "file", "files"), r.filesUnreadable);
    printSkipped(r, o.strict);
    if (r.annotatedDuplicates) {
        std::string ids;
        for (std::size_t i = 0; i < r.annotatedDuplicateGames.size() && i < 10; ++i)
            ids += (i ? ", " : "") + std::to_string(r.annotatedDuplicateGames[i]);
        if (r.annotatedDuplicateGames.size() > 10) ids += ", ...";
        const std::int64_t notMerged = r.annotatedDuplicates - r.annotationsMerged;
        fmt::print("{} brought comments or variations the stored games lack ({} {}){}{}\n",
                   plural(r.annotatedDuplicates, "duplicate", "duplicates"),
                   r.annotatedDuplicateGames.size() == 1 ? "game" : "games", ids,
                   r.annotationsMerged
                       ? fmt::format("; {} merged into them (journalled)", r.annotationsMerged)
                       : std::string(),
                   notMerged && !o.mergeAnnotations
                       ? "; exact duplicates were not stored: import again with "
                         "--merge-annotations to merge them"
                       : "");
    }
    return code;
}

RegisterCommand importCommand("import", [](CLI::App& app, Action& action) {
    auto o = std::make_shared<ImportCommandOptions>();
    auto* sub = app.add_subcommand(
        "import", "Store the games of files and folders in the archive (duplicates skipped)");
    sub->add_option("PATHS", o->paths, "Files or folders (read recursively)")->required();
    sub->add_option("--format", o->format,
                    importers::formatNames(false, false, ", ") + " (default: detected per file)");
    sub->add_flag("--strict", o->strict,
                  "Reject records with warnings too, and fail (exit 1) when a file is skipped "
                  "as no game record");
    sub->add_flag("--merge-annotations", o->mergeAnnotations,
                  "Merge the comments and variations a duplicate brings into the stored game "
                  "(one journalled, revertible edit per game); without it they are reported");
    sub->add_option("--notes", o->showNotes,
                    "Print at most N notes (possible duplicates, prefixes); default 20");
    addReadFlags(sub, o->read, "No progress; print errors and the summary only");
    addDbOption(sub, o->db);
    // The lock file is left behind on purpose; say why before someone deletes it.
    sub->footer(
        "Writers take turns through an exclusive lock on <db>.writer-lock, which stays beside "
        "the database after the import: never delete it. Another process may hold it open, "
        "and a new file of the same name would let a second writer in beside the first. The "
        "kernel releases the lock when its holder exits, even when killed. Comments and "
        "variations (PGN {} and (), GGF C[]) are stored with their game; their positions are "
        "never indexed. A duplicate whose record brings comments or variations its stored game "
        "lacks is reported (annotated_duplicates and annotated_duplicate_games in --json), and "
        "with --merge-annotations merged into it: comments added or appended, variations "
        "added, nothing of the stored game dropped. A possible duplicate is stored with its "
        "own annotations (and reported the same way). Compressed files and archives (.gz, "
        ".bz2, .xz, .zip, .tar.gz) are read directly, each file inside as a file of its own "
        "(WTHOR names files inside serve the .wtb files beside them), within limits against "
        "decompression bombs (see the README). A file in which no format is detected (a "
        "README, a photo) is skipped with a note and listed by name (not_game_records in "
        "--json); with --strict it fails the import.");
    sub->add_flag("--json", o->json,
                  "Print {imported, duplicates, rejected, annotated_duplicates, "
                  "annotated_duplicate_games, annotations_merged, files_skipped, "
                  "not_game_records: [...], errors: [...], notes: [...]}");
    sub->callback(
        [o, &action] { action = [o] { return runCommand([o] { return runImport(*o); }); }; });
});

}  // namespace
}  // namespace othello::cli
