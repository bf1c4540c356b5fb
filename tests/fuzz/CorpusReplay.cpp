// Runs every file under the given folders (the fuzz corpus and the fixed crashers) through
// every reader, with the same checks as the fuzz targets. Any crash, hang or failed check
// fails the test; a summary line says how many inputs ran.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "FuzzReaders.h"

int main(int argc, char** argv) {
    std::size_t files = 0;
    for (int i = 1; i < argc; ++i) {
        std::error_code ec;
        if (!std::filesystem::is_directory(argv[i], ec)) {
            std::fprintf(stderr, "not a folder: %s\n", argv[i]);
            return 2;
        }
        for (const auto& e : std::filesystem::recursive_directory_iterator(argv[i])) {
            if (!e.is_regular_file() || e.path().filename() == "README.md") continue;
            std::ifstream in(e.path(), std::ios::binary);
            const std::string bytes{std::istreambuf_iterator<char>(in),
                                    std::istreambuf_iterator<char>()};
            const auto* data = reinterpret_cast<const std::uint8_t*>(bytes.data());
            for (const std::string& reader : othello::fuzz::readerNames())
                othello::fuzz::runReader(reader, data, bytes.size());
            ++files;
        }
    }
    std::printf("replayed %zu corpus files through %zu readers\n", files,
                othello::fuzz::readerNames().size());
    return files > 0 ? 0 : 1;
}
