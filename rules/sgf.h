/* sgf.h - reading and writing SGF (FF[4], and the FF[3] habits still found
 * in old files), and the game-level view the rest of Seichi needs: board
 * size, komi, rules, players, result, setup stones and the main line, with a
 * replay onto a sei_board and a writer for a counted game.
 *
 * A sei_sgf handle holds one collection: game trees of nodes, each node a
 * list of properties, each property one or more values. Nodes are named by
 * int ids (>= 0; -1 means "none"). The tree is kept as read: unknown
 * properties, property ids with FF[3] lowercase letters ("AddBlack"),
 * repeated properties and every variation are kept, so writing gives them
 * back. Values are stored unescaped ("\]" read as "]", soft line breaks
 * removed) and always as UTF-8: text is decoded on reading from the root's
 * CA charset (or a guess when CA is absent), and every root then says
 * CA[UTF-8]. Property ids are matched by their uppercase letters, so
 * "AddBlack" answers to "AB".
 *
 * Depends on libc only (iconv for charsets). Every failing call returns a
 * sei_status and leaves a message in the handle (sei_sgf_errmsg). */
#ifndef SEI_SGF_H
#define SEI_SGF_H

#include <stddef.h>

#include "board.h"
#include "score.h"

/* Limits against hostile files: bigger inputs are refused with a message,
 * deeper variation nesting too. The reader never recurses. */
#define SEI_SGF_MAX_INPUT ((size_t)64 << 20) /* bytes */
#define SEI_SGF_MAX_DEPTH 100000             /* nested '(' */
#define SEI_SGF_MAX_NODES 4000000
#define SEI_SGF_MAX_ID 64                    /* letters in a property id */
/* HA above this is believed only when the record places that many black
 * stones itself (free placement). */
#define SEI_SGF_MAX_FIXED_HANDICAP 9

typedef struct sei_sgf sei_sgf;

/* ---- the handle ------------------------------------------------------------ */

/* A new empty collection; NULL when out of memory. The caller frees it with
 * sei_sgf_destroy. */
sei_sgf *sei_sgf_create(void);
/* Free a collection; NULL is a no-op. */
void sei_sgf_destroy(sei_sgf *s);
/* The message of the last failing call ("" if none; after a replay with
 * oddities, their description). Owned by the handle, valid until the next
 * call on it. */
const char *sei_sgf_errmsg(const sei_sgf *s);

/* Parse len bytes (need not be NUL-terminated) into s, replacing what it
 * held. Bytes before the first '(' and after the last ')' are skipped (mail
 * headers, BOMs). Returns SEI_OK; SEI_ERR_PARSE for a malformed file, with
 * a message "byte N (line L, column C): what" (the collection is then
 * empty); SEI_ERR_NOMEM. Text that cannot be decoded never fails the parse:
 * bad bytes become U+FFFD. */
sei_status sei_sgf_parse(sei_sgf *s, const char *buf, size_t len);

/* Write the whole collection as SGF text in UTF-8 (every root with
 * CA[UTF-8]) into *out, a NUL-terminated buffer the caller frees with
 * free(); *len gets its length (len may be NULL). */
sei_status sei_sgf_write(sei_sgf *s, char **out, size_t *len);

/* 1 when a and b hold the same trees (same shape, same property ids as
 * written, same values in the same order), else 0 with the first
 * difference described in why (may be NULL). */
int sei_sgf_equal(const sei_sgf *a, const sei_sgf *b, char *why, size_t n);

/* ---- walking the tree -------------------------------------------------------- */

/* Number of game trees in the collection. */
int sei_sgf_games(const sei_sgf *s);
/* Root node of game i, or -1. */
int sei_sgf_root(const sei_sgf *s, int game);
/* Charset game i's text was decoded from, as the root's CA said or as
 * guessed: "UTF-8", "GB18030", "UTF-8 (repaired)", ... Owned by s. */
const char *sei_sgf_charset(const sei_sgf *s, int game);
/* Bytes of game i that could not be decoded and became U+FFFD. */
int sei_sgf_bad_bytes(const sei_sgf *s, int game);

/* Tree links: -1 when there is none. The main line follows first children. */
int sei_sgf_parent(const sei_sgf *s, int node);
int sei_sgf_child(const sei_sgf *s, int node);   /* first child */
int sei_sgf_next(const sei_sgf *s, int node);    /* next sibling */
int sei_sgf_children(const sei_sgf *s, int node);
/* Byte offset of the node's ';' in the parsed text (0 for built nodes). */
size_t sei_sgf_offset(const sei_sgf *s, int node);

