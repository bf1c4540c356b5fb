// Compressed files and archives through libarchive (see Unpack.h): each file inside streamed to
// the front door's readOpened, within the limits of ReadLimits.h.
#include "Unpack.h"

#include <archive.h>
#include <archive_entry.h>

#include <algorithm>
#include <fstream>
#include <memory>
#include <streambuf>
#include <vector>

#include "FormatTable.h"
#include "HeadStream.h"
#include "OpenedFile.h"
#include "ReadLimits.h"
#include "ReaderUtil.h"
#include "WthorReader.h"

namespace othello::importers {

Packing packingOf(std::string_view h) {
    const auto at = [&](std::size_t i) { return i < h.size() ? static_cast<unsigned char>(h[i]) : 256u; };
    if (at(0) == 0x1F && at(1) == 0x8B) return Packing::Gzip;
    if (h.substr(0, 3) == "BZh" && at(3) >= '1' && at(3) <= '9') return Packing::Bzip2;
    if (h.substr(0, 6) == std::string_view("\xFD" "7zXZ\0", 6)) return Packing::Xz;
    if (h.substr(0, 4) == std::string_view("PK\x03\x04", 4) ||
        h.substr(0, 4) == std::string_view("PK\x05\x06", 4))
        return Packing::Zip;
    if (h.size() >= 262 && h.substr(257, 5) == "ustar") return Packing::Tar;
    return Packing::None;
}

const char* packingName(Packing p) {
    switch (p) {
        case Packing::Gzip:
            return "gzip";
        case Packing::Bzip2:
            return "bzip2";
        case Packing::Xz:
            return "xz";
        case Packing::Zip:
            return "zip";
        case Packing::Tar:
            return "tar";
        case Packing::None:
            break;
    }
    return "none";
}

Packing packingOfFile(const std::filesystem::path& path) {
    if (!notARegularFile(path).empty()) return Packing::None;
    std::ifstream in(path, std::ios::binary);
    std::string head(512, '\0');
    in.read(head.data(), static_cast<std::streamsize>(head.size()));
    head.resize(static_cast<std::size_t>(in.gcount()));
    return packingOf(head);
}

std::filesystem::path unpackedName(const std::filesystem::path& name) {
    const std::string ext = text::lower(name.extension().string());
    if (ext == ".gz" || ext == ".bz2" || ext == ".xz" || ext == ".z")
        return name.parent_path() / name.stem();
    return name;
}

namespace {

struct ArchiveFree {
    void operator()(archive* a) const { archive_read_free(a); }
};
using ArchivePtr = std::unique_ptr<archive, ArchiveFree>;

// A reader of everything Unpack.h names: any compression (a .gz of a single file is the
// "raw" format: one entry), zip and tar archives.
ArchivePtr newReader() {
    ArchivePtr a(archive_read_new());
    archive_read_support_filter_all(a.get());
    archive_read_support_format_zip(a.get());
    archive_read_support_format_tar(a.get());
    archive_read_support_format_raw(a.get());
    return a;
}

std::string errorOf(archive* a) {
    const char* e = archive_error_string(a);
    return e && *e ? e : "the compressed data is damaged";
}

// What one compressed file or archive may unpack to, shared by the files in it (ReadLimits.h).
struct Budget {
    std::uint64_t packedSize = 0;
    std::uint64_t unpacked = 0;
    std::string exceeded;  // why reading stopped; empty while within the limits

    bool take(std::size_t n) {
        unpacked += n;
        if (unpacked > kMaxUnpackedBytes)
            exceeded = "unpacks to more than " + std::to_string(kMaxUnpackedBytes >> 30) +
                       " GiB (the limit against decompression bombs)";
        else if (unpacked > kUnpackRatioFloor && unpacked > kMaxUnpackRatio * packedSize)
            exceeded = "unpacks to more than " + std::to_string(kMaxUnpackRatio) +
                       " times its size (" + std::to_string(unpacked >> 20) + " MiB from " +
                       text::grouped(static_cast<std::size_t>(packedSize)) +
                       " bytes): a decompression bomb, or no record file";
        return exceeded.empty();
    }
};

// The data of the current entry of an archive, as a stream buffer. Errors (damaged data, a
// limit reached) are thrown: the reader's istream turns them into badbit, never a silent end.
class EntryBuffer : public std::streambuf {
  public:
    EntryBuffer(archive* a, Budget* budget) : a_(a), budget_(budget), buffer_(1 << 16) {}
    const std::string& error() const { return error_; }

