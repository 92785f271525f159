// The C API's answered moves (include/sweepbox/sweepbox_answers.h): sweepbox_move and
// sweepbox_check whose responses to bodies come from the caller's table, read by a filter of the
// library's own. The bodies within the move's reach that lack an answer are listed before it
// moves; one the move meets outside that reach fails it (the core throws before anything
// changes) and is listed alone.

#include "c_api_support.hpp"
#include "broadphase/body_filter.hpp"
#include "core/tolerances.hpp"

#include <sweepbox/sweepbox_answers.h>

#include <algorithm>
#include <bit>
#include <cinttypes>
#include <cmath>
#include <limits>
#include <vector>

using namespace sweepbox::c_api;
using sweepbox::BodyId;
using sweepbox::real;
using sweepbox::Response;

namespace {

// The filter's context: the answers, the caller's options and world (for tiles), and what went
// wrong.
struct AnswerCall {
    const sweepbox_answers* answers = nullptr;
    const sweepbox_move_options* options = nullptr;
    const sweepbox_world* world = nullptr;
    bool missing = false; // a body met without an answer: `asked`
    sweepbox_body_id asked{};
    bool refused = false; // an answer that is no response: `refused_id`, `refused_answer`
    sweepbox_body_id refused_id{};
    std::int32_t refused_answer = 0;
    bool tile_refused = false; // the options' filter gave a tile `tile_answer`, no response
    int tile_answer = 0;
};

// Outside the enum: the core refuses it, throwing before the move changes anything.
constexpr auto no_response = Response(0xff);

bool is_response(std::int64_t r) { return r >= SWEEPBOX_RESPONSE_IGNORE && r <= SWEEPBOX_RESPONSE_BOUNCE; }

// A tile's response as sweepbox_move gives it: the caller's filter, else the category table,
// else the response.
Response tile_response(AnswerCall& call, BodyId self, const sweepbox::Other& other) {
    const sweepbox_move_options& o = *call.options;
    int r = o.response;
    if (o.filter) {
        const sweepbox_other c = from_other(other);
        const sweepbox_body_id id = from_id(self);
        r = o.filter(o.filter_context, call.world, &id, &c);
        if (!is_response(r)) {
            if (!call.tile_refused) call.tile_answer = r;
            call.tile_refused = true;
            return no_response;
        }
    } else if (o.category_responses) {
        const sweepbox::TileMap& tiles = call.world->world.tiles();
        const std::uint32_t category = tiles.kind(tiles.kind_at(other.tile)).category;
        if (category != 0) r = o.category_responses[std::countr_zero(category)];
    }
    return Response(r);
}

// The move's filter: a body's answer from the table (a read, no call back to the caller).
Response answer_of(void* context, const sweepbox::World& /*world*/, BodyId self, const sweepbox::Other& other) {
    auto& call = *static_cast<AnswerCall*>(context);
    if (!other.is_body()) [[unlikely]]
        return tile_response(call, self, other);
    const sweepbox_answers& a = *call.answers;
    const std::uint32_t i = other.body.index;
    if (i < a.size && a.table[i].stamp == a.stamp) {
        const std::int32_t r = a.table[i].response;
        if (is_response(r)) [[likely]]
            return Response(r);
        if (!call.refused) {
            call.refused_id = from_id(other.body);
            call.refused_answer = r;
        }
        call.refused = true;
        return no_response;
    }
    if (!call.missing) call.asked = from_id(other.body);
    call.missing = true;
    return no_response;
}

// The regions the listing looks in, clamped to the finite range (a move beyond it is refused by
// the move itself). The trip: the box's path; a move whose responses are slides, touches and
// crosses stays in it (a slide keeps the rest of one axis). Within reach: the box grown by
// |dx| + |dy| on each side; bounces and slopes turn the motion, but never lengthen what is left
// of it, so every leg stays in it. Both wider by four times the margin of the core's walk, whose
// candidates the move asks about.
sweepbox::Aabb region_of(const sweepbox::Aabb& box, double dx, double dy, bool reach) {
    constexpr double top = std::numeric_limits<real>::max();
    const double d[2] = {dx, dy};
    const double length = reach ? std::fabs(dx) + std::fabs(dy) : 0;
    sweepbox::Aabb out;
    for (int k = 0; k < 2; ++k) {
        const double lo = double(box.min[k]), hi = double(box.max[k]);
        const double margin = 4 * ((std::fabs(lo) + std::fabs(hi) + 2 * std::fabs(d[k])) *
                                       double(sweepbox::detail::tol::box_margin_rel) +
                                   double(sweepbox::detail::tol::margin_floor)) +
                              length;
        // (std::min and max, not fmin and fmax, which are calls: no number here is NaN)
        const double from = reach ? lo : std::min(lo, lo + d[k]), to = reach ? hi : std::max(hi, hi + d[k]);
        out.min[k] = real(std::max(-top, from - margin));
        out.max[k] = real(std::min(top, to + margin));
    }
    return out;
}

// The bodies a move asked about last on this thread, kept between the calls of one move: the
// calls after a listing need no search. A change of the world between them can leave the list
// behind; the move then meets what it lacks, and asks.
struct Near {
    const sweepbox_world* world = nullptr;
    std::uint32_t stamp = 0;
    sweepbox_body_id id{};
    double dx = 0, dy = 0;
    bool reach = false;                // the list is of the region within reach, not of the trip
    std::vector<sweepbox_body_id> ids; // every body there that interacts with the mover
    // find_near's mark per body index and the number of its searches, kept here so that a call
    // reaches all of its thread's state through one thread_local (in a shared library each
    // thread_local a function uses costs a call to find)
    std::vector<std::uint32_t> marks;
    std::uint32_t searches = 0;
    bool same_move(const sweepbox_world* w, std::uint32_t s, const sweepbox_body_id& i, double x, double y) const {
        return world == w && stamp == s && id.index == i.index && id.generation == i.generation && dx == x && dy == y;
    }
};
// This thread's Near. Out of line, so that a call finds it once: seeing a thread_local's
// address, the compiler finds it anew after each call it makes (in a shared library, a call).
[[gnu::noinline]] Near& near_of_thread() {
    thread_local Near near;
    return near;
}

// near.ids := the bodies interacting with the mover whose closed boxes meet `region`, each once
// (straight from the grid: no obstacle is built for a body that is only listed). As the walks
// do, a first pass keeps the candidates that pass with no branch on their records (a listing
// passes tens of candidates and keeps a few); the grid may give a big body more than once: a
// mark per body index, new for each search, keeps it once.
void find_near(Near& near, const sweepbox::World& w, BodyId self, const sweepbox::Aabb& region) {
    const auto& bodies = sweepbox::WorldAccess::bodies(w);
    const sweepbox::detail::Selector sel{self, bodies[self.index].category, bodies[self.index].mask, true, false};
    const sweepbox::detail::ReachLanes lanes = sweepbox::detail::reach_lanes(region);
    std::vector<std::uint32_t>& marks = near.marks;
    std::vector<sweepbox_body_id>& ids = near.ids;
    if (marks.size() < bodies.size()) marks.resize(bodies.size(), 0);
    std::uint32_t search = ++near.searches;
    if (search == 0) { // (after 2^32 searches: every mark is old again)
        std::fill(marks.begin(), marks.end(), 0);
        search = near.searches = 1;
    }
    ids.clear();
    constexpr std::size_t cap = 64;
    std::uint32_t kept[cap];
    std::size_t n = 0;
    auto flush = [&] {
        for (std::size_t k = 0; k < n; ++k) {
            const std::uint32_t i = kept[k];
            if (i == self.index || marks[i] == search) continue;
            marks[i] = search;
            ids.push_back(sweepbox_body_id{i, bodies[i].generation});
        }
        n = 0;
    };
    auto take = [&](std::uint32_t i) SWEEPBOX_FORCE_INLINE_LAMBDA {
        kept[n] = i;
        n += sweepbox::detail::body_interacts(w, i, sel, lanes);
        if (n == cap) flush();
    };
    if (w.def().brute_force) {
        for (std::uint32_t i = 1; i < bodies.size(); ++i)
            if (bodies[i].alive) take(i);
    } else {
        sweepbox::WorldAccess::grid(w).for_each_candidate(region, take);
    }
    flush();
}

bool answered(const sweepbox_answers& a, std::uint32_t index) {
    return index < a.size && a.table[index].stamp == a.stamp;
}

// True when the move may leave its trip: a response that turns the motion (a bounce, given to a
// body near the trip or by the options), or tiles (slopes turn it too).
bool may_turn(const Near& near, const sweepbox_world* world, const sweepbox_answers& a,
              const sweepbox_move_options* options) {
    if (!world->world.tiles().is_empty()) return true;
    if (options) {
        if (options->response == SWEEPBOX_RESPONSE_BOUNCE || options->filter) return true;
        if (options->category_responses)
            for (int i = 0; i < 32; ++i)
                if (options->category_responses[i] == SWEEPBOX_RESPONSE_BOUNCE) return true;
    }
    for (const sweepbox_body_id& id : near.ids)
        if (answered(a, id.index) && a.table[id.index].response == SWEEPBOX_RESPONSE_BOUNCE) return true;
    return false;
}

// Lists into answers->asked the bodies of near.ids that have no answer (at most the room there).
std::size_t list_unanswered_near(const Near& near, const sweepbox_world* world, sweepbox_answers* answers) {
    std::size_t n = 0;
    for (const sweepbox_body_id& id : near.ids) {
        if (n == answers->asked_capacity) break;
        if (answered(*answers, id.index) || !world->world.is_valid(to_id(id))) continue;
        answers->asked[n++] = id;
    }
    answers->asked_count = n;
    return n;
}

// Checks the answers and lists the bodies near the move that have none (at most the room in
// answers->asked): SWEEPBOX_UNANSWERED when there are any. First those of the trip; once they
// are answered, when the move may leave its trip, those within reach. No exception on that path
// (it is the usual answer of a first call, and a throw costs more than the move), and no
// message: it is an answer, not an error.
sweepbox_status list_unanswered(const sweepbox_world* world, const char* function, const sweepbox_body_id* id,
                                double dx, double dy, const sweepbox_move_options* options, sweepbox_answers* answers) {
    std::size_t n = 0;
    const sweepbox_status status = guarded(world, function, [&] {
        require(answers, "answers");
        if (!answers->table && answers->size != 0)
            fail(SWEEPBOX_BAD_ARGUMENT, "answers->table is null but answers->size is %zu", answers->size);
        if (answers->stamp == 0) fail(SWEEPBOX_BAD_ARGUMENT, "answers->stamp is 0, the stamp of no answer");
        require(answers->asked, "answers->asked");
        if (answers->asked_capacity == 0) fail(SWEEPBOX_BAD_ARGUMENT, "answers->asked_capacity is 0");
        answers->asked_count = 0;
        const BodyId body = to_id(id);
        require_id(world->world, body);
        if (!std::isfinite(dx) || !std::isfinite(dy)) return SWEEPBOX_OK; // the move says what is wrong
        Near& near = near_of_thread();
        if (!near.same_move(world, answers->stamp, *id, dx, dy)) {
            near.world = world;
            near.stamp = answers->stamp;
            near.id = *id;
            near.dx = dx;
            near.dy = dy;
            near.reach = false;
            find_near(near, world->world, body, region_of(world->world.box(body), dx, dy, false));
        }
        n = list_unanswered_near(near, world, answers);
        if (n != 0 || near.reach || !may_turn(near, world, *answers, options)) return SWEEPBOX_OK;
        near.reach = true;
        find_near(near, world->world, body, region_of(world->world.box(body), dx, dy, true));
        n = list_unanswered_near(near, world, answers);
        return SWEEPBOX_OK;
    });
    return status == SWEEPBOX_OK && n != 0 ? SWEEPBOX_UNANSWERED : status;
}

// sweepbox_move_answered (moving: the world) and sweepbox_check_answered (moving null).
sweepbox_status move_answered(const sweepbox_world* world, sweepbox_world* moving, const char* function,
                              const sweepbox_body_id* id, double dx, double dy, const sweepbox_move_options* options,
                              sweepbox_answers* answers, sweepbox_move_result* result) {
    const sweepbox_status listed = list_unanswered(world, function, id, dx, dy, options, answers);
    if (listed != SWEEPBOX_OK) return listed;
    const sweepbox_move_options caller = options ? *options : sweepbox_move_options_default();
    AnswerCall call;
    call.answers = answers;
    call.options = &caller;
    call.world = world;
    const sweepbox_status status = move_or_check(world, moving, function, id, dx, dy, &caller, result, nullptr, false,
                                                 answer_of, &call);
    if (status != SWEEPBOX_BAD_ARGUMENT || !(call.missing || call.refused || call.tile_refused)) return status;
    // The move failed on an answer, not on its input: say which, as a call of this name.
    return guarded(world, function, [&]() -> sweepbox_status {
        if (call.missing) {
            answers->asked[0] = call.asked;
            answers->asked_count = 1;
            fail(SWEEPBOX_UNANSWERED, "the move met body (%" PRIu32 ", %" PRIu32 "), which has no answer",
                 call.asked.index, call.asked.generation);
        }
        if (call.refused)
            fail(SWEEPBOX_BAD_ARGUMENT,
                 "the answer for body (%" PRIu32 ", %" PRIu32 ") is %" PRId32 ", not a sweepbox_response",
                 call.refused_id.index, call.refused_id.generation, call.refused_answer);
        fail(SWEEPBOX_BAD_ARGUMENT, "the filter returned %d, not a sweepbox_response", call.tile_answer);
    });
}

} // namespace

sweepbox_status sweepbox_move_answered(sweepbox_world* world, const sweepbox_body_id* id, double dx, double dy,
                                       const sweepbox_move_options* options, sweepbox_answers* answers,
                                       sweepbox_move_result* result) {
    return move_answered(world, world, "sweepbox_move_answered", id, dx, dy, options, answers, result);
}

sweepbox_status sweepbox_check_answered(const sweepbox_world* world, const sweepbox_body_id* id, double dx, double dy,
                                        const sweepbox_move_options* options, sweepbox_answers* answers,
                                        sweepbox_move_result* result) {
    return move_answered(world, nullptr, "sweepbox_check_answered", id, dx, dy, options, answers, result);
}
