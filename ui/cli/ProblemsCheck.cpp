// othello-db problems check, from-game and generate: the sub-commands that run the engine
// (ProblemsCli.h; the command itself is in ProblemsCommand.cpp).
#include <fmt/core.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>

#include "EditCli.h"
#include "ProblemsCli.h"
#include "core/Notation.h"
#include "importers/TextEscape.h"
#include "problems/AnswerVerdict.h"
#include "problems/JsonFormat.h"
#include "problems/ObfFormat.h"
#include "storage/problems/ProblemGenerator.h"

namespace othello::cli {

using importers::text::escapeForTerminal;
using nlohmann::json;

json checkJson(const problems::Problem& p, const problems::CheckResult& r) {
    auto valueOf = [&](int move) {
        const problems::MoveCheck* m = r.find(move);
        return m ? json(m->value) : json();
    };
    json moves = json::array(), failing = json::array(), wrong = json::array();
    for (const problems::MoveCheck& m : r.moves)
        moves.push_back({{"move", problems::moveText(m.move)},
                         {"value", m.value},
                         {"kind", analysis::valueKindName(m.kind)},
                         {"reaches_goal", m.reachesGoal},
                         {"answer", m.answer}});
    for (const int a : r.failingAnswers)
        failing.push_back({{"move", problems::moveText(a)}, {"value", valueOf(a)}});
    for (const problems::StatedValue& v : r.wrongValues)
        wrong.push_back({{"move", problems::moveText(v.move)},
                         {"stated", v.value},
                         {"exact", valueOf(v.move)}});
    json answers = json::array(), goalMoves = json::array();
    for (const int a : p.answers)
        answers.push_back({{"move", problems::moveText(a)}, {"value", valueOf(a)}});
    for (const int g : r.goalMoves) goalMoves.push_back(problems::moveText(g));
    return {{"id", p.id ? json(p.id) : json()},
            {"title", p.title},
            {"set", p.set},
            {"goal", problems::goalName(p.goal)},
            {"checked", r.checked},
            {"ok", r.ok()},
            {"exact", r.exact},
            {"method", r.method},
            {"best_value", r.bestValue},
            {"answers", answers},
            {"goal_moves", goalMoves},
            {"failing_answers", failing},
            {"wrong_values", wrong},
            {"moves", moves},
            {"seconds", r.seconds},
            {"verdict", problems::verdictText(p, r)}};
}

namespace {

void checkBudget(const problems::CheckBudget& b) {
    if (b.exactEmpties < 0 || b.exactEmpties > 60)
        throw UsageError("--exact-empties: 0..60, got " + std::to_string(b.exactEmpties));
    if (b.maxSeconds < 0) throw UsageError("--max-seconds: 0 or more");
    if (b.midgameDepth < 1 || b.midgameDepth > 30)
        throw UsageError("--depth: 1..30, got " + std::to_string(b.midgameDepth));
    if (b.threads < 0) throw UsageError("--threads: 0 or more");
}

// The problems `check` works on: files, or the archive's (a set, ids, or every set).
std::vector<problems::Problem> problemsToCheck(const ProblemsOptions& o, int& bad) {
    std::vector<problems::Problem> out;
    if (!o.files.empty() && o.store)
        throw UsageError("--store goes with the archive's problems, not --file");
    if (!o.files.empty()) {
        for (const std::string& f : o.files) {
            problems::ProblemSet s = readProblemFile(f, o, bad);
            for (auto& p : s.problems) out.push_back(std::move(p));
        }
        return out;
    }
    auto archive = openArchive(o.db, storage::Archive::Mode::ReadOnly);
    storage::ProblemStore store(archive);
    if (!o.ids.empty()) {
        for (const std::int64_t id : o.ids) {
            auto p = store.problem(id);
            if (!p) throw InputError("no problem " + std::to_string(id) + " in the archive");
            out.push_back(std::move(*p));
        }
        return out;
    }
    std::vector<std::string> names;
    if (!o.set.empty()) {
        if (!store.set(o.set)) throw InputError("no problem set \"" + o.set + "\" in the archive");
        names.push_back(o.set);
    } else {
        for (const auto& s : store.sets()) names.push_back(s.name);
    }
    for (const auto& n : names)
        for (auto& p : store.problems(n).problems) out.push_back(std::move(p));
    return out;
}

}  // namespace

int runProblemsCheck(const ProblemsOptions& o) {
    checkBudget(o.budget);
    int bad = 0;
    const std::vector<problems::Problem> list = problemsToCheck(o, bad);
    problems::GoalChecker checker;
    const auto start = std::chrono::steady_clock::now();
    int failed = 0, estimated = 0, unchecked = 0, notes = 0;
    json results = json::array();
    std::vector<problems::Problem> counted;  // --store: the difficulties counted exactly
    for (const problems::Problem& p : list) {
        const problems::CheckResult r = checker.check(p, o.budget);
        if (o.store && r.checked && r.exact && p.id) {
            counted.push_back(p);
            counted.back().difficulty.goalMoves = static_cast<int>(r.goalMoves.size());
        }
        if (!r.checked) ++unchecked;
        if (!r.ok()) ++failed;
        if (!r.exact && !problems::judgedWithoutValues(p)) ++estimated;  // a verdict on estimates
        if (!r.wrongValues.empty()) ++notes;
        if (o.json) {
            results.push_back(checkJson(p, r));
            continue;
        }
        const std::string name =
            (p.id ? "#" + std::to_string(p.id) + " " : std::string()) + p.title;
        fmt::print("{:<4} {}: {} ({:.2f} s{})\n",
                   !r.checked ? "-"
                   : r.ok()   ? "ok"
                              : "FAIL",
                   escapeForTerminal(name), escapeForTerminal(problems::verdictText(p, r)),
                   r.seconds, r.exact ? "" : "; " + r.method);
    }
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::int64_t change = 0;
    if (o.store && !counted.empty()) {
        auto archive = openForEdit(o.db, o.user);
        storage::ProblemStore store(archive);
        change = storageCall([&] { return store.update(counted); });
        if (!o.json && change) fmt::print("difficulties stored (change {})\n", change);
    }
    if (o.json) {
        printJson({{"problems", results},
                   {"checked", list.size() - static_cast<std::size_t>(unchecked)},
                   {"failed", failed},
                   {"estimated", estimated},
                   {"not_checked", unchecked},
                   {"value_notes", notes},
                   {"bad_lines", bad},
                   {"stored_change", change ? json(change) : json()},
                   {"seconds", seconds}});
    } else {
        fmt::print(
            "{} problem{}: {} ok, {} failed{}{}{} ({:.1f} s)\n", list.size(),
            list.size() == 1 ? "" : "s", list.size() - static_cast<std::size_t>(failed + unchecked),
            failed, estimated ? fmt::format(", {} on estimates", estimated) : "",
            unchecked ? fmt::format(", {} not checked (goal text)", unchecked) : "",
            notes ? fmt::format(", {} with stated values the solver contradicts", notes) : "",
            seconds);
    }
    return failed || bad ? kExitBadInput : kExitOk;
}

int runProblemsFromGame(const ProblemsOptions& o) {
    checkBudget(o.budget);
    checkId(o.game);
    const auto goal = problems::parseGoal(o.goal.empty() ? "best" : o.goal);
    if (!goal || *goal == problems::Goal::Text)
        throw UsageError("--goal: best, win, draw or corner, got " + o.goal);
    auto archive = openForEdit(o.db, o.user);
    const auto game = archive.game(o.game);
    if (!game) throw InputError("no game " + std::to_string(o.game) + " in the archive");
    problems::GoalChecker checker;
    problems::ProblemSet set;
    set.name = o.set.empty() ? "from games" : o.set;
    set.problems.push_back(storageCall(
        [&] { return storage::problemFromGame(*game, o.ply, *goal, &checker, o.budget); }));
    storage::ProblemStore store(archive);
    const auto r = storageCall([&] { return store.add(set); });
    json extra = json::object();
    if (o.json) extra["problem"] = problems::problemJson(set.problems[0]);
    reportAdded(r, set.name, o.json, extra);
    if (!o.json && !r.added.empty())
        fmt::print("problem {}: answer {} ({})\n", r.added[0],
                   problems::movesText(set.problems[0].answers),
                   escapeForTerminal(set.problems[0].source));
    return r.added.empty() ? kExitBadInput : kExitOk;
}

int runProblemsGenerate(const ProblemsOptions& o) {
    checkBudget(o.budget);
    if (o.set.empty() && o.output.empty())
        throw UsageError("generate: give --set NAME or --output FILE");
    if (o.empties < 1 || o.empties > 30) throw UsageError("--empties: 1..30");
    if (o.count < 1 || o.count > 10000) throw UsageError("--count: 1..10000");
    storage::GeneratorOptions g;
    g.filter = makeFilter(o.filter);
    g.kind =
        o.kind == "blunder" ? storage::GeneratorKind::Blunder : storage::GeneratorKind::OnlyWin;
    g.empties = o.empties;
    g.count = o.count;
    g.minLoss = o.minLoss;
    g.maxGoalMoves = o.maxGoalMoves;
    g.budget = o.budget;
    g.budget.exactEmpties = std::max(g.budget.exactEmpties, o.empties);
    const bool tty = !o.json && isatty(2);
    g.onProgress = [tty](std::int64_t games, int kept) {
        if (tty && games % 50 == 0) fmt::print(stderr, "\r{} games read, {} problems", games, kept);
    };
    auto archive = o.output.empty() ? openForEdit(o.db, o.user)
                                    : openArchive(o.db, storage::Archive::Mode::ReadOnly);
    problems::GoalChecker checker;
    storage::GeneratorResult r = storage::generateProblems(archive, g, checker);
    if (tty) fmt::print(stderr, "\n");
    r.set.name = o.set.empty() ? "generated" : o.set;
    r.set.source =
        "generated by othello-db problems generate from " + archive.path().filename().string();
    for (auto& p : r.set.problems) p.set = r.set.name;
    json stats = {{"games_read", r.gamesRead},
                  {"candidates", r.candidates},
                  {"symmetric_repeats", r.symmetricRepeats},
                  {"inexact", r.inexact},
                  {"problems", r.set.problems.size()},
                  {"wanted", o.count}};
    if (!o.json)
        fmt::print(
            stderr,
            "{} games read, {} positions solved, {} symmetric repeats skipped: {} problem{}{}\n",
            r.gamesRead, r.candidates, r.symmetricRepeats, r.set.problems.size(),
            r.set.problems.size() == 1 ? "" : "s",
            static_cast<int>(r.set.problems.size()) < o.count
                ? " (fewer than asked: the games ran out)"
                : "");
    if (!o.output.empty()) {
        const bool obf = isObf(o.output, "");
        std::ofstream out(o.output, std::ios::binary);
        out << (obf ? problems::writeObf(r.set) : problems::writeJson(r.set));
        out.close();
        if (!out) throw InputError("cannot write " + o.output);
        if (o.json) printJson({{"file", o.output}, {"stats", stats}});
        return kExitOk;
    }
    if (r.set.problems.empty()) {
        // Nothing qualified: no set is made (it made an empty, journalled one), exit 1.
        if (o.json)
            printJson({{"set", r.set.name}, {"added", json::array()}, {"change", json()},
                       {"stats", stats}});
        else
            fmt::print(stderr, "no position qualifies: no set made\n");
        return kExitBadInput;
    }
    storage::ProblemStore store(archive);
    const auto added = storageCall([&] { return store.add(r.set); });
    reportAdded(added, r.set.name, o.json, {{"stats", stats}});
    return kExitOk;
}

}  // namespace othello::cli
