// Loading editors' levels of 1,000 x 1,000 tiles: parse_level for each format (TMX with CSV
// and with base64+zlib layers, Tiled JSON, LDtk), add_level into a new World, and both. The
// level is a seeded hilly terrain (solid ground, 45-degree ramps up and, flipped, down, one-way
// ledges, water) with 1,000 objects, written in memory in each format.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include <zlib.h>

#include <sweepbox/levels.hpp>

using namespace sweepbox;

namespace {

constexpr int side = 1000;
// Tiled gids (1 solid, 2 slope45_ul, 3 one_way, 4 sensor_water; 0x80000000 flips) per tile.
std::vector<std::uint32_t> terrain() {
    std::mt19937 rng(1);
    std::vector<std::uint32_t> g(std::size_t(side) * side, 0);
    int height = side / 2;
    for (int c = 0; c < side; ++c) {
        const int step = int(rng() % 3) - 1;
        const int next = std::min(side - 2, std::max(2, height - step));
        for (int r = next + 1; r < side; ++r) g[std::size_t(r) * side + c] = 1;
        if (next < height) g[std::size_t(next) * side + c] = 2;                          // rising to the right
        else if (next > height) g[std::size_t(height + 1) * side + c] = 2 | 0x80000000u; // falling: flipped
        else if (rng() % 7 == 0) g[std::size_t(next) * side + c] = 4;                    // a puddle
        if (rng() % 11 == 0 && next > 8) g[std::size_t(next - 6) * side + c] = 3;        // a ledge
        height = next;
    }
    return g;
}

const char* tiled_kinds[] = {"solid", "slope45_ul", "one_way", "sensor_water"};

std::string base64(const std::vector<unsigned char>& bytes) {
    const char* digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    for (std::size_t i = 0; i < bytes.size(); i += 3) {
        const std::uint32_t n = std::uint32_t(bytes[i]) << 16 | (i + 1 < bytes.size() ? bytes[i + 1] << 8 : 0) |
                                (i + 2 < bytes.size() ? bytes[i + 2] : 0);
        out += digits[n >> 18 & 63];
        out += digits[n >> 12 & 63];
        out += i + 1 < bytes.size() ? digits[n >> 6 & 63] : '=';
        out += i + 2 < bytes.size() ? digits[n & 63] : '=';
    }
    return out;
}

std::string tmx(bool zlib) {
    const auto g = terrain();
    std::string s =
        "<map orientation=\"orthogonal\" width=\"1000\" height=\"1000\" tilewidth=\"16\" tileheight=\"16\">\n"
        "<tileset firstgid=\"1\" name=\"t\" tilecount=\"4\">\n";
    for (int i = 0; i < 4; ++i)
        s += "<tile id=\"" + std::to_string(i) + "\"><properties><property name=\"collision\" value=\"" +
             tiled_kinds[i] + "\"/></properties></tile>\n";
    s += "</tileset>\n<layer name=\"Ground\" width=\"1000\" height=\"1000\">";
    if (zlib) {
        std::vector<unsigned char> raw(g.size() * 4);
        for (std::size_t i = 0; i < g.size(); ++i)
            for (int b = 0; b < 4; ++b) raw[4 * i + b] = static_cast<unsigned char>(g[i] >> (8 * b));
        uLongf n = compressBound(uLong(raw.size()));
        std::vector<unsigned char> packed(n);
        compress(packed.data(), &n, raw.data(), uLong(raw.size()));
        packed.resize(n);
        s += "<data encoding=\"base64\" compression=\"zlib\">" + base64(packed) + "</data>";
    } else {
        s += "<data encoding=\"csv\">\n";
        for (std::size_t i = 0; i < g.size(); ++i) s += std::to_string(g[i]) + (i + 1 < g.size() ? "," : "\n");
        s += "</data>";
    }
    s += "</layer>\n<objectgroup name=\"Objects\">\n";
    for (int i = 0; i < 1000; ++i)
        s += "<object id=\"" + std::to_string(i + 1) + "\" name=\"c" + std::to_string(i) + "\" x=\"" +
             std::to_string(i * 16) + "\" y=\"0\" width=\"16\" height=\"16\"/>\n";
    return s + "</objectgroup>\n</map>\n";
}

std::string tmj() {
    const auto g = terrain();
    std::string s = R"({"type": "map", "orientation": "orthogonal", "width": 1000, "height": 1000, "tilewidth": 16,
 "tileheight": 16, "tilesets": [{"firstgid": 1, "name": "t", "tilecount": 4, "tiles": [)";
    for (int i = 0; i < 4; ++i)
        s += std::string(i ? "," : "") + "{\"id\": " + std::to_string(i) +
             ", \"properties\": [{\"name\": \"collision\", \"type\": \"string\", \"value\": \"" + tiled_kinds[i] +
             "\"}]}";
    s += "]}],\n \"layers\": [{\"name\": \"Ground\", \"type\": \"tilelayer\", \"width\": 1000, \"height\": 1000, "
         "\"data\": [";
    for (std::size_t i = 0; i < g.size(); ++i) s += (i ? "," : "") + std::to_string(g[i]);
    s += "]}, {\"name\": \"Objects\", \"type\": \"objectgroup\", \"objects\": [";
    for (int i = 0; i < 1000; ++i)
        s += std::string(i ? "," : "") + "{\"id\": " + std::to_string(i + 1) + ", \"name\": \"c" + std::to_string(i) +
             "\", \"x\": " + std::to_string(i * 16) + ", \"y\": 0, \"width\": 16, \"height\": 16}";
    return s + "]}]}\n";
}

std::string ldtk() {
    const auto g = terrain();
    std::string s = R"({"defs": {"layers": [{"uid": 1, "identifier": "Collision", "intGridValues": [
 {"value": 1, "identifier": "solid"}, {"value": 2, "identifier": "slope45_ul"}, {"value": 3, "identifier": "one_way"},
 {"value": 4, "identifier": "sensor_water"}, {"value": 5, "identifier": "slope45_ur"}]}]},
 "levels": [{"identifier": "Big", "worldX": 0, "worldY": 0, "layerInstances": [{"__identifier": "Objects",
 "__type": "Entities", "entityInstances": [)";
    for (int i = 0; i < 1000; ++i)
        s += std::string(i ? "," : "") + "{\"__identifier\": \"Static\", \"px\": [" + std::to_string(i * 16) +
             ", 0], \"__pivot\": [0, 0], \"width\": 16, \"height\": 16, \"fieldInstances\": [{\"__identifier\": "
             "\"name\", \"__value\": \"c" +
             std::to_string(i) + "\"}]}";
    s += R"(]}, {"__identifier": "Collision", "__type": "IntGrid", "__gridSize": 16, "__cWid": 1000, "__cHei": 1000,
 "layerDefUid": 1, "intGridCsv": [)";
    for (std::size_t i = 0; i < g.size(); ++i)
        s += (i ? "," : "") + std::to_string(g[i] == (2 | 0x80000000u) ? 5 : g[i]);
    return s + "]}]}]}\n";
}

void parse(benchmark::State& state, const std::string& text, LevelFormat format) {
    for (auto _ : state) {
        Level l = parse_level(text, "big", format);
        benchmark::DoNotOptimize(l.tiles.data());
    }
    state.counters["MB"] = double(text.size()) / 1e6;
}

void BM_parse_tmx_csv(benchmark::State& s) { parse(s, tmx(false), LevelFormat::tiled_xml); }
void BM_parse_tmx_zlib(benchmark::State& s) { parse(s, tmx(true), LevelFormat::tiled_xml); }
void BM_parse_tmj(benchmark::State& s) { parse(s, tmj(), LevelFormat::tiled_json); }
void BM_parse_ldtk(benchmark::State& s) { parse(s, ldtk(), LevelFormat::ldtk); }

void BM_add_level(benchmark::State& state) {
    const Level l = parse_level(tmx(true), "big", LevelFormat::tiled_xml);
    for (auto _ : state) {
        World w;
        benchmark::DoNotOptimize(add_level(w, l).size());
    }
}

// parse_level then add_level: what a game pays to load the level.
void load(benchmark::State& state, const std::string& text, LevelFormat format) {
    for (auto _ : state) {
        World w;
        benchmark::DoNotOptimize(add_level(w, parse_level(text, "big", format)).size());
    }
}
void BM_load_tmx_csv(benchmark::State& s) { load(s, tmx(false), LevelFormat::tiled_xml); }
void BM_load_tmx_zlib(benchmark::State& s) { load(s, tmx(true), LevelFormat::tiled_xml); }
void BM_load_tmj(benchmark::State& s) { load(s, tmj(), LevelFormat::tiled_json); }
void BM_load_ldtk(benchmark::State& s) { load(s, ldtk(), LevelFormat::ldtk); }

} // namespace

BENCHMARK(BM_parse_tmx_csv)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_parse_tmx_zlib)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_parse_tmj)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_parse_ldtk)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_add_level)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_load_tmx_csv)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_load_tmx_zlib)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_load_tmj)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_load_ldtk)->Unit(benchmark::kMillisecond);
BENCHMARK_MAIN();
