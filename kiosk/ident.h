/* ident.h - who played a stored result: the event, round, table, the
 * players' names and their rating IDs, as a tournament desk needs them.
 *
 * One place for the rules every way in obeys (the command line's options,
 * a game record's PB/PW/EV/RO, a judge's correction, later the kiosk's
 * screens and the director's station): text is UTF-8 with no control
 * characters and a length cap, round and table are positive numbers in a
 * range, a rating ID has one of the documented forms. */
#ifndef SEI_IDENT_H
#define SEI_IDENT_H

#include <stddef.h>

#include "sgf.h"

/* Caps, in bytes of UTF-8. The game record's reader keeps 127 bytes of a
 * name, so a record's names always fit. */
#define SEI_IDENT_TEXT 127
#define SEI_IDENT_ID 12          /* "EGD:12345678" */
#define SEI_IDENT_MAX_ROUND 999
#define SEI_IDENT_MAX_TABLE 9999
/* A judge's reason for a change. */
#define SEI_IDENT_REASON 500

typedef struct {
    char event[SEI_IDENT_TEXT + 1];
    int round;                   /* 1..SEI_IDENT_MAX_ROUND; 0: not given */
    int table;                   /* 1..SEI_IDENT_MAX_TABLE; 0: not given */
    char black[SEI_IDENT_TEXT + 1], white[SEI_IDENT_TEXT + 1];
    /* Rating IDs as sei_ident_rating_id leaves them; "" none. */
    char black_id[SEI_IDENT_ID + 1], white_id[SEI_IDENT_ID + 1];
} sei_ident;

/* Which fields were given (a command's options, a judge's correction). */
enum {
    SEI_IDENT_EVENT = 1,
    SEI_IDENT_ROUND = 2,
    SEI_IDENT_TABLE = 4,
    SEI_IDENT_BLACK = 8,
    SEI_IDENT_WHITE = 16,
    SEI_IDENT_BLACK_ID = 32,
    SEI_IDENT_WHITE_ID = 64
};

/* The options every command takes, for its usage text. */
#define SEI_IDENT_USAGE "[--event TEXT] [--round N] [--table N] [--black NAME] [--white NAME] [--black-id ID] [--white-id ID]"

/* Is v (NUL-terminated) text a name may hold: valid UTF-8 (no overlong
 * forms, no surrogates), no control characters (C0, DEL, C1), at most cap
 * bytes? 0, or -1 with the reason in why (n bytes). Empty text is
 * allowed (a field cleared). */
int sei_ident_text_ok(const char *v, size_t cap, char *why, size_t n);

/* A rating ID as written into out (SEI_IDENT_ID + 1 bytes): "EGD:" and the
 * 8 digits of a European Go Database PIN, "AGA:" and the 1 to 6 digits of
 * an American Go Association ID (the prefix in any case; stored upper),
 * or 1 to 10 digits with no prefix (a rating list's number). "" stays "".
 * 0, or -1 with the reason in why. */
int sei_ident_rating_id(const char *v, char *out, char *why, size_t n);

/* Take one command-line option of the identity: opt ("--event", ...)
 * and its value v into id, its bit into *given. Returns 1 when taken, 0
 * when opt is not one of them, -1 for a bad value (why says so, naming
 * the option). An empty value clears the field (a correction). */
int sei_ident_option(sei_ident *id, unsigned *given, const char *opt, const char *v, char *why, size_t n);

/* Is every field of id within the rules (the store checks each row it
 * writes and reads)? 0, or -1 with the reason in why. */
int sei_ident_check(const sei_ident *id, char *why, size_t n);

/* Fill the fields of id not in given from game 0 of a record's text (len
 * bytes): EV, RO (its leading number; "3 (final)" is round 3), PB, PW,
 * and Seichi's private SEITABLE, SEIBID, SEIWID. A value that breaks the
 * rules is left out (control characters become spaces, a name too long
 * is cut at a character). Returns 0, or -1 when the text does not read
 * (nothing taken). */
int sei_ident_from_sgf(sei_ident *id, unsigned given, const char *text, size_t len);

/* Write the identity into a record's root node: EV, RO, PB, PW and
 * SEITABLE, SEIBID, SEIWID for the fields that are set; a field not set
 * leaves the record's own value. Returns SEI_OK or the SGF's error. */
sei_status sei_ident_to_sgf(const sei_ident *id, sei_sgf *g, int root);

/* The field names used in the JSON, the CSV and the audit trail, by bit:
 * "event", "round", "table", "black_player", "white_player", "black_id",
 * "white_id" (a result's JSON already has "black" and "white": the
 * count's breakdown). */
const char *sei_ident_field_name(unsigned bit);

#endif
