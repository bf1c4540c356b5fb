#pragma once
// The JSON form of a player's page (storage/players/PlayerProfile.h), written once for
// `othello-db player --json` and the served /api/player/ID (web/Api.h), so that a script
// written against one reads the other. Names go through exactJsonText when printed (see
// storage/query/ArchiveJson.h).
#include <nlohmann/json.hpp>

#include "storage/players/PlayerProfile.h"

namespace othello::storage {

// {player: {id, name, games}, spellings: [{name, change, time, user}], country, country_note,
//  first_year, last_year, results: {black, white, total: {games, wins, draws, losses,
//  unknown, score_percent, average_margin}}, years: [{year, ...record}],
//  events: [{id, name, year, is_tournament, rank, players, points, ...record}],
//  best: [game], openings: {black: [line], white: [line]}, replies: {black, white},
//  departures: {games, average_move, by_player, list: [{game, move_number, move, main_move,
//  main_games, position_games, by_player}]}, analysis: {available, games, games_analysed,
//  coverage, phases: [{phase, moves, discs_lost, average, games}], mistakes: [{game...,
//  move_number, move, best_move, loss, exact}]}, vs: {opponent, black, white, total, games}}
// where game = {id, year, event, event_id (the tournament id, null: none), opponent, colour, discs, opponent_discs, margin, result_known}
// and line = {name, moves, ...record, last: game}.
nlohmann::json playerProfileJson(const PlayerProfile& profile);
// {query, found: false, candidates: [{id, name, games}]} for a lookup that found no one.
nlohmann::json playerCandidatesJson(const std::string& query, const PlayerLookup& lookup);
nlohmann::json playerGameJson(const PlayerGame& game);
// "412 of 1,203 games analysed"
std::string coverageText(const PlayerAnalysis& analysis);

}  // namespace othello::storage
