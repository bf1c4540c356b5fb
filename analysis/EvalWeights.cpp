// Reading, writing and finding the evaluation's weights file (format in EvalWeights.h).
#include "EvalWeights.h"

#include <array>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <system_error>

#include "PatternLayout.h"

namespace othello::analysis {
namespace {

constexpr char kMagic[8] = {'O', 'T', 'H', 'E', 'V', 'A', 'L', '\x1a'};
constexpr std::size_t kMaxDescription = 1 << 16;

void putU32(std::string& out, std::uint32_t v) {
    for (int i = 0; i < 4; ++i) out.push_back(static_cast<char>((v >> (8 * i)) & 0xFF));
}

// Reads the file's bytes one field at a time; every short read is "truncated".
struct Cursor {
    const std::string& bytes;
    const std::filesystem::path& path;
    std::size_t at = 0;

    void need(std::size_t n) const {
        if (bytes.size() - at < n)
            throw EvalWeightsError(path, "truncated (" + std::to_string(bytes.size()) +
                                             " bytes; more expected at byte " + std::to_string(at) +
                                             ")");
    }
    std::uint32_t u32() {
        need(4);
        std::uint32_t v = 0;
        for (int i = 0; i < 4; ++i)
            v |= static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[at + i])) << (8 * i);
        at += 4;
        return v;
    }
};

std::array<std::uint32_t, 256> makeCrcTable() {
    std::array<std::uint32_t, 256> t{};
    for (std::uint32_t i = 0; i < 256; ++i) {
        std::uint32_t c = i;
        for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
        t[i] = c;
    }
    return t;
}

}  // namespace

EvalWeightsError::EvalWeightsError(const std::filesystem::path& path, const std::string& reason)
    : std::runtime_error("evaluation weights " + path.string() + ": " + reason), path_(path) {}

std::uint32_t crc32(const void* data, std::size_t size, std::uint32_t crc) {
    static const auto table = makeCrcTable();
    const auto* p = static_cast<const unsigned char*>(data);
    crc = ~crc;
    for (std::size_t i = 0; i < size; ++i) crc = table[(crc ^ p[i]) & 0xFF] ^ (crc >> 8);
    return ~crc;
}

EvalWeights EvalWeights::empty() {
    const PatternLayout& layout = PatternLayout::get();
    EvalWeights w;
    w.layoutChecksum = layout.checksum();
    w.stages = kStageCount;
    w.weightsPerStage = layout.weightsPerStage();
    w.weights.assign(
        static_cast<std::size_t>(w.stages) * static_cast<std::size_t>(w.weightsPerStage), 0);
    return w;
}

EvalWeights EvalWeights::load(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::error_code ec;
    if (!in || std::filesystem::is_directory(path, ec)) {
        const bool exists = std::filesystem::exists(path, ec);
        throw EvalWeightsError(path, exists ? "cannot be read" : "no such file");
    }
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (in.bad()) throw EvalWeightsError(path, "read error");

    Cursor c{bytes, path};
    c.need(sizeof kMagic);
    if (std::memcmp(bytes.data(), kMagic, sizeof kMagic) != 0)
        throw EvalWeightsError(path, "not an evaluation weights file (bad magic)");
    c.at = sizeof kMagic;
    const std::uint32_t version = c.u32();
    if (version != kEvalWeightsFileFormat && version != 2)
        throw EvalWeightsError(path, "format version " + std::to_string(version) +
                                         ", this program reads versions 2 and " +
                                         std::to_string(kEvalWeightsFileFormat));
    EvalWeights w;
    w.layoutChecksum = c.u32();
    const std::uint32_t stages = c.u32(), perStage = c.u32(), units = c.u32();
    const std::uint32_t descriptionLength = c.u32();
    if (descriptionLength > kMaxDescription)
        throw EvalWeightsError(path, "corrupt header (description of " +
                                         std::to_string(descriptionLength) + " bytes)");
    c.need(descriptionLength);
    w.description = bytes.substr(c.at, descriptionLength);
    c.at += descriptionLength;

    const PatternLayout& layout = PatternLayout::get();
    const auto otherLayout = [&] {
        return EvalWeightsError(path, "made for another pattern layout (checksum " +
                                          std::to_string(w.layoutChecksum) + ", expected " +
                                          std::to_string(layout.checksum()) + ")");
    };
    // Before decoding: zero runs expand, and a damaged count must not size the vector.
    if (static_cast<int>(perStage) != layout.weightsPerStage() ||
        static_cast<int>(stages) != kStageCount)
        throw otherLayout();
    const std::size_t count = static_cast<std::size_t>(stages) * perStage;
    std::vector<std::int16_t> weights;
    weights.reserve(count);
    const auto i16 = [&c] {
        c.need(2);
        const auto lo = static_cast<unsigned char>(c.bytes[c.at]);
        const auto hi = static_cast<unsigned char>(c.bytes[c.at + 1]);
        c.at += 2;
        return static_cast<std::int16_t>(static_cast<std::uint16_t>(lo | (hi << 8)));
    };
    while (weights.size() < count) {
        const std::int16_t v = i16();
        std::size_t run = 1;
        if (version == kEvalWeightsFileFormat && v == 0) {
            run = static_cast<std::uint16_t>(i16());
            if (run == 0 || run > count - weights.size())
                throw EvalWeightsError(path, "corrupt zero run at byte " + std::to_string(c.at));
        }
        weights.insert(weights.end(), run, v);
    }
    c.need(4);
    if (bytes.size() != c.at + 4)
        throw EvalWeightsError(path, "size " + std::to_string(bytes.size()) + " bytes, expected " +
                                         std::to_string(c.at + 4));
    const std::size_t crcAt = c.at;
    Cursor tail{bytes, path, crcAt};
    const std::uint32_t stored = tail.u32();
    if (crc32(bytes.data(), crcAt) != stored)
        throw EvalWeightsError(path, "CRC mismatch: the file is damaged");
    // The CRC holds: a mismatch below is a file made for another program, not damage.
    if (w.layoutChecksum != layout.checksum()) throw otherLayout();
    if (units != static_cast<std::uint32_t>(kEvalUnitsPerDisc))
        throw EvalWeightsError(path, "weights in 1/" + std::to_string(units) +
                                         " disc, expected 1/" + std::to_string(kEvalUnitsPerDisc));
    w.stages = static_cast<int>(stages);
    w.weightsPerStage = static_cast<int>(perStage);
    w.weights = std::move(weights);
    return w;
}

