#pragma once
// A JSON document of games, pretty-printed or not, read as one document:
//
//     [                                  [
//       "f5d6c3d3c4f4",                    { "moves": "f5 d6 c3", "black": "Tamenori",
//       "f5f6e6f4e3c5c4",                    "white": "Shaman", "result": "40-24" },
//       ...                                 ...
//     ]                                  ]
//
// The top-level array's elements are games as a JSON move line holds them (MoveListReader.h):
// a string of moves, an array of moves, or an object with "moves" and optional "black",
// "white", "event", "date", "result". An array whose elements are all single moves
// (["f5", "d6", ...]) is one game, as on one line. A top-level object is one game.
//
// Streamed: the elements are cut out of the text as it comes (strings and nesting followed),
// each parsed alone, so memory is that of one element whatever the size of the file, and an
// element that is no valid JSON or no game is an error record located at its line while the
// others are read. Records are located at the line where their element starts. An element past
// kMaxRecordBytes is the error "record-too-large"; a document cut short (the file ends inside
// it) is the file warning "json-cut-short", marked damage; text after the document, the warning
// "trailing-text".
#include <istream>
#include <string>
#include <string_view>

#include "ReadTypes.h"

namespace othello::importers {

// True when `head` starts (blank lines aside) a JSON document that is not one JSON move line:
// '[' or '{' whose first line is not a whole JSON value (a pretty-printed document), or a
// '[' followed by a string, object or array.
bool looksLikeJsonDocument(std::string_view head);

// Reads the document from `in` (from its first byte) into `out`.
void readJsonDocument(const std::string& name, std::istream& in, const ReadOptions& options,
                      FileResult& out);

}  // namespace othello::importers
