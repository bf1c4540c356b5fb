// othello-db convert: reads a record file, replays every record and writes the games in
// another format (check, which reads without writing, is CheckCommand.cpp).
#include <fmt/core.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "Command.h"
#include "ReadFlags.h"
#include "StorageCli.h"
#include "importers/FormatTable.h"
#include "importers/Reader.h"
#include "importers/TextEscape.h"
#include "importers/Writer.h"

namespace othello::cli {
namespace {

using namespace othello::importers;

struct ConvertOptions {
    std::string input;
    std::string to;
    std::string output;
    std::string format = "auto";
    ReadFlags read;
    bool strict = false;
};

int runConvert(const ConvertOptions& o) {
    ReadOptions ro;
    ro.format = parseFormat(o.format).value_or(Format::Auto);
    ro.strict = o.strict;
    applyReadFlags(o.read, ro);
    const Format to = *parseFormat(o.to);
    if (o.output == "-" && !formatInfo(to).writeText) {  // a binary format (WTHOR)
        fmt::print(stderr, "error: {} is binary: give a file name with -o\n", formatName(to));
        return kExitUsage;
    }
    // Records come one by one: only those to write are kept.
    std::vector<GameRecord> games;
    int skipped = 0;
    ro.onRecord = [&](GameRecord&& g) {
        for (const Diagnostic& d : g.diagnostics)
            if (!o.read.quiet || shownWhenQuiet(d)) fmt::print(stderr, "{}\n", d.format());
        std::string why;
        if (!canWrite(g, to, &why)) {
            ++skipped;
            // Past the file's diagnostic limit a rejected record is only counted (the note
            // "diagnostic-limit" says how many).
            if (g.status == GameStatus::Error && g.diagnostics.empty()) return;
            fmt::print(stderr, "{}: error: not converted: {} [not-converted]\n",
                       text::escapeForTerminal(g.source.describe()), text::escapeForTerminal(why));
            return;
        }
        games.push_back(std::move(g));
    };
    const FileResult r = readFile(o.input, ro);
    for (const Diagnostic& d : r.fileDiagnostics)
        if (!o.read.quiet || shownWhenQuiet(d)) fmt::print(stderr, "{}\n", d.format());
    if (!r.readable) return kExitUsage;
    // Say what the output format cannot keep before writing it.
    for (const Diagnostic& d : conversionWarnings(games, to, o.output))
        if (!o.read.quiet || shownWhenQuiet(d)) fmt::print(stderr, "{}\n", d.format());
    if (o.output == "-") {
        fmt::print("{}", writeGamesToString(games, to));
    } else {
        writeGamesToFile(games, to, o.output);
        fmt::print("{} written to {} ({}){}\n",
                   plural(static_cast<std::int64_t>(games.size()), "game", "games"),
                   text::escapeForTerminal(o.output), formatName(to),
                   skipped ? fmt::format("; {} skipped", skipped) : std::string());
    }
    // A file error on a readable file (no game found) is bad input too.
    const bool fileError =
        std::any_of(r.fileDiagnostics.begin(), r.fileDiagnostics.end(),
                    [](const Diagnostic& d) { return d.severity == Severity::Error; });
    return skipped || fileError || r.damaged() ? kExitBadInput : kExitOk;
}

RegisterCommand convertCommand("convert", [](CLI::App& app, Action& action) {
    auto o = std::make_shared<ConvertOptions>();
    auto* sub = app.add_subcommand(
        "convert", "Convert a record file to another format (every record replayed first)");
    sub->add_option("IN", o->input, "Input file (format detected, or --format)")->required();
    sub->add_option("--to", o->to, "Output format")->required()->check(formatValidator(true));
    sub->add_option("-o,--output", o->output, "Output file ('-': standard output)")->required();
    sub->add_option("--format", o->format, "Input format (default: detected)")
        ->check(formatValidator(false));
    sub->add_flag("--strict", o->strict, "Count warnings as errors (such records are skipped)");
    addReadFlags(sub, o->read, "Print errors and the summary only");
    sub->callback([o, &action] { action = [o] { return runConvert(*o); }; });
});

}  // namespace
}  // namespace othello::cli
