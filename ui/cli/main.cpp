// othello-db: the scriptable command line of the Othello game-record database.
#include <fmt/core.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <exception>
#include <map>
#include <vector>

#include "Command.h"
#include "importers/TextEscape.h"

namespace othello::cli {
namespace {

std::vector<std::pair<int, CommandSetup>>& registry() {
    static std::vector<std::pair<int, CommandSetup>> commands;
    return commands;
}

}  // namespace

RegisterCommand::RegisterCommand(int order, CommandSetup setup) {
    registry().emplace_back(order, std::move(setup));
}

void setupCommands(CLI::App& app, Action& action) {
    auto& commands = registry();
    std::stable_sort(commands.begin(), commands.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    for (auto& [order, setup] : commands) setup(app, action);
}

}  // namespace othello::cli

int main(int argc, char** argv) {
    using namespace othello::cli;
    CLI::App app{"othello-db: an Othello game-record database and replay tool"};
    app.require_subcommand(1);
    app.set_help_all_flag("--help-all", "Show the help of every command");
    Action action;
    setupCommands(app, action);
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForVersion& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
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