/* Properties of a node, in file order: count, id as written ("AddBlack"),
 * number of values, and value j (UTF-8, NUL-terminated; *len its length in
 * bytes, which may include NULs from the file; len may be NULL). Strings are
 * owned by s and valid until s is next changed. NULL / 0 out of range. */
int sei_sgf_props(const sei_sgf *s, int node);
const char *sei_sgf_prop_id(const sei_sgf *s, int node, int i);
int sei_sgf_prop_values(const sei_sgf *s, int node, int i);
const char *sei_sgf_prop_value(const sei_sgf *s, int node, int i, int j, size_t *len);
/* Index of the first property of node whose uppercase letters are key
 * ("AB" finds "AddBlack"), or -1. */
int sei_sgf_find(const sei_sgf *s, int node, const char *key);
/* First value of property key in node, or NULL. Owned by s. */
const char *sei_sgf_get(const sei_sgf *s, int node, const char *key);

/* ---- building and editing ---------------------------------------------------- */

/* Append a new game tree with an empty root; returns the root id, or -1
 * (message in s). */
int sei_sgf_add_game(sei_sgf *s);
/* Add a child after node's existing children (a new variation when node
 * already has one); returns its id, or -1. */
int sei_sgf_add_child(sei_sgf *s, int node);
/* Give node property id (letters only) the single value v (UTF-8, copied),
 * replacing any properties with the same key. */
sei_status sei_sgf_set(sei_sgf *s, int node, const char *id, const char *v);
/* Append value v to property id of node, creating it at the end if absent. */
sei_status sei_sgf_add_value(sei_sgf *s, int node, const char *id, const char *v);
/* Remove every property of node with this key; absent is fine. */
sei_status sei_sgf_remove(sei_sgf *s, int node, const char *key);

/* ---- the game view -------------------------------------------------------------- */

#define SEI_SGF_BAD_POINT (-2) /* a move whose value names no point on the board */

typedef struct {
    int color;   /* SEI_BLACK or SEI_WHITE */
    int x, y;    /* 0-based from the top left; pass: -1, -1; unreadable: SEI_SGF_BAD_POINT */
    int node;    /* node holding the move */
} sei_sgf_move;

typedef struct {
    int color;   /* SEI_BLACK, SEI_WHITE (AB, AW) or SEI_EMPTY (AE) */
    int x, y;
    int before;  /* index into moves of the move it precedes: 0 = before the first */
} sei_sgf_setup;

typedef struct {
    int game;                /* index in the collection */
    int size;                /* SZ, default 19; 2..25 */
    double komi;             /* in points, after decoding Fox's x100 encoding; 0 when absent */
    int komi_given;          /* 1 when KM was present and readable */
    int komi_raw_x100;       /* 1 when KM used Fox's encoding (KM[650] = 6.5 points) */
    int komi_in_stones;      /* 1 when that encoding gave stones (KM[375] = 3.75 stones = 7.5 points) */
    int result_in_stones;    /* 1 when RE counts stones: Fox stone komi with RU Chinese */
    int handicap;            /* HA, 0 when absent */
    int to_move_first;       /* PL: SEI_BLACK / SEI_WHITE, 0 when absent */
    char rules[16];          /* Seichi preset for RU: chinese japanese korean aga ing nz
                              * tromp-taylor, "" when absent or unknown */
    char rules_raw[64];      /* RU as written */
    char charset[32];        /* see sei_sgf_charset */
    /* Result: RE as written, and read. */
    char result[64];
    int winner;              /* SEI_BLACK, SEI_WHITE, SEI_EMPTY for a draw, -1 unknown/absent */
    char result_how;         /* '+' a score, 'R' resign, 'T' time, 'F' forfeit, 0 otherwise */
    double margin;           /* the score as written (stones when result_in_stones), 0 if none */
    double margin_points;    /* the score in points */
    /* Simple text, UTF-8, line breaks as spaces, cut at a character boundary. */
    char game_name[128], event[128], round[64], date[64], place[128];
    char black[128], white[128], black_rank[32], white_rank[32];
    char time[64], overtime[64];
    /* Setup stones (AB/AW/AE) of the root and of later main-line nodes, in
     * order, compressed lists expanded. */
    int setup_n;
    sei_sgf_setup *setup;
    /* Main-line moves. */
    int moves_n;
    sei_sgf_move *moves;
    int root, last;          /* first and last nodes of the main line */
    int bad_points;          /* values that named no point (kept as SEI_SGF_BAD_POINT) */
} sei_sgf_game;

