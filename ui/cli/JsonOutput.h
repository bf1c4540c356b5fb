#pragma once
// JSON output of othello-db that never fails and never loses a byte.
//
// File names and names read from records may hold bytes that are not valid UTF-8, which JSON
// strings cannot carry. The convention, for every `--json` output (and the API of `serve`,
// which writes with the same code, storage/query/ArchiveJson.h): such a string member "KEY" holds
// the text with each invalid byte replaced by U+FFFD, and a sibling member "KEY_bytes" holds
// the exact bytes as lower-case hexadecimal (two digits per byte). The sibling is present only
// when the value is not valid UTF-8, so any JSON parser reads every output, and a program
// wanting the exact name (to open the file) decodes KEY_bytes when it is there. (Strings
// inside arrays get the replacement only; the program puts no names there.) The JSON forms of
// archive results (games, search rows, statistics, events) are storage/query/ArchiveJson.h's.
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "importers/Diagnostic.h"

namespace othello::cli {

// `j` with every string member that is not valid UTF-8 replaced and given its KEY_bytes
// sibling (recursively), dumped on one line.
std::string jsonText(nlohmann::json j);
// Prints jsonText(j) and a newline on standard output.
void printJson(const nlohmann::json& j);

// The one JSON form of a diagnostic, in every command (check, import, convert, analyze):
// {severity, source, path, line, column, record?, byte_offset?, move_number, square, code,
// message, damage?}; line, column, move_number and square are null when unknown.
nlohmann::json diagnosticJson(const importers::Diagnostic& d);
// The one JSON form of a move list: an array of lowercase squares, passes omitted (their
// count goes beside it, see passCount).
nlohmann::json movesJson(const std::vector<int>& moves);
int passCount(const std::vector<int>& moves);

}  // namespace othello::cli
