#pragma once
// A pattern search as a user types it, read one way for every front end: `othello-db search
// --pattern P [--no-symmetry] [--ply A-B]` (ui/cli/SearchStatsCommands.cpp) and /api/search's
// pattern, symmetry and ply parameters (web/Api.h). The messages name the fields through the
// front end's spelling (storage/query/FilterText.h), so the CLI says "--ply: ..." and the API
// "ply: ...".
#include <string>

#include "storage/patterns/PatternSearch.h"
#include "storage/query/FilterText.h"

namespace othello::storage {

struct PatternText {
    std::string pattern;  // core/Pattern.h grammar: a 64-square mask or a list, same(a,b)
    bool symmetry = true;  // under the 8 symmetries
    std::string ply;       // "A-B" or "A" (plies from 0), "" for every ply
};

struct PatternRequest {
    PatternQuery query;
    std::string pattern;  // the pattern as core::Pattern::toString writes it back
};

// The query of `t`. Throws FilterError naming the field: for a pattern that does not parse
// ("pattern: column 7: ...", the parser's message naming the column), for a ply that is not
// A-B or A with 0 <= A <= B <= 999.
PatternRequest readPatternText(const PatternText& t, const FieldSpelling& spell);

}  // namespace othello::storage
