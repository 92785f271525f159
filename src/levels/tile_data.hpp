#pragma once
// Tiled's tile layer data: CSV text, or base64 of little-endian 32-bit gids, uncompressed or
// compressed with zlib, gzip or zstd.

#include <cstdint>
#include <string_view>
#include <vector>

#include "kinds.hpp"

namespace sweepbox::levels {

// The gids of CSV text (numbers separated by commas and white space); exactly `count` of them.
[[nodiscard]] std::vector<std::uint32_t> csv_gids(std::string_view text, std::size_t count, const Place& at);

// The gids of base64 text, decompressed as `compression` says ("", "zlib", "gzip" or "zstd");
// exactly `count` of them.
[[nodiscard]] std::vector<std::uint32_t> base64_gids(std::string_view text, std::string_view compression,
                                                     std::size_t count, const Place& at);

// True when this build reads zstd-compressed layers.
[[nodiscard]] bool has_zstd();

} // namespace sweepbox::levels
