// othello-db check: reads and replays record files without storing them and reports every
// problem (convert, the other command that reads without storing, is ConvertCommand.cpp).
#include <fmt/core.h>

#include <algorithm>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "Command.h"
#include "JsonOutput.h"
#include "ReadFlags.h"
#include "TheoreticalCheck.h"
#include "Words.h"
#include "core/Notation.h"
#include "importers/FormatTable.h"
#include "importers/GameResult.h"
#include "importers/Reader.h"
#include "importers/ReaderUtil.h"
#include "importers/RecordRules.h"
#include "importers/TextEscape.h"
#include "importers/Writer.h"
#include "storage/Archive.h"

namespace othello::cli {
namespace {

using namespace othello::importers;
using nlohmann::json;

json recordJson(const GameRecord& g) {
    json j;
    j["source"] = g.source.describe();
    j["format"] = formatName(g.format);
    j["status"] = statusName(g.status);
    j["moves"] = movesJson(g.moves);
    j["passes"] = g.passes();
    j["black"] = g.score.black;
    j["white"] = g.score.white;
    j["names"] = {{"black", g.black}, {"white", g.white}};
    j["event"] = g.event;
    j["year"] = g.year > 0 ? json(g.year) : json(nullptr);
    if (!g.date.empty()) j["date"] = g.date;
    if (!g.round.empty()) j["round"] = g.round;
    if (!g.place.empty()) j["place"] = g.place;
    if (!g.gameId.empty()) j["id"] = g.gameId;
    if (!g.statedResult.empty()) j["stated_result"] = g.statedResult;
    j["result"] = importers::resultText(g);  // as every list shows it (GameResult.h)
    if (!g.variant.standard()) j["variant"] = importers::ggfType(g.variant);
    // The rules (core/Rules.h code) of a game that is not Othello from the cross.
    if (const core::Rules rules = importers::writtenRules(g); !rules.isOthello())
        j["rules"] = core::rulesCode(rules);
    if (!g.standardStart) j["start"] = core::boardStringWithSide(g.start);
    json warnings = json::array();
    for (const Diagnostic& d : g.diagnostics) {
        if (d.severity == Severity::Warning) warnings.push_back(diagnosticJson(d));
    }
    if (!warnings.empty()) j["warnings"] = warnings;
    if (g.status == GameStatus::Error) {
        for (const Diagnostic& d : g.diagnostics) {
            if (d.severity == Severity::Error) {
                j["error"] = diagnosticJson(d);
                break;
            }
        }
        if (!j.contains("error") && !g.diagnostics.empty())  // --strict: a warning rejected it
            j["error"] = diagnosticJson(g.diagnostics.front());
        json errors = json::array();
        for (const Diagnostic& d : g.diagnostics)
            if (d.severity == Severity::Error) errors.push_back(diagnosticJson(d));
        if (errors.size() > 1) j["errors"] = errors;
    }
    if (g.format == Format::Transcript && g.status == GameStatus::Error) {
        json repairs = json::array();
        for (const RepairCandidate& r : g.repairs) {
            repairs.push_back(
                {{"change", r.change},
                 {"changed_moves", r.changedMoves},
                 {"status", statusName(r.status)},
                 {"black", r.score.black},
                 {"white", r.score.white},
                 {"matches_declared_score", r.matchesStatedScore},
                 {"moves", movesJson(r.moves)},
                 {"passes", std::count(r.moves.begin(), r.moves.end(), core::kPass)}});
        }
        j["repairs"] = repairs;
    }
    return j;
}

struct Counts {
    int complete = 0, incomplete = 0, error = 0, warnings = 0, files = 0, unreadable = 0;
    // Readable files with a file error (no game found), plus with --strict the files with a
    // file warning (a WTHOR size mismatch, no names file): each fails the run, so each is
    // counted and shown in the summary.
    int fileErrors = 0;
    int skipped = 0;  // files that are no game files (WTHOR names files): a note, not an error
    // Files in which no format was detected (FileResult::skipped), by name: a note, an error
    // with --strict.
    std::vector<std::string> notGameRecords;
    // Damaged records, and files damaged outside their records (cut short, a stretch before
    // any record): exit 1 (Diagnostic::damage).
    std::int64_t damaged = 0;
    std::int64_t damagedFiles = 0;
};

struct CheckOptions {
    std::vector<std::string> files;
    std::string format = "auto";
    ReadFlags read;
    bool strict = false;
    bool json = false;
    bool verifyTheoretical = false;
};

// The errors of a move list's records while every one fails at move 1 the same way, held back:
// when the file's note "first-move-hint" comes (a logbook without its first move), it says so
// once and they are dropped; else they are printed, in order, as soon as a record breaks the
// pattern or the file ends. At most the file's diagnostic limit is held (ReadLimits.h).
class FirstMoveErrors {
  public:
    // False when `g` does not fit the pattern (the lines held are printed then, and the
    // caller prints `g`'s own).
    bool hold(const GameRecord& g, const std::vector<std::string>& lines) {
        if (!active_) return false;
        const Diagnostic* e = nullptr;
        for (const Diagnostic& d : g.diagnostics)
            if (d.severity == Severity::Error && !e) e = &d;
        // A rejected record past the file's diagnostic limit carries none: it fits.
        const bool fits = g.format == Format::Moves && g.status == GameStatus::Error &&
                          (g.diagnostics.empty() ||
                           (e && e->moveNumber == 1 && (code_.empty() || e->code == code_)));
        if (!fits) {
            flush();
            return false;
        }
        if (e) code_ = e->code;
        lines_.insert(lines_.end(), lines.begin(), lines.end());
        return true;
    }
    // The file has ended: its lines are dropped when the file says so once.
    void endFile(const FileResult& r) {
        const bool hint =
            std::any_of(r.fileDiagnostics.begin(), r.fileDiagnostics.end(),
                        [](const Diagnostic& d) { return d.code == "first-move-hint"; });
        if (hint) lines_.clear();
        flush();
        active_ = true;
        code_.clear();
    }

