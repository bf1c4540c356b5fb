// Compact encodings of games in the database and the canonical form with its stabilizer.
#include <cstring>

#include "ArchiveImpl.h"

namespace othello::storage {
namespace {

constexpr std::uint64_t mix(std::uint64_t x) { return core::mixBits(x); }

void putU64(std::string& out, std::uint64_t v) {
    for (int i = 0; i < 8; ++i) out += static_cast<char>((v >> (8 * i)) & 0xFF);
}

std::uint64_t getU64(const unsigned char* p) {
    std::uint64_t v = 0;
    for (int i = 7; i >= 0; --i) v = (v << 8) | p[i];
    return v;
}

}  // namespace

std::string encodeMoves(const std::vector<int>& moves) {
    std::string out;
    out.reserve(moves.size());
    for (int m : moves) out += static_cast<char>(m == core::kPass ? 64 : m);
    return out;
}

std::vector<int> decodeMoves(const void* data, int size) {
    std::vector<int> moves;
    const auto* p = static_cast<const unsigned char*>(data);
    moves.reserve(static_cast<std::size_t>(size));
    for (int i = 0; i < size; ++i) moves.push_back(p[i] >= 64 ? core::kPass : p[i]);
    return moves;
}

std::string encodeStart(const core::Position& p) {
    std::string out;
    putU64(out, p.black());
    putU64(out, p.white());
    out += static_cast<char>(p.toMove() == core::Color::Black ? 0 : 1);
    return out;
}

core::Position decodeStart(const void* data, int size) {
    if (!data || size < 17) return core::Position::start();
    const auto* p = static_cast<const unsigned char*>(data);
    return core::Position(getU64(p), getU64(p + 8),
                          p[16] ? core::Color::White : core::Color::Black);
}

std::int64_t movesKey(const core::Position& start, const std::vector<int>& moves) {
    std::uint64_t h =
        mix(start.black() ^ mix(start.white() + 1 + static_cast<int>(start.toMove())));
    std::int64_t key = static_cast<std::int64_t>(h);
    for (int m : moves) key = extendMovesKey(key, m);
    return key;
}

std::int64_t extendMovesKey(std::int64_t key, int move) {
    return static_cast<std::int64_t>(
        mix(static_cast<std::uint64_t>(key) ^
            (static_cast<std::uint64_t>(move) + 0x9e3779b97f4a7c15ULL)));
}

int resultBlack(const importers::GameRecord& r) {
    if (r.complete()) return r.score.black;
    if (r.statedBlackDiscs && *r.statedBlackDiscs >= 0 && *r.statedBlackDiscs <= 64)
        return *r.statedBlackDiscs;
    const int empties = 64 - r.score.black - r.score.white;
    return core::scoreWithEmpties(r.score.black, r.score.white, empties).black;
}

bool resultKnown(const importers::GameRecord& r) {
    return r.complete() ||
           (r.statedBlackDiscs && *r.statedBlackDiscs >= 0 && *r.statedBlackDiscs <= 64);
}

CanonicalForm canonicalForm(const core::Position& p) {
    CanonicalForm best{p, core::kIdentity, 1};
    for (core::Symmetry s = 1; s < core::kSymmetryCount; ++s) {
        const core::Bitboard b = core::transformBitboard(p.black(), s);
        const core::Bitboard w = core::transformBitboard(p.white(), s);
        const core::Bitboard bb = best.position.black(), bw = best.position.white();
        if (b < bb || (b == bb && w < bw)) {
            best = {core::Position(b, w, p.toMove()), s, 0};
        }
    }
    // The symmetries t with T_t(canonical) == canonical.
    std::uint8_t stab = 0;
    for (core::Symmetry t = 0; t < core::kSymmetryCount; ++t) {
        if (core::transformBitboard(best.position.black(), t) == best.position.black() &&
            core::transformBitboard(best.position.white(), t) == best.position.white())
            stab = static_cast<std::uint8_t>(stab | (1u << t));
    }
    best.stabilizer = stab;
    return best;
}

}  // namespace othello::storage
