#pragma once
// A stream read from its start again after its first bytes were read to tell what it holds: the
// bytes already read (the head) followed by the rest of the underlying stream. The front door
// reads the head of every file and every file inside an archive; compressed streams cannot seek
// back, so the readers take the head and the rest joined by this stream buffer. A read error of
// the underlying stream reaches the reader as a bad stream (badbit), never as a silent end.
#include <istream>
#include <streambuf>
#include <string_view>
#include <vector>

namespace othello::importers {

class HeadThenRest : public std::streambuf {
  public:
    // `head` must outlive this buffer; `rest` is positioned just after it.
    HeadThenRest(std::string_view head, std::istream& rest);

  protected:
    int_type underflow() override;

  private:
    std::string_view head_;
    bool headServed_ = false;
    std::istream& rest_;
    std::vector<char> buffer_;
};

// An istream over a HeadThenRest buffer, both held together.
class HeadThenRestStream : public std::istream {
  public:
    HeadThenRestStream(std::string_view head, std::istream& rest)
        : std::istream(nullptr), buffer_(head, rest) {
        rdbuf(&buffer_);
    }

  private:
    HeadThenRest buffer_;
};

// Reads `in` to its end, up to `limit` bytes, after `head` (its first bytes, already read).
// False when the stream holds more than `limit` bytes (`out` is then emptied) or fails
// (`failed` set).
bool readRest(std::istream& in, std::string_view head, std::size_t limit, std::string& out,
              bool& failed);

}  // namespace othello::importers
