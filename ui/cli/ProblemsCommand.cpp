// othello-db problems: problem sets beside the games (README "Problems"). This file: the
// command and its sub-commands import, list, show, export, remove; check, from-game and
// generate run in ProblemsCheck.cpp.
#include <fmt/core.h>

#include <cctype>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>

#include "EditCli.h"
#include "ProblemsCli.h"
#include "core/Notation.h"
#include "importers/TextEscape.h"
#include "problems/JsonFormat.h"
#include "problems/ObfFormat.h"

namespace othello::cli {

using importers::text::escapeForTerminal;
using nlohmann::json;

bool isObf(const std::string& path, const std::string& format) {
    if (!format.empty()) return format == "obf";
    std::string ext = std::filesystem::path(path).extension().string();
    for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return ext == ".obf";  // "X.OBF" too: it was read and written as JSON
}

problems::ProblemSet readProblemFile(const std::string& path, const ProblemsOptions& o, int& bad) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw InputError("cannot read " + path);
    std::stringstream text;
    text << in.rdbuf();
    problems::ReadResult r;
    const std::string stem = std::filesystem::path(path).stem().string();
    if (isObf(path, o.format)) {
        problems::ObfReadOptions ro;
        ro.setName = stem;
        ro.source = std::filesystem::path(path).filename().string();
        ro.titlePrefix = o.titlePrefix.empty() ? stem + " #" : o.titlePrefix;
        ro.firstNumber = o.firstNumber;
        r = problems::readObf(text.str(), ro);
    } else {
        r = problems::readJson(text.str());
        if (r.set.name.empty()) r.set.name = stem;
    }
    for (const problems::Diagnostic& d : r.diagnostics)
        fmt::print(stderr, "{}: {}\n", escapeForTerminal(path),
                   escapeForTerminal(problems::describe(d)));
    bad += static_cast<int>(r.diagnostics.size());
    if (!o.goal.empty()) {
        const auto goal = problems::parseGoal(o.goal);
        if (!goal) throw UsageError("--goal: best, win, draw, corner or text, got " + o.goal);
        for (problems::Problem& p : r.set.problems) p.goal = *goal;
    }
    return r.set;
}

void reportAdded(const storage::ProblemAddResult& r, const std::string& set, bool json,
                 nlohmann::json extra) {
    if (json) {
        nlohmann::json skipped = nlohmann::json::array();
        for (const auto& s : r.skipped)
            skipped.push_back(
                {{"index", s.index},
                 {"title", s.title},
                 {"why", s.why},
                 {"existing", s.existing ? nlohmann::json(s.existing) : nlohmann::json()}});
        extra["set"] = set;
        extra["set_created"] = r.setCreated;
        extra["added"] = r.added;
        extra["skipped"] = skipped;
        extra["change"] = r.change ? nlohmann::json(r.change) : nlohmann::json();
        printJson(extra);
        return;
    }
    for (const auto& s : r.skipped)
        fmt::print(stderr, "skipped {}: {}\n",
                   escapeForTerminal(s.title.empty() ? "#" + std::to_string(s.index + 1) : s.title),
                   escapeForTerminal(s.why));
    fmt::print("set \"{}\"{}: {} problem{} added, {} skipped{}\n", escapeForTerminal(set),
               r.setCreated ? " (new)" : "", r.added.size(), r.added.size() == 1 ? "" : "s",
               r.skipped.size(), r.change ? fmt::format(" (change {})", r.change) : "");
}

