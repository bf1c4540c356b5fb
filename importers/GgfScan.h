#pragma once
// The syntax of one GGF game (GgfReader.h): its properties as written, and the damage a broken
// game survives. GgfReader interprets them; split from it so each file holds one concern.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace othello::importers::ggf {

struct Property {
    std::string_view key;
    std::string value;       // "\\]" read as ']'
    std::size_t offset = 0;  // of the key
};

// The properties of one game, as written: what GgfReader interprets.
struct GgfScan {
    std::vector<Property> props;
    std::size_t end = 0;  // offset after the game (or where reading stopped)
    std::string error;    // a syntax error that rejects the record
    std::size_t errorAt = 0;
    bool errorDamage = false;  // the error is a construct never closed or a record too large
    // Damage the record survives: a value whose ']' is missing before another header property
    // (split there) or before ";)" (cut there), a game never closed.
    struct Repair {
        std::size_t at;
        std::string code;
        std::string message;
    };
    std::vector<Repair> repairs;
    bool split = false;     // a value was split at a header property
    std::string splitNote;  // the first one: "PB[...] holds PW["
};

// True for the properties that start a game's header (PB PW PC DT RB RW TI TY RE BO GM EV RO
// TS KM).
bool isHeaderKey(std::string_view k);

// Reads the properties of the game at `start` ("(;"). With `splitAtKeys`, a header property
// (isHeaderKey) that begins inside a value, after a character that is not an upper-case
// letter, ends that value: its ']' is taken as missing.
GgfScan scanGame(std::string_view text, std::size_t start, bool splitAtKeys);

}  // namespace othello::importers::ggf