/* Fill g from game `index`. g is the caller's; its arrays are allocated here
 * and released with sei_sgf_game_release (also call it before reusing g;
 * g must then be zeroed or previously filled). Returns SEI_OK; SEI_ERR_ARG
 * for a bad index; SEI_ERR_PARSE for a game Seichi cannot take (SZ outside
 * 2..25, a rectangular board, a non-Go GM, a KM that is no komi by
 * sei_rules_komi_check (KM[nan], KM[inf], more than the board's points),
 * an HA that is no number of stones, or above SEI_SGF_MAX_FIXED_HANDICAP
 * with fewer black stones placed), with the message in s. */
sei_status sei_sgf_game_get(sei_sgf *s, int index, sei_sgf_game *g);
/* Free g's arrays and zero it; NULL is a no-op. */
void sei_sgf_game_release(sei_sgf_game *g);

/* Map an RU value to a Seichi preset name ("" when unknown). Case,
 * spaces and punctuation are ignored: "Chinese", "CN", "AGA", "GOE", "Ing",
 * "New Zealand", "NZ", "Tromp/Taylor", "TT", ... */
const char *sei_sgf_rules_preset(const char *ru);

/* Decode a KM value. Returns 0 and fills *points (and *x100, *stones as in
 * sei_sgf_game) or -1 when it is no number. Any of the outputs may be NULL. */
int sei_sgf_komi(const char *km, double *points, int *x100, int *stones);

/* What a replay met. */
typedef struct {
    int played;        /* moves played (passes included) */
    int oddities;      /* moves that could not be played as recorded */
    int first_odd;     /* 1-based number of the first of them, 0 if none */
    int forced_ko;     /* ko recaptures played anyway (among the oddities) */
    int setup_fixes;   /* setup stones that replaced or removed a stone */
} sei_sgf_replay_info;

/* Play the first `upto` moves of g's main line (all when upto < 0) on b,
 * which must have g->size; b is cleared first. Setup stones are placed with
 * sei_board_place (AE and a stone over another rebuild the position),
 * b->handicap is set to HA, moves go through sei_board_play so b->prisoners
 * count captures. The board is switched to simple ko and legal suicide,
 * and left so. A move that still cannot be played (an occupied point, a
 * bad point) is skipped; a ko recapture is forced; both are counted in info
 * (may be NULL) and described in sei_sgf_errmsg, and the replay goes on.
 * Returns SEI_OK (oddities included), SEI_ERR_ARG for a board of another
 * size, SEI_ERR_NOMEM. */
sei_status sei_sgf_replay(sei_sgf *s, const sei_sgf_game *g, int upto, sei_board *b,
                          sei_sgf_replay_info *info);

/* Append a new game tree holding g: root properties GM[1] FF[4] CA[UTF-8]
 * SZ KM (points) HA RU (the preset name, else the raw value) PB PW BR WR
 * DT EV RO GN PC TM OT RE PL as present, the setup stones and the moves.
 * *root (may be NULL) gets the new root, *last (may be NULL) the last node
 * (where a count goes). */
sei_status sei_sgf_add_from_game(sei_sgf *s, const sei_sgf_game *g, int *root, int *last);

/* Record a count at node: RE (sc->result), TB and TW (the points marked
 * territory for each colour, dead stones' points included) and a comment
 * "Seichi count: ... Dead stones: aa bb ..." listing the dead stones as SGF
 * points, appended to any comment already there. b is the counted board. */
sei_status sei_sgf_set_score(sei_sgf *s, int node, const sei_board *b, const sei_score *sc);

/* The RU value for a Seichi preset, in the spelling FF[4] and the common
 * programs use: "Japanese", "Chinese", "Korean", "AGA", "NZ", "GOE" (Ing),
 * "Tromp-Taylor"; another name comes back as it is. */
const char *sei_sgf_rules_name(const char *preset);

/* The dead stones a count recorded at node (usually the last of the main
 * line), the way CGoban, Sabaki and KGS write them: a stone under its
 * opponent's territory mark (TB on a white stone, TW on a black one).
 * dead[] (SEI_MAX_POINTS, indexed by b's points; b is the position at
 * node; its scratch marks are used) gets 1 for every stone of such a chain.
 * Returns 1 when the node records a count (a TB or TW property, even an
 * empty TB[] for a count with no territory), else 0. */
int sei_sgf_dead_marks(const sei_sgf *s, int node, sei_board *b, uint8_t *dead);

#endif
