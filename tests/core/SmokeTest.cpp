#include <catch2/catch.hpp>

#include "core/Perft.h"

using namespace othello::core;

TEST_CASE("perft smoke") { CHECK(perft(Position::start(), 4) == 244); }
