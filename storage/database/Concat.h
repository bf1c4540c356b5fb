#pragma once
// Private to storage/: strings joined from parts, for messages and journal summaries.
#include <string>

namespace othello::storage {

// The parts appended in order. A fold instead of `"literal" + std::string + ...`: g++ 12 warns
// falsely of overlapping copies in chains of such temporaries (and -Werror makes it an error).
template <class... Parts>
std::string concat(const Parts&... parts) {
    std::string s;
    ((s += parts), ...);
    return s;
}

}  // namespace othello::storage
