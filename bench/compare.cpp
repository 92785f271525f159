// sweepbox_compare: the tile-world rays and 8x8 box casts (DATA/tile_world) through
// sweepbox, a brute-force loop over every static box, and Box2D 2.4, side by side.
//
//  sweepbox (tile map)   World::set_tile_map (256x256 tiles of 16) + the 200 walls as static
//                        bodies; World::cast_ray / World::cast_box.
//  sweepbox (bodies)     the static boxes (19,766 in the shared set) as static bodies in the
//                        grid (cell 64).
//  brute force           every query tests every static box (structure of arrays, float slabs
//                        with one division per slab, the contract's open interiors).
//  Box2D 2.4             a b2World with one static b2Body per box (b2PolygonShape::SetAsBox).
//                        Rays: b2World::RayCast with a closest-hit callback (return the fraction
//                        to clip the ray). Box casts: Box2D 2.4 has no world shape cast, so a
//                        user does what b2World::RayCast does for rays: b2World::QueryAABB over
//                        the swept box (union of the start and end boxes), and b2ShapeCast (GJK
//                        linear cast, the moving box against each candidate fixture) for every
//                        candidate, keeping the smallest lambda. b2TimeOfImpact is the rotating
//                        (conservative advancement) version of the same thing and slower.
//                        Box2D keeps b2_polygonRadius (0.01 units here, 1 unit = 1 metre) of skin
//                        around polygons in shape casts and counts touching as a hit, so its hit
//                        counts and sums differ a little from the contract's: the checksum column
//                        shows how much.
// Each engine runs every query `--repetitions` times (default 5; brute force 3); the table
// shows the median pass CPU time (this thread's) / queries. The program exits with status 1 when sweepbox's
// checksums differ from the data's expected ones (its checksums.txt, or the published ones of
// the shared set).
// Usage: sweepbox_compare [--data DIR] [--repetitions N] [--brute-repetitions N]
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "common.hpp"

#if defined(SWEEPBOX_HAVE_BOX2D)
#    include <box2d/box2d.h>
#    include <box2d/b2_distance.h>
#endif

using namespace sweepbox;
using namespace sweepbox::bench;

namespace {

struct Row {
    std::string workload, library;
    double ns = 0;
    Checksum sum;
    bool is_sweepbox_reference = false;
};

// Runs `pass` (all queries, filling answers) `reps` times; returns the median ns per query
// (CPU time of this thread: the machine is shared, wall time would count other processes).
double time_passes(int reps, std::size_t queries, const std::function<void(Answers&)>& pass, Answers& answers) {
    std::vector<double> ns;
    for (int r = 0; r < reps; ++r) {
        answers.clear();
        const std::int64_t t0 = thread_cpu_ns();
        pass(answers);
        ns.push_back(double(thread_cpu_ns() - t0) / double(queries));
    }
    return median(ns);
}

// ---- brute force ----

struct BruteForce {
    std::vector<float> x0, y0, x1, y1;
    explicit BruteForce(const std::vector<Aabb>& boxes) {
        for (const Aabb& b : boxes) {
            x0.push_back(float(b.min.x));
            y0.push_back(float(b.min.y));
            x1.push_back(float(b.max.x));
            y1.push_back(float(b.max.y));
        }
    }
    // The first t in [0, 1) at which box a moved by d has interiors overlapping a static box
    // (contract rule 1); -1 for a miss.
    [[nodiscard]] double cast(const Aabb& a, Vec2 d) const {
        const float ax0 = float(a.min.x), ay0 = float(a.min.y), ax1 = float(a.max.x), ay1 = float(a.max.y);
        const float dx = float(d.x), dy = float(d.y);
        constexpr float inf = std::numeric_limits<float>::infinity();
        float best = 1;
        bool hit = false;
        const std::size_t n = x0.size();
        for (std::size_t i = 0; i < n; ++i) {
            float enx, exx, eny, exy;
            if (dx > 0) {
                enx = (x0[i] - ax1) / dx;
                exx = (x1[i] - ax0) / dx;
            } else if (dx < 0) {
                enx = (x1[i] - ax0) / dx;
                exx = (x0[i] - ax1) / dx;
            } else {
                const bool in = ax0 < x1[i] && x0[i] < ax1;
                enx = in ? -inf : inf;
                exx = in ? inf : -inf;
            }
            if (dy > 0) {
                eny = (y0[i] - ay1) / dy;
                exy = (y1[i] - ay0) / dy;
            } else if (dy < 0) {
                eny = (y1[i] - ay0) / dy;
                exy = (y0[i] - ay1) / dy;
            } else {
                const bool in = ay0 < y1[i] && y0[i] < ay1;
                eny = in ? -inf : inf;
                exy = in ? inf : -inf;
            }
            const float enter = std::max(enx, eny), exit = std::min(exx, exy);
            if (enter < exit && exit > 0 && enter < best) {
                best = std::max(enter, 0.0f);
                hit = true;
            }
        }
        return hit ? double(best) : -1.0;
    }
};

#if defined(SWEEPBOX_HAVE_BOX2D)
// ---- Box2D 2.4 ----

struct Box2DWorld {
    b2World world{b2Vec2(0.0f, 0.0f)};
    explicit Box2DWorld(const std::vector<Aabb>& boxes) {
        for (const Aabb& b : boxes) {
            b2BodyDef def; // static by default
            def.position.Set(float(b.min.x + b.max.x) * 0.5f, float(b.min.y + b.max.y) * 0.5f);
            b2Body* body = world.CreateBody(&def);
            b2PolygonShape shape;
            shape.SetAsBox(float(b.max.x - b.min.x) * 0.5f, float(b.max.y - b.min.y) * 0.5f);
            body->CreateFixture(&shape, 0.0f);
        }
    }
};

class ClosestRay final : public b2RayCastCallback {
public:
    float fraction = 1;
    bool hit = false;
    float ReportFixture(b2Fixture*, const b2Vec2&, const b2Vec2&, float f) override {
        hit = true;
        fraction = f;
        return f; // clip the ray: only closer fixtures are reported from now on
    }
};

class ClosestShapeCast final : public b2QueryCallback {
public:
    b2ShapeCastInput input{};
    float lambda = 1;
    bool hit = false;
    bool ReportFixture(b2Fixture* fixture) override {
        input.proxyA.Set(fixture->GetShape(), 0);
        input.transformA = fixture->GetBody()->GetTransform();
        b2ShapeCastOutput out;
        if (b2ShapeCast(&out, &input) && (!hit || out.lambda < lambda)) {
            lambda = out.lambda;
            hit = true;
        }
        return true; // keep going: QueryAABB has no order
    }
};
#endif

// 19766 -> "19,766".
std::string with_commas(std::size_t n) {
    const std::string digits = std::to_string(n);
    std::string out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i != 0 && (digits.size() - i) % 3 == 0) out += ',';
        out += digits[i];
    }
    return out;
}