namespace {

int runImport(const ProblemsOptions& o) {
    auto archive = openForEdit(o.db, o.user);
    storage::ProblemStore store(archive);
    int bad = 0;
    json results = json::array();
    for (const std::string& file : o.files) {
        problems::ProblemSet set = readProblemFile(file, o, bad);
        if (!o.set.empty()) set.name = o.set;
        if (set.problems.empty()) {
            // Nothing read (each bad line named above): no set is made, not even an empty one.
            if (o.json)
                results.push_back({{"file", file},
                                   {"set", set.name},
                                   {"added", json::array()},
                                   {"skipped", 0},
                                   {"change", json()}});
            else
                fmt::print(stderr, "{}: no problem read; no set made\n", escapeForTerminal(file));
            continue;
        }
        const auto r = storageCall([&] { return store.add(set); });
        if (o.json)
            results.push_back({{"file", file},
                               {"set", set.name},
                               {"added", r.added},
                               {"skipped", r.skipped.size()},
                               {"change", r.change ? json(r.change) : json()}});
        else
            reportAdded(r, set.name, false);
    }
    if (o.json) printJson({{"imports", results}, {"bad_lines", bad}});
    if (bad) {
        if (!o.json)
            fmt::print(stderr,
                       "{} line{} or problem{} could not be read (named above); the rest "
                       "were stored\n",
                       bad, bad == 1 ? "" : "s", bad == 1 ? "" : "s");
        return kExitBadInput;
    }
    return kExitOk;
}

int runList(const ProblemsOptions& o) {
    auto archive = openArchive(o.db, storage::Archive::Mode::ReadOnly);
    storage::ProblemStore store(archive);
    if (o.set.empty()) {
        const auto sets = store.sets();
        if (o.json) {
            json list = json::array();
            for (const auto& s : sets)
                list.push_back({{"id", s.id},
                                {"name", s.name},
                                {"description", s.description},
                                {"source", s.source},
                                {"problems", s.problems}});
            printJson({{"sets", list}});
        } else if (sets.empty()) {
            fmt::print("no problem set (import one: othello-db problems import FILE)\n");
        } else {
            for (const auto& s : sets)
                fmt::print("{:<30} {:>5} problem{}  {}\n", escapeForTerminal(s.name), s.problems,
                           s.problems == 1 ? " " : "s", escapeForTerminal(s.description));
        }
        return kExitOk;
    }
    const problems::ProblemSet set = store.problems(o.set);
    if (!store.set(o.set)) throw InputError("no problem set \"" + o.set + "\" in the archive");
    if (o.json) {
        printJson(problems::setJson(set));
        return kExitOk;
    }
    for (const problems::Problem& p : set.problems)
        fmt::print("{:>6}  {:<28} {:<6} {} to move, {:>2} empties{}, answer {}\n", p.id,
                   escapeForTerminal(p.title), problems::goalName(p.goal),
                   core::colorName(p.position.toMove()), p.difficulty.empties,
                   p.difficulty.goalMoves < 0
                       ? std::string()
                       : fmt::format(", {} of {} moves reach the goal", p.difficulty.goalMoves,
                                     p.difficulty.legalMoves),
                   p.answers.empty() ? "-" : problems::movesText(p.answers));
    return kExitOk;
}

void printProblem(const problems::Problem& p) {
    fmt::print("problem {}: {}\n", p.id, escapeForTerminal(p.title));
    if (!p.set.empty()) fmt::print("set: {}\n", escapeForTerminal(p.set));
    fmt::print("{}", core::boardDiagram(p.position));
    fmt::print("{} to move; goal: {}\n", core::colorName(p.position.toMove()),
               problems::goalDescription(p.goal));
    if (!p.question.empty()) fmt::print("question: {}\n", escapeForTerminal(p.question));
    fmt::print("answer: {}\n",
               p.answers.empty() ? "(none stated)" : problems::movesText(p.answers));
    if (!p.line.empty()) fmt::print("line: {}\n", problems::movesText(p.line));
    if (!p.values.empty()) {
        std::string v;
        for (const auto& s : p.values)
            v += fmt::format("{}{}:{:+d}", v.empty() ? "" : " ", core::squareName(s.move), s.value);
        fmt::print("values stated: {}\n", v);
    }
    fmt::print("difficulty: {} empties, {} legal moves", p.difficulty.empties,
               p.difficulty.legalMoves);
    if (p.difficulty.goalMoves >= 0) fmt::print(", {} reaching the goal", p.difficulty.goalMoves);
    fmt::print("\n");
    if (!p.source.empty()) fmt::print("source: {}\n", escapeForTerminal(p.source));
    if (!p.tags.empty()) {
        std::string t;
        for (const auto& s : p.tags) t += (t.empty() ? "" : ", ") + s;
        fmt::print("tags: {}\n", escapeForTerminal(t));
    }
    if (!p.comment.empty()) fmt::print("comment: {}\n", escapeForTerminal(p.comment));
}

int runShow(const ProblemsOptions& o) {
    auto archive = openArchive(o.db, storage::Archive::Mode::ReadOnly);
    storage::ProblemStore store(archive);
    json list = json::array();
    for (const std::int64_t id : o.ids) {
        const auto p = store.problem(id);
        if (!p) throw InputError("no problem " + std::to_string(id) + " in the archive");
        if (o.json) {
            json j = problems::problemJson(*p);
            j["set"] = p->set;
            list.push_back(j);
        } else {
            printProblem(*p);
        }
    }
    if (o.json) printJson({{"problems", list}});
    return kExitOk;
}

int runExport(const ProblemsOptions& o) {
    auto archive = openArchive(o.db, storage::Archive::Mode::ReadOnly);
    storage::ProblemStore store(archive);
    if (!store.set(o.set)) throw InputError("no problem set \"" + o.set + "\" in the archive");
    const problems::ProblemSet set = store.problems(o.set);
    const bool obf =
        o.format.empty() ? (!o.output.empty() && isObf(o.output, "")) : o.format == "obf";
    if (obf) {
        int lost = 0;
        for (const auto& p : set.problems) lost += problems::obfLosesGoal(p) ? 1 : 0;
        if (lost)
            fmt::print(stderr,
                       "warning: {} problem{} of goal other than best: OBF keeps only the board, "
                       "values and answers (export --format json keeps everything)\n",
                       lost, lost == 1 ? "" : "s");
    }
    const std::string text = obf ? problems::writeObf(set) : problems::writeJson(set);
    if (o.output.empty() || o.output == "-") {
        fmt::print("{}", text);
        return kExitOk;
    }
    std::ofstream out(o.output, std::ios::binary);
    out << text;
    out.close();
    if (!out) throw InputError("cannot write " + o.output);
    if (o.json)
        printJson({{"set", set.name}, {"problems", set.problems.size()}, {"file", o.output}});
    else
        fmt::print("{} problem{} written to {}\n", set.problems.size(),
                   set.problems.size() == 1 ? "" : "s", o.output);
    return kExitOk;
}

int runRemove(const ProblemsOptions& o) {
    if (o.ids.empty() == o.set.empty())
        throw UsageError("problems remove: give problem ids or --set NAME (one of them)");
    auto archive = openForEdit(o.db, o.user);
    storage::ProblemStore store(archive);
    const std::int64_t change =
        storageCall([&] { return o.ids.empty() ? store.removeSet(o.set) : store.remove(o.ids); });
    const auto c = archive.change(change);
    if (o.json)
        printJson({{"change", change}, {"summary", c ? c->summary : ""}});
    else
        fmt::print("{} (change {}; othello-db revert {} undoes it)\n",
                   escapeForTerminal(c ? c->summary : ""), change, change);
    return kExitOk;
}

}  // namespace

