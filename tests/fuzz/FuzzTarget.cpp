// libFuzzer entry point; OTHELLO_FUZZ_READER names the reader (see FuzzReaders.h).
#include <cstddef>
#include <cstdint>

#include "FuzzReaders.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    othello::fuzz::runReader(OTHELLO_FUZZ_READER, data, size);
    return 0;
}