void print_table(const std::vector<Row>& rows, const ExpectedChecksums& expected) {
    std::printf("\n%-9s %-44s %12s %10s %8s %16s %s\n", "workload", "library", "ns/query", "ratio", "hits",
                "sum of fractions", "");
    std::string last;
    double base = 0;
    for (const Row& r : rows) {
        if (r.workload != last) {
            last = r.workload;
            base = 0;
            for (const Row& s : rows)
                if (s.workload == r.workload && s.is_sweepbox_reference) base = s.ns;
            std::printf("%s\n", std::string(112, '-').c_str());
        }
        const bool same = checksum_matches(r.sum, r.workload == "rays" ? expected.rays : expected.boxcasts);
        if (r.ns > 0)
            std::printf("%-9s %-44s %12.1f %10.2f %8zu %16.6f %s\n", r.workload.c_str(), r.library.c_str(), r.ns,
                        base > 0 ? r.ns / base : 0.0, r.sum.hits, r.sum.sum,
                        same ? (expected.published ? "= published" : "= expected") : "(differs)");
        else
            std::printf("%-9s %-44s %12s %10s %8zu %16.6f\n", r.workload.c_str(), r.library.c_str(), "-", "-",
                        r.sum.hits, r.sum.sum);
    }
    std::printf("%s\n", std::string(112, '-').c_str());
}

} // namespace

