// Tournament identity and the tournament-or-collection rule (see Tournament.h).
#include "storage/tournaments/Tournament.h"

#include <algorithm>
#include <cctype>

#include "importers/GameResult.h"
#include "storage/Archive.h"

namespace othello::storage {

namespace {

bool isDigit(char c) {
    return c >= '0' && c <= '9';
}

// Trailing spaces and the separators that may stand before a year: " - ", ", ", "(".
std::string trimSeparators(std::string s) {
    while (!s.empty() && (s.back() == ' ' || s.back() == '-' || s.back() == ',' ||
                          s.back() == '(' || s.back() == '\t'))
        s.pop_back();
    return s;
}

bool startsWith(const std::string& s, const char* prefix) {
    return s.rfind(prefix, 0) == 0;
}

}  // namespace

EventName splitEventYear(const std::string& name) {
    std::string s = name;
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.pop_back();
    const bool paren = !s.empty() && s.back() == ')';
    if (paren) s.pop_back();
    // Four digits, with no digit before them: "Open 12021" is not a year.
    if (s.size() < 5) return {name, 0};
    const std::size_t at = s.size() - 4;
    for (std::size_t i = at; i < s.size(); ++i)
        if (!isDigit(s[i])) return {name, 0};
    const char before = s[at - 1];
    if (isDigit(before) || std::isalpha(static_cast<unsigned char>(before))) return {name, 0};
    if (paren && before != '(') return {name, 0};
    const int year = std::stoi(s.substr(at));
    if (year < 1900 || year > 2999) return {name, 0};
    std::string base = trimSeparators(s.substr(0, at));
    if (base.empty()) return {name, 0};  // a name that is only a year stays a name
    return {base, year};
}

int tournamentYear(int gameYear, const EventName& event) {
    const int y = gameYear != 0 ? gameYear : event.year;
    return y >= 0 && y < kTournamentIdYears ? y : 0;
}

std::int64_t tournamentId(std::int64_t eventId, int year) {
    return eventId * kTournamentIdYears + year;
}

std::int64_t tournamentEventId(std::int64_t id) {
    return id / kTournamentIdYears;
}

int tournamentIdYear(std::int64_t id) {
    return static_cast<int>(id % kTournamentIdYears);
}

bool isByeName(const std::string& name) {
    std::string letters;
    for (const char c : name)
        if (std::isalpha(static_cast<unsigned char>(c)))
            letters.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
        else if (c != ' ' && c != '-' && c != '(' && c != ')' && c != '_' && c != '*')
            return false;
    return letters == "bye";
}

void TournamentShape::add(std::int64_t black, std::int64_t white, std::int64_t games) {
    games_ += games;
    perPlayer_[black] += games;
    if (white != black) perPlayer_[white] += games;
    meetings_[{std::min(black, white), std::max(black, white)}] += games;
}

std::int64_t TournamentShape::maxGamesOfAPlayer() const {
    std::int64_t m = 0;
    for (const auto& [player, n] : perPlayer_) m = std::max(m, n);
    return m;
}

std::int64_t TournamentShape::maxMeetings() const {
    std::int64_t m = 0;
    for (const auto& [pair, n] : meetings_) m = std::max(m, n);
    return m;
}

std::string tournamentTitle(const TournamentSummary& t) {
    return t.year ? t.name + " " + std::to_string(t.year) : t.name;
}

std::string spellingIdList(const TournamentSummary& t) {
    std::string ids;
    for (const std::int64_t e : t.eventIds) {
        if (!ids.empty()) ids += ',';
        ids += std::to_string(tournamentId(e, t.year));
    }
    return ids.empty() ? std::string("0") : ids;
}

std::string notTournamentReason(const std::string& name, const TournamentShape& shape) {
    const std::string f = foldText(splitEventYear(name).base);
    if (f.find_first_not_of(" \t") == std::string::npos) return "no event name";
    // Rule 2: names of collections (WTHOR's French headings, online servers' dumps).
    for (const char* prefix : {"parties", "partie ", "divers", "etudes", "airplane games"})
        if (startsWith(f, prefix)) return "named as a collection of games";
    for (const char* word :
         {"casual", "amical", "friendly", "online games", "ggs", "playok", "eothello", "kurnik"})
        if (f.find(word) != std::string::npos) return "named as a collection of games";
    // Rule 3: shapes no tournament has.
    if (shape.maxMeetings() > kMaxTournamentMeetings)
        return "two players met " + std::to_string(shape.maxMeetings()) + " times";
    if (shape.maxGamesOfAPlayer() > kMaxTournamentGames)
        return "a player played " + std::to_string(shape.maxGamesOfAPlayer()) + " games";
    if (shape.players() >= kMinUnrelatedPlayers && shape.maxGamesOfAPlayer() <= 1)
        return "nobody played twice: unrelated games";
    return "";
}

std::vector<TournamentSummary> matchTournaments(const std::vector<TournamentSummary>& all,
                                                const std::string& query, std::optional<int> year) {
    const EventName q = splitEventYear(query);
    const std::string key = foldText(q.base);
    const std::optional<int> wanted = year     ? year
                                      : q.year ? std::optional<int>(q.year)
                                               : std::nullopt;
    const auto pick = [&](bool exact) {
        std::vector<TournamentSummary> out;
        for (const TournamentSummary& t : all) {
            if (wanted && t.year != *wanted) continue;
            const std::string name = foldText(t.name);
            if (exact ? name == key : name.find(key) != std::string::npos) out.push_back(t);
        }
        return out;
    };
    std::vector<TournamentSummary> out = pick(true);
    if (out.empty()) out = pick(false);
    std::sort(out.begin(), out.end(), [](const TournamentSummary& a, const TournamentSummary& b) {
        return a.year != b.year ? a.year < b.year : a.name < b.name;
    });
    return out;
}

TournamentGame tournamentGame(std::int64_t id, const importers::GameRecord& r) {
    TournamentGame g;
    g.id = id;
    g.black = r.black;
    g.white = r.white;
    g.round = r.round;
    g.complete = r.complete();
    g.score = r.score;
    g.statedBlackDiscs = r.statedBlackDiscs;
    g.statedResult = r.statedResult;
    g.variant = r.variant;
    g.rules = r.rules;
    g.plies = static_cast<int>(r.moves.size());
    g.resultText = importers::resultText(r);
    return g;
}

}  // namespace othello::storage
