// The games row <-> GameRecord mapping (see GameColumns.h).
#include "storage/database/GameColumns.h"

#include "importers/GameVariant.h"
#include "importers/StatedResult.h"
#include "storage/database/Codec.h"

namespace othello::storage {

using importers::GameRecord;

namespace {

const char* const kInsertSql =
    "INSERT INTO games(id, black_id, white_id, event_id, round, date, year, place, black_score, "
    "black_discs, white_discs, stated_black, stated_result, theoretical, theoretical_depth, "
    "complete, start, moves, moves_key, source_id, source_line, source_record, format, "
    "result_known, record_hash, source_game_id, variant, komi, rules) "
    "VALUES(:id, :black_id, :white_id, :event_id, :round, :date, :year, :place, :black_score, "
    ":black_discs, :white_discs, :stated_black, :stated_result, :theoretical, "
    ":theoretical_depth, :complete, :start, :moves, :moves_key, :source_id, :source_line, "
    ":source_record, :format, :result_known, :record_hash, :source_game_id, :variant, :komi, "
    ":rules)";

std::optional<std::string> optText(SQLite::Statement& s, const char* column) {
    const SQLite::Column c = s.getColumn(column);
    if (c.isNull()) return std::nullopt;
    return c.getString();
}

std::optional<int> optInt(SQLite::Statement& s, const char* column) {
    const SQLite::Column c = s.getColumn(column);
    if (c.isNull()) return std::nullopt;
    return c.getInt();
}

}  // namespace

GameColumns::GameColumns(SQLite::Database& db, bool replace)
    : db_(db),
      insert_(db, replace ? "INSERT OR REPLACE" + std::string(kInsertSql + sizeof "INSERT" - 1)
                          : std::string(kInsertSql)),
      id_(index(":id")),
      blackId_(index(":black_id")),
      whiteId_(index(":white_id")),
      eventId_(index(":event_id")),
      round_(index(":round")),
      date_(index(":date")),
      year_(index(":year")),
      place_(index(":place")),
      blackScore_(index(":black_score")),
      blackDiscs_(index(":black_discs")),
      whiteDiscs_(index(":white_discs")),
      statedBlack_(index(":stated_black")),
      statedResult_(index(":stated_result")),
      theoretical_(index(":theoretical")),
      theoreticalDepth_(index(":theoretical_depth")),
      complete_(index(":complete")),
      start_(index(":start")),
      moves_(index(":moves")),
      movesKey_(index(":moves_key")),
      sourceId_(index(":source_id")),
      sourceLine_(index(":source_line")),
      sourceRecord_(index(":source_record")),
      format_(index(":format")),
      resultKnown_(index(":result_known")),
      recordHash_(index(":record_hash")),
      sourceGameId_(index(":source_game_id")),
      variant_(index(":variant")),
      komi_(index(":komi")),
      rules_(index(":rules")) {}

int GameColumns::index(const char* name) const {
    return insert_.getIndex(name);
}

std::int64_t GameColumns::insert(const GameRecord& r, const GameRowRefs& refs) {
    SQLite::Statement& s = insert_;
    // Empty text is stored as NULL (as it always was); bound without a copy: the record
    // outlives the statement's execution.
    const auto bindText = [&s](int i, const std::string& v) {
        if (v.empty())
            s.bind(i);
        else
            s.bindNoCopy(i, v);
    };
    const auto bindOpt = [&s](int i, const auto& v) {
        if (v)
            s.bind(i, static_cast<std::int64_t>(*v));
        else
            s.bind(i);
    };
    if (refs.id)
        s.bind(id_, *refs.id);
    else
        s.bind(id_);
    s.bind(blackId_, refs.blackId);
    s.bind(whiteId_, refs.whiteId);
    bindOpt(eventId_, refs.eventId);
    bindText(round_, r.round);
    bindText(date_, r.date);
    s.bind(year_, r.year);
    bindText(place_, r.place);
    s.bind(blackScore_, resultBlack(r));
    s.bind(blackDiscs_, r.score.black);
    s.bind(whiteDiscs_, r.score.white);
    bindOpt(statedBlack_, r.statedBlackDiscs);
    bindText(statedResult_, r.statedResult);
    bindOpt(theoretical_, r.theoreticalScore);
    bindOpt(theoreticalDepth_, r.theoreticalDepth);
    s.bind(complete_, r.complete() ? 1 : 0);
    const bool standard = r.start == core::Position::start();
    const std::string start = standard ? std::string() : encodeStart(r.start);
    if (standard)
        s.bind(start_);
    else
        s.bindNoCopy(start_, start.data(), static_cast<int>(start.size()));
    const std::string moves = encodeMoves(r.moves);
    s.bindNoCopy(moves_, moves.data(), static_cast<int>(moves.size()));
    s.bind(movesKey_, refs.movesKey);
    bindOpt(sourceId_, refs.sourceId);
    if (r.source.line > 0)
        s.bind(sourceLine_, r.source.line);
    else
        s.bind(sourceLine_);
    if (r.source.record >= 0)
        s.bind(sourceRecord_, r.source.record);
    else
        s.bind(sourceRecord_);
    s.bind(format_, importers::storedFormatCode(r.format));
    s.bind(resultKnown_, resultKnown(r) ? 1 : 0);
    s.bind(recordHash_, refs.recordHash);
    bindText(sourceGameId_, r.gameId);
    const std::optional<std::string> variant = variantText(r.variant);
    if (variant)
        s.bindNoCopy(variant_, *variant);
    else
        s.bind(variant_);
    if (r.variant.komi)
        s.bind(komi_, *r.variant.komi);
    else
        s.bind(komi_);
    const std::optional<std::string> rules = rulesText(r.rules);
    if (rules)
        s.bindNoCopy(rules_, *rules);
    else
        s.bind(rules_);
    s.exec();
    s.reset();
    return db_.getLastInsertRowid();
}

const std::string& GameColumns::selectSql() {
    static const std::string sql =
        "SELECT pb.name AS black, pw.name AS white, e.name AS event, g.round AS round, "
        "g.date AS date, g.year AS year, g.place AS place, g.black_discs AS black_discs, "
        "g.white_discs AS white_discs, g.stated_black AS stated_black, "
        "g.stated_result AS stated_result, g.theoretical AS theoretical, "
        "g.theoretical_depth AS theoretical_depth, g.complete AS complete, g.start AS start, "
        "g.moves AS moves, src.path AS source_path, g.source_line AS source_line, "
        "g.source_record AS source_record, g.format AS format, "
        "g.source_game_id AS source_game_id, g.variant AS variant, g.komi AS komi, "
        "g.rules AS rules "
        "FROM games g JOIN players pb ON pb.id = g.black_id "
        "JOIN players pw ON pw.id = g.white_id "
        "LEFT JOIN events e ON e.id = g.event_id "
        "LEFT JOIN sources src ON src.id = g.source_id ";
    return sql;
}

void GameColumns::read(SQLite::Statement& s, GameRecord& r) {
    r.black = s.getColumn("black").getString();
    r.white = s.getColumn("white").getString();
    r.event = s.getColumn("event").getString();
    r.round = s.getColumn("round").getString();
    r.date = s.getColumn("date").getString();
    r.year = s.getColumn("year").getInt();
    r.place = s.getColumn("place").getString();
    r.score = core::Score{s.getColumn("black_discs").getInt(), s.getColumn("white_discs").getInt()};
    r.statedBlackDiscs = optInt(s, "stated_black");
    r.statedResult = s.getColumn("stated_result").getString();
    if (!r.statedBlackDiscs && !r.statedResult.empty()) {
        // Only the text and Black's discs are columns: the winner a resignation states
        // ("0-1") is read back from the text, or the game would show as having no result.
        GameRecord stated;
        if (importers::parseStatedResult(stated, r.statedResult)) {
            r.statedWinner = stated.statedWinner;
            r.statedBlackDiscs = stated.statedBlackDiscs;
        }
    }
    r.theoreticalScore = optInt(s, "theoretical");
    r.theoreticalDepth = optInt(s, "theoretical_depth");
    r.status = s.getColumn("complete").getInt() ? importers::GameStatus::Complete
                                                : importers::GameStatus::Incomplete;
    const SQLite::Column start = s.getColumn("start");
    const SQLite::Column moves = s.getColumn("moves");
    r.standardStart = start.isNull();
    r.start = decodeStart(start.getBlob(), start.getBytes());
    r.moves = decodeMoves(moves.getBlob(), moves.getBytes());
    r.source.path = s.getColumn("source_path").getString();
    const auto line = optInt(s, "source_line");
    r.source.line = line ? *line : 0;
    const SQLite::Column record = s.getColumn("source_record");
    r.source.record = record.isNull() ? -1 : record.getInt64();
    r.format = importers::formatFromStoredCode(s.getColumn("format").getInt())
                   .value_or(importers::Format::Auto);
    r.gameId = s.getColumn("source_game_id").getString();
    const SQLite::Column komi = s.getColumn("komi");
    r.variant = variantOf(optText(s, "variant"),
                          komi.isNull() ? std::nullopt : std::optional<double>(komi.getDouble()));
    r.rules = rulesOf(optText(s, "rules"), r.start);
}

std::optional<std::string> GameColumns::rulesText(const core::Rules& rules) {
    if (rules.isOthello()) return std::nullopt;
    return core::rulesCode(rules);
}

core::Rules GameColumns::rulesOf(const std::optional<std::string>& text,
                                 const core::Position& start) {
    // NULL: Othello's rules (every game stored before the column: the migration wrote the
    // code of each whose start is not the cross; a reader of an older file sees NULL for all,
    // so the start is fitted as the migration does, never taken for a handicap).
    if (!text) return core::fitStart(core::othelloRules(), start, false);
    core::RulesParse parsed = core::parseRules(*text);
    // A code this program cannot read (written by a later one): the board is replayed from its
    // start under Othello's rules rather than not at all, but the game is shown as under
    // unknown rules and never rewritten (GameEditor::write): see unreadableRules.
    if (parsed.error) return core::fitStart(core::othelloRules(), start, false);
    return parsed.rules;
}

std::optional<std::string> GameColumns::unreadableRules(const std::optional<std::string>& text) {
    if (!text || !core::parseRules(*text).error) return std::nullopt;
    return text;
}

std::optional<std::string> GameColumns::variantText(const importers::GameVariant& v) {
    if (v.standard()) return std::nullopt;
    // A record read from a file carries its type as the reader found it (the GGF reader keeps
    // TY[] in v.type; no other format has variants): stored as it came. Only a variant set
    // from its flags by a program (no reader) is given the text built from them, by the one
    // function that spells GGF types (no check, nothing replayed).
    return v.type.empty() ? importers::ggfType(v) : v.type;
}

importers::GameVariant GameColumns::variantOf(const std::optional<std::string>& text,
                                              std::optional<double> komi) {
    importers::GameVariant v;
    v.komi = komi;
    if (!text) return v;
    std::string why;
    // Stored types were read by parseGgfType on import; one that no longer parses (a type
    // written by a later program) keeps its text and plain rules.
    if (!importers::parseGgfType(*text, v, why)) v.type = *text;
    return v;
}

}  // namespace othello::storage