  private:
    void flush() {
        for (const std::string& l : lines_) fmt::print("{}\n", l);
        lines_.clear();
        active_ = false;
    }
    bool active_ = true;
    std::string code_;
    std::vector<std::string> lines_;
};

// The end of check's output: the JSON members after "games", or the summary line.
void printCheckSummary(const Counts& n, const CheckOptions& o, json files,
                       const TheoreticalCheck& theoretical) {
    const int total = n.complete + n.incomplete + n.error;
    const int notGames = static_cast<int>(n.notGameRecords.size());
    if (o.json) {
        json out;  // the members after "games", already written
        out["files"] = std::move(files);
        out["summary"] = {{"complete", n.complete},
                          {"incomplete", n.incomplete},
                          {"error", n.error},
                          {"warnings", n.warnings},
                          {"files", n.files},
                          {"unreadable_files", n.unreadable},
                          {"file_errors", n.fileErrors},
                          {"skipped_files", n.skipped},
                          {"not_game_records", n.notGameRecords},
                          {"damaged", n.damaged + n.damagedFiles},
                          {"records", total}};
        if (o.verifyTheoretical) out["theoretical"] = theoretical.json();
        // File and player names exact (see JsonOutput.h); "{...}" closes the document.
        fmt::print("],{}\n", jsonText(std::move(out)).substr(1));
    } else {
        std::string tail;
        if (n.fileErrors)
            tail += fmt::format("; {} with an error{}", plural(n.fileErrors, "file"),
                                o.strict ? " (--strict: file warnings count)" : "");
        if (n.unreadable) tail += fmt::format("; {} unreadable", plural(n.unreadable, "file"));
        if (n.skipped)
            tail += fmt::format("; {} skipped (not game files)", plural(n.skipped, "file"));
        if (notGames) {
            std::string names;
            for (int i = 0; i < notGames && i < 20; ++i)
                names += (i ? ", " : "") + text::escapeForTerminal(n.notGameRecords[i]);
            if (notGames > 20) names += fmt::format(", ... ({} more)", notGames - 20);
            tail += fmt::format("; {} skipped, not a game record{}: {}",
                                plural(notGames, "file"), o.strict ? " (--strict: exit 1)" : "",
                                names);
        }
        if (n.damaged)
            tail += fmt::format("; {} (text broken: part of it may be lost)",
                                plural(static_cast<int>(n.damaged), "damaged record"));
        if (n.damagedFiles)
            tail += fmt::format("; {} (cut short or broken: part of it may be lost)",
                                plural(static_cast<int>(n.damagedFiles), "damaged file"));
        fmt::print("{} in {}: {} complete, {} incomplete, {}, {}{}\n", plural(total, "record"),
                   plural(n.files, "file"), n.complete, n.incomplete, plural(n.error, "error"),
                   plural(n.warnings, "warning"), tail);
        fmt::print("{}", theoretical.text());
    }
}

int runCheck(const CheckOptions& o) {
    TheoreticalCheck theoretical(o.verifyTheoretical);
    ReadOptions ro;
    ro.format = parseFormat(o.format).value_or(Format::Auto);
    ro.strict = o.strict;
    applyReadFlags(o.read, ro);
    Counts n;
    // Written as it goes: each record is printed (text) or written into "games" (JSON) as soon
    // as it is read, and not kept; only the small per-file entries wait for the end.
    json files = json::array();
    bool firstGame = true;
    FirstMoveErrors firstMove;
    if (o.json) fmt::print("{{\"games\":[");
    ro.onRecord = [&](GameRecord&& g) {
        theoretical.check(g, o.json);
        switch (g.status) {
            case GameStatus::Complete:
                ++n.complete;
                break;
            case GameStatus::Incomplete:
                ++n.incomplete;
                break;
            case GameStatus::Error:
                ++n.error;
                break;
        }
        for (const Diagnostic& d : g.diagnostics) n.warnings += d.severity == Severity::Warning;
        if (o.json) {
            // A rejected record past the file's diagnostic limit keeps no diagnostic: it is
            // counted (summary, the file's "diagnostic-limit" note), not listed.
            if (g.status == GameStatus::Error && g.diagnostics.empty()) return;
            fmt::print("{}{}", firstGame ? "" : ",", jsonText(recordJson(g)));
            firstGame = false;
            return;
        }
        std::vector<std::string> lines;
        for (const Diagnostic& d : g.diagnostics)
            if (!o.read.quiet || shownWhenQuiet(d)) lines.push_back(d.format());
        if (!ro.firstMove && firstMove.hold(g, lines)) return;
        for (const std::string& l : lines) fmt::print("{}\n", l);
        if (g.status == GameStatus::Error && !o.read.quiet) {
            for (std::size_t i = 0; i < g.repairs.size(); ++i) {
                const RepairCandidate& c = g.repairs[i];
                fmt::print("{}: note: repair {}: {} -> {} {}-{}{}\n",
                           text::escapeForTerminal(g.source.describe()), i + 1, c.change,
                           statusName(c.status), c.score.black, c.score.white,
                           c.matchesStatedScore ? " (the declared score)" : "");
            }
        }
    };
    // One file read: a file given, or a file inside a compressed file or archive.
    const auto onFile = [&](FileResult&& r) {
        if (!o.json) firstMove.endFile(r);
        ++n.files;
        if (!r.readable) ++n.unreadable;
        n.damaged += r.damagedRecords;
        for (const Diagnostic& d : r.fileDiagnostics) n.damagedFiles += d.damage;
        if (r.skipped) n.notGameRecords.push_back(r.path);
        json fileDiagnostics = json::array();
        bool fileError = false, fileWarning = false;
        for (const Diagnostic& d : r.fileDiagnostics) {
            if (o.json)
                fileDiagnostics.push_back(diagnosticJson(d));
            else if (!o.read.quiet || shownWhenQuiet(d))
                fmt::print("{}\n", d.format());
            n.warnings += d.severity == Severity::Warning;
            fileWarning |= d.severity == Severity::Warning;
            fileError |= d.severity == Severity::Error;
            n.skipped += d.code == "not-a-game-file";
        }
        if (r.readable && (fileError || (o.strict && fileWarning))) ++n.fileErrors;
        if (o.json)
            files.push_back({{"path", r.path},
                             {"format", formatName(r.format)},
                             {"readable", r.readable},
                             {"skipped", r.skipped},
                             {"records", r.recordCount},
                             {"damaged_records", r.damagedRecords},
                             {"diagnostics_not_kept", r.diagnosticsDropped},
                             {"diagnostics", fileDiagnostics}});
    };
    // Folders are read as import reads them (recursively, names files and hidden files left
    // out), so a folder checks before it imports.
    const std::vector<std::filesystem::path> given(o.files.begin(), o.files.end());
    for (const std::filesystem::path& file : storage::expandImportPaths(given))
        readEach(file, ro, onFile);
    printCheckSummary(n, o, std::move(files), theoretical);
    const int notGames = static_cast<int>(n.notGameRecords.size());
    if (n.unreadable == n.files) return kExitUsage;
    return n.error > 0 || n.unreadable > 0 || n.fileErrors > 0 || n.damaged > 0 ||
                   n.damagedFiles > 0 || (o.strict && notGames > 0) ||
                   theoretical.disagreements() > 0
               ? kExitBadInput
               : kExitOk;
}

RegisterCommand checkCommand("check", [](CLI::App& app, Action& action) {
    auto o = std::make_shared<CheckOptions>();
    auto* sub = app.add_subcommand(
        "check", "Read and replay record files without storing them; report every problem");
    sub->add_option("FILE", o->files,
                    "Record files (" + formatNames(false, false, ", ") +
                        ") or folders (read recursively, as import reads them)")
        ->required();
    sub->add_option("--format", o->format, "Read every file as this format (default: detected)")
        ->check(formatValidator(false));
    sub->add_flag("--strict", o->strict,
                  "Count warnings as errors (a file warning makes a file error), and fail (exit "
                  "1) when a file is skipped as no game record");
    sub->add_flag("--verify-theoretical", o->verifyTheoretical,
                  "Solve every record's theoretical score (WTHOR: Black's discs with perfect "
                  "play from the file's depth, 22 empties by default) and report each record "
                  "that disagrees (exit 1); --json adds \"theoretical\": {checked, agree, "
                  "disagree, not_checked, final_score, seconds, disagreements: [{source, path, "
                  "record, stored, solved, depth, empties, ply}]}");
    addReadFlags(sub, o->read, "Print errors and the summary only");
    sub->add_flag("--json", o->json,
                  "Print a JSON object: games, files and summary (not_game_records: the files "
                  "skipped by name)");
    sub->footer(
        "Compressed files and archives (.gz, .bz2, .xz, .zip, .tar.gz) are read directly, each "
        "file inside listed as a file of its own. A file in which no format is detected (a "
        "README, a photo) is skipped with a note and named in the summary; --strict fails on "
        "it. One move a line (01:B(F, 5), F-5, (F, 5)) is one game; a JSON document of games is "
        "read as one document. A logbook whose lines all fail at move 1 the same way is said "
        "once, with the --first-move to use.");
    sub->callback([o, &action] { action = [o] { return runCheck(*o); }; });
});

}  // namespace
}  // namespace othello::cli
