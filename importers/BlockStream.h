#pragma once
// A file read block by block, each block cut at a record boundary, so that a reader handed one
// block after another reads the same records as from the whole file while the memory stays
// that of one block (about kStreamBlockSize), whatever the size of the file.
//
// Where a block is cut is the format's business (FormatTable's boundary function): the last
// place in the text where a record may start (a "(;" for GGF, a line end for move lists, ...).
// A block with no boundary after its first record grows up to just past kMaxRecordBytes
// (ReadLimits.h), so a small block size changes nothing. Past that, with still no boundary, the
// block is cut at its last line start when the line there is no longer than kMaxRecordBytes
// (lines the format does not tell apart: nothing is skipped); else that line alone is longer, a
// record really too large: it is handed on cut at the block's end, for its reader to report
// "record-too-large", and the rest of it is skipped up to the next boundary without being kept.
// A cut never falls between a CR and its LF.
#include <cstddef>
#include <istream>
#include <string>
#include <string_view>

#include "ReadTypes.h"

namespace othello::importers {

inline constexpr std::size_t kStreamBlockSize = std::size_t{8} << 20;  // 8 MiB

// The last place in `text`, after its first byte, where a record may start; npos when none.
// With `first`, the first such place instead (used to skip the rest of an oversized record).
using RecordBoundary = std::size_t (*)(std::string_view text, bool first);

// The boundaries of the text formats (FormatTable.cpp names one per format).
std::size_t lineBoundary(std::string_view text, bool first);  // move lists: a line start
std::size_t csvBoundary(std::string_view text, bool first);   // a line start outside quotes
std::size_t ggfBoundary(std::string_view text, bool first);   // a "(;"
std::size_t pgnBoundary(std::string_view text, bool first);   // a tag line starting a game

class BlockStream {
  public:
    // `alreadyRead`: the first bytes of the file, read before (the head that told the format);
    // `in` is positioned after them.
    BlockStream(std::istream& in, RecordBoundary boundary, std::string alreadyRead = {},
                std::size_t blockSize = kStreamBlockSize);

    // The next block and where it starts in the file; false once the file is read. A block
    // stays valid until the next call.
    bool next(std::string_view& block, LocationBase& base);
    // True when the block last handed out ends inside a record longer than a whole block: the
    // rest of that record is skipped, not read.
    bool cutInsideRecord() const { return skipping_; }
    // True when the read failed (an I/O error, not the end of the file).
    bool failed() const { return failed_; }
    // Line ends in `text`: LF, CRLF and a lone CR count one each, as the readers count them.
    static int lineEnds(std::string_view text);
    // p, or p - 1 when p is between a CR and its LF (a cut there would count two line ends).
    static std::size_t notInsideCrLf(std::string_view text, std::size_t p);

  private:
    void fill(std::size_t size);  // reads until the buffer holds `size` bytes or the file ends
    void advance(std::size_t n);  // drops n bytes of the buffer, counting their lines
    void skipToBoundary();        // drops the rest of an oversized record

    std::istream& in_;
    RecordBoundary boundary_;
    std::size_t blockSize_;
    std::string buffer_;
    std::size_t pending_ = 0;  // bytes of the block last handed out, dropped on the next call
    LocationBase base_;        // where buffer_ starts in the file
    bool eof_ = false;
    bool failed_ = false;
    bool skipping_ = false;  // the block handed out last was cut inside a record
};

}  // namespace othello::importers