  protected:
    int_type underflow() override {
        if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
        if (!error_.empty()) throw std::ios_base::failure(error_);
        const la_ssize_t n = archive_read_data(a_, buffer_.data(), buffer_.size());
        if (n < 0) {
            error_ = errorOf(a_);
            throw std::ios_base::failure(error_);
        }
        if (n == 0) return traits_type::eof();
        if (budget_ && !budget_->take(static_cast<std::size_t>(n))) {
            error_ = budget_->exceeded;
            throw std::ios_base::failure(error_);
        }
        setg(buffer_.data(), buffer_.data(), buffer_.data() + n);
        return traits_type::to_int_type(*gptr());
    }

  private:
    archive* a_;
    Budget* budget_;
    std::vector<char> buffer_;
    std::string error_;
};

// libarchive reading an archive out of a stream (an archive inside an archive).
struct StreamSource {
    std::istream* in;
    std::vector<char> buffer = std::vector<char>(1 << 16);
};

la_ssize_t readFromStream(archive* a, void* data, const void** out) {
    auto* s = static_cast<StreamSource*>(data);
    s->in->read(s->buffer.data(), static_cast<std::streamsize>(s->buffer.size()));
    if (s->in->bad()) {
        archive_set_error(a, EIO, "read error");
        return -1;
    }
    *out = s->buffer.data();
    return static_cast<la_ssize_t>(s->in->gcount());
}

// A names file inside an archive, read whole (names files are small).
struct NamesEntry {
    std::string folder;  // its folder in the archive
    std::string lowerName;
    std::string shown;
    std::shared_ptr<std::string> bytes;
};

bool hiddenEntry(const std::string& path) {
    std::filesystem::path p(path);
    for (const auto& part : p) {
        const std::string s = part.string();
        if ((!s.empty() && s[0] == '.' && s != "." && s != "..") || s == "__MACOSX") return true;
    }
    return false;
}

class PackedReader {
  public:
    PackedReader(const std::filesystem::path& path, const ReadOptions& options,
                 const std::function<void(FileResult&&)>& onFile)
        : path_(path), options_(options), onFile_(onFile) {
        std::error_code ec;
        budget_.packedSize = std::filesystem::file_size(path, ec);
    }

    void read() {
        ArchivePtr a = newReader();
        if (archive_read_open_filename(a.get(), path_.c_str(), 1 << 16) != ARCHIVE_OK) {
            // Its first bytes say it is compressed, but what follows cannot be unpacked (a
            // file cut short before its first few KiB of content).
            fileError(path_.string(), "unpack-error", "cannot be unpacked: " + errorOf(a.get()),
                      true);
            return;
        }
        readEntries(a.get(), path_.string(), 0, {});
    }

  private:
    // The names files of the archive (a first pass over it: they may come after the .wtb).
    void loadNames() {
        namesLoaded_ = true;
        ArchivePtr a = newReader();
        if (archive_read_open_filename(a.get(), path_.c_str(), 1 << 16) != ARCHIVE_OK) return;
        archive_entry* e = nullptr;
        while (archive_read_next_header(a.get(), &e) == ARCHIVE_OK) {
            const char* p = archive_entry_pathname(e);
            if (!p || archive_entry_filetype(e) != AE_IFREG || !isNamesFile(p) || hiddenEntry(p))
                continue;
            auto bytes = std::make_shared<std::string>();
            std::vector<char> chunk(1 << 16);
            la_ssize_t n = 0;
            while ((n = archive_read_data(a.get(), chunk.data(), chunk.size())) > 0 &&
                   bytes->size() <= kMaxNamesFileBytes)
                bytes->append(chunk.data(), static_cast<std::size_t>(n));
            // (A compressed names file inside an archive is not unpacked a second level down.)
            if (n < 0 || bytes->size() > kMaxNamesFileBytes || packingOf(*bytes) != Packing::None)
                continue;
            const std::filesystem::path entry(p);
            names_.push_back(NamesEntry{entry.parent_path().string(),
                                        text::lower(entry.filename().string()),
                                        path_.string() + "/" + p, std::move(bytes)});
        }
    }

