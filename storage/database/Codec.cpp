// Compact encodings of games in the database and the canonical form with its stabilizer.
#include <cstring>
#include <optional>

#include "storage/ArchiveImpl.h"
#include "storage/database/GameColumns.h"

namespace othello::storage {
namespace {

constexpr std::uint64_t mix(std::uint64_t x) {
    return core::mixBits(x);
}

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
    for (int m : moves) {
        if (core::isLineMove(m)) {
            out += static_cast<char>(128 + core::lineEnd(m));
            out += static_cast<char>(core::moveSquare(m));
        } else {
            out += static_cast<char>(m == core::kPass ? 64 : m);
        }
    }
    return out;
}

std::vector<int> decodeMoves(const void* data, int size) {
    std::vector<int> moves;
    const auto* p = static_cast<const unsigned char*>(data);
    moves.reserve(static_cast<std::size_t>(size));
    for (int i = 0; i < size; ++i) {
        if (p[i] >= 128 && p[i] < 192 && i + 1 < size && p[i + 1] < 64) {
            moves.push_back(core::lineMove(p[i + 1], p[i] - 128));
            ++i;
        } else {
            moves.push_back(p[i] >= 64 ? core::kPass : p[i]);
        }
    }
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

bool playedAsOthello(const core::Rules& r) {
    return r.flipping == core::Flipping::AllLines && r.scoring == core::Scoring::EmptiesToWinner &&
           (r.start == core::Start::Cross || r.start == core::Start::MirroredCross ||
            r.start == core::Start::AnyPosition);
}

core::Rules keyRules(const core::Rules& r) {
    core::Rules k;
    k.flipping = r.flipping;
    k.scoring = r.scoring;
    if (r.start == core::Start::Placements) {
        k.start = core::Start::Placements;
        k.firstToMove = r.firstToMove;
    }
    return k;
}

std::int64_t startKey(const core::Position& start, const core::Rules& rules) {
    std::uint64_t h =
        mix(start.black() ^ mix(start.white() + 1 + static_cast<int>(start.toMove())));
    const core::Rules keyed = keyRules(rules);
    if (!keyed.isOthello()) {
        // The code's bytes, folded in as FieldHash does below (order matters, so does length).
        const std::string code = core::rulesCode(keyed);
        h = mix(h ^ (code.size() + 0x9e3779b97f4a7c15ULL));
        for (const char c : code) h = mix(h ^ (static_cast<unsigned char>(c) + 0x51ULL));
    }
    return static_cast<std::int64_t>(h);
}

std::int64_t movesKey(const core::Position& start, const std::vector<int>& moves) {
    return movesKey(start, moves, core::othelloRules());
}

std::int64_t movesKey(const core::Position& start, const std::vector<int>& moves,
                      const core::Rules& rules) {
    std::int64_t key = startKey(start, rules);
    for (int m : moves) key = extendMovesKey(key, m);
    return key;
}

std::int64_t extendMovesKey(std::int64_t key, int move) {
    return static_cast<std::int64_t>(
        mix(static_cast<std::uint64_t>(key) ^
            (static_cast<std::uint64_t>(move) + 0x9e3779b97f4a7c15ULL)));
}

int resultBlack(const importers::GameRecord& r) {
    // Under disc scoring the score is the discs as they stand (34-29): on the 64-disc scale
    // the empties go to the winner (35), so that a win, a draw and the margin read as Othello's.
    if (r.complete() && r.rules.scoring == core::Scoring::Discs)
        return core::scoreWithEmpties(r.score.black, r.score.white,
                                      64 - r.score.black - r.score.white)
            .black;
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

namespace {

// Absorbs fields into a 64-bit hash, each with its length (or presence), so that moving text
// from one field to the next changes the hash. Byte by byte, so the hash does not depend on
// the machine.
class FieldHash {
  public:
    void add(std::uint64_t v) { h_ = mix(h_ ^ (v + 0x9e3779b97f4a7c15ULL)); }
    void add(const std::string& s) {
        add(s.size());
        std::uint64_t word = 0;
        int n = 0;
        for (const char c : s) {
            word = word << 8 | static_cast<unsigned char>(c);
            if (++n == 8) {
                add(word);
                word = 0;
                n = 0;
            }
        }
        if (n) add(word);
    }
    template <typename T>
    void add(const std::optional<T>& v) {
        add(std::uint64_t{v.has_value()});
        if (v) add(static_cast<std::uint64_t>(static_cast<std::int64_t>(*v)));
    }
    std::int64_t value() const { return static_cast<std::int64_t>(h_); }

  private:
    std::uint64_t h_ = 0x6a09e667f3bcc908ULL;
};

}  // namespace

std::int64_t recordHash(const importers::GameRecord& r) {
    return recordHash(r, movesKey(r.start, r.moves, r.rules));
}

std::int64_t recordHash(const importers::GameRecord& r, std::int64_t key) {
    FieldHash h;
    h.add(static_cast<std::uint64_t>(key));
    // Only what a games row keeps, as it keeps it (GameColumns), so that a migration computes
    // the same hash from a stored game as the import from its record: the variant as stored
    // (TY[8] is plain Othello, stored as none); the stated result as written (the winner and
    // disc difference read from it are not stored apart).
    const std::string variant = GameColumns::variantText(r.variant).value_or(std::string());
    for (const std::string* s : {&r.black, &r.white, &r.event, &r.round, &r.date, &r.place,
                                 &r.statedResult, &r.gameId, &variant})
        h.add(*s);
    h.add(static_cast<std::uint64_t>(r.year));
    h.add(r.statedBlackDiscs);
    h.add(r.theoreticalScore);
    h.add(r.theoreticalDepth);
    // Komi is a fraction: scaled, so the hash stays an integer function.
    h.add(r.variant.komi
              ? std::optional<std::int64_t>(static_cast<std::int64_t>(*r.variant.komi * 1000.0))
              : std::nullopt);
    // A WTHOR file with no name files beside it gives every game empty names: its raw player
    // and tournament numbers are what tell two games of the same moves apart. (With names they
    // add nothing, and a stored row does not keep them.)
    const bool nameless = r.black.empty() && r.white.empty();
    h.add(std::optional<std::uint64_t>(
        r.wthor && nameless ? std::optional<std::uint64_t>(std::uint64_t{r.wthor->blackId} << 32 |
                                                           std::uint64_t{r.wthor->whiteId} << 16 |
                                                           r.wthor->tournamentId)
                            : std::nullopt));
    return h.value();
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
