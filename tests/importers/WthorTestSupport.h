#pragma once
// Helpers the WTHOR and GGF tests share: fixture paths, whole-file reads, scratch folders.
#include <unistd.h>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

namespace wthortest {

inline std::filesystem::path fixture(const std::string& relative) {
    return std::filesystem::path(OTHELLO_SOURCE_DIR) / "tests/fixtures/importers" / relative;
}

inline std::filesystem::path sharedData(const std::string& relative) {
    return std::filesystem::path(OTHELLO_SHARED_DATA) / relative;
}

inline bool haveSharedData() {
    return std::filesystem::is_directory(OTHELLO_SHARED_DATA);
}

inline std::string slurp(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// A fresh folder under the system temp dir, removed when the object goes.
class ScratchDir {
  public:
    ScratchDir() {
        static std::atomic<int> counter{0};
        path_ =
            std::filesystem::temp_directory_path() /
            ("othello-imp-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
        std::filesystem::remove_all(path_);
        std::filesystem::create_directories(path_);
    }
    ~ScratchDir() {
        std::error_code ec;
        std::filesystem::remove_all(path_, ec);
    }
    ScratchDir(const ScratchDir&) = delete;
    ScratchDir& operator=(const ScratchDir&) = delete;
    const std::filesystem::path& path() const { return path_; }

  private:
    std::filesystem::path path_;
};

}  // namespace wthortest
