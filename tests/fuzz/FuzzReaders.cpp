#include "FuzzReaders.h"

#include <cstdio>
#include <cstdlib>
#include <string>

#include "core/Replay.h"
#include "importers/FormatTable.h"
#include "importers/GgfReader.h"
#include "importers/GgfWriter.h"
#include "importers/Reader.h"
#include "importers/WthorReader.h"

namespace othello::fuzz {

namespace {

using namespace othello::importers;

[[noreturn]] void fail(const char* what, const GameRecord& g) {
    std::fprintf(stderr, "fuzz check failed: %s (record %s, status %s)\n", what,
                 g.source.describe().c_str(), statusName(g.status));
    std::abort();
}

void checkRecords(const FileResult& r) {
    for (const GameRecord& g : r.records) {
        if (g.status == GameStatus::Error) {
            bool said = false;
            for (const Diagnostic& d : g.diagnostics) said = said || d.severity == Severity::Error;
            // Past the file's diagnostic limit (ReadLimits.h) a record keeps none.
            if (!said && r.diagnosticsDropped == 0)
                fail("an error record without an error diagnostic", g);
            continue;
        }
        const core::ReplayResult replay = core::replay(g.start, g.moves);
        if (replay.error) fail("a good record whose moves do not replay", g);
        if (replay.over != g.complete()) fail("complete does not match the replay", g);
        if (g.complete() && replay.score() != g.score) fail("score does not match the replay", g);
    }
}

// GGF: what the writer prints reads back to the same games.
void checkGgfRoundTrip(const FileResult& r) {
    FileResult back;
    readGgf("fuzz-back.ggf", writeGgf(r.records), {}, back);
    std::size_t j = 0;
    for (const GameRecord& g : r.records) {
        if (!g.ok()) continue;
        if (j >= back.records.size()) fail("GGF write-back lost a game", g);
        const GameRecord& h = back.records[j++];
        if (h.moves != g.moves || h.start != g.start || h.status != g.status)
            fail("GGF write-back changed a game", g);
    }
    if (j != back.records.size()) std::abort();
}

}  // namespace

std::vector<std::string> readerNames() {
    std::vector<std::string> names;
    for (const FormatInfo& row : formatTable())
        if (row.format != Format::Auto) names.emplace_back(row.name);
    names.emplace_back("auto");
    return names;
}

bool runReader(std::string_view reader, const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    ReadOptions options;
    if (reader == "wthor") {
        // The names files share the header layout: parse the input as one too.
        std::vector<std::string> names;
        parseWthorNames(text, kWthorPlayerSize, names);
        WthorNames wn;
        wn.players = names;
        wn.havePlayers = true;
        parseWthorNames(text, kWthorTournamentSize, wn.tournaments);
        wn.haveTournaments = true;
        (void)looksLikeWthor(text, size);
        const FileResult r = readWthorBytes("fuzz.wtb", text, &wn, options);
        checkRecords(r);
        return true;
    }
    if (reader == "ggf") {
        FileResult r;
        (void)looksLikeGgf(text);
        readGgf("fuzz.ggf", text, options, r);
        checkRecords(r);
        checkGgfRoundTrip(r);
        return true;
    }
    if (reader == "auto")
        options.format = Format::Auto;
    else if (const auto f = parseFormat(std::string(reader)); f && *f != Format::Auto)
        options.format = *f;
    else
        return false;
    checkRecords(readText("fuzz-input", text, options));
    return true;
}

}  // namespace othello::fuzz
