// The C API's answered moves (include/sweepbox/sweepbox_answers.h): sweepbox_move and
// sweepbox_check whose responses to bodies come from the caller's table, read by a filter of the
// library's own. The bodies within the move's reach that lack an answer are listed before it
// moves; one the move meets outside that reach fails it (the core throws before anything
// changes) and is listed alone.

#include "c_api_support.hpp"

#include <sweepbox/sweepbox_answers.h>

#include <bit>
#include <cinttypes>
#include <cmath>
#include <limits>
#include <vector>

using namespace sweepbox::c_api;
using sweepbox::BodyId;
using sweepbox::real;

namespace {

// The filter's context: the answers, the caller's options (for tiles), and what went wrong.
struct AnswerCall {
    const sweepbox_answers* answers = nullptr;
    const sweepbox_move_options* options = nullptr;
    bool missing = false; // a body met without an answer: `asked`
    sweepbox_body_id asked{};
    bool refused = false; // an answer that is no response: `refused_id`, `refused_answer`
    sweepbox_body_id refused_id{};
    std::int32_t refused_answer = 0;
};

// Outside the enum: the core refuses it, throwing before the move changes anything.
constexpr int no_response = -1;

// A tile's response as sweepbox_move gives it: the caller's filter, else the category table,
// else the response.
int tile_response(const AnswerCall& call, const sweepbox_world* world, const sweepbox_body_id* self,
                  const sweepbox_other* other) {
    const sweepbox_move_options& o = *call.options;
    if (o.filter) return o.filter(o.filter_context, world, self, other);
    if (o.category_responses) {
        const sweepbox::TileMap& tiles = world->world.tiles();
        const std::uint32_t category = tiles.kind(tiles.kind_at({other->tile.column, other->tile.row})).category;
        if (category != 0) return o.category_responses[std::countr_zero(category)];
    }
    return o.response;
}

int answer_of(void* context, const sweepbox_world* world, const sweepbox_body_id* self, const sweepbox_other* other) {
    auto& call = *static_cast<AnswerCall*>(context);
    if (other->kind != SWEEPBOX_OTHER_BODY) return tile_response(call, world, self, other);
    const sweepbox_answers& a = *call.answers;
    const std::uint32_t i = other->body.index;
    if (i >= a.size || a.table[i].stamp != a.stamp) {
        if (!call.missing) call.asked = other->body;
        call.missing = true;
        return no_response;
    }
    const std::int32_t r = a.table[i].response;
    if (r < SWEEPBOX_RESPONSE_IGNORE || r > SWEEPBOX_RESPONSE_BOUNCE) {
        if (!call.refused) {
            call.refused_id = other->body;
            call.refused_answer = r;
        }
        call.refused = true;
        return no_response;
    }
    return r;
}

// The region every leg of a move of `box` by (dx, dy) stays in: slides and bounces never lengthen
// what is left of the motion, so no leg goes further than |dx| + |dy| from the start. Clamped to
// the finite range (a move beyond it is refused by the move itself).
sweepbox::Aabb reach_of(const sweepbox::Aabb& box, double dx, double dy) {
    constexpr double top = std::numeric_limits<real>::max();
    const double reach = std::fabs(dx) + std::fabs(dy);
    auto at = [&](double x) { return real(std::fmin(top, std::fmax(-top, x))); };
    return {{at(double(box.min.x) - reach), at(double(box.min.y) - reach)},
            {at(double(box.max.x) + reach), at(double(box.max.y) + reach)}};
}

// Checks the answers and lists the bodies within reach that have none (at most the room in
// answers->asked): SWEEPBOX_UNANSWERED when there are any.
sweepbox_status list_unanswered(const sweepbox_world* world, const char* function, const sweepbox_body_id* id,
                                double dx, double dy, sweepbox_answers* answers) {
    return guarded(world, function, [&] {
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
        const sweepbox::BodyInfo info = world->world.info(body);
        std::vector<sweepbox::Other>& near = scratch<sweepbox::Other>();
        world->world.query_rect(
            reach_of(info.box, dx, dy), near,
            sweepbox::QueryFilter{.category = info.category, .mask = info.mask, .ignore = body, .tiles = false});
        std::size_t n = 0;
        for (const sweepbox::Other& other : near) {
            const std::uint32_t i = other.body.index;
            if (i < answers->size && answers->table[i].stamp == answers->stamp) continue;
            answers->asked[n++] = from_id(other.body);
            if (n == answers->asked_capacity) break;
        }
        answers->asked_count = n;
        if (n != 0) fail(SWEEPBOX_UNANSWERED, "%zu bodies within reach of the move have no answer", n);
        return SWEEPBOX_OK;
    });
}

// sweepbox_move_answered (moving: the world) and sweepbox_check_answered (moving null).
sweepbox_status move_answered(const sweepbox_world* world, sweepbox_world* moving, const char* function,
                              const sweepbox_body_id* id, double dx, double dy, const sweepbox_move_options* options,
                              sweepbox_answers* answers, sweepbox_move_result* result) {
    const sweepbox_status listed = list_unanswered(world, function, id, dx, dy, answers);
    if (listed != SWEEPBOX_OK) return listed;
    const sweepbox_move_options caller = options ? *options : sweepbox_move_options_default();
    AnswerCall call;
    call.answers = answers;
    call.options = &caller;
    sweepbox_move_options o = caller;
    o.filter = answer_of;
    o.filter_context = &call;
    const sweepbox_status status = move_or_check(world, moving, function, id, dx, dy, &o, result);
    if (status != SWEEPBOX_BAD_ARGUMENT || !(call.missing || call.refused)) return status;
    // The move failed on an answer, not on its input: say which, as a call of this name.
    return guarded(world, function, [&]() -> sweepbox_status {
        if (call.missing) {
            answers->asked[0] = call.asked;
            answers->asked_count = 1;
            fail(SWEEPBOX_UNANSWERED, "the move met body (%" PRIu32 ", %" PRIu32 "), which has no answer",
                 call.asked.index, call.asked.generation);
        }
        fail(SWEEPBOX_BAD_ARGUMENT,
             "the answer for body (%" PRIu32 ", %" PRIu32 ") is %" PRId32 ", not a sweepbox_response",
             call.refused_id.index, call.refused_id.generation, call.refused_answer);
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
