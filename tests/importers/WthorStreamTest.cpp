// WTHOR read in record chunks (readStream, readFile): a large .wtb takes the memory of one
// chunk, and gives the same records, diagnostics and counts as the whole bytes read at once.
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>

#include "WthorTestSupport.h"
#include "importers/Reader.h"
#include "importers/WthorReader.h"

using namespace othello;
using namespace othello::importers;
using wthortest::fixture;
using wthortest::ScratchDir;

namespace {

// `games` records cycling through the 4 of good.wtb (a pass, an unfinished game, names), with
// the header declaring `declared` games and `tail` stray bytes (a partial record) after them.
std::string bigWtb(std::size_t games, std::uint32_t declared, std::size_t tail = 0) {
    const std::string good = wthortest::slurp(fixture("wthor/good.wtb"));
    REQUIRE(good.size() == kWthorHeaderSize + 4 * kWthorGameSize);
    std::string out = good.substr(0, kWthorHeaderSize);
    for (int k = 0; k < 4; ++k) out[4 + k] = static_cast<char>((declared >> (8 * k)) & 0xFF);
    out.reserve(kWthorHeaderSize + games * kWthorGameSize + tail);
    for (std::size_t i = 0; i < games; ++i)
        out.append(good, kWthorHeaderSize + (i % 4) * kWthorGameSize, kWthorGameSize);
    out.append(tail, '\x2C');
    return out;
}

void checkSame(const FileResult& a, const FileResult& b) {
    CHECK(a.readable == b.readable);
    CHECK(a.recordCount == b.recordCount);
    CHECK(a.errorRecords == b.errorRecords);
    CHECK(a.diagnosticsKept == b.diagnosticsKept);
    CHECK(a.diagnosticsDropped == b.diagnosticsDropped);
    REQUIRE(a.fileDiagnostics.size() == b.fileDiagnostics.size());
    for (std::size_t i = 0; i < a.fileDiagnostics.size(); ++i) {
        CHECK(a.fileDiagnostics[i].code == b.fileDiagnostics[i].code);
        CHECK(a.fileDiagnostics[i].message == b.fileDiagnostics[i].message);
    }
    REQUIRE(a.records.size() == b.records.size());
    std::size_t differ = 0;
    for (std::size_t i = 0; i < a.records.size(); ++i) {
        const GameRecord& x = a.records[i];
        const GameRecord& y = b.records[i];
        bool same =
            x.moves == y.moves && x.status == y.status && x.black == y.black &&
            x.white == y.white && x.event == y.event && x.year == y.year &&
            x.statedBlackDiscs == y.statedBlackDiscs && x.source.record == y.source.record &&
            x.source.byteOffset == y.source.byteOffset &&
            x.diagnostics.size() == y.diagnostics.size() &&
            x.wthor.has_value() == y.wthor.has_value() &&
            (!x.wthor || (x.wthor->bytes == y.wthor->bytes && x.wthor->header == y.wthor->header));
        for (std::size_t k = 0; same && k < x.diagnostics.size(); ++k)
            same = x.diagnostics[k].code == y.diagnostics[k].code &&
                   x.diagnostics[k].message == y.diagnostics[k].message;
        differ += !same;
    }
    CHECK(differ == 0);
}

}  // namespace

TEST_CASE("wthor stream: 200,000 records in small chunks read as the whole bytes") {
    const std::string bytes = bigWtb(200000, 200000);
    const FileResult whole = readTextAs("big.wtb", bytes, Format::Wthor, nullptr, {});
    REQUIRE(whole.recordCount == 200000);
    // 1000 bytes: 14 records a chunk, the header in the first.
    std::istringstream in(bytes);
    const FileResult chunked = readStream("big.wtb", in, Format::Wthor, {}, 1000);
    checkSame(chunked, whole);
    CHECK(chunked.format == Format::Wthor);
}

TEST_CASE("wthor stream: readFile streams a large .wtb with its names files") {
    ScratchDir dir;
    std::filesystem::copy_file(fixture("wthor/WTHOR.JOU"), dir.path() / "WTHOR.JOU");
    std::filesystem::copy_file(fixture("wthor/WTHOR.TRN"), dir.path() / "WTHOR.TRN");
    const std::string bytes = bigWtb(200000, 200000);
    const std::filesystem::path path = dir.path() / "WTH_2001.wtb";
    std::ofstream(path, std::ios::binary) << bytes;
    const WthorNames names = loadWthorNames(path, {}, {});
    const FileResult whole = readTextAs(path.string(), bytes, Format::Wthor, &names, {});
    // Records handed one by one: the reader holds one chunk, not the file's records.
    std::int64_t seen = 0, complete = 0;
    ReadOptions each;
    each.onRecord = [&](GameRecord&& g) {
        ++seen;
        complete += g.complete();
    };
    const FileResult streamed = readFile(path, each);
    CHECK(streamed.records.empty());
    CHECK(seen == 200000);
    CHECK(streamed.recordCount == whole.recordCount);
    CHECK(complete == std::count_if(whole.records.begin(), whole.records.end(),
                                    [](const GameRecord& g) { return g.complete(); }));
    checkSame(readFile(path), whole);
}

TEST_CASE("wthor stream: the header count and a partial record, chunk by chunk") {
    for (std::size_t block : {std::size_t{1}, std::size_t{100}, std::size_t{4096}}) {
        INFO("block " << block);
        // Declares 50, holds 37 and 30 bytes of another.
        const std::string bytes = bigWtb(37, 50, 30);
        const FileResult whole = readTextAs("c.wtb", bytes, Format::Wthor, nullptr, {});
        std::istringstream in(bytes);
        const FileResult chunked = readStream("c.wtb", in, Format::Wthor, {}, block);
        checkSame(chunked, whole);
        REQUIRE(!chunked.fileDiagnostics.empty());
        CHECK(chunked.fileDiagnostics[0].code == "count-mismatch");
        CHECK(chunked.records.back().diagnostics.at(0).code == "truncated-record");
        // A header alone, and fewer bytes than a header.
        for (std::size_t size : {kWthorHeaderSize, std::size_t{9}}) {
            const std::string cut = bytes.substr(0, size);
            std::istringstream s(cut);
            checkSame(readStream("c.wtb", s, Format::Wthor, {}, block),
                      readTextAs("c.wtb", cut, Format::Wthor, nullptr, {}));
        }
    }
}
