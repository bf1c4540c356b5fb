// The names files of WTHOR archives (WthorReader.h): .JOU (players) and .TRN (tournaments),
// parsed, looked for beside a .wtb (its own <PREFIX>.* first, then WTHOR.* / WTH.*, compressed
// or not) or read from the files the user names; and the Latin-1 they are written in.
#include <algorithm>
#include <system_error>

#include "ReaderUtil.h"
#include "Unpack.h"
#include "WthorReader.h"

namespace othello::importers {

std::string latin1ToUtf8(std::string_view latin1) {
    return text::latin1ToUtf8(latin1);
}

std::string utf8ToLatin1(std::string_view utf8) {
    std::string out;
    for (std::size_t i = 0; i < utf8.size();) {
        const auto c = static_cast<unsigned char>(utf8[i]);
        if (c < 0x80) {
            out += static_cast<char>(c);
            ++i;
            continue;
        }
        std::size_t len = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
        if (len == 2 && i + 1 < utf8.size()) {
            const unsigned cp =
                (c & 0x1Fu) << 6 | (static_cast<unsigned char>(utf8[i + 1]) & 0x3Fu);
            out += cp <= 0xFF ? static_cast<char>(cp) : '?';
        } else {
            out += '?';
        }
        i += std::min(len, utf8.size() - i);
    }
    return out;
}

bool parseWthorNames(std::string_view bytes, std::size_t recordSize,
                     std::vector<std::string>& names) {
    names.clear();
    if (bytes.size() < kWthorHeaderSize) return false;
    // N2 says how many names there are; the size of the file is what we can trust.
    const std::size_t present = (bytes.size() - kWthorHeaderSize) / recordSize;
    names.reserve(present);
    for (std::size_t i = 0; i < present; ++i) {
        std::string_view raw = bytes.substr(kWthorHeaderSize + i * recordSize, recordSize);
        raw = raw.substr(0, std::min(raw.find('\0'), raw.size()));
        while (!raw.empty() && raw.back() == ' ') raw.remove_suffix(1);
        names.push_back(latin1ToUtf8(raw));
    }
    return true;
}

std::vector<NamesCandidate> namesCandidatesIn(const std::filesystem::path& dir) {
    std::vector<NamesCandidate> files;
    std::error_code ec;
    for (std::filesystem::directory_iterator it(dir.empty() ? "." : dir, ec), end; !ec && it != end;
         it.increment(ec)) {
        const std::filesystem::path path = it->path();
        const std::filesystem::path inner = unpackedName(path.filename());
        NamesCandidate c;
        c.lowerName = text::lower(inner.string());
        c.shown = path;
        if (inner == path.filename()) {
            c.read = [path](std::string& bytes) {
                std::string why;
                return readWholeFile(path, bytes, why);
            };
        } else {
            // WTHOR.JOU.gz beside WTH_1980.wtb.gz: a names file is small (65,535 names at
            // most), read whole.
            c.read = [path](std::string& bytes) {
                std::string why;
                return unpackSmallFile(path, kMaxNamesFileBytes, bytes, why);
            };
        }
        files.push_back(std::move(c));
    }
    return files;
}

namespace {

// Reads the first of `stems` (+ `ext`) among `files` that parses as a names file; a
// candidate that is missing or broken lets the next one answer, as WTH.JOU always did.
bool loadFirst(const std::vector<NamesCandidate>& files, const std::vector<std::string>& stems,
               const std::string& ext, std::size_t recordSize, std::vector<std::string>& names,
               std::string& lookedFor, std::filesystem::path& used) {
    std::string bytes;
    lookedFor.clear();
    for (const std::string& stem : stems) {
        if (!lookedFor.empty()) lookedFor += ", ";
        lookedFor += stem + ext;
    }
    for (const std::string& stem : stems) {
        const std::string wanted = text::lower(stem + ext);
        for (const NamesCandidate& c : files) {
            if (c.lowerName != wanted || !c.read(bytes)) continue;
            if (parseWthorNames(bytes, recordSize, names)) {
                used = c.shown;
                return true;
            }
        }
    }
    return false;
}

// A names file the user named: it must be there and be one.
bool loadGiven(const std::filesystem::path& path, std::size_t recordSize,
               std::vector<std::string>& names, std::string& error) {
    std::string bytes, why;
    if (!readWholeFile(path, bytes, why)) {
        error = path.string() + ": " + why;
        return false;
    }
    // --players WTHOR.JOU.gz: a compressed names file reads as the file it holds.
    if (packingOf(bytes) != Packing::None &&
        !unpackSmallFile(path, kMaxNamesFileBytes, bytes, why)) {
        error = path.string() + ": " + why;
        return false;
    }
    if (!parseWthorNames(bytes, recordSize, names)) {
        error = path.string() + ": not a WTHOR names file (shorter than its 16-byte header)";
        return false;
    }
    return true;
}

WthorNames loadNames(const std::vector<NamesCandidate>& files,
                     const std::vector<std::string>& stems, const std::filesystem::path& players,
                     const std::filesystem::path& tournaments) {
    WthorNames names;
    if (!players.empty()) {
        names.playersLookedFor = players.string();
        names.havePlayers = loadGiven(players, kWthorPlayerSize, names.players, names.error);
    } else {
        names.havePlayers = loadFirst(files, stems, ".JOU", kWthorPlayerSize, names.players,
                                      names.playersLookedFor, names.playersFile);
    }
    if (!tournaments.empty()) {
        names.tournamentsLookedFor = tournaments.string();
        std::string error;
        names.haveTournaments =
            loadGiven(tournaments, kWthorTournamentSize, names.tournaments, error);
        if (names.error.empty()) names.error = error;
    } else {
        names.haveTournaments =
            loadFirst(files, stems, ".TRN", kWthorTournamentSize, names.tournaments,
                      names.tournamentsLookedFor, names.tournamentsFile);
    }
    return names;
}

}  // namespace

std::string wthorPrefix(const std::filesystem::path& wtbPath) {
    const std::string stem = wtbPath.stem().string();
    const std::size_t underscore = stem.rfind('_');
    return underscore == std::string::npos ? std::string() : stem.substr(0, underscore);
}

WthorNames loadWthorNames(const std::filesystem::path& dir) {
    return loadNames(namesCandidatesIn(dir), {"WTHOR", "WTH"}, {}, {});
}

WthorNames loadWthorNames(const std::filesystem::path& wtbPath,
                          const std::filesystem::path& players,
                          const std::filesystem::path& tournaments) {
    return loadWthorNames(wtbPath, namesCandidatesIn(wtbPath.parent_path()), players, tournaments);
}

WthorNames loadWthorNames(const std::filesystem::path& wtbPath,
                          const std::vector<NamesCandidate>& candidates,
                          const std::filesystem::path& players,
                          const std::filesystem::path& tournaments) {
    std::vector<std::string> stems;
    const std::string prefix = wthorPrefix(wtbPath);
    const std::string lower = text::lower(prefix);
    // The archive's own names first: PLAYOK_2023.wtb beside a WTHOR.JOU of the federation
    // must not take the federation's names (the ids would point at other players).
    const bool ownPrefix = !prefix.empty() && lower != "wthor" && lower != "wth";
    if (ownPrefix) stems.push_back(prefix);
    stems.emplace_back("WTHOR");
    stems.emplace_back("WTH");
    WthorNames names = loadNames(candidates, stems, players, tournaments);
    // Without its own names, a PLAYOK_2023.wtb takes the federation's WTHOR.JOU beside it: the
    // ids may then name other players, so the reader says which files were used.
    if (ownPrefix) {
        const auto borrowed = [&](const std::filesystem::path& used) {
            return !used.empty() && text::lower(used.stem().string()) != lower;
        };
        std::string used;
        for (const auto* file : {&names.playersFile, &names.tournamentsFile}) {
            if (!borrowed(*file)) continue;
            if (!used.empty()) used += " and ";
            used += file->filename().string();
        }
        if (!used.empty())
            names.borrowedNote = "names taken from " + used + " (no " + prefix + ".JOU / " +
                                 prefix + ".TRN beside the file): check that they belong to it";
    }
    return names;
}

}  // namespace othello::importers
