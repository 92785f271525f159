/// @file fuzz_sweep.cpp
/// Fuzz target: `sweep_box_box` and `segment_box` against the exact reference of
/// sweep_reference.hpp on the same float inputs, and `reflect` against its energy bound.
///
/// Checked properties (any violation aborts with a message):
/// - same state as the exact answer: hit, miss or started_overlapping (rules 1-3, 7);
/// - on a hit: the same normal (rule 4's corner tie rule included) and the same `corner` flag,
///   time within 4 u T + 2 subnormals of the exact time T (see time_within_bound), time in [0, 1];
/// - started_overlapping has time 0;
/// - sweep_box_box answers bit for bit what detail::sweep_box_box_exact (no fast path) does;
/// - segment_box(o, d, b) answers exactly (bit for bit) what sweep_box_box({o, o}, d, b) does;
/// - the mirror, B swept by -d against A, meets the exact answer too (the same relative
///   motion: same state and time, opposite normal);
/// - reflect(v, n, restitution, friction) with n a unit axis vector, restitution in [0, 1] and
///   friction in [0, 2]: each component's magnitude never grows (a bounce never adds energy,
///   rule 9), the normal part never keeps pointing into the surface, and with friction <= 1
///   the tangent part never reverses.
///
/// Input layout: byte 0 picks the magnitude limit of the values (2^20, 2^40, 2^100, or every
/// finite float); then A, d, B, a faces byte, then reflect's v, normal, restitution, friction.

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <sweepbox/geometry.hpp>
#include "fuzz_common.hpp"
#include "geometry/sweep.hpp"
#include "sweep_reference.hpp"

using namespace sweepbox;
using namespace sweepbox::fuzz;

