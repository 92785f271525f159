/// @file replay_main.cpp
/// A `main` for the fuzz targets without libFuzzer: runs every file named on the command
/// line, and every file in every directory named (sorted by name; hidden files and *.md notes
/// skipped),
/// through LLVMFuzzerTestOneInput once. A property violation aborts with its message, so a
/// crash input found by a fuzzer is reproduced by `<target>_replay crash-file` under a
/// debugger, with GCC or Clang, with or without sanitizers.
///
/// Usage: <target>_replay FILE_OR_DIR...   (exit 0 when every input passed; a missing
/// directory counts as empty so an empty regressions/ folder is fine)

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

int run_file(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    if (!in) {
        std::fprintf(stderr, "replay: cannot read %s\n", p.string().c_str());
        return 1;
    }
    const std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::fprintf(stderr, "replay: %s (%zu bytes)\n", p.string().c_str(), bytes.size());
    // Copy into an exactly sized heap block, as libFuzzer does, so overreads are caught.
    std::vector<std::uint8_t> data(bytes.begin(), bytes.end());
    LLVMFuzzerTestOneInput(data.empty() ? nullptr : data.data(), data.size());
    return 0;
}

} // namespace

int main(int argc, char** argv) {
    namespace fs = std::filesystem;
    int failures = 0;
    std::size_t count = 0;
    for (int i = 1; i < argc; ++i) {
        const fs::path arg(argv[i]);
        std::error_code ec;
        if (fs::is_directory(arg, ec)) {
            std::vector<fs::path> files;
            for (const fs::directory_entry& e : fs::directory_iterator(arg))
                if (e.is_regular_file() && e.path().filename().string().front() != '.' && e.path().extension() != ".md")
                    files.push_back(e.path());
            std::sort(files.begin(), files.end());
            for (const fs::path& f : files) {
                failures += run_file(f);
                ++count;
            }
        } else if (fs::exists(arg, ec)) {
            failures += run_file(arg);
            ++count;
        } else {
            std::fprintf(stderr, "replay: %s does not exist (skipped)\n", argv[i]);
        }
    }
    std::fprintf(stderr, "replay: %zu inputs, %d unreadable\n", count, failures);
    return failures == 0 ? 0 : 1;
}
