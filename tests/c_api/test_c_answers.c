/* The C API from C: answered moves (sweepbox_answers.h). */
#include "c_api_checks.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* ---- answered moves (sweepbox_answers.h) ---- */

/* Writes `response` for body `id` with this stamp. */
static void answer(sweepbox_answer* table, sweepbox_body_id id, uint32_t stamp, int32_t response) {
    table[id.index].stamp = stamp;
    table[id.index].response = response;
}

void test_answered_moves(void) {
    sweepbox_world* w = new_world();
    const sweepbox_body_id mover = add_body(w, box4(0, 0, 10, 10), 0, 1, 0);
    const sweepbox_body_id coin = add_body(w, box4(20, 0, 22, 10), 1, 1, 7);
    const sweepbox_body_id wall = add_body(w, box4(60, -100, 70, 100), 1, 1, 0);
    const sweepbox_body_id far = add_body(w, box4(500, 500, 510, 510), 1, 1, 0);
    const sweepbox_body_id null_id = {0, 0};
    sweepbox_answer table[16];
    sweepbox_body_id asked[4];
    sweepbox_answers a;
    sweepbox_contact contacts[8], filtered_contacts[8];
    sweepbox_move_result r, filtered;
    sweepbox_move_options o = sweepbox_move_options_default();
    filter_state state = {0, -1}; /* crosses the coin (user data 7), slides on the rest */
    snapshot before;
    memset(table, 0, sizeof table);
    memset(&a, 0, sizeof a);
    memset(&r, 0, sizeof r);
    memset(&filtered, 0, sizeof filtered);
    a.table = table;
    a.size = 16;
    a.stamp = 1;
    a.asked = asked;
    a.asked_capacity = 4;
    r.contacts = contacts;
    r.capacity = 8;
    take(w, &before);

    /* Bad input: nothing moves, nothing is asked. */
    EXPECT(NULL, SWEEPBOX_BAD_ARGUMENT, sweepbox_move_answered(NULL, &mover, 100, 0, NULL, &a, &r));
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_move_answered(w, &mover, 100, 0, NULL, NULL, &r));
    EXPECT_MESSAGE(w, "answers is null");
    EXPECT(w, SWEEPBOX_BAD_ID, sweepbox_move_answered(w, &null_id, 100, 0, NULL, &a, &r));
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_move_answered(w, NULL, 100, 0, NULL, &a, &r));
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_move_answered(w, &mover, NAN, 0, NULL, &a, &r));
    EXPECT_MESSAGE(w, "delta");
    a.stamp = 0;
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_move_answered(w, &mover, 100, 0, NULL, &a, &r));
    EXPECT_MESSAGE(w, "answers->stamp is 0");
    a.stamp = 1;
    a.table = NULL;
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_move_answered(w, &mover, 100, 0, NULL, &a, &r));
    EXPECT_MESSAGE(w, "answers->table is null");
    a.table = table;
    a.asked = NULL;
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_move_answered(w, &mover, 100, 0, NULL, &a, &r));
    a.asked = asked;
    a.asked_capacity = 0;
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_move_answered(w, &mover, 100, 0, NULL, &a, &r));
    EXPECT_MESSAGE(w, "asked_capacity is 0");
    a.asked_capacity = 4;
    CHECK(unchanged(w, &before));

    /* The first call lists the bodies near the move (the coin and the wall, not the far one), in no
     * particular order, and moves nothing; with room for one, one is listed. */
    EXPECT(w, SWEEPBOX_UNANSWERED, sweepbox_move_answered(w, &mover, 100, 0, NULL, &a, &r));
    EXPECT_MESSAGE(w, "asked_capacity is 0"); /* an answer, not a failure: the last error stays */
    CHECK(a.asked_count == 2 && ((same_id(asked[0], coin) && same_id(asked[1], wall)) ||
                                 (same_id(asked[0], wall) && same_id(asked[1], coin))));
    CHECK(unchanged(w, &before));
    a.asked_capacity = 1;
    a.stamp = 5; /* (another move: the same one again would not list what it just listed) */
    EXPECT(w, SWEEPBOX_UNANSWERED, sweepbox_check_answered(w, &mover, 100, 0, NULL, &a, &r));
    CHECK(a.asked_count == 1 && (same_id(asked[0], coin) || same_id(asked[0], wall)));
    a.asked_capacity = 4;
    a.stamp = 1;

    /* An answer outside the enum fails the move when the move meets its body. */
    answer(table, coin, 1, SWEEPBOX_RESPONSE_CROSS);
    answer(table, wall, 1, 9);
    EXPECT(w, SWEEPBOX_BAD_ARGUMENT, sweepbox_move_answered(w, &mover, 100, 0, NULL, &a, &r));
    EXPECT_MESSAGE(w, "is 9, not a sweepbox_response");
    CHECK(unchanged(w, &before));
    /* An old stamp answers nothing. */
    answer(table, wall, 1, SWEEPBOX_RESPONSE_SLIDE);
    a.stamp = 2;
    EXPECT(w, SWEEPBOX_UNANSWERED, sweepbox_move_answered(w, &mover, 100, 0, NULL, &a, &r));
    CHECK(a.asked_count == 2);
    a.stamp = 1;

    /* Answered: the check and the move give the filtered move's answer, bit for bit. */
    o.filter = filter;
    o.filter_context = &state;
    filtered.contacts = filtered_contacts;
    filtered.capacity = 8;
    EXPECT(w, SWEEPBOX_OK, sweepbox_check(w, &mover, 100, 0, &o, &filtered));
    EXPECT(w, SWEEPBOX_OK, sweepbox_check_answered(w, &mover, 100, 0, NULL, &a, &r));
    CHECK(unchanged(w, &before));
    EXPECT(w, SWEEPBOX_OK, sweepbox_move_answered(w, &mover, 100, 0, NULL, &a, &r));
    CHECK(r.count == 2 && filtered.count == 2 &&
          memcmp(contacts, filtered_contacts, sizeof(sweepbox_contact) * 2) == 0);
    CHECK(is_body(&contacts[0].other, coin) && contacts[0].response == SWEEPBOX_RESPONSE_CROSS);
    CHECK(is_body(&contacts[1].other, wall) && contacts[1].response == SWEEPBOX_RESPONSE_SLIDE);
    CHECK(same_box(r.box, filtered.box) && same_box(r.box, box4(50, 0, 60, 10)));
    /* Too small, as sweepbox_move: undone, with the count. */
    r.capacity = 0; /* the coin is crossed on the way back: one contact, no room */
    EXPECT(w, SWEEPBOX_TOO_SMALL, sweepbox_move_answered(w, &mover, -100, 0, NULL, &a, &r));
    CHECK(r.count == 1);
    r.capacity = 8;
    EXPECT(w, SWEEPBOX_OK, sweepbox_move_answered(w, &mover, -50, 0, NULL, &a, NULL));

    /* A body the move meets outside its reach (rule 7's nearest way out of the block, 5 units left,
     * passes a post 4.5 units away, so the mover goes 15 up; the reach of a move by 1 is 1): the
     * move is undone and asks for it. */
    {
        const sweepbox_body_id block = add_body(w, box4(5, -100, 100, -50), 1, 1, 0);
        const sweepbox_body_id post = add_body(w, box4(-7, -95, -4.5, -85), 1, 1, 0);
        const sweepbox_box sunk = box4(0, -95, 10, -85);
        EXPECT(w, SWEEPBOX_OK, sweepbox_teleport(w, &mover, &sunk));
        take(w, &before);
        a.stamp = 3;
        EXPECT(w, SWEEPBOX_UNANSWERED, sweepbox_move_answered(w, &mover, 1, 0, NULL, &a, &r));
        CHECK(a.asked_count == 1 && same_id(asked[0], block));
        answer(table, block, 3, SWEEPBOX_RESPONSE_SLIDE);
        EXPECT(w, SWEEPBOX_UNANSWERED, sweepbox_move_answered(w, &mover, 1, 0, NULL, &a, &r));
        EXPECT_MESSAGE(w, "which has no answer");
        CHECK(a.asked_count == 1 && same_id(asked[0], post));
        CHECK(unchanged(w, &before));
        answer(table, post, 3, SWEEPBOX_RESPONSE_SLIDE);
        EXPECT(w, SWEEPBOX_OK, sweepbox_move_answered(w, &mover, 1, 0, NULL, &a, &r));
        CHECK(r.count >= 1 && contacts[0].flags == SWEEPBOX_STARTED_OVERLAPPING && is_body(&contacts[0].other, block));
        CHECK(contacts[0].box.min.y == -110 && contacts[0].box.max.y == -100 && contacts[0].normal.y == -1);
        CHECK(r.box.min.x == 1 && r.box.min.y == -110);
    }
    (void)far;
    sweepbox_world_destroy(w);
}