    // The names files a .wtb at `entry` in the archive may use: those of its archive folder,
    // then those beside the archive.
    std::vector<NamesCandidate> namesFor(const std::filesystem::path& entry) {
        if (!namesLoaded_) loadNames();
        std::vector<NamesCandidate> out;
        for (const NamesEntry& n : names_) {
            if (n.folder != entry.parent_path().string()) continue;
            auto bytes = n.bytes;
            out.push_back(NamesCandidate{n.lowerName, n.shown, [bytes](std::string& b) {
                                             b = *bytes;
                                             return true;
                                         }});
        }
        for (NamesCandidate& c : namesCandidatesIn(path_.parent_path())) out.push_back(std::move(c));
        return out;
    }

    void fileError(const std::string& name, const char* code, std::string message, bool damage) {
        FileResult r;
        r.path = name;
        r.readable = false;
        Diagnostic d = fileDiagnostic(Severity::Error, name, code, std::move(message));
        d.damage = damage;
        r.fileDiagnostics.push_back(std::move(d));
        r.fileDiagnostics.back().message = text::printable(r.fileDiagnostics.back().message);
        onFile_(std::move(r));
    }

    // What went wrong inside a file while it was read, in place of the readers' "read error".
    void unpackFailure(FileResult& r, const std::string& why) {
        auto& ds = r.fileDiagnostics;
        ds.erase(std::remove_if(ds.begin(), ds.end(),
                                [](const Diagnostic& d) { return d.code == "unreadable"; }),
                 ds.end());
        const bool limit = !budget_.exceeded.empty();
        Diagnostic d = fileDiagnostic(
            Severity::Error, r.path, limit ? "unpack-limit" : "unpack-error",
            text::printable(
                (limit ? "reading stopped: the file " + why : "cannot be unpacked: " + why) +
                (r.recordCount ? " (the " + text::countOf(static_cast<std::size_t>(r.recordCount),
                                                          "record") +
                                     " before it are read, the rest of the file is not)"
                               : std::string())));
        d.damage = !limit;
        ds.push_back(std::move(d));
        r.readable = false;
    }

    // Reads the entries of `a`, an archive named `name`, `level` archives deep; `outer` is
    // where a nested one stands in the archive on disk.
    void readEntries(archive* a, const std::string& name, int level,
                     const std::filesystem::path& outer) {
        archive_entry* e = nullptr;
        for (;;) {
            const int status = archive_read_next_header(a, &e);
            if (status == ARCHIVE_EOF) return;
            if (status < ARCHIVE_WARN) {
                fileError(name, "unpack-error", "cannot be unpacked: " + errorOf(a), true);
                return;
            }
            if (archive_entry_filetype(e) != AE_IFREG) continue;
            const bool raw = archive_format(a) == ARCHIVE_FORMAT_RAW;
            const char* p = archive_entry_pathname(e);
            const std::string inside = p ? p : "";
            if (!raw && (hiddenEntry(inside) || isNamesFile(inside))) continue;
            // A compressed single file keeps its name; a file in an archive is named in it.
            const std::string shown = raw ? name : name + "/" + inside;
            const std::filesystem::path kind =
                raw ? unpackedName(std::filesystem::path(name).filename())
                    : std::filesystem::path(inside).filename();
            EntryBuffer buffer(a, &budget_);
            std::istream in(&buffer);
            // A failure inside the head (a short file cut, a limit) leaves what was read before
            // it: read on, the reader then meets the failure where it is.
            std::string head = readHead(in);
            if (packingOf(head) != Packing::None) {
                if (!readNested(in, head, shown, level, raw ? outer : outer / inside)) return;
                continue;
            }
            OpenedFile file;
            file.name = shown;
            file.kind = kind;
            file.in = &in;
            file.head = std::move(head);
            if (!raw && archive_entry_size_is_set(e))
                file.size = static_cast<std::uintmax_t>(archive_entry_size(e));
            // Its WTHOR names: a .wtb in the archive on disk takes those of its folder there
            // (a file one level down, those of the folder of the archive holding it), a
            // compressed .wtb on disk those beside it.
            std::filesystem::path where = level == 0 ? std::filesystem::path(raw ? "" : inside)
                                                     : outer.parent_path() / kind;
            file.wthorNames = [this, where, kind] {
                if (where.empty())
                    return loadWthorNames(path_.parent_path() / kind, options_.wthorPlayers,
                                          options_.wthorTournaments);
                return loadWthorNames(kind, namesFor(where), options_.wthorPlayers,
                                      options_.wthorTournaments);
            };
            FileResult r = readOpened(file, options_);
            if (!buffer.error().empty()) unpackFailure(r, buffer.error());
            onFile_(std::move(r));
            if (!budget_.exceeded.empty()) return;
        }
    }

