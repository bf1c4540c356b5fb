// Games typed by a user (othello-db add / edit, the viewer's editor): replayed and checked
// like a record read from a file, with messages for a person at a keyboard.
#include <cctype>

#include "core/Notation.h"
#include "importers/GameResult.h"
#include "importers/ReaderUtil.h"
#include "importers/RecordReplay.h"
#include "importers/StatedResult.h"
#include "storage/curation/GameEditor.h"

namespace othello::storage {

void replayEntered(importers::GameRecord& r, const std::vector<int>& tokens) {
    r.moves.clear();
    r.diagnostics.clear();
    r.status = importers::GameStatus::Error;
    int failed = -1;
    if (importers::replayRecord(r, tokens, importers::SourceLocation{}, &failed)) {
        r.diagnostics.clear();
        return;
    }
    std::string why = "illegal move";
    for (const auto& d : r.diagnostics)
        if (d.severity == importers::Severity::Error) why = d.message;
    // The reader's message names the move number, square and colour ("move 2 (f5, white):
    // square is occupied"); the ply locates it among passes too.
    throw EditError("ply " + std::to_string(failed + 1) + ": " + why);
}

void checkEnteredResult(const importers::GameRecord& r) {
    if (importers::compareStatedResult(r) != importers::StatedResultCheck::Mismatch) return;
    importers::GameRecord replayed = r;
    replayed.statedBlackDiscs.reset();
    replayed.statedWinner.reset();
    replayed.statedDiscDiff.reset();
    replayed.statedResult.clear();
    throw EditError(
        "the result " + (r.statedResult.empty() ? std::string("stated") : r.statedResult) +
        " disagrees with the moves: the game ends " + importers::GameResult::of(replayed).text());
}

void setEnteredResult(importers::GameRecord& r, const std::string& text) {
    r.statedBlackDiscs.reset();
    r.statedWinner.reset();
    r.statedDiscDiff.reset();
    r.statedResult.clear();
    const std::string t = trimmedName(text);
    if (t.empty() || t == "*") return;
    if (!importers::parseStatedResult(r, t))
        throw EditError("not a result: \"" + t +
                        "\" (expected a score such as 33-31, Black's discs first, or 1-0, 0-1, "
                        "1/2-1/2, or * for none)");
}

void setEnteredDate(importers::GameRecord& r, const std::string& text) {
    const std::string t = trimmedName(text);
    const auto digits = [&t](std::size_t from, std::size_t n) {
        for (std::size_t i = from; i < from + n; ++i)
            if (!std::isdigit(static_cast<unsigned char>(t[i]))) return false;
        return true;
    };
    const bool ok = t.empty() || (t.size() == 4 && digits(0, 4)) ||
                    (t.size() == 7 && digits(0, 4) && t[4] == '-' && digits(5, 2)) ||
                    (t.size() == 10 && digits(0, 4) && t[4] == '-' && digits(5, 2) && t[7] == '-' &&
                     digits(8, 2));
    if (!ok) throw EditError("not a date: \"" + t + "\" (expected YYYY, YYYY-MM or YYYY-MM-DD)");
    if (t.size() >= 7) {
        const int month = std::stoi(t.substr(5, 2));
        if (month < 1 || month > 12) throw EditError("not a date: \"" + t + "\" (month 01..12)");
    }
    if (t.size() == 10) {
        static const char* const kMonths[] = {"January", "February", "March",     "April",
                                              "May",     "June",     "July",      "August",
                                              "September", "October", "November", "December"};
        const int year = std::stoi(t.substr(0, 4)), month = std::stoi(t.substr(5, 2));
        const int day = std::stoi(t.substr(8, 2)), days = importers::text::daysInMonth(year, month);
        if (day < 1 || day > days)
            throw EditError("not a date: \"" + t + "\" (" + kMonths[month - 1] + " " +
                            std::to_string(year) + " has " + std::to_string(days) + " days)");
    }
    r.date = t;
    r.year = t.empty() ? 0 : std::stoi(t.substr(0, 4));
}

importers::GameRecord enteredGame(const core::Position& start, const std::vector<int>& moves,
                                  const GameHeaders& headers) {
    // Othello's rules fitted to the start, as an imported record's (a cross with one colour's
    // corners added is a handicap).
    return enteredGame(core::fitStart(core::othelloRules(), start), start, moves, headers);
}

importers::GameRecord enteredGame(const core::Rules& rules,
                                  const std::optional<core::Position>& given,
                                  const std::vector<int>& moves, const GameHeaders& headers) {
    importers::GameRecord r;
    const std::optional<core::Position> own = core::rulesStart(rules);
    if (!given && !own)
        throw EditError("the rules " + core::rulesCode(rules) + " need a start position");
    const core::Position start = given ? *given : *own;
    r.rules = given ? core::fitStart(rules, start) : rules;
    r.start = start;
    r.standardStart = start == core::Position::start();
    r.format = importers::Format::Moves;
    const auto name = [](const std::optional<std::string>& v) {
        const std::string t = v ? trimmedName(*v) : std::string();
        return t.empty() ? std::string("?") : t;
    };
    r.black = name(headers.black);
    r.white = name(headers.white);
    r.event = headers.event ? trimmedName(*headers.event) : "";
    r.round = headers.round ? trimmedName(*headers.round) : "";
    r.place = headers.place ? trimmedName(*headers.place) : "";
    if (headers.date) setEnteredDate(r, *headers.date);
    replayEntered(r, moves);
    if (headers.result) setEnteredResult(r, *headers.result);
    checkEnteredResult(r);
    return r;
}

}  // namespace othello::storage