void EvalWeights::save(const std::filesystem::path& path) const {
    std::string out(kMagic, sizeof kMagic);
    putU32(out, kEvalWeightsFileFormat);
    putU32(out, layoutChecksum);
    putU32(out, static_cast<std::uint32_t>(stages));
    putU32(out, static_cast<std::uint32_t>(weightsPerStage));
    putU32(out, static_cast<std::uint32_t>(kEvalUnitsPerDisc));
    putU32(out, static_cast<std::uint32_t>(description.size()));
    out += description;
    const auto putI16 = [&out](std::uint16_t u) {
        out.push_back(static_cast<char>(u & 0xFF));
        out.push_back(static_cast<char>(u >> 8));
    };
    for (std::size_t i = 0; i < weights.size();) {
        putI16(static_cast<std::uint16_t>(weights[i]));
        if (weights[i] != 0) {
            ++i;
            continue;
        }
        std::size_t run = 1;
        while (run < 65535 && i + run < weights.size() && weights[i + run] == 0) ++run;
        putI16(static_cast<std::uint16_t>(run));
        i += run;
    }
    putU32(out, crc32(out.data(), out.size()));

    std::filesystem::path tmp = path;
    tmp += ".tmp";
    {
        std::ofstream f(tmp, std::ios::binary | std::ios::trunc);
        if (!f) throw EvalWeightsError(tmp, "cannot be written");
        f.write(out.data(), static_cast<std::streamsize>(out.size()));
        if (!f.flush()) throw EvalWeightsError(tmp, "write error");
    }
    std::error_code ec;
    std::filesystem::rename(tmp, path, ec);
    if (ec) throw EvalWeightsError(path, "cannot be replaced: " + ec.message());
}

std::filesystem::path findWeightsFile() {
    namespace fs = std::filesystem;
    std::error_code ec;
    if (const char* env = std::getenv("OTHELLO_EVAL_WEIGHTS"); env && *env) {
        if (!fs::is_regular_file(env, ec))
            throw EvalWeightsError(env, "no such file (named by OTHELLO_EVAL_WEIGHTS)");
        return env;
    }
    std::vector<fs::path> tried;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (!ec) {
        fs::path dir = exe.parent_path();
        tried.push_back(dir / kEvalWeightsFileName);
        for (int up = 0; up < 4 && !dir.empty(); ++up) {
            tried.push_back(dir / "share" / "othello-db" / kEvalWeightsFileName);
            if (dir == dir.parent_path()) break;
            dir = dir.parent_path();
        }
    }
#ifdef OTHELLO_EVAL_WEIGHTS_BUILD
    tried.emplace_back(OTHELLO_EVAL_WEIGHTS_BUILD);
#endif
#ifdef OTHELLO_EVAL_WEIGHTS_SOURCE
    tried.emplace_back(OTHELLO_EVAL_WEIGHTS_SOURCE);
#endif
    std::string list;
    for (const fs::path& p : tried) {
        if (fs::is_regular_file(p, ec)) return p;
        list += (list.empty() ? "" : ", ") + p.string();
    }
    throw EvalWeightsError(kEvalWeightsFileName,
                           "not found (set OTHELLO_EVAL_WEIGHTS; looked in " + list + ")");
}

}  // namespace othello::analysis
