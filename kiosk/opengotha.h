/* opengotha.h - a tournament file of OpenGotha, the pairing program most
 * European Go tournaments use: its players, and the games of each round
 * with their tables, read so that kiosks can show who plays where; and
 * the same file written back with results filled in, for OpenGotha to open.
 *
 * The file is OpenGotha's XML tournament document (File > Save, or the
 * XML export). Only what a result touches is changed: each game's
 * `result` attribute. Everything else (parameters, teams, clubs, bye
 * players, OpenGotha's own attributes) is written back as it was read.
 *
 * OpenGotha names a player in a game by a key: the name and first name
 * run together, spaces removed, in capitals ("Lee Sedol" + "" ->
 * "LEESEDOL"). Rounds and tables count from 1 in the file. */
#ifndef SEI_OPENGOTHA_H
#define SEI_OPENGOTHA_H

#include <stddef.h>

/* The largest tournament file read: the biggest events (a thousand
 * players, ten rounds) make a few MB. */
#define SEI_OG_MAX_FILE (64u << 20)

typedef struct sei_og sei_og;

typedef struct {
    const char *name, *first_name; /* as in the file, UTF-8 */
    const char *key;               /* OpenGotha's key of the player */
    const char *rank;              /* "4D", "12K", "1P"; "" when none */
    const char *club, *country;
    const char *egf_pin, *aga_id;  /* rating IDs; "" when none */
} sei_og_player;

/* OpenGotha's results, as its file spells them. "By default" results are
 * decided without play (a forfeit, an absence). */
typedef enum {
    SEI_OG_UNKNOWN = 0, /* not played or not yet entered */
    SEI_OG_BLACK_WINS,
    SEI_OG_WHITE_WINS,
    SEI_OG_EQUAL,       /* jigo, or a draw for any other reason */
    SEI_OG_BOTH_LOSE,
    SEI_OG_BOTH_WIN,
} sei_og_outcome;

typedef struct {
    int round, table;      /* from 1 */
    int black, white;      /* indexes into the players, or -1 when the key names nobody */
    const char *black_key, *white_key;
    int handicap;
    sei_og_outcome outcome;
    int by_default;        /* decided without play */
} sei_og_game;

sei_og *sei_og_create(void);
void sei_og_destroy(sei_og *og); /* NULL: nothing */
const char *sei_og_errmsg(const sei_og *og);

/* Read a tournament file (at most SEI_OG_MAX_FILE bytes): 0, or -1 with
 * the reason in errmsg (not XML, not an OpenGotha tournament, a game with
 * a round or table that is no number, two games at one table of a round).
 * The reader never fetches anything from the network and never expands
 * external entities. */
int sei_og_read(sei_og *og, const char *path);
int sei_og_read_memory(sei_og *og, const char *data, size_t len);

/* The tournament's name (its short name when it has no other), and its
 * number of rounds (the largest of the parameters' and the games'). */
const char *sei_og_name(const sei_og *og);
int sei_og_rounds(const sei_og *og);

/* An attribute of one of the tournament's parameter sets, as the file
 * writes it (set "GeneralParameterSet": "komi", "location", "beginDate",
 * "basicTime", "complementaryTimeSystem", ...; "HandicapParameterSet":
 * "hdCorrection"), copied into buf (n bytes, cut to fit): 1, or 0 when the
 * file has no such set or attribute (buf ""). */
int sei_og_param(const sei_og *og, const char *set, const char *name, char *buf, size_t n);

/* Whether two files are of one tournament: the same first day (or none
 * in both) and the same short name (OpenGotha's own key for it, the
 * file's default name), or the same name where either file gives no
 * short name. Its long name may be edited between rounds and still be the
 * same event; a club's "Club Open" of next year made from this year's
 * file keeps the short name but not the date. */
int sei_og_same_event(const sei_og *a, const sei_og *b);

int sei_og_player_count(const sei_og *og);
int sei_og_player_get(const sei_og *og, int i, sei_og_player *out); /* 0, or -1 for no such player */
int sei_og_game_count(const sei_og *og);
int sei_og_game_get(const sei_og *og, int i, sei_og_game *out);
/* The game at a table of a round, or -1. */
int sei_og_find_game(const sei_og *og, int round, int table);

/* Set the result of the game at a table of a round. Returns 0, or -1 with
 * the reason in errmsg (no such game). */
int sei_og_set_result(sei_og *og, int round, int table, sei_og_outcome outcome, int by_default);

/* A Seichi result ("B+3.5", "W+R", "B+T", "B+F", "0" for jigo, "Void")
 * as OpenGotha's outcome: a forfeit is a win by default; a void game, or
 * a text that is no result, is SEI_OG_UNKNOWN. */
sei_og_outcome sei_og_outcome_from_result(const char *result, int *by_default);
/* And back, for a game whose result was entered in OpenGotha (which keeps
 * no margin): "B+", "W+", "B+F" and "W+F" by default, "0" for a draw,
 * "both lose", "both win" (the last three with " by default" appended
 * when so decided); "" when unknown. */
const char *sei_og_outcome_text(sei_og_outcome outcome, int by_default);

/* The document as XML, in UTF-8 (the caller frees *out with free()), or
 * written to path whole (sei_file_write_new: an existing file is replaced
 * only with replace set). 0, or -1 with the reason in errmsg. */
int sei_og_write_memory(sei_og *og, char **out, size_t *len);
int sei_og_write(sei_og *og, const char *path, int replace);

#endif