int main(int argc, char** argv) {
    const std::string dir = data_dir(argc, argv);
    const int reps = std::max(1, std::atoi(take_option(argc, argv, "repetitions", "5").c_str()));
    const int brute_reps = std::max(1, std::atoi(take_option(argc, argv, "brute-repetitions", "3").c_str()));
    if (argc > 1) {
        std::fprintf(stderr, "usage: sweepbox_compare [--data DIR] [--repetitions N] [--brute-repetitions N]\n");
        return 2;
    }
    TileWorldData data;
    if (!load_or_report("sweepbox_compare", [&] { data = load_tile_world(dir); })) return 2;
    const std::vector<Aabb> statics = data.statics();
    const std::size_t nr = data.rays.size(), nb = data.boxcasts.size();
    std::printf("tile world: %s: %zu solid tiles + %zu walls = %zu static boxes; %zu rays, %zu box casts; "
                "%d repetitions (brute force %d), median shown\n",
                dir.c_str(), data.solid_count(), data.walls.size(), statics.size(), nr, nb, reps, brute_reps);

    std::vector<Row> rows;
    const ExpectedChecksums& expected = data.expected;
    const std::string expected_label = expected.published ? "published (exact brute force, shared README)"
                                                          : "expected (exact, checksums.txt)";
    rows.push_back({"rays", expected_label, 0, expected.rays});
    rows.push_back({"boxcasts", expected_label, 0, expected.boxcasts});
    const std::string bodies_label = "sweepbox (" + with_commas(statics.size()) + " static bodies, cell 64)";
    const std::string brute_label = "brute force (all " + with_commas(statics.size()) + " boxes per query)";
    Answers answers;
    bool ok = true;

    auto sweepbox_rows = [&](const World& world, const std::string& name, bool reference) {
        Answers a;
        const double ns_r = time_passes(
            reps, nr,
            [&](Answers& out) {
            for (const Ray& r : data.rays) {
                const CastHit h = world.cast_ray(r.origin, r.delta);
                out.push_back(h.hit ? double(h.time) : -1.0);
            }
            },
            a);
        ok &= verify_answers("rays/" + name, a, {}, expected.rays, expected.source, {});
        rows.push_back({"rays", name, ns_r, checksum_of(a), reference});
        const double ns_b = time_passes(
            reps, nb,
            [&](Answers& out) {
            for (const BoxCast& b : data.boxcasts) {
                const CastHit h = world.cast_box(b.box, b.delta);
                out.push_back(h.hit ? double(h.time) : -1.0);
            }
            },
            a);
        ok &= verify_answers("boxcasts/" + name, a, {}, expected.boxcasts, expected.source, {});
        rows.push_back({"boxcasts", name, ns_b, checksum_of(a), reference});
    };
    answers.reserve(std::max(nr, nb));
    {
        const World world = make_tile_map_world(data);
        sweepbox_rows(world, "sweepbox (tile map + 200 wall bodies)", true);
    }
    {
        const World world = make_body_world(data);
        sweepbox_rows(world, bodies_label, false);
    }
    {
        const BruteForce brute(statics);
        const double ns_r = time_passes(
            brute_reps, nr,
            [&](Answers& out) {
            for (const Ray& r : data.rays) out.push_back(brute.cast({r.origin, r.origin}, r.delta));
            },
            answers);
        rows.push_back({"rays", brute_label, ns_r, checksum_of(answers)});
        const double ns_b = time_passes(
            brute_reps, nb,
            [&](Answers& out) {
            for (const BoxCast& b : data.boxcasts) out.push_back(brute.cast(b.box, b.delta));
            },
            answers);
        rows.push_back({"boxcasts", brute_label, ns_b, checksum_of(answers)});
    }
#if defined(SWEEPBOX_HAVE_BOX2D)
    {
        Box2DWorld b2(statics);
        const double ns_r = time_passes(
            reps, nr,
            [&](Answers& out) {
            for (const Ray& r : data.rays) {
                ClosestRay cb;
                const b2Vec2 p1(float(r.origin.x), float(r.origin.y));
                const b2Vec2 p2(float(r.origin.x + r.delta.x), float(r.origin.y + r.delta.y));
                b2.world.RayCast(&cb, p1, p2);
                out.push_back(cb.hit ? double(cb.fraction) : -1.0);
            }
            },
            answers);
        rows.push_back({"rays", "Box2D 2.4 (b2World::RayCast, closest)", ns_r, checksum_of(answers)});
        const double ns_b = time_passes(
            reps, nb,
            [&](Answers& out) {
            for (const BoxCast& b : data.boxcasts) {
                ClosestShapeCast cb;
                const float hw = float(b.box.max.x - b.box.min.x) * 0.5f;
                const float hh = float(b.box.max.y - b.box.min.y) * 0.5f;
                const b2Vec2 corners[4] = {{-hw, -hh}, {hw, -hh}, {hw, hh}, {-hw, hh}};
                cb.input.proxyB.Set(corners, 4, b2_polygonRadius);
                cb.input.transformB.Set(b2Vec2(float(b.box.min.x) + hw, float(b.box.min.y) + hh), 0.0f);
                cb.input.translationB.Set(float(b.delta.x), float(b.delta.y));
                const Aabb end = b.box.translated(b.delta);
                b2AABB query;
                query.lowerBound.Set(float(std::min(b.box.min.x, end.min.x)), float(std::min(b.box.min.y, end.min.y)));
                query.upperBound.Set(float(std::max(b.box.max.x, end.max.x)), float(std::max(b.box.max.y, end.max.y)));
                b2.world.QueryAABB(&cb, query);
                out.push_back(cb.hit ? double(cb.lambda) : -1.0);
            }
            },
            answers);
        rows.push_back({"boxcasts", "Box2D 2.4 (QueryAABB + b2ShapeCast, closest)", ns_b, checksum_of(answers)});
    }
#else
    std::printf("Box2D: skipped (libbox2d-dev not found)\n");
#endif
    std::stable_sort(rows.begin(), rows.end(), [](const Row& a, const Row& b) { return a.workload > b.workload; });
    print_table(rows, expected);
    std::printf("ratio = ns/query / sweepbox (tile map) ns/query; sum of fractions in double of each "
                "library's own fractions\n");
    if (!ok) {
        std::fprintf(stderr, "sweepbox_compare: sweepbox's checksums differ from %s\n", expected.source.c_str());
        return 1;
    }
    return 0;
}
