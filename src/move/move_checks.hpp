#pragma once
// Internal: rule 11 for World::move. The checks of the input and of the result in a few
// operations for the usual case (inline, every move takes them); the errors that name what is
// wrong are made out of line, in move_checks.cpp.

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <vector>
#include <sweepbox/world.hpp>

#include "core/bit_cast.hpp"
#include "core/compiler.hpp"

namespace sweepbox::detail {

/// True when r is one of the Response values.
inline bool is_response(Response r) { return std::uint8_t(r) <= std::uint8_t(Response::bounce); }

/// Throws the Error that names what is wrong with a move's input (the slow half of
/// require_move), in the order of the checks.
[[gnu::noinline]] void explain_bad_move(const Aabb& box, Vec2 delta, const MoveOptions& o);
/// Throws the Error that names what of a move's result is out of the finite range of real (the
/// slow half of require_finite_result): the first contact with such a number, else the box, else
/// the velocity. Returns when there is none (the fast sum overflowed).
[[gnu::noinline]] void explain_bad_result(const Aabb& box, Vec2 v, const std::vector<Contact>& contacts);
/// Throws the Error for a filter's answer that is not a Response.
[[noreturn, gnu::noinline]] void bad_filter_answer(Response r);
/// The sweep-back point of a started contact c (the last of `contacts`): S moved back along d to
/// where it just touches ob. Checked where it is made; an error names this contact.
void set_sweep_back(Contact& c, const Aabb& S, Vec2 d, const Aabb& ob, const std::vector<Contact>& contacts);

// Every entry of a category table is a Response (one max over the bytes, no branch per entry).
inline bool all_responses(const std::array<Response, 32>& table) {
    std::uint8_t top = 0;
    for (Response r : table) top = std::max(top, std::uint8_t(r));
    return top <= std::uint8_t(Response::bounce);
}

// The bits of x as an unsigned number are at most those of 1 exactly for x in [+0, 1] (a sign
// bit, an infinity or a NaN makes them larger): both ranges in one comparison.
using RealBits = std::conditional_t<sizeof(real) == 4, std::uint32_t, std::uint64_t>;
inline RealBits bits_of(real x) { return detail::bit_cast<RealBits>(x); }

// The checks of a move's input in a few operations for the usual case, as require_cast does: v - v
// is 0 exactly for a finite v and NaN otherwise, so one sum of such differences is 0 exactly
// when every number in it is finite (a finite size of the moved box means finite edges, and by
// a finite delta a finite box; a size beyond the finite range is refused, as by add and the
// casts). -0 as restitution, friction, rest_speed or push_out_sides takes the slow path, which
// accepts it; a rest_speed in [+0, max] has bits below those of infinity, a push_out_sides in
// [+0, infinity] bits up to them.
inline void require_move(const Aabb& box, Vec2 delta, const MoveOptions& o) {
    const Aabb moved = box.translated(delta);
    const real w = moved.max.x - moved.min.x, h = moved.max.y - moved.min.y;
    const real z = ((delta.x - delta.x) + (delta.y - delta.y)) +
                   ((o.velocity.x - o.velocity.x) + (o.velocity.y - o.velocity.y)) + ((w - w) + (h - h));
    if (!(z == 0 && o.max_iterations >= 1 && std::max(bits_of(o.restitution), bits_of(o.friction)) <= bits_of(1) &&
          bits_of(o.rest_speed) < bits_of(std::numeric_limits<real>::infinity()) &&
          bits_of(o.push_out_sides) <= bits_of(std::numeric_limits<real>::infinity()) && is_response(o.response) &&
          (!o.category_responses || all_responses(*o.category_responses))))
        explain_bad_move(box, delta, o);
}

// Rule 11 on a move's result. The box and the velocity are checked at the end (a bounce can
// carry the body past the finite range). A contact's box is a box the body had on its way, finite
// when the end box is (a non-finite edge never becomes finite again: the size stays infinite);
// its point lies between finite edges no farther apart than the body's finite width; its depth
// is at most that width; its time and normal are in [0, 1] and an axis. Only the sweep-back point
// can leave the range on its own, and is checked where it is made.
#if SWEEPBOX_SSE
inline void require_finite_result(const Aabb& box, Vec2 v, const std::vector<Contact>& contacts) {
    __m128 z = _mm_add_ps(_mm_loadu_ps(&box.min.x),
                          _mm_loadl_pi(_mm_setzero_ps(), reinterpret_cast<const __m64*>(&v.x)));
    z = _mm_sub_ps(z, z);
    if (_mm_movemask_ps(_mm_cmpunord_ps(z, z)) != 0) explain_bad_result(box, v, contacts);
}
#else
inline void require_finite_result(const Aabb& box, Vec2 v, const std::vector<Contact>& contacts) {
    const real z = (box.min.x + box.min.y) + (box.max.x + box.max.y) + (v.x + v.y);
    if (!(z - z == 0)) explain_bad_result(box, v, contacts);
}
#endif

} // namespace sweepbox::detail
