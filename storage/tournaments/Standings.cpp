// Standings and crosstable of a tournament (see Standings.h for the rules).
#include "storage/tournaments/Standings.h"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <numeric>
#include <set>

#include "importers/GameVariant.h"
#include "importers/StatedResult.h"

#include <fmt/core.h>

namespace othello::storage {

std::optional<int> statedWinner(const std::string& written) {
    importers::GameRecord r;
    if (importers::parseStatedResult(r, written) && r.statedWinner) return r.statedWinner;
    const char* begin = written.c_str();
    char* end = nullptr;
    const double v = std::strtod(begin, &end);
    if (end == begin) return std::nullopt;
    return (v > 0) - (v < 0);
}

namespace {


// The Swiss round a source writes ("3", "3.1" -> 3, "R3", "Round 3"); nullopt: none.
std::optional<int> roundNumber(const std::string& round) {
    const auto label = parseRound(round);
    if (!label || label->stage != Stage::Swiss || label->number == 0) return std::nullopt;
    return label->number;
}

void setPoints(ScoredGame& s, int winner) {
    s.blackPoints2 = winner > 0 ? 2 : winner == 0 ? 1 : 0;
    s.whitePoints2 = 2 - s.blackPoints2;
}

}  // namespace

const char* gameScoringName(GameScoring s) {
    switch (s) {
        case GameScoring::Final:
            return "final";
        case GameScoring::Stated:
            return "stated";
        case GameScoring::Forfeit:
            return "forfeit";
        case GameScoring::Bye:
            return "bye";
        case GameScoring::Unknown:
            break;
    }
    return "unknown";
}

const char* roundsFromName(RoundsFrom r) {
    switch (r) {
        case RoundsFrom::Source:
            return "source";
        case RoundsFrom::FileOrder:
            return "file order";
        case RoundsFrom::Estimated:
            break;
    }
    return "estimated";
}

int brightwellConstant(int rounds) {
    return std::max(1, rounds / 2);
}

ScoredGame scoreGame(const TournamentGame& g) {
    ScoredGame s;
    const bool byeBlack = isByeName(g.black);
    const bool byeWhite = isByeName(g.white);
    if (byeBlack && byeWhite) return s;
    if (byeBlack || byeWhite) {
        s.how = GameScoring::Bye;
        (byeWhite ? s.blackPoints2 : s.whitePoints2) = 2;
        (byeWhite ? s.blackDiscs : s.whiteDiscs) = 32;
        return s;
    }
    // Anti-Othello is won with fewer discs: each side is credited with the other's count.
    const bool anti = g.variant.anti;
    const auto credit = [&](int black, int white) {
        s.blackDiscs = anti ? white : black;
        s.whiteDiscs = anti ? black : white;
    };
    if (g.complete) {
        s.how = GameScoring::Final;
        setPoints(s, importers::winnerOf(g.score, g.variant));
        credit(g.score.black, g.score.white);
        return s;
    }
    const GameScoring stated = g.plies == 0 ? GameScoring::Forfeit : GameScoring::Stated;
    if (g.statedBlackDiscs && *g.statedBlackDiscs >= 0 && *g.statedBlackDiscs <= 64) {
        const core::Score score{*g.statedBlackDiscs, 64 - *g.statedBlackDiscs};
        s.how = stated;
        setPoints(s, importers::winnerOf(score, g.variant));
        credit(score.black, score.white);
        return s;
    }
    const std::optional<int> winner = statedWinner(g.statedResult);
    if (!winner) return s;  // no result: unscored
    s.how = stated;
    setPoints(s, *winner);
    // The winner takes the discs it holds and every empty square, at least 33 (33-31).
    credit(g.score.black, g.score.white);
    const int empties = std::max(0, 64 - g.score.black - g.score.white);
    if (*winner == 0) {
        s.blackDiscs = s.whiteDiscs = 32;
    } else if (*winner > 0) {
        s.blackDiscs = std::clamp(s.blackDiscs + empties, 33, 64);
        s.whiteDiscs = 64 - s.blackDiscs;
    } else {
        s.whiteDiscs = std::clamp(s.whiteDiscs + empties, 33, 64);
        s.blackDiscs = 64 - s.whiteDiscs;
    }
    return s;
}

namespace {

// Each game's round (Standings.h "Rounds of the Swiss games"): fills out.gameRounds, rounds,
// roundsFrom, roundsOfGames and typicalGames; `lastRound` and `played` per player index.
void assignRounds(const std::vector<TournamentGame>& games, const std::vector<int>& blackIdx,
                  const std::vector<int>& whiteIdx, std::size_t n, const std::optional<int>& stated,
                  Standings& out, std::vector<int>& lastRound) {
    bool fromSource = !games.empty();
    for (const TournamentGame& g : games)
        if (!roundNumber(g.round)) fromSource = false;
    lastRound.assign(n, 0);
    std::vector<int> played(n, 0);
    int rounds = 0;
    for (std::size_t i = 0; i < games.size(); ++i) {
        const int b = blackIdx[i], w = whiteIdx[i];
        const int round = fromSource
                              ? *roundNumber(games[i].round)
                              : 1 + std::max(b >= 0 ? lastRound[b] : 0, w >= 0 ? lastRound[w] : 0);
        for (const int p : {b, w}) {
            if (p < 0) continue;
            lastRound[static_cast<std::size_t>(p)] =
                std::max(lastRound[static_cast<std::size_t>(p)], round);
            ++played[static_cast<std::size_t>(p)];
        }
        out.gameRounds.push_back(round);
        rounds = std::max(rounds, round);
    }
    const int mostGames = n ? *std::max_element(played.begin(), played.end()) : 0;
    // The number of games most players played (the larger on a tie): a Swiss's rounds, which
    // only its finalists exceed.
    std::map<int, int> howMany;
    for (const int k : played) ++howMany[k];
    int best = 0;
    for (const auto& [k, count] : howMany)
        if (count >= best) {
            best = count;
            out.typicalGames = k;
        }
    out.roundsStated = stated.has_value();
    out.statedRounds = stated.value_or(0);
    if (fromSource) {
        // A source round past the stated number keeps its column (the note says so).
        out.roundsFrom = RoundsFrom::Source;
        out.roundsOfGames = rounds;
        out.rounds = stated ? std::max(*stated, rounds) : rounds;
    } else if (rounds <= mostGames + kRoundSlack && (!stated || rounds <= *stated)) {
        // Each game went to the round after its players' last: a file written round by round
        // gives back its rounds; one in another order gives far more rounds than games.
        out.roundsFrom = RoundsFrom::FileOrder;
        out.roundsOfGames = rounds;
        out.rounds = stated ? *stated : rounds;
    } else {
        out.roundsFrom = RoundsFrom::Estimated;
        out.roundsOfGames = rounds <= mostGames + kRoundSlack ? rounds : 0;
        std::fill(out.gameRounds.begin(), out.gameRounds.end(), 0);
        out.rounds = stated ? *stated : out.typicalGames;
    }
}

// The standings of the Swiss games alone (computeStandings has set the stages apart).
Standings swissStandings(const std::vector<TournamentGame>& games,
                         const StandingsOptions& options) {
    Standings out;
    // Players in order of first appearance; byes are no player.
    std::map<std::string, int> index;
    std::vector<Standing> players;
    const auto playerOf = [&](const std::string& name) {
        if (isByeName(name)) return -1;
        auto [it, added] = index.emplace(name, static_cast<int>(players.size()));
        if (added) {
            players.emplace_back();
            players.back().player = name;
        }
        return it->second;
    };
    std::vector<int> blackIdx, whiteIdx;
    for (const TournamentGame& g : games) {
        blackIdx.push_back(playerOf(g.black));
        whiteIdx.push_back(playerOf(g.white));
    }
    const std::size_t n = players.size();
    std::vector<int> lastRound;
    assignRounds(games, blackIdx, whiteIdx, n, options.rounds, out, lastRound);
    out.brightwellConstant = options.brightwellConstant ? *options.brightwellConstant
                             : options.rounds           ? brightwellConstant(*options.rounds)
                                                        : brightwellConstant(out.rounds);
    const std::int64_t c = out.brightwellConstant;

    // Withdrawals: named, or (source rounds only) no game in the rounds after one's last.
    std::set<std::string> named(options.withdrawn.begin(), options.withdrawn.end());
    std::map<std::string, int> stored;
    for (const Withdrawal& w : options.withdrawals) stored[w.player] = w.afterRound;
    for (std::size_t p = 0; p < n; ++p) {
        Standing& st = players[p];
        const auto given = stored.find(st.player);
        // Against the source's last round, not a stated number a partial record never reaches.
        const bool bySource =
            out.roundsFrom == RoundsFrom::Source && lastRound[p] < out.roundsOfGames;
        st.withdrawn = named.count(st.player) > 0 || given != stored.end() || bySource;
        if (given != stored.end() && given->second > 0)
            st.withdrewAfterRound = given->second;
        else if (bySource)
            st.withdrewAfterRound = lastRound[p];
    }

    // Points, discs and each player's results.
    std::vector<ScoredGame> scored;
    for (std::size_t i = 0; i < games.size(); ++i) {
        const ScoredGame s = scoreGame(games[i]);
        scored.push_back(s);
        for (const bool black : {true, false}) {
            const int p = black ? blackIdx[i] : whiteIdx[i];
            if (p < 0) continue;
            const int q = black ? whiteIdx[i] : blackIdx[i];
            Standing& st = players[static_cast<std::size_t>(p)];
            PlayerResult r;
            r.game = games[i].id;
            r.round = out.gameRounds[i];
            r.opponent = q;
            r.black = black;
            r.how = s.how;
            r.points2 = black ? s.blackPoints2 : s.whitePoints2;
            r.discs = black ? s.blackDiscs : s.whiteDiscs;
            r.opponentDiscs = black ? s.whiteDiscs : s.blackDiscs;
            st.results.push_back(r);
            if (s.how == GameScoring::Unknown) {
                ++st.unscored;
                continue;
            }
            st.points2 += r.points2;
            st.discs += r.discs;
            ++st.games;
            if (s.how == GameScoring::Bye) ++st.byes;
            (r.points2 == 2 ? st.wins : r.points2 == 1 ? st.draws : st.losses) += 1;
        }
    }
    // The Brightwell quotient, doubled: 2 * discs + c * opponents' half points.
    for (Standing& st : players) {
        for (const PlayerResult& r : st.results) {
            if (r.how == GameScoring::Unknown) continue;
            if (r.opponent < 0 || players[static_cast<std::size_t>(r.opponent)].withdrawn)
                st.brightwell2 += 2 * 32 + c * st.points2;
            else
                st.brightwell2 +=
                    2 * r.discs + c * players[static_cast<std::size_t>(r.opponent)].points2;
        }
    }

    // Rank order; equal points, BQ and discs share a rank.
    std::vector<int> order(n);
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&](int x, int y) {
        const Standing& a = players[static_cast<std::size_t>(x)];
        const Standing& b = players[static_cast<std::size_t>(y)];
        if (a.points2 != b.points2) return a.points2 > b.points2;
        if (a.brightwell2 != b.brightwell2) return a.brightwell2 > b.brightwell2;
        if (a.discs != b.discs) return a.discs > b.discs;
        return a.player < b.player;
    });
    std::vector<int> rankIndex(n);
    for (std::size_t k = 0; k < n; ++k) rankIndex[static_cast<std::size_t>(order[k])] = int(k);
    for (std::size_t k = 0; k < n; ++k) {
        Standing st = std::move(players[static_cast<std::size_t>(order[k])]);
        const Standing* prev = k ? &out.players.back() : nullptr;
        st.rank = prev && prev->points2 == st.points2 && prev->brightwell2 == st.brightwell2 &&
                          prev->discs == st.discs
                      ? prev->rank
                      : static_cast<int>(k) + 1;
        for (PlayerResult& r : st.results)
            if (r.opponent >= 0) r.opponent = rankIndex[static_cast<std::size_t>(r.opponent)];
        std::stable_sort(
            st.results.begin(), st.results.end(),
            [](const PlayerResult& a, const PlayerResult& b) { return a.round < b.round; });
        out.players.push_back(std::move(st));
    }

