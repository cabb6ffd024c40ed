/* recsess.h - recording a game from frames: the camera side of the
 * recorder (rules/record.h) and its SGF file.
 *
 * Frames go in one by one to the board tracker (vision/tracker.h), the
 * same one the kiosk's live view uses. The board's geometry is locked at
 * the start (the empty board, or the handicap stones), then followed:
 * while nothing moves, the stones are read on the locked lattice, each
 * point against its own empty look; when the reading stops matching the
 * recorded game (the board was bumped or slid), the picture is searched
 * for the board again and the lattice that best matches the game is
 * taken. Frames with motion (hands, arms, sleeves) are skipped. A reading
 * becomes a state only after `stable_frames` identical readings in a row,
 * and each new state goes to the recorder. After every
 * recorded move the SGF is written again, whole, under a temporary name
 * and renamed over the old one, so a crash or a power cut loses no move;
 * --resume reads it back and waits for the board to show its position. */
#ifndef SEI_RECSESS_H
#define SEI_RECSESS_H

#include <stddef.h>

#include "clock.h"
#include "ident.h"
#include "image.h"
#include "record.h"
#include "rules.h"
#include "tracker.h"

/* The calls an event holds. */
#define SEI_RECSESS_CALLS 16

typedef struct {
    int size;            /* 0: find it; or 9, 13, 19 */
    int handicap;        /* black stones set before White's first move (0) */
    sei_rules rules;     /* rules and komi written to the SGF; legality follows them */
    sei_tracker_params track; /* following the board (tracker.h): its stable_frames identical
                            readings in a row make a state; its vision.size is set from size */
    sei_ident ident;     /* who played, written at the root (EV RO PB PW, SEITABLE SEIBID SEIWID);
                            empty: none */
    unsigned ident_given; /* SEI_IDENT_* given: on --resume the rest comes from the saved game */
    unsigned game_given; /* SEI_RECSESS_GIVEN_*: the game's terms given; on --resume the saved game's
                            stand, and one given otherwise refuses to resume */
    /* The game clock (rules/clock.h), when timed: it starts with the
     * recording, switches as each move is taken at the moment its stone
     * was first seen (not the end of the vote), writes the time left after
     * each move (BL/WL, OB/OW), and a loss on time ends the game (W+T,
     * B+T). */
    int timed;
    sei_time_control tc;
    /* A loss on time is declared this long after the flag fell, so a stone
     * put down just before is still taken (the vote takes a few frames). */
    double loss_grace;
} sei_recsess_params;

enum { SEI_RECSESS_GIVEN_RULES = 1, SEI_RECSESS_GIVEN_KOMI = 2, SEI_RECSESS_GIVEN_HANDICAP = 4 };

void sei_recsess_params_default(sei_recsess_params *p);

typedef struct sei_recsess sei_recsess;

/* What one frame did. */
typedef struct {
    int locked;          /* the geometry is known */
    int moving;          /* skipped: motion */
    int state;           /* a new stable state went to the recorder */
    int refit;           /* the board was found again after a bump */
    int synced;          /* --resume: the board now shows the saved position */
    int lost;            /* the board is far from the game (moved and not found yet, or disturbed) */
    sei_rec_update u;    /* the recorder's answer, when state */
    /* The end, by the tournament rules' gestures with stones just outside
     * the grid: two of a player's own colour at their lower right corner
     * (as seen from their seat) resign; a stone of the opponent's colour
     * there is that player agreeing the game is over, and when both have
     * (diagonally opposite corners) the game ends for counting. */
    int end_offered;     /* one player put the end-of-game stone */
    int ended;           /* SEI_RECSESS_END_* */
    int resigned;        /* with SEI_RECSESS_END_RESIGN: the colour that resigned; with
                            SEI_RECSESS_END_TIME: the colour that lost on time */
    /* The timekeeper's calls made since the last frame (the last
     * SEI_RECSESS_CALLS of them; ncalls counts all), "lost" included once
     * the loss is declared. A call falling after a new reading was first
     * seen waits for its vote (12 s at most): when the reading is the
     * mover's stone, the clock switched when it was first seen and the
     * call was never due; the loss likewise. */
    sei_clock_call calls[SEI_RECSESS_CALLS];
    int ncalls;
} sei_recsess_event;

enum { SEI_RECSESS_END_NONE = 0, SEI_RECSESS_END_COUNT, SEI_RECSESS_END_RESIGN, SEI_RECSESS_END_TIME };

/* The game clock as of the last frame (NULL when not timed), for a
 * screen to show. */
const sei_clock *sei_recsess_clock(const sei_recsess *s);

/* Taps held at most, waiting for their stones to be voted in. */
#define SEI_RECSESS_TAPS 32

