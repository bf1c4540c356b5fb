#include "JsonFormat.h"

#include <algorithm>
#include <cstdint>

#include "core/Notation.h"

namespace othello::problems {

using nlohmann::json;

namespace {

// A member of the wrong kind: thrown while reading one problem, caught per problem.
struct BadMember {
    std::string path;
    std::string message;
};

int moveOf(const json& j, const std::string& path) {
    if (!j.is_string()) throw BadMember{path, "a move must be a string such as \"h2\" or \"pass\""};
    const std::string t = j.get<std::string>();
    if (t == "pass" || t == "PASS" || t == "PS" || t == "ps") return core::kPass;
    const int square = core::parseSquare(t);
    if (square == core::kNoSquare)
        throw BadMember{path, "'" + core::printableText(t) + "' is not a move (a1..h8 or pass)"};
    return square;
}

std::vector<int> movesOf(const json& j, const std::string& path) {
    if (!j.is_array()) throw BadMember{path, "must be an array of moves"};
    std::vector<int> out;
    for (std::size_t i = 0; i < j.size(); ++i)
        out.push_back(moveOf(j[i], path + "[" + std::to_string(i) + "]"));
    return out;
}

std::string textOf(const json& j, const std::string& path) {
    if (!j.is_string()) throw BadMember{path, "must be a string"};
    return j.get<std::string>();
}

Problem problemOf(const json& j, const std::string& path, const ProblemSet& set) {
    if (!j.is_object()) throw BadMember{path, "a problem must be an object"};
    Problem p;
    p.set = set.name;
    p.source = set.source;
    if (!j.contains("board")) throw BadMember{path + ".board", "is missing"};
    const core::BoardParse b = core::parseBoard(textOf(j["board"], path + ".board"));
    if (b.error) throw BadMember{path + ".board", b.error->message};
    p.position = b.position;
    if (j.contains("to_move")) {
        const std::string side = textOf(j["to_move"], path + ".to_move");
        if (side != "black" && side != "white")
            throw BadMember{path + ".to_move", "must be \"black\" or \"white\""};
        p.position = core::Position(b.position.black(), b.position.white(),
                                    side == "black" ? core::Color::Black : core::Color::White);
    } else if (!b.sideGiven) {
        throw BadMember{path + ".to_move", "is missing"};
    }
    if (j.contains("goal")) {
        const std::string g = textOf(j["goal"], path + ".goal");
        const auto goal = parseGoal(g);
        if (!goal)
            throw BadMember{path + ".goal", "'" + core::printableText(g) +
                                                "' is not a goal (best, win, draw, corner, text)"};
        p.goal = *goal;
    }
    if (j.contains("title")) p.title = textOf(j["title"], path + ".title");
    if (j.contains("question")) p.question = textOf(j["question"], path + ".question");
    if (j.contains("source")) p.source = textOf(j["source"], path + ".source");
    if (j.contains("comment")) p.comment = textOf(j["comment"], path + ".comment");
    if (j.contains("answers")) p.answers = movesOf(j["answers"], path + ".answers");
    if (j.contains("line")) p.line = movesOf(j["line"], path + ".line");
    if (j.contains("tags")) {
        if (!j["tags"].is_array()) throw BadMember{path + ".tags", "must be an array of strings"};
        for (std::size_t i = 0; i < j["tags"].size(); ++i)
            p.tags.push_back(textOf(j["tags"][i], path + ".tags[" + std::to_string(i) + "]"));
    }
    if (j.contains("values")) {
        const json& v = j["values"];
        if (!v.is_array()) throw BadMember{path + ".values", "must be an array"};
        for (std::size_t i = 0; i < v.size(); ++i) {
            const std::string at = path + ".values[" + std::to_string(i) + "]";
            if (!v[i].is_object() || !v[i].contains("move") || !v[i].contains("value") ||
                !v[i]["value"].is_number_integer())
                throw BadMember{at, "must be {\"move\": \"g8\", \"value\": 18}"};
            // Read wide, then range-checked: get<int> wrapped 4294967314 to +18.
            const std::int64_t value = v[i]["value"].get<std::int64_t>();
            if (value < -64 || value > 64)
                throw BadMember{at + ".value", "a disc difference is -64..64, got " +
                                                   v[i]["value"].dump()};
            p.values.push_back({moveOf(v[i]["move"], at + ".move"), static_cast<int>(value)});
        }
    }
    fillDifficulty(p);
    if (j.contains("difficulty") && j["difficulty"].is_object() &&
        j["difficulty"].contains("goal_moves")) {
        // How many of the legal moves reach the goal: 0..legal moves (a forced pass is one).
        const json& n = j["difficulty"]["goal_moves"];
        const std::int64_t most = std::max(p.difficulty.legalMoves, 1);
        if (!n.is_number_integer() || n.get<std::int64_t>() < 0 || n.get<std::int64_t>() > most)
            throw BadMember{path + ".difficulty.goal_moves",
                            "how many of the " + std::to_string(most) +
                                " legal moves reach the goal: 0.." + std::to_string(most) +
                                ", got " + n.dump()};
        p.difficulty.goalMoves = n.get<int>();
    }
    if (const std::string why = validate(p); !why.empty()) throw BadMember{path, why};
    return p;
}

}  // namespace

std::string moveText(int move) {
    return core::squareName(move);
}

ReadResult readJson(std::string_view text) {
    ReadResult out;
    json doc;
    try {
        doc = json::parse(text);
    } catch (const json::parse_error& e) {
        out.diagnostics.push_back({0, 0, "", std::string("not JSON: ") + e.what()});
        return out;
    }
    // A bare array of problems, or one problem, is read as a set without a name.
    if (doc.is_array()) doc = json{{"problems", doc}};
    if (doc.is_object() && doc.contains("board")) doc = json{{"problems", json::array({doc})}};
    if (!doc.is_object() || !doc.contains("problems") || !doc["problems"].is_array()) {
        out.diagnostics.push_back({0, 0, "", "a problems file needs a \"problems\" array"});
        return out;
    }
    if (doc.contains("version") &&
        (!doc["version"].is_number_integer() ||
         doc["version"].get<std::int64_t>() > kJsonFormatVersion))
        out.diagnostics.push_back({0, 0, "version",
                                   "written by a newer program (version " + doc["version"].dump() +
                                       "): read as version 1, members it does not know ignored"});
    for (const char* key : {"name", "description", "source"})
        if (doc.contains(key) && doc[key].is_string()) {
            std::string& field = std::string(key) == "name"          ? out.set.name
                                 : std::string(key) == "description" ? out.set.description
                                                                     : out.set.source;
            field = doc[key].get<std::string>();
        }
    const json& list = doc["problems"];
    for (std::size_t i = 0; i < list.size(); ++i) {
        const std::string path = "problems[" + std::to_string(i) + "]";
        try {
            out.set.problems.push_back(problemOf(list[i], path, out.set));
        } catch (const BadMember& e) {
            out.diagnostics.push_back({static_cast<int>(i) + 1, 0, e.path, e.message});
        }
    }
    return out;
}

json problemJson(const Problem& p) {
    json j = json::object();
    if (p.id) j["id"] = p.id;
    if (!p.title.empty()) j["title"] = p.title;
    j["board"] = core::boardString(p.position);
    j["to_move"] = core::colorName(p.position.toMove());
    j["goal"] = goalName(p.goal);
    if (!p.question.empty()) j["question"] = p.question;
    json answers = json::array(), line = json::array(), values = json::array();
    for (const int m : p.answers) answers.push_back(moveText(m));
    for (const int m : p.line) line.push_back(moveText(m));
    for (const StatedValue& v : p.values)
        values.push_back({{"move", moveText(v.move)}, {"value", v.value}});
    j["answers"] = answers;
    if (!p.line.empty()) j["line"] = line;
    if (!p.values.empty()) j["values"] = values;
    if (!p.source.empty()) j["source"] = p.source;
    if (!p.tags.empty()) j["tags"] = p.tags;
    if (!p.comment.empty()) j["comment"] = p.comment;
    json d = {{"empties", p.difficulty.empties}, {"legal_moves", p.difficulty.legalMoves}};
    if (p.difficulty.goalMoves >= 0) d["goal_moves"] = p.difficulty.goalMoves;
    j["difficulty"] = d;
    return j;
}

json setJson(const ProblemSet& set) {
    json j = {{"format", kJsonFormatName}, {"version", kJsonFormatVersion}};
    if (!set.name.empty()) j["name"] = set.name;
    if (!set.description.empty()) j["description"] = set.description;
    if (!set.source.empty()) j["source"] = set.source;
    json list = json::array();
    for (const Problem& p : set.problems) list.push_back(problemJson(p));
    j["problems"] = list;
    return j;
}

std::string writeJson(const ProblemSet& set) {
    return setJson(set).dump(2, ' ', false, json::error_handler_t::replace) + "\n";
}

}  // namespace othello::problems
