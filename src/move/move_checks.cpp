// Rule 11 for World::move: the errors that name what is wrong with a move's input or result.

#include "move/move_checks.hpp"

#include <cmath>
#include <string>

namespace sweepbox::detail {

void explain_bad_move(const Aabb& box, Vec2 delta, const MoveOptions& o) {
    if (!is_finite(delta)) throw Error("move", "delta has a NaN or infinite component");
    // MoveResult::velocity returns it: finite in, finite out.
    if (!is_finite(o.velocity)) throw Error("move", "velocity has a NaN or infinite component");
    if (o.max_iterations < 1) throw Error("move", "max_iterations must be at least 1");
    if (!(o.restitution >= 0 && o.restitution <= 1)) throw Error("move", "restitution must be in [0, 1]");
    if (!(o.friction >= 0 && o.friction <= 1)) throw Error("move", "friction must be in [0, 1]");
    if (!(o.rest_speed >= 0 && std::isfinite(o.rest_speed)))
        throw Error("move", "rest_speed must be finite and at least 0");
    if (!(o.push_out_sides >= 0)) throw Error("move", "push_out_sides must be at least 0 (infinity allowed)");
    if (!is_response(o.response))
        throw Error("move", "response " + std::to_string(int(o.response)) + " is not a Response");
    if (o.category_responses)
        for (std::size_t i = 0; i < 32; ++i)
            if (!is_response((*o.category_responses)[i]))
                throw Error("move", "category_responses[" + std::to_string(i) + "] = " +
                                        std::to_string(int((*o.category_responses)[i])) + " is not a Response");
    const Aabb moved = box.translated(delta);
    if (!sweepbox::is_valid(moved)) throw Error("move", "delta takes the box out of the finite range");
    if (!is_finite(moved.max - moved.min)) throw Error("move", "box is wider or taller than the finite range");
}

void explain_bad_result(const Aabb& box, Vec2 v, const std::vector<Contact>& contacts) {
    const std::string what = "the result leaves the finite range of real: ";
    for (std::size_t i = 0; i < contacts.size(); ++i) {
        const Contact& c = contacts[i];
        const char* field = !is_valid(c.box)         ? "box"
                          : !is_finite(c.point)      ? "point"
                          : !std::isfinite(c.depth)  ? "depth"
                          : !is_finite(c.sweep_back) ? "sweep_back"
                                                     : nullptr;
        if (field) throw Error("move", what + "contact " + std::to_string(i) + "'s " + field);
    }
    if (!is_valid(box)) throw Error("move", what + "the box after the move");
    if (!is_finite(v)) throw Error("move", what + "the velocity");
}

void bad_filter_answer(Response r) {
    throw Error("move", "the filter returned " + std::to_string(int(r)) + ", not a Response");
}


void set_sweep_back(Contact& c, const Aabb& S, Vec2 d, const Aabb& ob, const std::vector<Contact>& contacts) {
    const real back = sweep_back_time(S, d, ob);
    c.sweep_back = std::isfinite(back) ? S.min - d * back : S.min;
    if (!is_finite(c.sweep_back)) explain_bad_result(S, Vec2{0, 0}, contacts);
}

} // namespace sweepbox::detail
