#pragma once
// Helpers for the text-reader, check and convert tests: fixture paths, the shared data (tests
// skip with a WARN when it is absent), running the othello-db executable.
#include <sys/wait.h>
#include <unistd.h>
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "core/Notation.h"
#include "importers/Reader.h"

namespace othello::importers::testing {

// Penloup - Juhem, World Championship 1992 (20-44, Black passes twice near the end).
inline const char* kPenloupMoves =
    "f5d6c3d3c4f4c5b3c2e3d2c6b4b5f2e2a3d1c1a4a5f3g4f1e7d7d8e6f6b6e1b1c7a6a7b2f7g3g5h4h5g2h1g1a1a2"
    "b7c8b8a8h3h6g6e8h7h2h8g8g7f8";

inline std::filesystem::path sourcePath(const std::string& relative) {
    return std::filesystem::path(OTHELLO_SOURCE_DIR) / relative;
}
inline std::filesystem::path fixture(const std::string& relative) {
    return sourcePath("tests/fixtures/importers/" + relative);
}
// A file of the shared data, or an empty path when it is absent (the caller WARNs and returns).
inline std::filesystem::path shared(const std::string& relative) {
    const std::filesystem::path p = std::filesystem::path(OTHELLO_SHARED_DATA) / relative;
    std::error_code ec;
    return std::filesystem::exists(p, ec) ? p : std::filesystem::path();
}

inline std::string slurp(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

inline std::vector<int> squaresOnly(const std::vector<int>& moves) {
    std::vector<int> out;
    for (int m : moves)
        if (m != core::kPass) out.push_back(m);
    return out;
}

inline std::string movesOf(const GameRecord& g) {
    return core::movesString(g.moves, true);
}

inline FileResult readWith(const std::string& name, const std::string& text, Format f,
                           bool strict = false) {
    ReadOptions o;
    o.format = f;
    o.strict = strict;
    return readText(name, text, o);
}

// The first error diagnostic of a record, or null.
inline const Diagnostic* firstError(const GameRecord& g) {
    for (const Diagnostic& d : g.diagnostics)
        if (d.severity == Severity::Error) return &d;
    return nullptr;
}

// The first file diagnostic with `code`, or null.
inline const Diagnostic* fileCode(const FileResult& r, const std::string& code) {
    for (const Diagnostic& d : r.fileDiagnostics)
        if (d.code == code) return &d;
    return nullptr;
}

inline bool hasCode(const GameRecord& g, const std::string& code) {
    for (const Diagnostic& d : g.diagnostics)
        if (d.code == code) return true;
    return false;
}

struct CliRun {
    int exitCode = -1;
    std::string out;  // standard output
    std::string err;  // standard error
};

// Runs othello-db with `args`, each passed as one shell word. (Strings are built by appending:
// g++ 12 warns falsely with -Wrestrict on "literal" + std::string.)
inline CliRun runCli(const std::vector<std::string>& args) {
    static int counter = 0;
    std::filesystem::path errFile = std::filesystem::temp_directory_path();
    std::string errName("othello-cli-test-");
    errName.append(std::to_string(::getpid()));
    errName.push_back('-');
    errName.append(std::to_string(counter++));
    errFile /= errName;
    const auto quote = [](std::string& out, const std::string& word) {
        out.push_back('\'');
        for (char c : word) {
            if (c == '\'')
                out.append("'\\''");
            else
                out.push_back(c);
        }
        out.push_back('\'');
    };
    std::string command;
    quote(command, OTHELLO_CLI);
    for (const std::string& a : args) {
        command.push_back(' ');
        quote(command, a);
    }
    command.append(" 2>");
    quote(command, errFile.string());
    CliRun r;
    FILE* pipe = ::popen(command.c_str(), "r");
    if (!pipe) return r;
    std::array<char, 4096> buffer{};
    std::size_t n = 0;
    while ((n = std::fread(buffer.data(), 1, buffer.size(), pipe)) > 0)
        r.out.append(buffer.data(), n);
    const int status = ::pclose(pipe);
    r.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    r.err = slurp(errFile);
    std::error_code ec;
    std::filesystem::remove(errFile, ec);
    return r;
}

inline std::string str(const std::filesystem::path& p) {
    return p.string();
}

// A fresh temporary directory for one test.
inline std::filesystem::path tempDir(const std::string& name) {
    std::string leaf("othello-imp-");
    leaf.append(name);
    leaf.push_back('-');
    leaf.append(std::to_string(::getpid()));
    const std::filesystem::path d = std::filesystem::temp_directory_path() / leaf;
    std::filesystem::remove_all(d);
    std::filesystem::create_directories(d);
    return d;
}

}  // namespace othello::importers::testing