    // The crosstable: one entry per pair that met, the better-ranked player first.
    std::map<std::pair<int, int>, PairResult> pairs;
    for (std::size_t a = 0; a < out.players.size(); ++a) {
        for (const PlayerResult& r : out.players[a].results) {
            if (r.opponent < 0 || r.opponent <= static_cast<int>(a)) continue;
            PairResult& pr = pairs[{static_cast<int>(a), r.opponent}];
            pr.a = static_cast<int>(a);
            pr.b = r.opponent;
            if (r.how != GameScoring::Unknown) {
                pr.aPoints2 += r.points2;
                pr.bPoints2 += 2 - r.points2;
            }
            pr.games.push_back(r.game);
        }
    }
    for (auto& [key, pr] : pairs) out.pairs.push_back(std::move(pr));
    return out;
}

// The rules a game was played under, in words; "" for plain Othello.
std::string rulesOf(const importers::GameVariant& v) {
    if (v.standard()) return "";
    std::string s;
    const auto add = [&](const std::string& part) { s += (s.empty() ? "" : ", ") + part; };
    if (v.anti) add("anti-Othello");
    if (v.komi) add(fmt::format("komi {}", *v.komi));
    if (v.synchro) add("synchro");
    if (v.randomDiscs) add(fmt::format("random start ({} discs)", v.randomDiscs));
    return s;
}

