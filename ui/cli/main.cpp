// othello-db: the scriptable command line of the Othello game-record database.
#include <fmt/core.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <array>
#include <exception>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "Command.h"
#include "UsageHints.h"
#include "importers/TextEscape.h"

namespace othello::cli {
namespace {

// The commands in the order --help lists them: the board and the solver, reading files, the
// archive's queries and pages, then the commands that change it.
constexpr std::array<std::string_view, 31> kCommandOrder = {
    "perft",   "replay",        "solve",    "check",  "convert",      "import",
    "search",  "stats",         "openings", "show",   "analyze",      "info",
    "events",  "event",         "ratings",  "player", "publish",      "serve",
    "export",  "rename-player", "add",      "edit",   "delete",       "trash",
    "restore", "purge",         "history",  "revert", "rename-event", "duplicates", "problems"};

std::vector<std::pair<std::string_view, CommandSetup>>& registry() {
    static std::vector<std::pair<std::string_view, CommandSetup>> commands;
    return commands;
}

// The place of `name` in kCommandOrder.
std::size_t helpPlace(std::string_view name) {
    const auto it = std::find(kCommandOrder.begin(), kCommandOrder.end(), name);
    if (it == kCommandOrder.end())
        throw std::logic_error("command " + std::string(name) +
                               " is not in kCommandOrder (ui/cli/main.cpp)");
    return static_cast<std::size_t>(it - kCommandOrder.begin());
}

}  // namespace

RegisterCommand::RegisterCommand(const char* name, CommandSetup setup) {
    registry().emplace_back(name, std::move(setup));
}

namespace {

// The arguments with a --db given before the command moved after it.
std::vector<std::string> dbBeforeCommand(int argc, char** argv) {
    std::vector<std::string> args(argv, argv + argc);
    std::optional<std::string> db;
    std::size_t i = 1;
    for (; i < args.size() && !args[i].empty() && args[i][0] == '-'; ++i) {
        if (args[i] == "--db" && i + 1 < args.size()) {
            db = args[i + 1];
            args.erase(args.begin() + static_cast<std::ptrdiff_t>(i),
                       args.begin() + static_cast<std::ptrdiff_t>(i + 2));
            --i;
        } else if (args[i].rfind("--db=", 0) == 0) {
            db = args[i].substr(5);
            args.erase(args.begin() + static_cast<std::ptrdiff_t>(i));
            --i;
        }
    }
    // `i` is the command; its own --db follows it. No command: CLI11 says so (exit 2).
    // One argument, so that a command without --db says "--db" was not expected rather than
    // reading the value as its own positional argument.
    if (db && i < args.size())
        args.insert(args.begin() + static_cast<std::ptrdiff_t>(i + 1), "--db=" + *db);
    return args;
}

}  // namespace

void setupCommands(CLI::App& app, Action& action) {
    auto& commands = registry();
    std::sort(commands.begin(), commands.end(),
              [](const auto& a, const auto& b) { return helpPlace(a.first) < helpPlace(b.first); });
    for (auto& [name, setup] : commands) {
        setup(app, action);
        const std::vector<CLI::App*> added = app.get_subcommands({});
        if (added.empty() || added.back()->get_name() != name)
            throw std::logic_error("the command registered as " + std::string(name) +
                                   " added another name");
    }
}

}  // namespace othello::cli

int main(int argc, char** argv) {
    using namespace othello::cli;
    CLI::App app{"othello-db: an Othello game-record database and replay tool"};
    app.require_subcommand(1);
    app.set_help_all_flag("--help-all", "Show the help of every command");
    app.set_version_flag("--version", "othello-db " OTHELLO_DB_VERSION);
    Action action;
    setupCommands(app, action);
    // `othello-db --db X info` as `othello-db info --db X`: every archive command has its own
    // --db, and a command without one says "--db" was not expected (exit 2).
    std::vector<std::string> args = dbBeforeCommand(argc, argv);
    std::vector<char*> argvDb;
    for (std::string& a : args) argvDb.push_back(a.data());
    try {
        app.parse(static_cast<int>(argvDb.size()), argvDb.data());
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForVersion& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        // An unknown command or option: named, with the nearest known one (UsageHints.h).
        if (const auto hint = usageHint(app, args, e)) {
            fmt::print(stderr, "error: {}\n", othello::importers::text::escapeForTerminal(*hint));
            return kExitUsage;
        }
        app.exit(e);  // prints the message
        return kExitUsage;
    }
    if (!action) return kExitUsage;
    try {
        return action();
    } catch (const InputError& e) {
        // Messages may quote file and player names.
        fmt::print(stderr, "error: {}\n", othello::importers::text::escapeForTerminal(e.what()));
        return kExitBadInput;
    } catch (const std::exception& e) {
        fmt::print(stderr, "error: {}\n", othello::importers::text::escapeForTerminal(e.what()));
        return kExitBadInput;
    }
}
