/* cli.h - the subcommands of the `seichi` program, callable from tests.
 *
 * Each command takes argv after its own name and returns the process exit
 * status: 0 on success, 2 on bad input (with a message on err). */
#ifndef SEI_CLI_H
#define SEI_CLI_H

#include <stdio.h>

#include "board.h"
#include "deadstones.h"
#include "ident.h"
#include "vision.h"
#include "rules.h"
#include "score.h"

/* Everything `seichi score` was asked to do. */
typedef struct {
    const char *board_path;  /* a board diagram, or */
    int board_bare;          /* board_path was a bare file, taken for a diagram as it looks like no picture */
    const char *sgf_path;    /* a game record: its final position is counted, or */
    int game;                /* --game N: which game of a record holding several (1-based; 0: not given) */
    const char *image_path;  /* a photo of the board: read, then counted */
    const char *fill_photo;  /* Ing: a photo of the filled board, checked against the count */
    int spares[3];           /* --spares: stones left in each bowl after the fill; -1 not given */
    const char *annotate;    /* with a photo: write the picture with the count drawn on it */
    int force;               /* --force: the annotated picture may replace an existing file */
    int size;                /* with a photo: 0, or the board size if known */
    int save;                /* --save: store the count in the results database */
    int keep_photo;          /* --keep-photo: store the photo's bytes too */
    int checked;             /* --checked: the points a photo was read in doubt at were looked at, so its
                                count may be saved (without it such a count is not) */
    const char *db;          /* --db: the database (NULL: the default in the data folder) */
    sei_rules rules;
    int rules_set;           /* --rules given: overrides the record's RU */
    int komi_set;
    int penalty_set;         /* --penalty given: a record's Ing overtime does not replace it */
    int bonus_set;           /* --handicap-bonus given: a record's RU does not replace it */
    int handicap;            /* -1: not given */
    const char *dead;        /* NULL: the diagram's marks (a record: its TB/TW marks, else "auto");
                                "auto"; "none"; "record" (a record's marks); or points */
    sei_prisoners prisoners;
    int json;
    sei_ident ident;         /* with --save: who played (--event, --black, ...) */
    unsigned ident_given;    /* SEI_IDENT_* given; the rest from a record's PB, PW, EV, RO */
} sei_score_opts;

/* --quiet (or -q), anywhere on the command line (main.c takes it out
 * before the command sees its arguments): messages about what was done
 * ("Saved as result 12", "3 results written to ...", a recording's
 * progress) are not printed. Errors and warnings always are, and results
 * always go to standard output. */
extern int sei_cli_quiet;
/* Take --quiet and -q out of argv (argc entries, NULL-terminated after),
 * setting sei_cli_quiet when there was one; returns the new argc. */
int sei_cli_take_quiet(int argc, char **argv);
/* The first option (--NAME, not --help) that argv (argc entries: a
 * command's arguments) gives twice, or NULL. Every command refuses one
 * (front.c): which was meant is a guess, and the last would win silently
 * (a judge's correction naming the other judge, an export to the other
 * file). A value that itself starts with -- counts as an option here. */
const char *sei_cli_given_twice(int argc, char **argv);
/* Such a message, on err (never standard output, which carries results),
 * unless --quiet. */
