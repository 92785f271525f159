/** @file sweepbox_answers.h
 * Answered moves (C99, part of libsweepbox_c): a move whose responses to other bodies are a table
 * the caller fills before the move, instead of a filter the library calls back. For an FFI whose
 * callbacks are slow or stop its compiler (LuaJIT's), the caller answers in its own language: the
 * move lists the bodies it may meet that have no answer yet, the caller answers them, and the
 * move runs. The answers are those a filter would give, so the move is sweepbox_move's, bit for
 * bit (docs/c_api.md, "Answered moves").
 */
#ifndef SWEEPBOX_SWEEPBOX_ANSWERS_H
#define SWEEPBOX_SWEEPBOX_ANSWERS_H

// A C header: clang-tidy's C++ advice (<cstdint>, `using` for typedefs) does not apply here.
// NOLINTBEGIN(modernize-deprecated-headers, modernize-use-using)
#include <sweepbox/sweepbox.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The answer for one body: its response, for the moves given the same stamp.
typedef struct sweepbox_answer {
    uint32_t stamp;   ///< the answer holds for a move whose sweepbox_answers::stamp equals it
    int32_t response; ///< a sweepbox_response
} sweepbox_answer;

/// The answers of one move (sweepbox_move_answered). The caller owns the table and keeps it from
/// move to move: a new stamp per move makes every old entry stale without clearing anything.
typedef struct sweepbox_answers {
    const sweepbox_answer* table; ///< in: entry i answers for the body of index i (sweepbox_body_id::index)
    size_t size;                  ///< in: entries in table; a body of a larger index has no answer
    uint32_t stamp;               ///< in: this move's stamp, not 0 (a table of zeros holds no answer)
    sweepbox_body_id* asked;      ///< in: room for the bodies the move asks about
    size_t asked_capacity;        ///< in: how many fit in asked, at least 1
    size_t asked_count;           ///< out: on SWEEPBOX_UNANSWERED, how many ids asked holds
} sweepbox_answers;

/// sweepbox_move with the response to every other body read from answers (tiles: as the options
/// say, their filter included). First, the bodies near the move that interact with it and have no
/// answer of this stamp are listed in answers->asked, at most asked_capacity of them, in no
/// particular order: those on the move's path, then (once those are answered, when the move may
/// turn: a bounce, tiles) those within reach, the body's box grown by |dx| + |dy| on each side,
/// which holds every leg of the move. Then the status is SWEEPBOX_UNANSWERED, nothing moved, and
/// the last error is left as it was (this is an answer, not a failure). The caller writes their
/// answers and calls again. When all are answered the move runs; should it meet a body without an
/// answer (rule 7's push can carry a body out of that reach), it is undone and that body is asked
/// alone, and named in the last error. An answer that is not a sweepbox_response is
/// SWEEPBOX_BAD_ARGUMENT. Other statuses as sweepbox_move's.
SWEEPBOX_C_API sweepbox_status sweepbox_move_answered(sweepbox_world* world, const sweepbox_body_id* id, double dx,
                                                      double dy, const sweepbox_move_options* options,
                                                      sweepbox_answers* answers, sweepbox_move_result* result);

/// The dry run of sweepbox_move_answered: sweepbox_check's answer with the responses of answers,
/// asking as sweepbox_move_answered does. Const.
SWEEPBOX_C_API sweepbox_status sweepbox_check_answered(const sweepbox_world* world, const sweepbox_body_id* id,
                                                       double dx, double dy, const sweepbox_move_options* options,
                                                       sweepbox_answers* answers, sweepbox_move_result* result);

#ifdef __cplusplus
} // extern "C"
#endif
// NOLINTEND(modernize-deprecated-headers, modernize-use-using)

#endif // SWEEPBOX_SWEEPBOX_ANSWERS_H