/* A player switched the clock by hand at t seconds (the recording's time,
 * as sei_recsess_frame's): "my move is made". The clock switches now
 * (sei_clock_move on the clock as of the last move), so the opponent's
 * time runs from the tap, not from when the camera sees the stone. The
 * tap waits for its stone: the player's next move voted in then only
 * records what the tap left (BL/WL): it does not switch the clock again
 * nor count the move twice (a Fischer increment, a Canadian stone). Taps
 * wait in order, so both players may tap before the first one's stone is
 * voted in (at most SEI_RECSESS_TAPS waiting). A move of the other
 * colour voted in first drops a tap (the tapped turn had no stone: a
 * pass). A tap by the player not on move does nothing: the clock has
 * already switched for that move, by a stone seen or an earlier tap.
 * Returns 0 switched; 1 not switched (not that player's turn, the game
 * over, the player lost on time by t, or SEI_RECSESS_TAPS taps waiting);
 * -1 not timed, or not started (no frame yet). */
int sei_recsess_clock_tap(sei_recsess *s, int player, double t);

/* A session writing to sgf_path. With resume, the file is read first and
 * its moves replayed (a missing file starts afresh). NULL with the reason
 * in err. Free with sei_recsess_destroy (NULL: no-op). */
sei_recsess *sei_recsess_create(const sei_recsess_params *p, const char *sgf_path, int resume, char *err, size_t n);
void sei_recsess_destroy(sei_recsess *s);
const char *sei_recsess_errmsg(const sei_recsess *s);

/* One frame (BGR), seen at t seconds. Returns 0, or -1 when the SGF could
 * not be written (the message says why; the moves are still held). */
int sei_recsess_frame(sei_recsess *s, const sei_image *f, double t, sei_recsess_event *ev);

/* Time going by with no frame (the camera away, a folder or video at its
 * end): the clock as of t seconds, its calls, and a loss on time declared
 * (ev as sei_recsess_frame's; no move can come). Returns 0, or -1 when
 * the SGF could not be written. */
int sei_recsess_time(sei_recsess *s, double t, sei_recsess_event *ev);

/* A judge stops both clocks at t seconds (the recording's time): no time
 * runs and no call is made until sei_recsess_resume; stones are still
 * recorded (one voted in meanwhile switches the clock at no cost), taps
 * do nothing. The pause goes into the record as a comment on the last
 * move (when, and what each player had left), and the time left after
 * each move (BL/WL) leaves the paused time out. Returns 0 paused; 1 not
 * (already paused, the game over, or the flag already fallen by t); -1
 * not timed, not started, or the SGF could not be written (the pause is
 * kept). */
int sei_recsess_pause(sei_recsess *s, double t);
/* The judge starts the clocks again at t seconds: the player on move's
 * runs on from where it stopped; the record says when, and how long the
 * pause was. Returns 0; 1 not paused; -1 as sei_recsess_pause. */
int sei_recsess_resume(sei_recsess *s, double t);
/* 1 while the clocks are paused. */
int sei_recsess_paused(const sei_recsess *s);

/* The players ended the game on the screen (the kiosk's End) at t
 * seconds, as with the end-of-game stones (SEI_RECSESS_END_COUNT): the
 * clock shown is run to t (no call made), and a timed record's last move
 * node also holds what the other player's clock had left then (BL or WL,
 * OB or OW), for Ing's periods begun after their last move. Nothing
 * before the board is locked, nor once the game has ended. Returns 0, or
 * -1 when the SGF could not be written. */
int sei_recsess_end(sei_recsess *s, double t);

/* 1 when --resume found a saved game (and replayed it). */
int sei_recsess_resumed(const sei_recsess *s);
/* 1 while a resumed game waits for the board to show its position. */
int sei_recsess_syncing(const sei_recsess *s);
/* How the game ended (SEI_RECSESS_END_*; resigned: the colour), once it has. */
int sei_recsess_ended(const sei_recsess *s, int *resigned);

/* Write the SGF now (also done after every move). Returns 0 or -1. */
int sei_recsess_save(sei_recsess *s);
/* The record's file is a new one: its first save makes it and replaces
 * nothing. Another program that made a file of that name between the
 * caller's check and that save keeps it: that save and every later one
 * fail, and sei_recsess_taken says so. */
void sei_recsess_must_create(sei_recsess *s);
int sei_recsess_taken(const sei_recsess *s);

const sei_recorder *sei_recsess_recorder(const sei_recsess *s); /* NULL until the geometry is locked */
/* The locked corners (TL, TR, BR, BL, frame pixels) and size; 0, or -1 before the lock. */
int sei_recsess_geometry(const sei_recsess *s, double corners[4][2], int *size);
/* The SGF text as it would be written (caller frees), or NULL. */
char *sei_recsess_sgf(const sei_recsess *s);

#endif