namespace {

using Runner = int (*)(const ProblemsOptions&);

CLI::App* addSub(CLI::App* parent, const char* name, const char* about,
                 std::shared_ptr<ProblemsOptions> o, Runner run, Action& action) {
    auto* sub = parent->add_subcommand(name, about);
    addDbOption(sub, o->db);
    sub->add_flag("--json", o->json, "Print JSON (README \"Problems\" gives the forms)");
    sub->callback([o, run, &action] {
        action = [o, run] {
            return runCommand([o, run] {
                // A name of blanks is no name (it made a set listed as nothing).
                if (!o->set.empty() && o->set.find_first_not_of(" \t\r\n") == std::string::npos)
                    throw UsageError("--set: a name, not blanks");
                return run(*o);
            });
        };
    });
    return sub;
}

void addBudgetOptions(CLI::App* sub, ProblemsOptions& o) {
    sub->add_option("--exact-empties", o.budget.exactEmpties,
                    "Exact values up to N empties (default 30); beyond, the midgame search's "
                    "estimate, said so");
    sub->add_option("--max-seconds", o.budget.maxSeconds,
                    "The time budget per problem (default 60; 0: none): the exact solve's; past "
                    "it, the midgame search's estimate in what is left, said so. A corner goal's "
                    "verdict needs no values: they are shown from a quick look (exact up to 16 "
                    "empties, else depth 8 at most)");
    sub->add_option("--depth", o.budget.midgameDepth,
                    "The midgame search's depth for estimates (default 14)");
    sub->add_option("--threads", o.budget.threads, "The solver's threads (default: every core)");
}

const char* const kProblemsFooter =
    "A problem is a position with the side to move, a goal, the answer (moves; any of them "
    "reaches the goal), a line, a source, tags and a difficulty (empties, and how many moves "
    "reach the goal). Goals the engine checks: best (the best exact value; ties accepted), win "
    "(value > 0), draw (value >= 0), corner (after the move, every reply of the opponent, a pass "
    "included, leaves the mover a legal corner move); text (a question in words) is never "
    "checked. Problems live in the archive in sets, journalled (`othello-db history`, "
    "`othello-db revert CHANGE`); a set never holds the same position twice under the 8 "
    "symmetries with the same goal. Files (Edax .obf, the JSON form) are for exchange.";

RegisterCommand problemsCommand("problems", [](CLI::App& app, Action& action) {
    auto o = std::make_shared<ProblemsOptions>();
    auto* cmd = app.add_subcommand(
        "problems", "Problem sets: import, list, show, check, export, make from games, generate");
    cmd->require_subcommand(1);
    cmd->footer(kProblemsFooter);
    // `othello-db --db FILE problems ...` puts --db here (main.cpp), before the sub-command.
    addDbOption(cmd, o->db);

    auto* imp = addSub(cmd, "import", "Read problem files (.obf or JSON) into a set of the archive",
                       o, runImport, action);
    imp->add_option("FILE", o->files, "Problem files: .obf (Edax), else the JSON form")->required();
    imp->add_option("--set", o->set,
                    "The set to add them to (created when missing; default: the JSON's name, "
                    "else the file's name without extension)");
    imp->add_option("--format", o->format, "obf or json (default: by the extension)")
        ->check(CLI::IsMember({"obf", "json"}));
    imp->add_option("--title-prefix", o->titlePrefix,
                    "OBF: the title of a problem without a '%' comment is this and its number "
                    "(default: \"STEM #\")");
    imp->add_option("--first-number", o->firstNumber,
                    "OBF: the number of the file's first problem (default 1; FFO #20-#39: 20)");
    imp->add_option("--goal", o->goal, "Give every problem read this goal (OBF: best)");
    addUserOption(imp, o->user);
    imp->footer(
        "OBF: one problem a line, the board (a1..h8, X O -) and the side to move, then fields "
        "ending with ';': MOVE:VALUE (PS for a pass) the stated values, a bare MOVE the answer "
        "(without one: the moves of the best listed value); '%' starts a comment, which titles "
        "the problem. A bad line is named (file, line, column) on stderr and skipped, the others "
        "are stored; exit 1 then. A problem repeating one of the set (a symmetry, same goal) is "
        "skipped and named.");

    auto* list =
        addSub(cmd, "list", "List the sets, or the problems of one set", o, runList, action);
    list->add_option("SET", o->set, "A set's name: its problems");

    auto* show = addSub(cmd, "show", "Show problems: the board, goal, answer, line, source", o,
                        runShow, action);
    show->add_option("ID", o->ids, "Problem ids (see problems list SET)")->required();

    auto* check = addSub(cmd, "check", "Check problems against their goals with the engine", o,
                         runProblemsCheck, action);
    check->add_option("SET", o->set, "A set of the archive (default: every set)");
    check->add_option("--id", o->ids, "Only these problems");
    check->add_option("--file", o->files, "Check the problems of these files instead (no archive)");
    check->add_option("--format", o->format, "With --file: obf or json (default: by the extension)")
        ->check(CLI::IsMember({"obf", "json"}));
    check->add_option("--first-number", o->firstNumber,
                      "With --file, OBF: the first problem's number");
    addBudgetOptions(check, *o);
    check->add_flag("--store", o->store,
                    "Store each problem's difficulty (how many moves reach its goal) when its "
                    "values are exact (one journalled change, problems-edit)");
    addUserOption(check, o->user);
    check->footer(
        "Each problem: every legal move's value (exact within the budget, else the midgame "
        "search's estimate, said so), the moves reaching the goal, and whether the stated answer "
        "does. A problem whose answer does not reach its goal is reported with the answer's "
        "value and the goal's (the best value and the moves reaching it); exit 1 then, and for "
        "a problem where no move reaches its goal (no answer to find). Values the source "
        "states that the exact values contradict are noted (not a failure). A corner goal's "
        "verdict needs no values: they are shown from a quick look, never solved in full. Exit "
        "0 when every answer reaches its goal.");

    auto* exp =
        addSub(cmd, "export", "Write a set to a file (JSON, or Edax .obf)", o, runExport, action);
    exp->add_option("SET", o->set, "The set")->required();
    exp->add_option("-o,--output", o->output, "The file (default: standard output)");
    exp->add_option("--format", o->format, "json or obf (default: by the extension, else json)")
        ->check(CLI::IsMember({"obf", "json"}));

    auto* fg = addSub(cmd, "from-game", "Make a problem from a game of the archive at a ply", o,
                      runProblemsFromGame, action);
    fg->add_option("ID", o->game, "The game's id")->required();
    fg->add_option("--ply", o->ply, "The ply (0: the start; passes count as plies)")->required();
    fg->add_option("--goal", o->goal, "best (default), win, draw or corner");
    fg->add_option("--set", o->set, "The set to add it to (default \"from games\")");
    addBudgetOptions(fg, *o);
    addUserOption(fg, o->user);
    fg->footer(
        "The answer is every move reaching the goal, found by the engine (exact within the "
        "budget, else estimated: the problem's comment says so); the comment names the "
        "move played in the game. A position where no move reaches the goal is refused "
        "(exit 1): a problem needs an answer.");

    auto* gen = addSub(cmd, "generate", "Make a set from the archive's games", o,
                       runProblemsGenerate, action);
    gen->add_option("--set", o->set, "The set's name (required unless --output)");
    gen->add_option("--kind", o->kind,
                    "only-win (default): exactly one move keeps the win; blunder: the move "
                    "played lost at least --min-loss discs")
        ->check(CLI::IsMember({"only-win", "blunder"}));
    gen->add_option("--empties", o->empties, "The positions' empties (default 16; 1..30)");
    gen->add_option("--count", o->count, "Problems wanted (default 20)");
    gen->add_option("--min-loss", o->minLoss, "blunder: discs lost at least (default 8)");
    gen->add_option("--max-goal-moves", o->maxGoalMoves,
                    "blunder: only positions with at most N best moves (harder; default: any)");
    gen->add_option("--player", o->filter.player,
                    "Games of this player (either colour, substring)");
    gen->add_option("--black", o->filter.black, "The Black player (substring)");
    gen->add_option("--white", o->filter.white, "The White player (substring)");
    gen->add_option("--event", o->filter.event, "The event (substring)");
    gen->add_option("--year", o->filter.year, "A year Y or a range Y1-Y2");
    gen->add_option("-o,--output", o->output,
                    "Write the set to this file (JSON; .obf: OBF) instead of storing it");
    addBudgetOptions(gen, *o);
    addUserOption(gen, o->user);
    gen->footer(
        "The games matching the filters, in id order, each give the position before the first "
        "move played at exactly --empties empties; it is solved exactly and kept when it "
        "qualifies (only-win: exactly one move has a value > 0, the answer; blunder: the "
        "game's move lost at least --min-loss discs, the best moves the answer). No two "
        "problems are the same position under the 8 symmetries; the set stops at --count and "
        "is the same every time for the same archive. Each problem keeps every move's exact "
        "value, the game as its source, tags generated, the kind and N-empties. When no "
        "position qualifies no set is made (exit 1).");

    auto* rm = addSub(cmd, "remove", "Remove problems, or a whole set (journalled, revertible)", o,
                      runRemove, action);
    rm->add_option("ID", o->ids, "Problem ids");
    rm->add_option("--set", o->set, "Remove this set and its problems");
    addUserOption(rm, o->user);
});

}  // namespace
}  // namespace othello::cli
