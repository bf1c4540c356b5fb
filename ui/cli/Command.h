#pragma once
// Sub-command registry of `othello-db`. Each command lives in the file named after it, or after
// its small family (CheckCommand.cpp; RenameCommands.cpp: rename-player and rename-event;
// TrashCommands.cpp: delete, trash, restore, purge), and registers itself there with a static
// RegisterCommand object; the helpers several commands share are the *Cli.h headers. main()
// builds the CLI11 app from the registry, in the order of kCommandOrder (main.cpp): a new
// command is added to that list too.
//
// Exit codes, everywhere: 0 success, 1 bad input (illegal record, unreadable data),
// 2 usage (bad arguments, nothing could be read).
#include <CLI/CLI.hpp>
#include <functional>

namespace othello::cli {

inline constexpr int kExitOk = 0;
inline constexpr int kExitBadInput = 1;
inline constexpr int kExitUsage = 2;

// The action chosen by the parsed sub-command; returns the exit code.
using Action = std::function<int()>;
// Adds one sub-command to `app`; its callback stores what to run in `action`.
using CommandSetup = std::function<void(CLI::App& app, Action& action)>;

struct RegisterCommand {
    // `name` is the sub-command `setup` adds; its place in kCommandOrder (main.cpp) is its
    // place in --help. A name not in the list, or not the one `setup` adds, is a logic_error
    // at startup.
    RegisterCommand(const char* name, CommandSetup setup);
};

void setupCommands(CLI::App& app, Action& action);

// Thrown by a command for bad input it wants reported as "error: <message>" with exit 1.
struct InputError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

}  // namespace othello::cli
