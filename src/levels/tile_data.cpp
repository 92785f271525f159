// Decoding Tiled's tile layer data. Every decoder writes into a buffer of the size the layer
// says, never more, so a file cannot make the reader allocate beyond its map.
#include "tile_data.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <limits>

#if defined(SWEEPBOX_LEVELS_ZLIB)
#    include <zlib.h>
#endif
#if defined(SWEEPBOX_LEVELS_ZSTD)
#    include <zstd.h>
#endif

namespace sweepbox::levels {

namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

std::vector<std::uint8_t> base64_bytes(std::string_view text, const Place& at) {
    static const auto table = [] {
        std::array<std::uint8_t, 256> t{};
        t.fill(0xff); // no base64 digit
        const char* digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        for (int i = 0; i < 64; ++i) t[static_cast<unsigned char>(digits[i])] = std::uint8_t(i);
        return t;
    }();
    std::vector<std::uint8_t> out;
    out.reserve(text.size() / 4 * 3);
    std::uint32_t acc = 0;
    int bits = 0, pad = 0;
    for (char c : text) {
        if (is_space(c)) continue;
        if (c == '=') {
            ++pad;
            continue;
        }
        const std::uint8_t v = table[static_cast<unsigned char>(c)];
        if (v == 0xff || pad > 0)
            fail(at, "the layer data is not base64 (at character " + in_quotes(std::string(1, c)) + ")");
        acc = (acc << 6) | std::uint32_t(v);
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out.push_back(std::uint8_t((acc >> bits) & 0xff));
        }
    }
    if (pad > 2 || bits >= 6) fail(at, "the layer data is not base64 (its length is wrong)");
    return out;
}

std::vector<std::uint32_t> gids_of_bytes(const std::vector<std::uint8_t>& bytes, std::size_t count, const Place& at) {
    if (bytes.size() != count * 4)
        fail(at, "the layer data holds " + std::to_string(bytes.size()) + " bytes, " + std::to_string(count) +
                     " tiles need " + std::to_string(count * 4));
    std::vector<std::uint32_t> gids(count);
    for (std::size_t i = 0; i < count; ++i)
        gids[i] = std::uint32_t(bytes[4 * i]) | std::uint32_t(bytes[4 * i + 1]) << 8 |
                  std::uint32_t(bytes[4 * i + 2]) << 16 | std::uint32_t(bytes[4 * i + 3]) << 24;
    return gids;
}

#if defined(SWEEPBOX_LEVELS_ZLIB)
std::vector<std::uint8_t> inflate_bytes(const std::vector<std::uint8_t>& in, std::size_t size, bool gzip,
                                        const Place& at) {
    // Deflate packs at most 1032 bytes into one: shorter data cannot hold the layer (and is not
    // worth a buffer of the layer's size).
    if (in.size() * 1032 + 64 < size) fail(at, "the layer data is too short for the layer's tiles");
    std::vector<std::uint8_t> out(size + 1); // one byte more: data beyond the layer's size is an error
    z_stream z{};
    if (inflateInit2(&z, gzip ? 15 + 16 : 15) != Z_OK) fail(at, "zlib could not start");
    z.next_in = const_cast<Bytef*>(in.data());
    z.avail_in = uInt(in.size());
    z.next_out = out.data();
    z.avail_out = uInt(out.size());
    const int rc = inflate(&z, Z_FINISH);
    const std::size_t got = out.size() - z.avail_out;
    inflateEnd(&z);
    if (rc != Z_STREAM_END)
        fail(at, std::string("the layer data does not inflate (") + (gzip ? "gzip" : "zlib") +
                     (rc == Z_BUF_ERROR && got == out.size() ? ": more data than the layer's tiles)" : ": corrupt)"));
    out.resize(got);
    return out;
}
#endif

} // namespace

bool has_zstd() {
#if defined(SWEEPBOX_LEVELS_ZSTD)
    return true;
#else
    return false;
#endif
}

std::vector<std::uint32_t> csv_gids(std::string_view text, std::size_t count, const Place& at) {
    std::vector<std::uint32_t> gids;
    gids.reserve(std::min(count, text.size() / 2 + 1)); // a tile takes two characters at least
    std::size_t i = 0;
    const std::size_t n = text.size();
    while (true) {
        while (i < n && is_space(text[i])) ++i;
        if (i == n) break;
        if (text[i] < '0' || text[i] > '9')
            fail(at, "the CSV layer data has " + in_quotes(std::string(1, text[i])) + " where a tile id belongs");
        std::uint64_t v = 0;
        while (i < n && text[i] >= '0' && text[i] <= '9') {
            v = v * 10 + std::uint64_t(text[i++] - '0');
            if (v > std::numeric_limits<std::uint32_t>::max()) fail(at, "a tile id of the CSV layer data is too large");
        }
        if (gids.size() == count)
            fail(at, "the CSV layer data holds more than the layer's " + std::to_string(count) + " tiles");
        gids.push_back(std::uint32_t(v));
        while (i < n && is_space(text[i])) ++i;
        if (i < n && text[i] == ',') ++i;
        else if (i < n)
            fail(at, "the CSV layer data has " + in_quotes(std::string(1, text[i])) + " where a comma belongs");
    }
    if (gids.size() != count)
        fail(at, "the CSV layer data holds " + std::to_string(gids.size()) + " tiles, the layer has " +
                     std::to_string(count));
    return gids;
}

std::vector<std::uint32_t> base64_gids(std::string_view text, std::string_view compression, std::size_t count,
                                       const Place& at) {
    const std::vector<std::uint8_t> bytes = base64_bytes(text, at);
    if (compression.empty()) return gids_of_bytes(bytes, count, at);
    if (compression == "zlib" || compression == "gzip") {
#if defined(SWEEPBOX_LEVELS_ZLIB)
        return gids_of_bytes(inflate_bytes(bytes, count * 4, compression == "gzip", at), count, at);
#else
        fail(at, std::string(compression) + "-compressed layers are not supported in this build (it has no zlib, "
                                            "as in WebAssembly): save the map with CSV or uncompressed base64");
#endif
    }
    if (compression == "zstd") {
#if defined(SWEEPBOX_LEVELS_ZSTD)
        const unsigned long long declared = ZSTD_getFrameContentSize(bytes.data(), bytes.size());
        if (declared == ZSTD_CONTENTSIZE_ERROR) fail(at, "the layer data is not zstd");
        if (declared != ZSTD_CONTENTSIZE_UNKNOWN && declared != count * 4)
            fail(at, "the layer data holds " + std::to_string(declared) + " bytes, " + std::to_string(count) +
                         " tiles need " + std::to_string(count * 4));
        std::vector<std::uint8_t> out(count * 4 + 1);
        const std::size_t got = ZSTD_decompress(out.data(), out.size(), bytes.data(), bytes.size());
        if (ZSTD_isError(got))
            fail(at, std::string("the layer data does not decompress (zstd: ") + ZSTD_getErrorName(got) + ")");
        out.resize(got);
        return gids_of_bytes(out, count, at);
#else
        fail(at, "the layer data is zstd-compressed, and this build of sweepbox has no zstd (build it with "
                 "libzstd-dev, or save the map with zlib, gzip or no compression)");
#endif
    }
    fail(at, "unknown compression " + in_quotes(compression) + " (zlib, gzip, zstd or none)");
}

} // namespace sweepbox::levels
