#pragma once
// Runs othello-db (OTHELLO_CLI) through the shell and captures its output and exit code.
#include <array>
#include <cstdio>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

namespace testing {

struct CliResult {
    int exitCode = -1;
    std::string out;  // standard output
    std::string err;  // standard error
};

inline std::string shellQuote(const std::string& s) {
    std::string q = "'";
    for (char c : s) {
        if (c == '\'') q += "'\\''";
        else q += c;
    }
    q += '\'';
    return q;
}

inline CliResult runCli(const std::string& args) {
    static int counter = 0;
    // Unique per process too: ctest runs test cases of one executable in parallel processes.
    const std::string errFile = "cli_stderr_" + std::to_string(getpid()) + "_" +
                                std::to_string(++counter) + ".txt";
    const std::string cmd = std::string(OTHELLO_CLI) + " " + args + " 2>" + errFile;
    CliResult r;
    FILE* pipe = popen(cmd.c_str(), "r");
    if (!pipe) return r;
    std::array<char, 4096> buf{};
    std::size_t n;
    while ((n = fread(buf.data(), 1, buf.size(), pipe)) > 0) r.out.append(buf.data(), n);
    const int status = pclose(pipe);
    r.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    if (FILE* f = std::fopen(errFile.c_str(), "r")) {
        while ((n = fread(buf.data(), 1, buf.size(), f)) > 0) r.err.append(buf.data(), n);
        std::fclose(f);
    }
    std::remove(errFile.c_str());
    return r;
}

}  // namespace testing
