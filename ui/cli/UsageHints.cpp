// Unknown commands and options, and the nearest known ones (UsageHints.h).
#include "UsageHints.h"
#include "Words.h"

#include <algorithm>
#include <cctype>

namespace othello::cli {
namespace {

// The known name nearest `typed`, when it is near enough to be what was meant: at most a third
// of the longer word's characters differ (at least 1, at most 3), or `typed` starts only it.
std::optional<std::string> nearest(const std::string& typed,
                                   const std::vector<std::string>& known) {
    std::optional<std::string> best;
    std::size_t bestDistance = 0;
    for (const std::string& k : known) {
        const std::size_t d = typoDistance(typed, k);
        if (!best || d < bestDistance) {
            best = k;
            bestDistance = d;
        }
    }
    if (!best) return std::nullopt;
    const std::size_t room =
        std::clamp<std::size_t>(std::max(typed.size(), best->size()) / 3, 1, 3);
    if (bestDistance <= room) return best;
    std::optional<std::string> prefixed;
    for (const std::string& k : known)
        if (typed.size() >= 2 && k.rfind(typed, 0) == 0) {
            if (prefixed) return std::nullopt;  // more than one: no guess
            prefixed = k;
        }
    return prefixed;
}

// The commands a user may type (hidden ones, without a group, left out).
std::vector<std::string> commandNames(const CLI::App& app) {
    std::vector<std::string> out;
    for (const CLI::App* sub : app.get_subcommands([](const CLI::App* s) {
             return !s->get_group().empty() && !s->get_name().empty();
         }))
        out.push_back(sub->get_name());
    std::sort(out.begin(), out.end());
    return out;
}

// --long and -s names of the options of `app`.
std::vector<std::string> optionNames(const CLI::App& app) {
    std::vector<std::string> out;
    for (const CLI::Option* o : app.get_options()) {
        for (const std::string& l : o->get_lnames()) out.push_back("--" + l);
        for (const std::string& s : o->get_snames()) out.push_back("-" + s);
    }
    return out;
}

std::string unknownOption(const CLI::App& app, const std::string& word, bool top) {
    const std::string name = word.substr(0, word.find('='));
    const std::string where = top ? "" : " for `" + app.get_name() + "`";
    const std::string help = top ? "`othello-db --help` lists them"
                                 : "`othello-db " + app.get_name() + " --help` lists them";
    if (const auto n = nearest(name, optionNames(app)))
        return "unknown option " + name + where + "; did you mean " + *n + "? (" + help + ")";
    return "unknown option " + name + where + " (" + help + ")";
}

}  // namespace

std::size_t typoDistance(const std::string& a, const std::string& b) {
    const auto lower = [](char c) { return std::tolower(static_cast<unsigned char>(c)); };
    const std::size_t n = a.size(), m = b.size();
    std::vector<std::vector<std::size_t>> d(n + 1, std::vector<std::size_t>(m + 1));
    for (std::size_t i = 0; i <= n; ++i) d[i][0] = i;
    for (std::size_t j = 0; j <= m; ++j) d[0][j] = j;
    for (std::size_t i = 1; i <= n; ++i)
        for (std::size_t j = 1; j <= m; ++j) {
            const std::size_t cost = lower(a[i - 1]) == lower(b[j - 1]) ? 0 : 1;
            d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
            if (i > 1 && j > 1 && lower(a[i - 1]) == lower(b[j - 2]) &&
                lower(a[i - 2]) == lower(b[j - 1]))
                d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
        }
    return d[n][m];
}

std::optional<std::string> usageHint(const CLI::App& app, const std::vector<std::string>& args,
                                     const CLI::ParseError& e) {
    // The command parsed, if any (CLI11 records it before it fails on what follows).
    const CLI::App* command = nullptr;
    if (const auto parsed = app.get_subcommands(); !parsed.empty()) command = parsed.front();
    if (!command) {
        // The first word that is no option is the command typed: not one of ours.
        for (std::size_t i = 1; i < args.size(); ++i) {
            const std::string& word = args[i];
            if (word.empty() || word[0] == '-') continue;
            const auto names = commandNames(app);
            if (const auto n = nearest(word, names))
                return "unknown command '" + word + "'; did you mean '" + *n + "'?";
            return "unknown command '" + word + "'; the commands are: " + joined(names, ", ") +
                   " (`othello-db --help` says what each does)";
        }
        const auto known = optionNames(app);
        for (std::size_t i = 1; i < args.size(); ++i) {
            const std::string& word = args[i];
            if (word.size() > 1 && word[0] == '-' &&
                std::find(known.begin(), known.end(), word.substr(0, word.find('='))) ==
                    known.end())
                return unknownOption(app, word, true);
        }
        return std::nullopt;
    }
    if (!dynamic_cast<const CLI::ExtrasError*>(&e)) return std::nullopt;
    for (const std::string& word : command->remaining())
        if (word.size() > 1 && word[0] == '-') return unknownOption(*command, word, false);
    for (const std::string& word : app.remaining())  // before the command
        if (word.size() > 1 && word[0] == '-') return unknownOption(app, word, true);
    return std::nullopt;
}

}  // namespace othello::cli
