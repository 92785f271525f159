#pragma once
// Internal: the reflection of a velocity about a unit normal, written once for any scalar:
// reflect (geometry.cpp) takes it in real, a slope's bounce near the largest real in wide.

namespace sweepbox::detail {

/// (rx, ry): v less its part along the unit normal n, scaled by keep (1 - friction), minus that
/// part scaled by restitution.
template <class S> void reflect_about(S vx, S vy, S nx, S ny, S restitution, S keep, S& rx, S& ry) {
    const S vn = vx * nx + vy * ny;
    const S px = nx * vn, py = ny * vn;
    rx = (vx - px) * keep - px * restitution;
    ry = (vy - py) * keep - py * restitution;
}

} // namespace sweepbox::detail
