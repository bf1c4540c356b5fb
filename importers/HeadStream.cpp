#include "HeadStream.h"

#include <ios>
#include <stdexcept>

namespace othello::importers {

namespace {
constexpr std::size_t kChunk = std::size_t{1} << 16;
}

HeadThenRest::HeadThenRest(std::string_view head, std::istream& rest) : head_(head), rest_(rest) {}

HeadThenRest::int_type HeadThenRest::underflow() {
    if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
    if (!headServed_) {
        headServed_ = true;
        if (!head_.empty()) {
            char* p = const_cast<char*>(head_.data());  // read only: the get area is never written
            setg(p, p, p + head_.size());
            return traits_type::to_int_type(*gptr());
        }
    }
    buffer_.resize(kChunk);
    rest_.read(buffer_.data(), static_cast<std::streamsize>(buffer_.size()));
    const auto got = static_cast<std::size_t>(rest_.gcount());
    // The caller's istream turns this into badbit: a read error is never taken for the end.
    if (rest_.bad()) throw std::ios_base::failure("read error");
    if (got == 0) return traits_type::eof();
    setg(buffer_.data(), buffer_.data(), buffer_.data() + got);
    return traits_type::to_int_type(*gptr());
}

bool readRest(std::istream& in, std::string_view head, std::size_t limit, std::string& out,
              bool& failed) {
    failed = false;
    out.assign(head);
    if (out.size() > limit) {
        out.clear();
        return false;
    }
    std::vector<char> chunk(kChunk);
    while (in) {
        in.read(chunk.data(), static_cast<std::streamsize>(chunk.size()));
        const auto n = static_cast<std::size_t>(in.gcount());
        if (out.size() + n > limit) {
            out.clear();
            out.shrink_to_fit();
            return false;
        }
        out.append(chunk.data(), n);
    }
    if (in.bad()) {
        failed = true;
        return false;
    }
    return true;
}

}  // namespace othello::importers
