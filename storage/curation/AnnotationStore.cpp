// The game_annotations table and its codec (see AnnotationStore.h).
#include "storage/curation/AnnotationStore.h"

#include <algorithm>

#include "core/Position.h"
#include "importers/ReadLimits.h"
#include "storage/ArchiveImpl.h"
#include "storage/curation/Journal.h"

namespace othello::storage {

using importers::Comment;
using importers::Variation;
using nlohmann::json;

namespace {

void putVarint(std::string& out, std::uint64_t v) {
    while (v >= 0x80) {
        out += static_cast<char>((v & 0x7f) | 0x80);
        v >>= 7;
    }
    out += static_cast<char>(v);
}

void putComments(std::string& out, const std::vector<Comment>& comments) {
    putVarint(out, comments.size());
    for (const Comment& c : comments) {
        putVarint(out, static_cast<std::uint64_t>(c.ply));
        putVarint(out, c.text.size());
        out += c.text;
    }
}

void putVariations(std::string& out, const std::vector<Variation>& variations) {
    putVarint(out, variations.size());
    for (const Variation& v : variations) {
        putVarint(out, static_cast<std::uint64_t>(v.ply));
        putVarint(out, v.moves.size());
        for (const int m : v.moves) out += static_cast<char>(m);
        putComments(out, v.comments);
        putVariations(out, v.variations);
    }
}

// Reads what put* wrote, checking every length against the bytes left.
class Reader {
  public:
    Reader(const void* data, std::size_t size)
        : at_(static_cast<const unsigned char*>(data)), end_(at_ + size) {}

    std::uint64_t varint() {
        std::uint64_t v = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            if (at_ == end_) fail("truncated");
            const unsigned char b = *at_++;
            v |= std::uint64_t{b & 0x7fu} << shift;
            if (!(b & 0x80)) return v;
        }
        fail("a number too long");
    }
    // A count or ply: bounded by the bytes left, so corrupt data cannot allocate much.
    std::size_t count() {
        const std::uint64_t v = varint();
        if (v > static_cast<std::uint64_t>(end_ - at_) + 1) fail("a count past the end");
        return static_cast<std::size_t>(v);
    }
    // A ply: a line has at most a few more plies than squares.
    int ply() {
        const std::uint64_t v = varint();
        if (v > 1024) fail("a ply past any game");
        return static_cast<int>(v);
    }
    std::uint8_t byte() {
        if (at_ == end_) fail("truncated");
        return *at_++;
    }
    std::string bytes(std::size_t n) {
        if (n > static_cast<std::size_t>(end_ - at_)) fail("truncated text");
        std::string s(reinterpret_cast<const char*>(at_), n);
        at_ += n;
        return s;
    }
    bool done() const { return at_ == end_; }

    std::vector<Comment> comments() {
        std::vector<Comment> out(count());
        for (Comment& c : out) {
            c.ply = ply();
            c.text = bytes(count());
        }
        return out;
    }
    std::vector<Variation> variations(std::size_t depth) {
        if (depth > importers::kMaxVariationDepth) fail("variations nested too deep");
        std::vector<Variation> out(count());
        for (Variation& v : out) {
            v.ply = ply();
            v.moves.resize(count());
            for (int& m : v.moves) {
                m = byte();
                if (m > core::kPass) fail("a move off the board");
            }
            v.comments = comments();
            v.variations = variations(depth + 1);
        }
        return out;
    }

    [[noreturn]] static void fail(const char* why) {
        throw StorageError(std::string("stored comments and variations do not decode (") + why +
                           ")");
    }

  private:
    const unsigned char* at_;
    const unsigned char* end_;
};

int commentsIn(const std::vector<Variation>& variations) {
    int n = 0;
    for (const Variation& v : variations)
        n += static_cast<int>(v.comments.size()) + commentsIn(v.variations);
    return n;
}

void mergeComments(std::vector<Comment>& into, const std::vector<Comment>& from) {
    for (const Comment& c : from) {
        const auto at = std::lower_bound(into.begin(), into.end(), c.ply,
                                         [](const Comment& x, int p) { return x.ply < p; });
        if (at == into.end() || at->ply != c.ply)
            into.insert(at, c);
        else if (at->text.find(c.text) == std::string::npos)
            at->text += ' ' + c.text;
    }
}

void mergeVariations(std::vector<Variation>& into, const std::vector<Variation>& from) {
    for (const Variation& v : from) {
        const auto same = std::find_if(into.begin(), into.end(), [&v](const Variation& x) {
            return x.ply == v.ply && x.moves == v.moves;
        });
        if (same != into.end()) {
            mergeComments(same->comments, v.comments);
            mergeVariations(same->variations, v.variations);
            continue;
        }
        // After the variations of that ply: they stay sorted by ply, in reading order.
        const auto after = std::upper_bound(into.begin(), into.end(), v.ply,
                                            [](int p, const Variation& x) { return p < x.ply; });
        into.insert(after, v);
    }
}

json commentsJson(const std::vector<Comment>& comments) {
    json out = json::array();
    for (const Comment& c : comments)
        out.push_back({{"ply", c.ply}, {"text", journalText(c.text)}});
    return out;
}

json variationsJson(const std::vector<Variation>& variations) {
    json out = json::array();
    for (const Variation& v : variations)
        out.push_back({{"ply", v.ply},
                       {"moves", v.moves},
                       {"comments", commentsJson(v.comments)},
                       {"variations", variationsJson(v.variations)}});
    return out;
}

std::vector<Comment> commentsOf(const json& j) {
    std::vector<Comment> out;
    for (const json& c : j) out.push_back({c.at("ply").get<int>(), journalTextOf(c.at("text"))});
    return out;
}

std::vector<Variation> variationsOf(const json& j) {
    std::vector<Variation> out;
    for (const json& v : j) {
        Variation x;
        x.ply = v.at("ply").get<int>();
        x.moves = v.at("moves").get<std::vector<int>>();
        x.comments = commentsOf(v.at("comments"));
        x.variations = variationsOf(v.at("variations"));
        out.push_back(std::move(x));
    }
    return out;
}

}  // namespace