namespace {

std::string describe(const char* what, const Aabb& a, Vec2 d, const Aabb& b, std::uint8_t faces) {
    return std::string(what) + "(A = " + str(a) + ", d = " + str(d) + ", B = " + str(b) +
           ", faces = " + std::to_string(faces) + ")";
}

bool same_bits(const Sweep& x, const Sweep& y) {
    return x.state == y.state && std::memcmp(&x.time, &y.time, sizeof x.time) == 0 &&
           std::memcmp(&x.normal, &y.normal, sizeof x.normal) == 0 && x.corner == y.corner;
}

void check_sweep(const char* what, const Aabb& a, Vec2 d, const Aabb& b, std::uint8_t faces, const Sweep& s) {
    const RefSweep ref = reference_sweep(a, d, b, faces);
    const std::string where = describe(what, a, d, b, faces);
    if (ref.state == SweepState::miss) {
        if (s.state != SweepState::miss)
            fail("%s: expected miss (exact), got %s at time %s normal %s", where.c_str(), state_name(s.state),
                 str(s.time).c_str(), str(s.normal).c_str());
        return;
    }
    if (ref.state == SweepState::started_overlapping) {
        if (s.state == SweepState::miss && ref.started_may_miss) return;
        if (s.state != SweepState::started_overlapping)
            fail("%s: interiors overlap at t = 0, expected started_overlapping, got %s", where.c_str(),
                 state_name(s.state));
        if (s.time != 0) fail("%s: started_overlapping with time %s, expected 0", where.c_str(), str(s.time).c_str());
        return;
    }
    // The exact answer is a hit.
    if (s.state == SweepState::miss && ref.may_miss) return;
    if (s.state != SweepState::hit)
        fail("%s: expected hit at exact time ~%.20Lg normal %s corner %d, got %s", where.c_str(), approx(ref.time),
             str(ref.normal).c_str(), int(ref.corner), state_name(s.state));
    if (s.normal != ref.normal)
        fail("%s: hit at exact time ~%.20Lg: expected normal %s (corner %d), got %s (corner %d)", where.c_str(),
             approx(ref.time), str(ref.normal).c_str(), int(ref.corner), str(s.normal).c_str(), int(s.corner));
    if (s.corner != ref.corner) fail("%s: expected corner = %d, got %d", where.c_str(), int(ref.corner), int(s.corner));
    if (!time_within_bound(s.time, ref.time))
        fail("%s: time %s is not within 4u*T + 2*denorm_min of the exact time ~%.20Lg", where.c_str(),
             str(s.time).c_str(), approx(ref.time));
}

void check_reflect(Vec2 v, Vec2 n, real restitution, real friction) {
    const Vec2 out = reflect(v, n, restitution, friction);
    const int k = n.x != 0 ? 0 : 1; // the normal's axis
    const real vn = v[k], vt = v[1 - k], on = out[k], ot = out[1 - k];
    const std::string where = "reflect(v = " + str(v) + ", n = " + str(n) + ", restitution = " + str(restitution) +
                              ", friction = " + str(friction) + ") = " + str(out);
    if (!is_finite(out)) fail("%s: not finite", where.c_str());
    if (std::fabs(on) > std::fabs(vn)) fail("%s: the normal part grew (adds energy)", where.c_str());
    if (std::fabs(ot) > std::fabs(vt)) fail("%s: the tangent part grew (adds energy)", where.c_str());
    if (on * vn > 0) fail("%s: the normal part was not reflected", where.c_str());
    if (friction <= 1 && ot * vt < 0) fail("%s: the tangent part reversed with friction <= 1", where.c_str());
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    ByteReader in(data, size);
    static constexpr double limits[] = {1048576.0, 1099511627776.0, 1.2676506002282294e30,
                                        double(std::numeric_limits<real>::max())};
    ValueGen gen(limits[in.u8() & 3]);

    const Aabb a = gen.box(in);
    const Vec2 d = gen.vec(in);
    const Aabb b = gen.box(in);
    const std::uint8_t faces_byte = in.u8();
    const std::uint8_t faces = (faces_byte & 0x80) ? std::uint8_t(faces_byte & face_all) : std::uint8_t(face_all);

    if (is_valid(a) && is_valid(b) && is_finite(d)) {
        const Sweep s = sweep_box_box(a, d, b, faces);
        check_sweep("sweep_box_box", a, d, b, faces, s);
        // Its fast path (clear cases on rounded times) answers what the exact routine does.
        for (const std::uint8_t seams : {std::uint8_t(0), std::uint8_t(~faces & face_all), std::uint8_t(face_all)}) {
            if (!same_bits(sweep_box_box(a, d, b, faces, seams), detail::sweep_box_box_exact(a, d, b, faces, seams)))
                fail("%s: the fast path differs from the exact routine (seams %d)",
                     describe("sweep_box_box", a, d, b, faces).c_str(), int(seams));
        }

        // The mirror: B moving by -d against A is the same relative motion; it must meet the
        // exact answer too (state, normal, corner, time bound), with the opposite normal.
        if (faces == face_all) check_sweep("sweep_box_box (mirror)", b, -d, a, face_all, sweep_box_box(b, -d, a));

        // A segment is the sweep of a zero-size box, bit for bit.
        const Vec2 o = a.min;
        const Sweep seg = segment_box(o, d, b, faces);
        const Sweep pt = sweep_box_box(Aabb{o, o}, d, b, faces);
        check_sweep("segment_box", Aabb{o, o}, d, b, faces, seg);
        if (!same_bits(seg, pt))
            fail("%s: segment_box differs from sweep_box_box of a zero-size box",
                 describe("segment_box", Aabb{o, o}, d, b, faces).c_str());
    }

    // reflect: any finite v, a unit axis normal, restitution in [0, 1], friction in [0, 2].
    const Vec2 v = gen.vec(in);
    const std::uint8_t nb = in.u8();
    const real one = (nb & 1) ? real(1) : real(-1);
    const Vec2 n = (nb & 2) ? Vec2{one, 0} : Vec2{0, one};
    const real restitution = real(in.u16()) / real(65535);
    const real friction = real(in.u16()) / real(32767.5);
    if (is_finite(v)) check_reflect(v, n, restitution, std::fmin(friction, real(2)));
    return 0;
}
