// Terminal escaping and exact JSON strings of text from outside (file and player names).
#include <catch2/catch.hpp>

#include <fmt/core.h>

#include "importers/TextEscape.h"

using namespace othello::importers::text;

TEST_CASE("escapeForTerminal shows control characters and bad bytes, keeps UTF-8",
          "[output][escape]") {
    CHECK(escapeForTerminal("Dupré Hélène") == "Dupré Hélène");
    CHECK(escapeForTerminal("a\\b") == "a\\b");
    CHECK(escapeForTerminal("\x1b[31mred\nline\r\tx") == "\\x1B[31mred\\nline\\r\\tx");
    CHECK(escapeForTerminal(std::string("nul\0.", 5)) == "nul\\x00.");
    CHECK(escapeForTerminal("del\x7f") == "del\\x7F");
    CHECK(escapeForTerminal("bad\xff.pgn") == "bad\\xFF.pgn");
    // A lone continuation byte, a truncated sequence, an overlong '/', a surrogate.
    CHECK(escapeForTerminal("\x80") == "\\x80");
    CHECK(escapeForTerminal("\xc3") == "\\xC3");
    CHECK(escapeForTerminal("\xc0\xaf") == "\\xC0\\xAF");
    CHECK(escapeForTerminal("\xed\xa0\x80") == "\\xED\\xA0\\x80");
    // C1 CSI (U+009B) and a right-to-left override are shown, not obeyed.
    CHECK(escapeForTerminal("\xc2\x9b"
                            "31m") == "\\u{009B}31m");
    CHECK(escapeForTerminal("a\xe2\x80\xae"
                            "b") == "a\\u{202E}b");
    CHECK(escapeForTerminal("€ 𝄞") == "€ 𝄞");
}

TEST_CASE("invalid UTF-8 is replaced for JSON, and hex keeps the exact bytes", "[output][escape]") {
    CHECK(isUtf8("Müller"));
    CHECK(!isUtf8("M\xfcller"));
    CHECK(!isUtf8("\xed\xa0\x80"));
    CHECK(utf8WithReplacements("Müller") == "Müller");
    CHECK(utf8WithReplacements("M\xfcller") == "M\xef\xbf\xbdller");
    CHECK(isUtf8(utf8WithReplacements("\xff\xfe\xc3")));
    const std::string raw("x\xff\x00\x1b/", 5);
    CHECK(hexBytes(raw) == "78ff001b2f");
    std::string back;
    REQUIRE(bytesFromHex(hexBytes(raw), back));
    CHECK(back == raw);
    CHECK(!bytesFromHex("abc", back));
    CHECK(!bytesFromHex("zz", back));
}

TEST_CASE("shortenText cuts whole characters", "[output][escape]") {
    CHECK(shortenText("Hélène", 10) == "Hélène");
    CHECK(shortenText("Hélène", 6) == "Hélène");
    CHECK(shortenText("Hélène", 5) == "Hélè~");
    CHECK(shortenText("ééééé", 3) == "éé~");
    // Wide characters take two columns, as fmt pads them: a shortened Japanese name lines up
    // (it was cut by code points and overflowed its column).
    CHECK(displayWidth("虎定石") == 6);
    CHECK(shortenText("虎定石", 6) == "虎定石");
    CHECK(shortenText("虎定石", 5) == "虎定~");
    CHECK(shortenText("Rose ローズ", 8) == "Rose ロ~");
    CHECK(shortenText("ローズ", 2) == "~");
    CHECK(fmt::format("{:<6}|", shortenText("ローズビル", 6)) == "ロー~ |");
    CHECK(shortenText("abc", 0).empty());
}