void sei_cli_note(FILE *err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Where the board reader and the tracker write their trace (their params'
 * trace): standard error when SEI_TRACE is set in the environment, else
 * NULL. The one place the program reads it; the reader and the tracker
 * trace only where their params say. */
FILE *sei_cli_trace(void);

/* 1 and *v set when t is a whole decimal number from lo to hi, else 0. */
int sei_cli_parse_int(const char *t, int *v, int lo, int hi);
/* A --komi value as every command takes it (sei_rules_komi_check; size 0
 * while the board is not known): 0 with *komi set, or 2 with "CMD: --komi
 * takes ..." on err. */
int sei_cli_parse_komi(const char *v, int size, double *komi, FILE *err, const char *cmd);
/* Parse `score` options into o. Returns 0; -1 for --help; or 2 with a
 * message on err. */
int sei_cli_score_parse(int argc, char **argv, sei_score_opts *o, FILE *err);
/* A count and what led to it. */
typedef struct {
    sei_board *board;        /* the counted position; sei_cli_score_done frees it */
    sei_score score;
    int proposed;            /* 1 when the dead stones were proposed (--dead auto) */
    sei_dead_result proposal;
    uint8_t seki[SEI_MAX_POINTS]; /* live stones of groups in seki */
    int from_sgf;
    char recorded[64];       /* the record's RE, as written */
    char recorded_how;       /* how RE says the game ended: '+' a count, 'R' 'T' 'F', 0 unknown */
    int recorded_winner;     /* SEI_BLACK, SEI_WHITE, SEI_EMPTY (a draw) or -1, as RE says */
    char *sgf_text;          /* the record's text as read (sei_cli_score_done frees it) */
    size_t sgf_len;
    char players[400];       /* "Black (rank) - White (rank)" from the record */
    int oddities;            /* moves of the record that could not be replayed as written */
    int first_odd;           /* the first of them (1-based move number), 0 if none */
    char rules_raw[64];      /* the record's RU as written ("" none) */
    int rules_unknown;       /* 1: RU names no rules Seichi knows (the default or --rules used) */
    int dead_from_record;    /* 1: the dead stones are those the record marks (--dead record) */
    int dead_unmarked;       /* a diagram marking no dead stones, no --dead given: the stones a
                                proposal (--dead auto) would take as dead, said beside the count */
    int prisoners_given;     /* 1: the prisoners were given (--prisoners, --last, a record's moves
                                or its SEIP); 0: a board or a photo without them, counted as none */
    int from_image;
    /* Where the komi came from: "given" (--komi), "record" (its KM), "rules"
     * (the rules' default: none given, an even game) or "handicap" (0.5: a
     * handicap game with none given, as handicap games are played). */
    const char *komi_from;
    /* Ing overtime periods each player began, read from a record's clock
     * (OT an Ing time control, the last OB/OW): 2 points each, in the
     * penalties (ing_applied) unless --penalty was given. ing_known: the
     * record has such a clock. */
    int ing_known, ing_periods[3], ing_applied;
    /* Ing's fill checked on a photo of the filled board (--fill-photo). */
    int fill_done;
    sei_fill_report fill;
    int fill_unsure;         /* points of that photo the reader was unsure of */
    sei_vision_result vision; /* the reading of the photo */
} sei_score_run;

/* What `score` needs the whole program for (cmd_score_photo.c; the small
 * program links cmd_score_lean.c instead, whose versions refuse, and hands
 * such work to the whole program): the checks on --annotate OUT (0, or -1
 * with why in msg), a photo read into r, the count drawn over the photo,
 * the result stored (*id, uuid and db: where it went). Each returns the
 * exit status, with a message on err. */
int sei_score_annotate_check(const sei_score_opts *o, char *msg, size_t n);
int sei_score_load_image(const sei_score_opts *o, sei_score_run *r, FILE *err);
/* Read the photo of the filled board (o->fill_photo) at the count's size
 * into grid (size*size) and *unsure (points read in doubt). */
int sei_score_read_fill(const sei_score_opts *o, int size, uint8_t *grid, int *unsure, FILE *err);
/* The one reader of a filled board, for --fill-photo and the kiosk's fill
 * check (the camera's frame): img read at the count's size into grid
 * (size*size, row by row from the top), unsure (size*size, 1 where the
 * reader is in doubt; may be NULL), *nunsure and *seen (the size read;
 * may be NULL). Returns 0; 3 no board found; 4 a board of another size;
 * 2 otherwise; msg then says why in a form that follows a name: ": why"
 * or " reads as 13x13, the count is 19x19". Whole program only
 * (cmd_score_photo.c). */
int sei_fill_read(const sei_image *img, int size, uint8_t *grid, uint8_t *unsure, int *nunsure, int *seen, char *msg,
                  size_t n);
int sei_score_write_annotation(const sei_score_opts *o, const sei_score_run *r, FILE *err);
int sei_score_save_result(const sei_score_opts *o, const sei_score_run *r, int64_t *id, char *uuid, char *db,
                          size_t n, FILE *err);
/* Whether `score` with these options needs the whole program: a photo,
 * --annotate or --save. */
int sei_score_needs_full(const sei_score_opts *o);

/* Load the board or record and count it into r (the caller's; release it
 * with sei_cli_score_done). Returns 0, or 2 with a message on err. */
int sei_cli_score_run(const sei_score_opts *o, sei_score_run *r, FILE *err);
void sei_cli_score_done(sei_score_run *r);
/* 1 when any point of mark (SEI_MAX_POINTS, by board point) is set: a
 * count's dead stones, its seki, a diagram's dead marks. */
static inline int sei_cli_any_marked(const uint8_t *mark)
{
    for (int i = 0; i < SEI_MAX_POINTS; i++)
        if (mark[i])
            return 1;
    return 0;
}

/* Print a count as text, or as one JSON document (returns 0, or -1 when
 * it could not be built or written); sei_cli_score_json builds that
 * document (the caller deletes it; NULL: out of memory). */
void sei_cli_score_print_text(FILE *out, const sei_score_run *r);
/* What of a photo's reading is in doubt: SEI_DOUBT_BOARD (the board
 * itself: "the board itself" into what), SEI_DOUBT_POINTS (some points:
 * "N point(s)"), or SEI_DOUBT_NONE ("", also when the count is not of a
 * photo). The printed count, the annotated picture and the refusal to
 * save say their doubts from it. */
enum { SEI_DOUBT_NONE = 0, SEI_DOUBT_BOARD, SEI_DOUBT_POINTS };
int sei_score_photo_doubt(const sei_score_run *r, char *what, size_t n);
int sei_cli_score_print_json(FILE *out, const sei_score_run *r);
struct cJSON;
struct cJSON *sei_cli_score_json(const sei_score_run *r);
/* The points a reading leaves in doubt, as people name them ("check these
 * points: K10, ..."), and whether the board itself is; nothing when none. */
void sei_cli_print_unsure(FILE *out, const sei_vision_result *r);

/* The whole program's commands (main.c, in the module seichi-full.so that
 * the small program loads): argv as main's. */
int sei_main(int argc, char **argv);

int sei_cli_score(int argc, char **argv, FILE *out, FILE *err);
/* `seichi clock`: the game clock over a list of moves (cmd_clock.c; rules only). */
int sei_cli_clock(int argc, char **argv, FILE *out, FILE *err);
int sei_cli_bench(int argc, char **argv, FILE *out, FILE *err);
/* A benchmark's usage line ("seichi bench vision [--model ...] DIR..."). */
const char *sei_bench_usage(const char *name);
int sei_cli_detect(int argc, char **argv, FILE *out, FILE *err);
int sei_cli_bench_deadstones(int argc, char **argv, FILE *out, FILE *err);
int sei_cli_bench_vision(int argc, char **argv, FILE *out, FILE *err);
int sei_cli_results(int argc, char **argv, FILE *out, FILE *err);
int sei_cli_kiosk(int argc, char **argv, FILE *out, FILE *err);
int sei_cli_record(int argc, char **argv, FILE *out, FILE *err);
int sei_cli_bench_record(int argc, char **argv, FILE *out, FILE *err);
int sei_cli_bench_kiosk(int argc, char **argv, FILE *out, FILE *err);
int sei_cli_bench_startup(int argc, char **argv, FILE *out, FILE *err);
int sei_cli_bench_station(int argc, char **argv, FILE *out, FILE *err);
int sei_cli_patches(int argc, char **argv, FILE *out, FILE *err);
int sei_cli_station(int argc, char **argv, FILE *out, FILE *err);

/* A picture's truth (.json beside it): size, grid and, when known, the
 * corner intersections TL, TR, BR, BL in pixels, and the points a hand
 * hides from the camera ("hidden": [[row, col], ...], rendered pictures). */
typedef struct {
    int size;
    uint8_t grid[SEI_MAX_SIZE][SEI_MAX_SIZE];
    int has_corners;
    double corners[4][2];
    uint8_t hidden[SEI_MAX_SIZE][SEI_MAX_SIZE];
    int hidden_count;
    /* The scene as the generator set it, where the truth says (rendered
     * pictures: "camera" and "notes"): the camera's elevation over the
     * board in degrees, the board's share of the frame (0..1), and whether
     * a hand or an arm reaches over the board. */
    int has_view;
    double elevation, fill;
    int hand;
} sei_truth;
/* A kiosk's view: no hand over the board, the camera at least this high
 * over it and the board at least this share of the frame, as a camera on
 * a stand beside a club's board is set (README: placing the camera). */
#define SEI_KIOSK_VIEW_ELEVATION 55.0
#define SEI_KIOSK_VIEW_FILL 0.4
/* Read a truth file. Returns 0, -1 when it is missing, or -2 when it
 * cannot be read or is malformed. */
int sei_truth_load(const char *path, sei_truth *t);
/* The truth beside picture `name` of folder dir (NAME.json for NAME.jpg)
 * into t, and the picture's path into path. Returns 0, or -1 as
 * sei_truth_load does. */
int sei_truth_beside(const char *dir, const char *name, sei_truth *t, char *path, size_t n);
/* Points of r that differ from t (up to the board's symmetries when t has
 * no corners); confusion[truth][read] (may be NULL) gains every point;
 * wrong_at (may be NULL) marks each point of r: bit 1 when it is wrong,
 * bit 2 when the truth says a hand hides it. */
int sei_truth_compare(const sei_truth *t, const sei_vision_result *r, int confusion[3][3],
                      uint8_t wrong_at[SEI_MAX_SIZE][SEI_MAX_SIZE]);
/* The truth t turned into r's frame (same symmetry as sei_truth_compare)
 * into out (its grid and hidden points); returns the points of r that
 * differ. r->size must be t->size. */
int sei_truth_aligned(const sei_truth *t, const sei_vision_result *r, sei_truth *out);

/* The reader's aim for its slowest picture, per 1280x960 picture on one
 * core (README: Reading photos); bench vision counts the pictures over it. */
#define SEI_VISION_WORST_AIM_MS 200.0

/* The board reader's figures on one folder of pictures with truth. */
typedef struct {
    int pictures, found, size_right, perfect;
    long stones[2];            /* true black, white stones in every picture */
    long confusion[3][3];      /* [truth][read] over boards of the right size */
    long points, misread;      /* points of boards of the right size; read wrong */
    long misread_flagged;      /* misread points flagged unsure */
    long hidden, hidden_flagged, hidden_said; /* points a hand hides (truth), of them flagged unsure,
                                                 of them said hidden */
    long said_hidden;          /* points the reader said hidden (all boards of the right size) */
    int perfect_seen;          /* boards of the right size with every point right but hidden ones,
                                  and every hidden one flagged unsure */
    long right_flagged;        /* right points flagged unsure */
    /* The same on boards not flagged board_unsure (a board in doubt asks the
     * user to check its grid in any case), the right points there under a
     * hand (truth) left out: no reader sees through a hand, and flagging
     * them is what it should do. */
    long misread_sure, misread_sure_flagged; /* misread points on such boards; of them flagged */
    long right_plain, right_plain_flagged;   /* right points on such boards not under a hand; flagged */
    long right_flagged_hidden; /* right points flagged under a hand (truth), any board */
    long right_flagged_doubt;  /* right points flagged on boards in doubt, not under a hand */
    int size_wrong_unflagged;  /* boards read at the wrong size without board_unsure */
    int crossed_right;         /* boards read at their size with a cell centre showing two lines
                                  crossing (cells_crossed: the mark of every other line) */
    int board_flagged;         /* boards of the right size flagged board_unsure */
    int silent;                /* boards of the right size with a point misread that is not flagged
                                  unsure, the board not flagged board_unsure: wrong with no sign */
    int silent_hand;           /* of those, the boards on which the reader says a hand hides points:
                                  the user is asked to take the picture again (not silent to them) */
    double median_ms, worst_ms; /* over every picture read, a board found or not: a picture
                                   with no board is often the slowest, and the user waits for it too */
    int over_aim;              /* pictures read slower than SEI_VISION_WORST_AIM_MS: how many miss
                                  the worst-time aim, which the worst alone does not say */
    char slowest[3][64];       /* the slowest pictures' names, slowest first ("" where fewer) */
    double slowest_ms[3];      /* and their times */
    double warm_ms;            /* the models loaded and run once before the first picture (sei_vision_warm) */
    double stage_ms[SEI_STAGES]; /* mean time of each stage over the boards found (the whole
                                    picture's reading; a zoomed one counts in the total only) */
    int kiosk_pictures, kiosk_found, kiosk_size_right, kiosk_perfect, kiosk_silent; /* the pictures of a
                                    kiosk's view (SEI_KIOSK_VIEW_*), and how they were read */
    int view_read;             /* boards at their size whose truth gives the view */
    double elevation_err_median, elevation_err_p90; /* the reader's elevation against the truth's,
                                    degrees off: median and 90th percentile over those */
    char why[4200];            /* when measuring failed on a picture: which, and why */
} sei_vision_figures;
/* Read every picture of dir that has a truth beside it with a reader of
 * these params (NULL: the defaults) into f; a line per imperfect picture
 * on log (may be NULL). Pictures that cannot be read or show no board
 * count as wrong. Returns 0, or -1 when dir cannot be listed. */
int sei_vision_measure(const char *dir, const sei_vision_params *params, sei_vision_figures *f, FILE *log);

/* One counted game record checked against its recorded result. */
enum { SEI_CHECK_COUNTED = 0, SEI_CHECK_UNREADABLE, SEI_CHECK_UNSCORED, SEI_CHECK_SHORT };
typedef struct {
    char rules[16];          /* the record's rules (japanese when it names none) */
    double komi;
    int size;
    double want, got;        /* Black's margin in points: recorded, and Seichi's */
    int exact, right;        /* same margin; same winner */
    double ms;               /* proposal and count */
    int dame;                /* neutral points in Seichi's count: more than the board's
                                size means the game was stopped unfinished */
    char recorded[64], result[24];
} sei_record_check;

/* Replay the record at path, propose its dead stones, count it under its
 * own rules and komi and compare with its RE. Returns SEI_CHECK_COUNTED
 * with rc filled, or why it was left out (unreadable, no numeric result,
 * fewer than min_moves moves). */
int sei_cli_check_record(const char *path, int min_moves, sei_record_check *rc);

#endif
