#include "ObfFormat.h"

#include <algorithm>

#include "analysis/ObfProblem.h"
#include "core/Notation.h"

namespace othello::problems {
namespace {

std::string upper(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(),
                   [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
    return s;
}

std::string obfMove(int move) {
    return move == core::kPass ? "PS" : upper(core::squareName(move));
}

// An OBF field's value: signed, zero too ("G8:+0", as Edax's files write it; not
// core::signedValue's "0").
std::string obfValue(int v) {
    // Appended, not "+" + string: g++ 12 warns (-Wrestrict) on that form.
    std::string s = v >= 0 ? "+" : "";
    s += std::to_string(v);
    return s;
}

Problem fromObf(const analysis::ObfProblem& o, const ObfReadOptions& options, int number) {
    Problem p;
    p.set = options.setName;
    p.source = options.source;
    p.position = o.position;
    p.goal = Goal::Best;
    p.title = o.comment.empty() ? options.titlePrefix + std::to_string(number) : o.comment;
    for (const auto& m : o.moves) p.values.push_back({m.square, m.value});
    p.answers = o.answers;
    if (p.answers.empty() && !o.moves.empty()) {
        int best = -65;
        for (const auto& m : o.moves) best = std::max(best, m.value);
        for (const auto& m : o.moves)
            if (m.value == best) p.answers.push_back(m.square);
    }
    fillDifficulty(p);
    return p;
}

}  // namespace

ReadResult readObf(std::string_view text, const ObfReadOptions& options) {
    ReadResult out;
    out.set.name = options.setName;
    int lineNumber = 0;
    int number = options.firstNumber;
    std::size_t at = 0;
    while (at < text.size()) {
        const auto end = text.find('\n', at);
        const std::string_view line =
            text.substr(at, end == std::string_view::npos ? std::string_view::npos : end - at);
        at = end == std::string_view::npos ? text.size() : end + 1;
        ++lineNumber;
        const analysis::ObfLineParse r = analysis::parseObfLineLocated(line);
        if (r.error) {
            Diagnostic d;
            d.line = lineNumber;
            d.column = static_cast<int>(r.error->column) + 1;
            d.message = r.error->message;
            if (!r.error->token.empty())
                d.message += " ('" + core::printableText(r.error->token) + "')";
            out.diagnostics.push_back(std::move(d));
            ++number;  // the numbering follows the file's lines of problems, bad ones included
            continue;
        }
        if (!r.problem) {
            // A comment-only line before the first problem describes the set.
            const auto percent = line.find('%');
            if (percent != std::string_view::npos && out.set.problems.empty() &&
                out.diagnostics.empty()) {
                std::string c(line.substr(percent + 1));
                while (!c.empty() && (c.back() == '\r' || c.back() == ' ')) c.pop_back();
                c.erase(0, c.find_first_not_of(' '));
                if (!c.empty()) out.set.description += (out.set.description.empty() ? "" : " ") + c;
            }
            continue;
        }
        Problem p = fromObf(*r.problem, options, number++);
        if (const std::string why = validate(p); !why.empty()) {
            out.diagnostics.push_back({lineNumber, 1, "", why});
            continue;
        }
        out.set.problems.push_back(std::move(p));
    }
    return out;
}

std::string obfLine(const Problem& p) {
    std::string s = core::boardString(p.position) + " " +
                    (p.position.toMove() == core::Color::Black ? "X" : "O") + ";";
    for (const StatedValue& v : p.values) {
        s += ' ';
        s += obfMove(v.move);
        s += ':';
        s += obfValue(v.value);
        s += ';';
    }
    // Answers with a stated value of the best listed value are implied by the values (the
    // reader takes them back); the others are written bare.
    int best = -65;
    for (const StatedValue& v : p.values) best = std::max(best, v.value);
    std::vector<int> implied;
    for (const StatedValue& v : p.values)
        if (v.value == best) implied.push_back(v.move);
    if (p.answers != implied)
        for (const int a : p.answers) {
            s += ' ';
            s += obfMove(a);
            s += ';';
        }
    if (!p.title.empty()) {
        std::string title = p.title;
        std::replace(title.begin(), title.end(), '\n', ' ');
        std::replace(title.begin(), title.end(), '\r', ' ');
        s += " % " + title;
    }
    return s;
}

std::string writeObf(const ProblemSet& set) {
    std::string out;
    if (!set.description.empty()) {
        std::string head = set.description;
        std::replace(head.begin(), head.end(), '\n', ' ');
        out += "% " + head + "\n";
    }
    for (const Problem& p : set.problems) out += obfLine(p) + "\n";
    return out;
}

bool obfLosesGoal(const Problem& p) {
    return p.goal != Goal::Best;
}

}  // namespace othello::problems
