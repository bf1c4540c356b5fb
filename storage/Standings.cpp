// Standings and crosstable of a tournament (see Standings.h for the rules).
#include "Standings.h"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <numeric>
#include <set>

#include "importers/GameVariant.h"
#include "importers/StatedResult.h"

namespace othello::storage {

namespace {

// The winner a result written without a score names: "1-0", "0-1", "1/2-1/2", or a GGF RE
// (Black's result under the variant's rule, "+12.00", "-3.5:r": its sign). nullopt: none.
std::optional<int> statedWinner(const std::string& written) {
    importers::GameRecord r;
    if (importers::parseStatedResult(r, written) && r.statedWinner) return r.statedWinner;
    const char* begin = written.c_str();
    char* end = nullptr;
    const double v = std::strtod(begin, &end);
    if (end == begin) return std::nullopt;
    return (v > 0) - (v < 0);
}

// The round a source writes: the first number in it ("3", "3.1" -> 3, "R3", "Round 3").
std::optional<int> roundNumber(const std::string& round) {
    const std::size_t at = round.find_first_of("0123456789");
    if (at == std::string::npos) return std::nullopt;
    int n = 0;
    for (std::size_t i = at; i < round.size() && round[i] >= '0' && round[i] <= '9'; ++i) {
        n = n * 10 + (round[i] - '0');
        if (n > 100000) return std::nullopt;
    }
    return n;
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

Standings computeStandings(const std::vector<TournamentGame>& games,
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

    // Rounds: the source's when every game has one, else from file order when the file reads
    // round by round, else unknown (see Standings.h).
    bool fromSource = !games.empty();
    for (const TournamentGame& g : games)
        if (!roundNumber(g.round)) fromSource = false;
    std::vector<int> lastRound(n, 0), played(n, 0);
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
    if (fromSource) {
        out.roundsFrom = RoundsFrom::Source;
        out.rounds = rounds;
    } else if (rounds <= mostGames + kRoundSlack) {
        // Each game went to the round after its players' last: a file written round by round
        // gives back its rounds; one in another order gives far more rounds than games.
        out.roundsFrom = RoundsFrom::FileOrder;
        out.rounds = rounds;
    } else {
        out.roundsFrom = RoundsFrom::Estimated;
        std::fill(out.gameRounds.begin(), out.gameRounds.end(), 0);
        // The number of games most players played (the larger on a tie): a Swiss's rounds,
        // which only its finalists exceed.
        std::map<int, int> howMany;
        for (const int k : played) ++howMany[k];
        int best = 0;
        for (const auto& [k, count] : howMany)
            if (count >= best) {
                best = count;
                out.rounds = k;
            }
    }
    out.brightwellConstant =
        options.brightwellConstant ? *options.brightwellConstant : brightwellConstant(out.rounds);
    const std::int64_t c = out.brightwellConstant;

    // Withdrawals: named, or (source rounds only) no game in the rounds after one's last.
    std::set<std::string> named(options.withdrawn.begin(), options.withdrawn.end());
    std::map<std::string, int> stored;
    for (const Withdrawal& w : options.withdrawals) stored[w.player] = w.afterRound;
    for (std::size_t p = 0; p < n; ++p) {
        Standing& st = players[p];
        const auto given = stored.find(st.player);
        const bool bySource = out.roundsFrom == RoundsFrom::Source && lastRound[p] < out.rounds;
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

Standings computeStandings(const Tournament& tournament, StandingsOptions options) {
    options.withdrawals.insert(options.withdrawals.end(), tournament.withdrawals.begin(),
                               tournament.withdrawals.end());
    return computeStandings(tournament.games, options);
}

}  // namespace othello::storage