std::string gameCount(std::size_t n) {
    return fmt::format("{} game{}", n, n == 1 ? "" : "s");
}

}  // namespace

Standings computeStandings(const std::vector<TournamentGame>& games,
                           const StandingsOptions& options) {
    // The stage of each game: stored, else its round's, else Swiss (EventStructure.h).
    std::vector<Stage> stages;
    std::vector<TournamentGame> swiss;
    std::vector<std::size_t> swissIndex;  // input index of each Swiss game
    std::vector<StageGame> apart;
    for (std::size_t i = 0; i < games.size(); ++i) {
        const TournamentGame& g = games[i];
        const auto label = parseRound(g.round);
        const Stage stage = g.markedStage ? *g.markedStage : label ? label->stage : Stage::Swiss;
        stages.push_back(stage);
        if (stage == Stage::Swiss) {
            swiss.push_back(g);
            swissIndex.push_back(i);
            continue;
        }
        StageGame sg;
        sg.game = g.id;
        sg.stage = stage;
        sg.marked = g.markedStage.has_value();
        sg.round = g.round;
        sg.black = g.black;
        sg.white = g.white;
        sg.score = scoreGame(g);
        sg.resultText = g.resultText;
        apart.push_back(std::move(sg));
    }
    Standings out = swissStandings(swiss, options);
    std::vector<int> rounds(games.size(), 0);
    for (std::size_t k = 0; k < swissIndex.size(); ++k) rounds[swissIndex[k]] = out.gameRounds[k];
    out.gameRounds = std::move(rounds);
    out.gameStages = std::move(stages);
    out.stageGames = std::move(apart);

    // Guesses and checks against the rounds (stated, else what most players played).
    const int expected = out.roundsStated ? out.statedRounds : out.typicalGames;
    std::vector<StructureGame> shape;
    for (const TournamentGame& g : swiss) shape.push_back({g.black, g.white});
    std::map<std::string, int> swissGames;
    for (const StructureGame& g : shape)
        for (const std::string* p : {&g.black, &g.white})
            if (!isByeName(*p)) ++swissGames[*p];
    for (const std::size_t i : guessPlayoffs(shape, expected)) {
        out.guessedPlayoffs.push_back(swiss[i].id);
        for (const std::string* p : {&shape[i].black, &shape[i].white})
            if (!isByeName(*p)) --swissGames[*p];
    }
    for (const auto& [name, n] : swissGames)
        if (expected > 0 && n > expected) out.overfull.push_back({name, n});
    for (const TournamentGame& g : swiss) {
        std::string rules = rulesOf(g.variant);
        // Rules other than Othello's (a handicap, classic Reversi) in words, so that the table
        // says which games were played how and scored how.
        if (!g.rules.isOthello() && g.rules.start != core::Start::AnyPosition)
            rules += (rules.empty() ? "" : ", ") + core::rulesDescription(g.rules);
        if (rules.empty())
            ++out.plainGames;
        else
            ++out.otherRules[rules];
    }
    return out;
}

