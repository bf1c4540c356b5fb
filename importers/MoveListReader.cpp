#include "MoveListReader.h"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "ReadLimits.h"
#include "ReaderUtil.h"
#include "RecordReplay.h"
#include "RecordRules.h"
#include "StatedResult.h"
#include "core/Notation.h"

namespace othello::importers {
namespace {

using text::isAlpha;

// True when `s` holds something a typo of a move could give: a column letter a-h followed by
// a row digit 1-8 anywhere ("cc4", "f4", "xb3"), so that such a text is diagnosed rather than
// taken as a label.
bool hasSquareLike(std::string_view s) {
    for (std::size_t i = 0; i + 1 < s.size(); ++i) {
        const char c = static_cast<char>(s[i] | 0x20);
        if (c >= 'a' && c <= 'h' && s[i + 1] >= '1' && s[i + 1] <= '8') return true;
    }
    return false;
}

// A label (opening name, title) after the moves is accepted only when it clearly is a name:
// after a blank, its first word has 3 or more characters with a letter ("Tiger", "8-Shot"),
// and nothing in it looks like a square or a move (hasSquareLike) or is a control byte. A typo such
// as "cc4 f4 c5" or "c33" stays an error, so that a mistyped move never silently ends the game.
bool isLabel(std::string_view line, std::size_t at) {
    if (at == 0 || at >= line.size() || !text::isBlank(line[at - 1])) return false;
    std::size_t end = at;
    bool letter = false;
    while (end < line.size() && !text::isBlank(line[end])) letter |= isAlpha(line[end++]);
    if (end - at < 3 || !letter) return false;
    const std::string_view label = line.substr(at);
    const bool control = std::any_of(label.begin(), label.end(), text::isControl);
    return !control && !hasSquareLike(label);
}

}  // namespace

bool needsRulesKey(const GameRecord& g) {
    return !writtenRules(g).isOthello();
}

namespace {

// A game as the JSON object line the reader takes back as one game, names and all:
// {"moves": "f5 d6 ...", "black": ..., "result": ...}, the headers it has only.
std::string jsonLine(const GameRecord& g) {
    nlohmann::ordered_json j;
    j["moves"] = g.moves.empty() ? std::string() : core::movesString(g.moves, true);
    const std::pair<const char*, const std::string*> headers[] = {
        {"black", &g.black}, {"white", &g.white}, {"event", &g.event}, {"date", &g.date}};
    for (const auto& [key, value] : headers)
        if (!value->empty()) j[key] = *value;
    if (const std::string result = writtenResult(g); result != "*") j["result"] = result;
    if (needsRulesKey(g)) j["rules"] = core::rulesCode(writtenRules(g));
    // Names are UTF-8 (GameRecord.h); should one not be, it is written with U+FFFD rather than
    // throwing halfway through a file.
    std::string line = j.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
    // A '#' in a name is written as its JSON escape: readers before this one cut a line at
    // '#' (a comment) before they parsed it.
    for (std::size_t at = line.find('#'); at != std::string::npos; at = line.find('#', at))
        line.replace(at, 1, "\\u0023");
    return line;
}

// What a plain move line would lose: names, event, date or a stated result.
bool hasMetadata(const GameRecord& g) {
    return !g.black.empty() || !g.white.empty() || !g.event.empty() || !g.date.empty() ||
           !g.statedResult.empty() || g.statedBlackDiscs || g.statedWinner || g.statedDiscDiff ||
           needsRulesKey(g);
}

}  // namespace

std::vector<int> MoveTokens::moves() const {
    std::vector<int> out;
    out.reserve(tokens.size());
    for (const MoveToken& t : tokens) out.push_back(t.square);
    return out;
}

MoveTokens tokenizeMoves(std::string_view line) {
    // The grammar is core's, shared with the command line and the viewer. Tokens past
    // kMaxRecordMoves are not kept: no game holds that many, so the replay fails before them
    // (ReadLimits.h).
    const core::MovesParse parsed = core::parseMoves(line, kMaxRecordMoves);
    MoveTokens out;
    out.tokens.reserve(parsed.moves.size());
    for (std::size_t k = 0; k < parsed.moves.size(); ++k)
        out.tokens.push_back({parsed.moves[k], static_cast<int>(parsed.columns[k])});
    if (parsed.error) {
        out.errorColumn = static_cast<int>(parsed.error->column);
        out.errorText = std::string(line.substr(parsed.error->column, parsed.error->length));
    }
    return out;
}

namespace {

// One game's move text found on a line: the line itself, or a string of a quoted or JSON line.
struct MoveText {
    std::string text;
    int column = 0;  // 0-based offset of `text` in the line; -1 when it is not there verbatim
    std::string black, white, event, date, result, rules;  // from a JSON object
};

std::string jsonString(const nlohmann::json& object, const char* key) {
    const auto it = object.find(key);
    return it != object.end() && it->is_string() ? it->get<std::string>() : std::string();
}

// Where `value` (a decoded JSON string) stands in the line, past `from`; -1 when escapes
// changed it.
int columnOf(std::string_view line, const std::string& value, std::size_t& from) {
    const std::size_t at = value.empty() ? std::string_view::npos : line.find(value, from);
    if (at == std::string_view::npos) return -1;
    from = at + value.size();
    return static_cast<int>(at);
}

// The move texts of a JSON value: a string is one game; an array of strings is one game when
// every string is one move (["f5", "d6"]), else one game per string (["f5d6", "c3d3c4"]).
bool jsonMoves(const nlohmann::json& value, std::string_view line, std::vector<MoveText>& out) {
    std::size_t from = 0;
    if (value.is_string()) {
        MoveText m;
        m.text = value.get<std::string>();
        m.column = columnOf(line, m.text, from);
        out.push_back(std::move(m));
        return true;
    }
    if (!value.is_array() || value.empty()) return false;
    bool singleMoves = value.size() > 1;
    for (const auto& e : value) {
        if (!e.is_string()) return false;
        const core::MovesParse p = core::parseMoves(e.get_ref<const std::string&>());
        singleMoves &= !p.error && p.moves.size() == 1;
    }
    if (singleMoves) {
        MoveText m;
        for (const auto& e : value) m.text += e.get<std::string>() + ' ';
        m.column = -1;
        out.push_back(std::move(m));
        return true;
    }
    for (const auto& e : value) {
        MoveText m;
        m.text = e.get<std::string>();
        m.column = columnOf(line, m.text, from);
        out.push_back(std::move(m));
    }
    return true;
}

// Lines exported by scripts and web pages: "f5d6c3" in quotes (a trailing comma too, as in
// the body of a JSON array), ["f5d6...", ...] and {"moves": ..., "black": ...}. Any other
// line, or one of these that is no valid JSON, is read as plain move text: `out` is then empty.
void moveTexts(std::string_view line, std::vector<MoveText>& out) {
    out.clear();
    std::string_view body = text::trim(line);
    if (!body.empty() && body.back() == ',') body = text::trim(body.substr(0, body.size() - 1));
    if (body.size() >= 2 && (body.front() == '"' || body.front() == '[' || body.front() == '{')) {
        const nlohmann::json j = nlohmann::json::parse(body, nullptr, false);
        if (j.is_object() && j.contains("moves")) {
            if (jsonMoves(j["moves"], line, out) && out.size() == 1) {
                MoveText& m = out.front();
                m.black = jsonString(j, "black");
                m.white = jsonString(j, "white");
                m.event = jsonString(j, "event");
                m.date = jsonString(j, "date");
                m.result = jsonString(j, "result");
                m.rules = jsonString(j, "rules");
                return;
            }
            out.clear();
        } else if (!j.is_discarded() && !j.is_object() && jsonMoves(j, line, out)) {
            return;
        }
        out.clear();
    }
    // A plain line: `out` stays empty and the caller reads the line itself, uncopied.
}

// The four opening moves from the standard start: the candidates of the first-move hint.
constexpr int kOpenings[4] = {19, 26, 37, 44};  // d3 c4 f5 e6

// Counts a replayed record for the first-move hint: whether it failed at move 1, and which
// opening moves put first would make it replay.
void countFirstMove(FirstMoveFailures& f, const GameRecord& rec, const std::vector<int>& moves) {
    ++f.records;
    const Diagnostic* error = nullptr;
    for (const Diagnostic& d : rec.diagnostics)
        if (d.severity == Severity::Error) error = &d;
    if (!error || error->moveNumber != 1 || f.failedAtFirst + 1 != f.records) return;
    if (f.code.empty()) {
        f.code = error->code;
        f.example = error->where.describe() + ": " + error->message;
    }
    if (error->code != f.code) return;
    ++f.failedAtFirst;
    // Only while every record so far failed so: a good file costs nothing more.
    for (int k = 0; k < 4; ++k) {
        if (!(f.candidates & (1u << k))) continue;
        std::vector<int> with;
        with.reserve(moves.size() + 1);
        with.push_back(kOpenings[k]);
        with.insert(with.end(), moves.begin(), moves.end());
        if (core::replay(rec.start, with).error) f.candidates &= ~(1u << k);
    }
}

// The note, once per file, when every record (two or more) fails at move 1 the same way: the
// lines probably omit a first move (a logbook), or start from another position. Re-judged
// after each block of a file read in blocks; the last judgement stands.
void updateFirstMoveHint(FileResult& out) {
    const FirstMoveFailures& f = out.firstMoveFailures;
    auto& diags = out.fileDiagnostics;
    diags.erase(std::remove_if(diags.begin(), diags.end(),
                               [](const Diagnostic& d) { return d.code == "first-move-hint"; }),
                diags.end());
    if (f.records < 2 || f.failedAtFirst != f.records) return;
    // Said once for the file: `check` and `import` then leave out the records' own errors, all
    // alike (the records are still rejected and counted).
    std::string m = "all " + text::grouped(static_cast<std::size_t>(f.records)) +
                    " records fail at move 1 the same way (" + f.example + ")";
    int found = -1;
    for (int k = 0; k < 4 && found < 0; ++k)
        if (f.candidates & (1u << k)) found = kOpenings[k];
    if (found >= 0)
        m += ": the lines seem to omit their first move, and with " +
             core::squareName(found) + " before each of them every record replays; read the "
             "file again with --first-move " + core::squareName(found) + " (not applied by "
             "itself)";
    else
        m += ": the lines may omit their first move (--first-move SQUARE puts it before each) "
             "or start from another position (replay --from BOARD replays one)";
    diags.push_back(fileDiagnostic(Severity::Note, out.path, "first-move-hint", std::move(m)));
}

}  // namespace

namespace {

// `shift` when the move text is not where its columns can be told (a JSON element spanning
// lines): diagnostics then name the line alone.
constexpr int kNoColumns = -(1 << 30);

// Reads one game's move text: `shift` is the offset of the text in its line (kNoColumns: not
// known), `meta` the headers of a JSON object (null for plain and quoted lines).
void readRecord(const std::string& name, int lineNumber, std::string_view moveText, int shift,
                const MoveText* meta, const ReadOptions& options, FileResult& out) {
    // The 1-based column of the byte at `offset` in the move text; 0 when not known.
    const auto columnOf = [shift](int offset) {
        return shift == kNoColumns || offset + shift < 0 ? 0 : offset + shift + 1;
    };
    GameRecord rec;
    rec.format = Format::Moves;
    rec.source = text::at(name, lineNumber);
    if (meta) {
        rec.black = text::toUtf8(meta->black);
        rec.white = text::toUtf8(meta->white);
        rec.event = text::toUtf8(meta->event);
        rec.date = text::toUtf8(meta->date);
        rec.year = text::yearOf(rec.date);
        parseStatedResult(rec, text::toUtf8(meta->result));
    }
    // The rules: a JSON object's "rules" code (the start is the rules' own: a move line has no
    // board), else Othello from the standard start.
    std::optional<core::Rules> stated;
    if (meta && !meta->rules.empty() &&
        !(stated = readRulesCode(rec, meta->rules, rec.source, "\"rules\""))) {
        keepRecord(out, options, std::move(rec));
        return;
    }
    if (!applyRecordRules(rec, stated, false, rec.source)) {
        keepRecord(out, options, std::move(rec));
        return;
    }
    MoveTokens t = tokenizeMoves(moveText);
    if (t.errorColumn && !t.tokens.empty() &&
        isLabel(moveText, static_cast<std::size_t>(*t.errorColumn))) {
        // Move lists have no event field: the label (an opening name, a title) is kept as the
        // event, where the storage, the search and every writer keep it.
        rec.event = text::toUtf8(capValue(rec, text::trim(moveText.substr(*t.errorColumn)),
                                          text::at(name, lineNumber, columnOf(*t.errorColumn)),
                                          "the label"));
        t.errorColumn.reset();
    }
    // --first-move: a logbook's lines all start after the same first move. A line that has it
    // already keeps its own (putting it twice could never replay).
    if (options.firstMove && (t.tokens.empty() || t.tokens[0].square != *options.firstMove))
        t.tokens.insert(t.tokens.begin(),
                        MoveToken{*options.firstMove, shift == kNoColumns ? -1 : -1 - shift});
    if (t.errorColumn) {
        std::string msg;
        msg += '\'';
        msg += t.errorText;  // escaped by addDiagnostic
        msg += "' is not a square or a pass";
        addDiagnostic(rec, Severity::Error, text::at(name, lineNumber, columnOf(*t.errorColumn)),
                      "not-a-square", std::move(msg), discMoves(t.moves()) + 1);
        rec.moves.clear();
        // Not a replay failure: the file is then not one whose records all fail at move 1.
        if (!options.firstMove) ++out.firstMoveFailures.records;
        keepRecord(out, options, std::move(rec));
        return;
    }
    const std::vector<int> moves = t.moves();
    if (int index = -1; !replayRecord(rec, moves, rec.source, &index)) {
        Diagnostic& d = rec.diagnostics.back();
        if (index >= 0 && index < static_cast<int>(t.tokens.size()) &&
            columnOf(t.tokens[index].column) > 0)
            d.where.column = columnOf(t.tokens[index].column);
    } else {
        // A JSON object's "result", checked as PGN's Result (StatedResult.h).
        StatedResultSite site;  // "result-mismatch", "the result says ..."
        site.where = rec.source;
        checkStatedResult(rec, site);
    }
    if (!options.firstMove) countFirstMove(out.firstMoveFailures, rec, moves);
    keepRecord(out, options, std::move(rec));
}

}  // namespace

bool looksLikeJsonMoves(std::string_view head) {
    head = text::stripBom(head);
    std::size_t pos = 0;
    std::vector<MoveText> texts;
    while (pos < head.size()) {
        const std::string_view line = text::trim(text::nextLine(head, pos));
        if (line.empty() || line[0] == '#' || line.substr(0, 2) == "//") continue;
        // (A head cut inside the first line is no valid JSON: not taken for one.)
        moveTexts(line, texts);
        return !texts.empty();
    }
    return false;
}

void readMoveLine(const std::string& name, int lineNumber, std::string_view line,
                  const ReadOptions& options, FileResult& out, bool columns) {
    // A JSON line is read whole: a '#' in one of its strings is text ("Cup #2"); a comment
    // after it ends at one of the last few '#' (the first that leaves valid JSON).
    std::vector<MoveText> texts;
    const std::string_view body = text::trim(line);
    if (!body.empty() && (body[0] == '"' || body[0] == '[' || body[0] == '{')) {
        moveTexts(line, texts);
        std::size_t hash = line.size();
        for (int tries = 0; tries < 8 && texts.empty(); ++tries) {
            hash = hash == 0 ? std::string_view::npos : line.rfind('#', hash - 1);
            if (hash == std::string_view::npos) break;
            moveTexts(line.substr(0, hash), texts);
        }
    }
    if (texts.empty()) {
        // Comments: "#" anywhere, "//" at the start of a line (the openings files).
        if (const std::size_t hash = line.find('#'); hash != std::string_view::npos)
            line = line.substr(0, hash);
        if (text::trim(line).substr(0, 2) == "//") return;
        if (text::trim(line).empty()) return;
        moveTexts(line, texts);
    }
    if (texts.empty()) {
        readRecord(name, lineNumber, line, columns ? 0 : kNoColumns, nullptr, options, out);
        return;
    }
    for (const MoveText& mt : texts) {
        // Columns in the line: the text's own, or the line's start when a JSON string
        // was unescaped.
        const bool headers = !mt.black.empty() || !mt.white.empty() || !mt.event.empty() ||
                             !mt.date.empty() || !mt.result.empty() || !mt.rules.empty();
        readRecord(name, lineNumber, mt.text, columns ? std::max(mt.column, 0) : kNoColumns,
                   headers ? &mt : nullptr, options, out);
    }
}

void finishMoveList(FileResult& out) {
    updateFirstMoveHint(out);
}

void readMoveList(const std::string& name, std::string_view text, const ReadOptions& options,
                  FileResult& out) {
    text = text::stripBom(text);
    std::size_t pos = 0;
    int lineNumber = 0;
    while (pos < text.size()) {
        const std::string_view line = text::nextLine(text, pos);
        readMoveLine(name, ++lineNumber, line, options, out, true);
    }
    finishMoveList(out);
}

namespace {

// The number of moves in the words of `line` that are move text each ("f5", "f5d6c3"), at
// most `enough`.
int moveWords(std::string_view line, int enough) {
    int moves = 0;
    std::size_t i = 0;
    while (i < line.size() && moves < enough) {
        while (i < line.size() && (text::isBlank(line[i]) || line[i] == ',' || line[i] == ';'))
            ++i;
        std::size_t j = i;
        while (j < line.size() && !text::isBlank(line[j]) && line[j] != ',' && line[j] != ';')
            ++j;
        if (j > i) {
            const core::MovesParse p = core::parseMoves(line.substr(i, j - i), kMaxRecordMoves);
            if (!p.error)
                for (const int m : p.moves) moves += m != core::kPass;
        }
        i = j;
    }
    return moves;
}

}  // namespace

bool looksLikeMoveList(std::string_view head) {
    head = text::stripBom(head);
    std::size_t pos = 0;
    std::vector<MoveText> texts;
    for (int n = 0; n < 1000 && pos < head.size(); ++n) {
        std::string_view line = text::nextLine(head, pos);
        const std::string_view body = text::trim(line);
        if (body.empty() || body[0] == '#' || body.substr(0, 2) == "//") continue;
        moveTexts(body, texts);
        if (!texts.empty()) return true;  // a quoted or JSON move line
        if (const std::size_t hash = line.find('#'); hash != std::string_view::npos)
            line = line.substr(0, hash);
        // Move text from the start of the line, up to its end, a label after the moves, or a
        // typo after two moves at least ("f5 d6 cc4").
        const MoveTokens t = tokenizeMoves(line);
        const auto squares = std::count_if(t.tokens.begin(), t.tokens.end(), [](const MoveToken& k) {
            return k.square != core::kPass;
        });
        if (squares > 0 && (!t.errorColumn || squares >= 2 ||
                            isLabel(line, static_cast<std::size_t>(*t.errorColumn))))
            return true;
        // Or three moves among the line's words, whatever surrounds them ("Game 1: f5 d6 c3"):
        // a layout the reader does not know, reported record by record rather than skipped.
        if (moveWords(line, 3) >= 3) return true;
    }
    return false;
}

std::string writeMoveList(const std::vector<GameRecord>& games) {
    std::string out;
    for (const GameRecord& g : games) {
        // A game with names, event, date or a stated result, or of no moves (an empty line is
        // no game: a forfeit), is a JSON object line, which the reader takes back whole; any
        // other is its plain move text.
        out += g.moves.empty() || hasMetadata(g) ? jsonLine(g) : core::movesString(g.moves, true);
        out += '\n';
    }
    return out;
}

}  // namespace othello::importers