    // An archive or compressed file inside this one: read one level down, no further. False
    // when reading must stop (a limit).
    bool readNested(std::istream& in, const std::string& head, const std::string& name,
                    int level, const std::filesystem::path& outer) {
        if (level >= 1) {
            fileError(name, "nested-archive",
                      std::string("a ") + packingName(packingOf(head)) +
                          " file inside an archive inside another: not read (one level of "
                          "archives inside archives is read; unpack it first)",
                      false);
            return true;
        }
        HeadThenRestStream joined(head, in);
        StreamSource source{&joined};
        ArchivePtr inner = newReader();
        if (archive_read_open(inner.get(), &source, nullptr, readFromStream, nullptr) !=
            ARCHIVE_OK) {
            fileError(name, "unpack-error", "cannot be unpacked: " + errorOf(inner.get()), true);
            return budget_.exceeded.empty();
        }
        readEntries(inner.get(), name, level + 1, outer);
        return budget_.exceeded.empty();
    }

    std::filesystem::path path_;
    const ReadOptions& options_;
    const std::function<void(FileResult&&)>& onFile_;
    Budget budget_;
    bool namesLoaded_ = false;
    std::vector<NamesEntry> names_;
};

}  // namespace

void readPacked(const std::filesystem::path& path, std::string_view,
                const ReadOptions& options, const std::function<void(FileResult&&)>& onFile) {
    int files = 0;
    const std::function<void(FileResult&&)> counted = [&](FileResult&& r) {
        ++files;
        onFile(std::move(r));
    };
    PackedReader(path, options, counted).read();
    if (files == 0) {
        // An archive of folders, hidden files and names files only: said, as an empty file is.
        FileResult r;
        r.path = path.string();
        r.fileDiagnostics.push_back(fileDiagnostic(Severity::Error, r.path, "no-games",
                                                   "no game found (the archive holds no file "
                                                   "to read)"));
        onFile(std::move(r));
    }
}

bool unpackSmallFile(const std::filesystem::path& path, std::size_t limit, std::string& out,
                     std::string& why) {
    out.clear();
    why = notARegularFile(path);
    if (!why.empty()) return false;
    ArchivePtr a = newReader();
    archive_entry* e = nullptr;
    if (archive_read_open_filename(a.get(), path.c_str(), 1 << 16) != ARCHIVE_OK ||
        archive_read_next_header(a.get(), &e) != ARCHIVE_OK) {
        why = errorOf(a.get());
        return false;
    }
    std::vector<char> chunk(1 << 16);
    la_ssize_t n = 0;
    while ((n = archive_read_data(a.get(), chunk.data(), chunk.size())) > 0) {
        if (out.size() + static_cast<std::size_t>(n) > limit) {
            out.clear();
            why = "unpacks to more than " + std::to_string(limit) + " bytes";
            return false;
        }
        out.append(chunk.data(), static_cast<std::size_t>(n));
    }
    if (n < 0) {
        out.clear();
        why = errorOf(a.get());
        return false;
    }
    return true;
}

}  // namespace othello::importers