Standings computeStandings(const Tournament& tournament, StandingsOptions options) {
    options.withdrawals.insert(options.withdrawals.end(), tournament.withdrawals.begin(),
                               tournament.withdrawals.end());
    if (!options.rounds) options.rounds = tournament.statedRounds;
    return computeStandings(tournament.games, options);
}

std::vector<std::string> structureNotes(const Standings& st, std::int64_t eventId) {
    std::vector<std::string> notes;
    const std::string rounds = fmt::format("{} round{}", st.rounds, st.rounds == 1 ? "" : "s");
    const std::string constant = fmt::format("Brightwell constant {}", st.brightwellConstant);
    const std::string state = fmt::format("state them with `event {} --rounds N`", eventId);
    if (st.roundsStated) {
        const std::string stated =
            fmt::format("{} round{}", st.statedRounds, st.statedRounds == 1 ? "" : "s");
        std::string games;
        if (st.roundsFrom == RoundsFrom::Source && st.roundsOfGames > st.statedRounds)
            games = fmt::format("; the source gives rounds up to {}, more than stated",
                                st.roundsOfGames);
        else if (st.roundsFrom == RoundsFrom::Source)
            games = "; each game's round from the source";
        else if (st.roundsFrom == RoundsFrom::FileOrder)
            games = "; each game's round guessed from file order";
        else if (st.roundsOfGames > st.rounds)
            games = fmt::format(
                "; the file's order gives {} rounds, more than stated: each game's round not "
                "known, results in file order",
                st.roundsOfGames);
        else
            games =
                "; each game's round not known (the file is not in round order): results in "
                "file order";
        notes.push_back(fmt::format("{} (stated), {}{}", stated, constant, games));
    } else if (st.roundsFrom == RoundsFrom::Source) {
        notes.push_back(fmt::format("{} (from the source), {}", rounds, constant));
    } else if (st.roundsFrom == RoundsFrom::FileOrder) {
        notes.push_back(
            fmt::format("{} guessed from file order, {}{}; {}", rounds, constant,
                        st.typicalGames != st.rounds
                            ? fmt::format(" (most players played {} games)", st.typicalGames)
                            : "",
                        state));
    } else {
        notes.push_back(fmt::format(
            "rounds not known (the file is not in round order): results in file order; {} "
            "taken as the rounds (the games most players played), {}; {}",
            st.rounds, constant, state));
    }
    if (!st.stageGames.empty()) {
        int finals = 0;
        for (const StageGame& g : st.stageGames) finals += g.stage == Stage::Final;
        const int playoffs = static_cast<int>(st.stageGames.size()) - finals;
        std::string parts;
        if (playoffs) parts += fmt::format("{} play-off", playoffs);
        if (finals) parts += fmt::format("{}{} final", parts.empty() ? "" : ", ", finals);
        notes.push_back(fmt::format("{} apart from the Swiss ({}): not counted in the standings",
                                    gameCount(st.stageGames.size()), parts));
    }
    if (!st.guessedPlayoffs.empty()) {
        std::string ids;
        for (const std::int64_t id : st.guessedPlayoffs) ids += fmt::format(" {}", id);
        const int expected = st.roundsStated ? st.statedRounds : st.typicalGames;
        notes.push_back(fmt::format(
            "{} look{} like play-offs (at the start or end of the file, played by players with "
            "more games than {} rounds); counted in the standings until marked: mark them with "
            "`event {} --stage playoff{}` (or --stage final), or put one back with --stage swiss",
            gameCount(st.guessedPlayoffs.size()), st.guessedPlayoffs.size() == 1 ? "s" : "",
            expected, eventId, ids));
    }
    if (!st.overfull.empty()) {
        std::string list;
        for (const OverfullPlayer& p : st.overfull)
            list += fmt::format("{}{} ({})", list.empty() ? "" : ", ", p.player, p.games);
        notes.push_back(fmt::format(
            "{} more Swiss games than {} rounds{}: {}",
            st.overfull.size() == 1 ? "1 player plays"
                                    : fmt::format("{} players play", st.overfull.size()),
            st.roundsStated ? st.statedRounds : st.typicalGames,
            st.guessedPlayoffs.empty() ? "" : " even without the games above", list));
    }
    if (!st.otherRules.empty()) {
        std::string list;
        for (const auto& [rules, n] : st.otherRules)
            list += fmt::format("{}{} {}", list.empty() ? "" : ", ", n, rules);
        notes.push_back(fmt::format(
            "games under other rules than plain Othello are summed in this table ({} plain, {}): "
            "each scored by its own rules: anti-Othello won by the fewer discs, each side "
            "credited with the other's discs; komi games won after the komi; classic Reversi "
            "and disc scoring by the discs as they stand (an event mixing scorings gets one "
            "table per scoring; see `event --help`)",
            st.plainGames, list));
    }
    return notes;
}

std::vector<ScoringTable> splitByScoring(const Tournament& t) {
    std::vector<ScoringTable> out;
    for (const core::Scoring scoring : {core::Scoring::EmptiesToWinner, core::Scoring::Discs}) {
        ScoringTable table{scoring, t};
        table.tournament.games.clear();
        for (const TournamentGame& g : t.games)
            if (g.rules.scoring == scoring) table.tournament.games.push_back(g);
        if (!table.tournament.games.empty()) out.push_back(std::move(table));
    }
    if (out.size() < 2) return {};
    return out;
}

const char* scoringName(core::Scoring s) {
    return s == core::Scoring::Discs ? "discs as they stand on the board"
                                     : "empty squares to the winner";
}

}  // namespace othello::storage