std::string encodeAnnotations(const GameAnnotations& a) {
    std::string out;
    out += static_cast<char>(kAnnotationCodecVersion);
    putComments(out, a.comments);
    putVariations(out, a.variations);
    return out;
}

GameAnnotations decodeAnnotations(const void* data, std::size_t size) {
    Reader in(data, size);
    const std::uint8_t version = in.byte();
    if (version != kAnnotationCodecVersion)
        throw StorageError("stored comments and variations have format version " +
                           std::to_string(version) + ", which this program does not know");
    GameAnnotations a;
    a.comments = in.comments();
    a.variations = in.variations(1);
    if (!in.done()) Reader::fail("bytes after the end");
    return a;
}

int countComments(const GameAnnotations& a) {
    return static_cast<int>(a.comments.size()) + commentsIn(a.variations);
}

GameAnnotations mergeAnnotations(const GameAnnotations& stored, const GameAnnotations& incoming) {
    GameAnnotations out = stored;
    mergeComments(out.comments, incoming.comments);
    mergeVariations(out.variations, incoming.variations);
    return out;
}

json annotationsJson(const GameAnnotations& a) {
    return json{{"comments", commentsJson(a.comments)},
                {"variations", variationsJson(a.variations)}};
}

GameAnnotations annotationsFromJson(const json& j) {
    GameAnnotations a;
    if (j.contains("comments")) a.comments = commentsOf(j["comments"]);
    if (j.contains("variations")) a.variations = variationsOf(j["variations"]);
    return a;
}

std::string annotationsSummary(const GameAnnotations& a) {
    if (empty(a)) return "none";
    const int c = countComments(a), v = importers::countVariations(a.variations);
    std::string s;
    if (c) s = std::to_string(c) + (c == 1 ? " comment" : " comments");
    if (v)
        s += (s.empty() ? "" : ", ") + std::to_string(v) + (v == 1 ? " variation" : " variations");
    return s;
}

AnnotationStore::AnnotationStore(Archive::Impl& impl) : impl_(impl) {}

GameAnnotations AnnotationStore::read(std::int64_t id) {
    if (impl_.schemaVersion < 10) return {};
    SQLite::Statement& s = impl_.statement("SELECT data FROM game_annotations WHERE game_id = ?");
    s.bind(1, id);
    GameAnnotations a;
    if (s.executeStep()) {
        const SQLite::Column data = s.getColumn(0);
        try {
            a = decodeAnnotations(data.getBlob(), static_cast<std::size_t>(data.getBytes()));
        } catch (...) {
            s.reset();
            throw;
        }
    }
    s.reset();  // a cached statement left stepping would hold its snapshot
    return a;
}

void AnnotationStore::write(std::int64_t id, const GameAnnotations& a) {
    if (empty(a)) {
        erase(id);
        return;
    }
    const std::string data = encodeAnnotations(a);
    SQLite::Statement& s = impl_.statement(
        "INSERT OR REPLACE INTO game_annotations(game_id, comments, variations, data) "
        "VALUES(?, ?, ?, ?)");
    s.bind(1, id);
    s.bind(2, countComments(a));
    s.bind(3, importers::countVariations(a.variations));
    s.bind(4, data.data(), static_cast<int>(data.size()));
    s.exec();
    s.reset();
}

void AnnotationStore::erase(std::int64_t id) {
    if (impl_.schemaVersion < 10) return;
    SQLite::Statement& s = impl_.statement("DELETE FROM game_annotations WHERE game_id = ?");
    s.bind(1, id);
    s.exec();
    s.reset();
}

}  // namespace othello::storage
