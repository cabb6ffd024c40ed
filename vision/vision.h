/* vision.h - read a Go board from a picture: where the board is, its size,
 * and every stone, with no markers and no clicked corners.
 *
 * The stages, each timed and each able to write a debug picture:
 *   1. segments  straight line segments of the picture: the ridges of its
 *                black-hat, the grid's thin lines (ridges.h);
 *   2. lattice   the grid: line crossings and stone candidates (round dark
 *                and white blobs found before any lattice), fitted as one
 *                projective lattice (a homography from grid coordinates to
 *                pixels), so a crowded board that hides most lines still
 *                gives it; then the window of 9, 13 or 19 points that
 *                explains that evidence best (lattice.h);
 *   3. size      the window's size, turned upright;
 *   (zoom, rectify: a board small in the frame is read again from the part
 *   of the picture around it, a board in doubt from a top-down view of its
 *   lattice; see their parameters below)
 *   4. stones    each intersection classified in the board's own top-down
 *                view by the learned point classifier (points.h), with a
 *                calibrated probability; the hand-set rules of stones.c
 *                still sample each point's look for the recorder.
 *   (edges: a reading whose outer line shows no stone, and the line
 *   along it at one point at most, the table beyond the board, is moved
 *   a line away and read again; see edge_unseen below)
 * A reading that cannot be trusted says so: a status and a message when no
 * board is found, a confidence per point otherwise. */
#ifndef SEI_VISION_H
#define SEI_VISION_H

#include <stdint.h>
#include <stdio.h>

#include "board.h"
#include "ridges.h"
#include "cvwrap.h"
#include "image.h"
#include "points.h"
#include "lattice.h"

typedef enum {
    SEI_VISION_OK = 0,
    SEI_VISION_NOBOARD,   /* no board in the picture, or none that could be read */
    SEI_VISION_BADIMAGE,  /* unreadable, empty or absurd picture */
    SEI_VISION_NOMEM,
    SEI_VISION_ERROR      /* an internal failure (an OpenCV error), with a message */
} sei_vision_status;

/* A reading's stages; ZOOM is the whole second reading of a part of the
 * picture (0 when there was none), RECTIFY the whole reading of the board's
 * top-down view (0 when there was none), FINDER the whole reading again
 * with the stone finder's candidates (0 when there was none), EDGES the
 * final reading's check of its outer lines and readings of the board
 * moved, the others are the first reading's. */
enum { SEI_STAGE_PREPARE = 0, SEI_STAGE_SEGMENTS, SEI_STAGE_LATTICE, SEI_STAGE_SIZE, SEI_STAGE_STONES, SEI_STAGE_ZOOM,
       SEI_STAGE_RECTIFY, SEI_STAGE_FINDER, SEI_STAGE_EDGES, SEI_STAGES };
extern const char *const sei_vision_stage_names[SEI_STAGES];

/* The hand-set stone rule: what stands on a point that looks (L, C)
 * (median lightness L* 0..100 and chroma, sampled where a stone's top
 * would be) where bare wood looks (L0, C0). The wood is either the cell
 * centres around the point (a reading from one picture, stones.c) or the
 * point itself seen empty earlier (the tracker, tracker.h): one rule, one
 * set of constants, for both. Thresholds scale with the wood: on a pale
 * board a white stone is only a little lighter, on a dark or shaded one a
 * black stone only a little darker, than the wood. Defaults from
 * sei_vision_params_default. */
typedef struct {
    double black;           /* black: darker than the wood by this share of its L* (0.35) */
    double black_min;       /* ... and never by less than this, L* (10): grain and shadows */
    double white;           /* white: lighter than the wood by this share of the room above it,
                               100 - L* (0.3) */
    double white_min;       /* ... never less than this, L* (5) */
    double pale;            /* or white: less chroma than the wood by this share of its chroma
                               (0.4; white stones are grey, wood yellow to brown) */
    double pale_min;        /* ... never less than this (6) */
    double pale_lift;       /* ... while at least this much lighter than the wood around, L* (3): a
                               shadow also takes colour away, but darkens */
    double pale_dark_self;  /* against the point's own empty look, paler counts while darker by no
                               more than this share of the black gap (1/3): the same point seen
                               earlier differs only by what stands on it and the light (taken out
                               first), so a paler point a little darker is a white stone in a hand's
                               or a neighbour's shade, where the wood around may be grain or shade */
    double unsure;          /* a point read closer to a threshold than this share of it is
                               unsure (0.3) */
} sei_stone_rule;

/* Tunables, with their defaults from sei_vision_params_default. */
typedef struct {
    int work_side;          /* the picture is shrunk to this longest side first (1000 px) */
    int size;               /* 0: find the size; 9, 13, 19: the caller knows it */
    int line_kernel;        /* black-hat kernel that brings out thin dark lines, pixels (3) */
    sei_ridge_params ridges; /* the segments: the black-hat's ridges cut into straight pieces (ridges.h) */
    double stone_radius;    /* sampling disk, in cells (0.28) */
    double stone_height;    /* where a stone is sampled, in cells above the board: near its top (0.3) */
    double stone_centre;    /* where a stone candidate's centre is seen, in cells above the board: a
                               stone's middle (0.2; a stone is about 0.4 cells tall). A lattice the
                               parallax stage left alone is moved down to the board by its stones'
                               share of this (0: never). On the stone finder's 360 training renders
                               (seeds 211-213) and the 66 renders, 0, 0.1, 0.2, 0.3 and 0.4 read
                               163, 167, 175, 175 and 171, and 57, 56, 57, 55 and 56 boards perfectly */
    sei_stone_rule stone_rule; /* the hand-set stone rule (stones.c, and the tracker against each
                               point's own empty look) */
    int classifier;         /* SEI_CLASSIFIER_NET (the default) or SEI_CLASSIFIER_RULES (stones.c alone) */
    /* A stone standing on a point hides the crossing of its two lines; glare, a lamp's or the sun's
     * bright patch on the wood does not. A point the network reads white (with empty its next guess,
     * and a confidence of at most cross_below) is read empty, and flagged unsure, when both its lines are
     * seen through it: each line's lightness dips below the wood by at least cross_dip of the wood's,
     * measured against the darker of its two sides (an edge is no line), in the median of three short
     * cuts across it on each side of the crossing, 0.1-0.22 cells from it, and in one place along it
     * (a line, not a stone's rim). 0 for either: never. Chosen on the stone finder's 360 training
     * renders: empty read white 686 -> 617, white read empty 613 -> 616, perfect boards 186 -> 190
     * (cross_dip 0.02 to 0.08 read 188, 188, 188, 187 and 186 perfectly for points at most 0.95 sure;
     * at 0.04, a limit of 0.99 read 188, none 190) */
    double cross_dip;       /* 0.04 */
    double cross_below;     /* 1: at any confidence */
    int cross_edges;        /* 1: on the board's edge too, where the line across the edge is looked
                               for on the board's side only, as it ends there (1; 0: edge points
                               are left as read) */
    double cross_edge_sure; /* On the edge the check sees the crossing from one side only, and a
                               white stone standing a little off its point toward the outside (or
                               its top leaning out, seen low) leaves that side bare. Where the network
                               reads the edge point white at least this sure, the lines seen there
                               are doubt, not an answer: the point stays white, flagged unsure.
                               0.99: the reader's line for "sure" (the second opinion's). Over the
                               renders, the test set and seed 7019's renders, of the edge points the
                               check read empty with the network at least 0.99 sure, 10 were white
                               stones, 5 empty and 2 black (wrong either way); below 0.99, 26 empty,
                               2 white and 2 black (README: the lines' check). More than 1: never
                               (read empty, as before 2026-12-05); 0 or less: every edge point
                               the check finds crossed stays white, flagged. Inner points, whose
                               crossing is seen from both sides, are read empty as before */
    /* A lattice of every other line of a larger board (its lines drawn thin or dotted, so that the
     * segments of every other line were lost) reads as a smaller board, sure of itself: each of its
     * cells holds one of the board's points at its centre, where a board read right shows bare
     * wood. A look's reading (smaller than 19x19) is flagged board_unsure when at least
     * cell_cross_share of its cells whose four corners are read empty, and at least cell_cross_min
     * of them, show two lines crossing at their centre (as crossings_seen looks, cross_dip), so the
     * view from above and the stone finder read it again. On the renders, the test set, seeds 7016
     * and 7017 and the three shared sets (480 pictures) no board read at its size shows one such
     * cell; seed 7017's t048, a 19x19 board whose first look is a 9x9 of every other line sure of
     * itself, shows 60 of 64, and the view from above then reads it right (0.25 and 3; 0 for
     * either: never) */
    double cell_cross_share;
    int cell_cross_min;
    sei_points_params points; /* the learned classifier's own tunables */
    /* With a size given, the picture must agree (no board of that size otherwise). A lattice
     * line's cover is the share of the window's span that segments on it cover. */
    double size_line;       /* a lattice line is seen when its cover is at least this (0.2) */
    int size_fit;           /* 1: a size given is also refused when the reader, finding the size
                               itself from lines and stones, finds another one (1) */
    int size_beyond;        /* the board goes on: this many of the 4 lattice lines beyond a side
                               of the window are seen (2; one may be the board's edge) */
    int stone_evidence;     /* 1: stones found before the lattice are evidence for it (1) */
    double stone_scale;     /* they are looked for on the working picture shrunk by this (0.5) */
    int stone_finder;       /* they are found by thresholds; 1: a board not found or in doubt is
                               read again with those of the learned stone finder built into the
                               program (vision/model/stones.onnx; sei_vision_read says which
                               reading wins); 0: never (1) */
    sei_cv_blob_params blobs; /* how those stone candidates are found (cvwrap.h) */
    sei_lattice_params lattice; /* the lattice fit's own tunables (lattice.h); its seed: 0 is a
                               fixed one, so the reading is repeatable */
    double doubt_margin;    /* a board whose window leads its runner-up (another size, or the same
                               size shifted) by less than this many points of evidence per line is
                               reported board_unsure, though the readings went on as for a sure
                               board: the lattice stage's own doubt (unsure_margin 1.1 for a size,
                               unsure_shift 0.5 for an offset) decides which second readings are
                               made, and raising it there changed readings for the worse. On the
                               stone finder's 360 training renders, six 19x19 boards read a line
                               off with no doubt had margins 0.52 to 1.03 (1.1, as for a size;
                               0: only the lattice stage's doubt) */
    double edges_sure;      /* ... unless each of its four outer lines holds evidence on at least this
                               share of its points (its stones read surely, and its empty points
                               where the line along the edge shows): then doubt_margin's doubt is not
                               reported, though a doubt of any other stage still is. A board read a
                               line off has an outer line beyond the board, with little of either
                               (the lines along the edges are looked for only by the network's
                               reading with cross_dip above 0; else this never applies). On the sets
                               seen (the renders, the test set, the shared photos, seeds 7019, 7025 and
                               7030) 80 boards were in doubt by doubt_margin alone: 78 in place, their
                               fewest edge points in evidence 0 to 100%, and 2 a line off, 0% and 11%
                               (README: Reading photos). (0.8; 0: doubt_margin alone decides) */
    double edge_unsure;     /* a board read with no doubt one of whose outer lines has at least this
                               share of its points flagged unsure (points said hidden left out: a hand
                               over an edge is said so) is reported in doubt: a board read a line off,
                               onto the table beside it, had 14 of its outer line's 19 points flagged
                               and no doubt (images/edges' s212-n00012); on the sets seen the boards in
                               place had at most half of an outer line flagged (0.6; 0: never) */
    double rival_shift;     /* when the same size at another offset explains the lattice's evidence
                               within this many points per line of the board (sei_lattice's
                               shift_margin), the board is read under that placement too and every
                               point read otherwise is flagged unsure (0.1: on 120 training renders
                               the placements this close held most boards read a line off, and
                               0.25 or 0.5 flagged many more right points for few more caught) */
    int rival_stones;       /* ... and that placement is taken instead when it holds at least this many
                               stones on the lines the board's leaves out while the board's holds none on
                               the lines it leaves out: no stone lies off the board (2; 0: never) */
    double margin_near;     /* the bare wood margin beyond a board's outer line is looked at from this */
    double margin_far;      /* ... to this many cells out (0.15, 0.45: boards have half a cell to a
                               cell and a half of margin) */
    double margin_ratio;    /* of two placements one line apart, the one whose strip beyond the line
                               only it holds is wood is the board when the other's is this many times
                               as far from the wood's colour (2) ... */
    double margin_gap;      /* ... and farther by at least this (0.4: summed log-ratios of B, G, R;
                               both set on 120 training renders) */
    double rival_flag_ratio; /* the points the two placements read otherwise are flagged unsure unless
                               the margin settles the choice this many times over (as margin_ratio)
                               and the placement left out holds no stone on the lines only it holds;
                               the board is flagged board_unsure instead (4; 0: always flagged. On images/testset
                               3 and 4 left the same 135 right points unflagged, of 1044, and one
                               misread point under a hand; 5 left 63; no other set seen moved) */
    /* Zoom: a board small in the frame (or not found at all) is read a second time from the
     * part of the picture around it, enlarged to the working size, because the lattice fit's
     * and the stone finder's scales are set for a board that fills much of the picture. */
    int zoom;               /* 1: read small or unfound boards again, closer (1) */
    double zoom_below;      /* a board found is read again when its corners' bounding box covers
                               less than this share of the picture (0.15) */
    double zoom_max;        /* the part is enlarged at most this many times (3) */
    double zoom_margin;     /* margin around the board's box, as a share of its longer side, plus
                               a cell (0.08) */
    double zoom_segment;    /* no board found: line segments shorter than this share of the
                               picture's diagonal (grid-line fragments) are evidence (0.1) */
    double zoom_peak;       /* ... and the part read again is the evidence map's cells around its
                               peak that hold at least this share of the peak's mean (0.25) */
    double zoom_ink;        /* no board found in the picture nor in that part: a second part is read
                               (in the first reading of a picture only: the stone finder's goes by
                               segments and stones) around the peak of a map that also counts the
                               black-hat's pixels (the grid lines brought out) of at least this share
                               of its range, each a pixel of line (0.25; 0: no second part), unless
                               the two parts are nearly one (nine tenths of the larger's area in
                               common). A small board's lines, a pixel wide, faint or drawn as dots,
                               often give no segment at all, so the first part misses it */
    double zoom_most;       /* no second reading of a part larger than this share of the
                               picture (0.6): it would see what the first did */
    double zoom_blur;       /* when the closer look finds no board, it looks once more with its grey
                               picture smoothed by a Gaussian of this many times the enlargement
                               (0.6; 0: never): a grid line a pixel wide, drawn without smoothing and
                               enlarged s times, is dots s pixels apart, which the segment finder
                               does not join into a line. Only on failure, because smoothing loses
                               crisp lines that a closer look reads as they are (35 training renders:
                               smoothing every closer look read one board fewer at its size) */
    double zoom_join;       /* when the smoothed look finds no board either, a last look joins the
                               dots: the grid lines brought out (black-hat) at the enlarged width,
                               then each pixel the strongest of its means along short lines this
                               many pixels of the picture long (5; 0: never), in zoom_join_angles
                               directions (18). Grid lines a pixel wide on a board a quarter of an
                               800x600 frame, drawn without smoothing, are dots 2 to 3 pixels apart
                               that no smoothing joins without also fading them into the wood. Its
                               board is taken only when the lattice stage is sure of it: joined
                               speckle makes lines too */
    int zoom_join_angles;   /* the directions of zoom_join's lines, over half a turn (18) */
    double zoom_min_cell;   /* a closer look's board whose cells are narrower than this many pixels of
                               the picture, on average, is not taken (5): enlarging shows no more than
                               the camera saw, and a stone that size cannot be told from its wood (a
                               19x19 board a quarter of an 800x600 frame has cells of 8 pixels) */
    /* Rectify: a board in doubt (board_unsure: another size or placement explains the picture
     * nearly as well) is read again from a top-down view of the lattice found, widened to hold
     * the largest board it may be part of. Seen from the side, the far rows of a board are
     * squeezed to a few pixels a cell and its lines converge; from above, every cell is as large
     * as every other and the lines are parallel, which is what the lattice fit's scales are set
     * for. The view's lattice is then taken back to the picture and its stones read there. */
    /* The reading from above replaces the first only when it is sure of its board, and the
     * board stays flagged board_unsure even then. */
    int rectify;            /* 1: read boards in doubt again from above (1) */
    double rectify_margin;  /* the view holds this many cells beyond the largest board that may
                               hold the one found (1.5: its margin of wood and a little table) */
    double rectify_taper;   /* ... narrowed until the nearest cell in it is at most 1/this times
                               as large as the farthest (0.25): far beyond the evidence a
                               homography runs toward the horizon, and a view that reaches it
                               shows nothing readable */
    int rectify_rounds;     /* views made at most, each from the lattice the one before read (3):
                               a view made from a board read too small shows only part of the
                               board, and the lattice read in it makes a view of more of it */
    int finder_rectify_rounds; /* ... in the stone finder's second reading (1): it is there to find a
                               board of another size, and its second view from above changed no
                               reading of the renders, the test set, seed 7016 or the three shared
                               sets, and cost the slowest test picture 46 ms (t001, 375 -> 329
                               ms read once each on a quiet machine) */
    int rectify_larger;     /* 1: the last view from above, though in doubt (most often of where its
                               lines lie), takes the first reading's place when sure of a larger board
                               (its size_margin at least the lattice's unsure_margin and above the
                               first reading's); the board stays in doubt. A first reading in doubt
                               is most often a part of the board. With the stone finder on, the
                               first look's such view waits for its reading, taken only when
                               the finder's is not (1) */
    int rectify_side;       /* the view's side, pixels (800: a 19x19 board's cells at 35 pixels,
                               a 9x9 corner's widened to a 19x19's at 25; on 60 training renders
                               as many boards right as at 1000, for two thirds of the pixels) */
    /* Edges: the point classifier learned the board and the hands over it, and what lies beyond
     * a board's edge (the table, its front face, the floor) it calls hidden, or empty with no
     * line on it. A reading whose outer line shows neither a stone nor the line along it has
     * placed the board a line past its edge, where the lattice's evidence alone (the edge seen
     * as one more line, stones hiding the outer lines) could not tell. It is moved a line the
     * other way, and read again there. */
    int edge_unseen;        /* an outer line with no stone read surely (hidden points and points
                               flagged unsure count for nothing) that shows the line along it at no more
                               than this many of its points is past the board's edge (1: the
                               table's grain or edge may look like a line at one point; 0 left a
                               19x19 render of seed 7002 a line off, and 1 changed no reading of
                               the five sets or seed 7001's renders; -1: never look; the lines are
                               looked for as cross_dip says, so cross_dip 0 turns this off too) ... */
    double edge_new;        /* ... when the line the moved board gains is hidden at no more than this
                               share of its points (0.5) ... */
    double edge_gain;       /* ... and holds at least this share of its points in evidence: stones
                               read surely, or the line seen along it (0.25) */
    int edge_moves;         /* lines the board is moved at most, on both axes together (3) */
    FILE *trace;            /* each stage's figures and choices are written here for a person
                               tracing a reading (NULL, the default: nowhere). The reader does not look
                               at SEI_TRACE: `seichi` sets this to standard error when it is set. */
} sei_vision_params;

enum { SEI_CLASSIFIER_NET = 0, SEI_CLASSIFIER_RULES };

void sei_vision_params_default(sei_vision_params *p);

/* The stone rule on one point: SEI_EMPTY, SEI_BLACK or SEI_WHITE, and
 * (conf, may be NULL) how sure: 0.5 on a threshold, 1 at twice past it.
 * self: (L0, C0) is the point's own empty look, not the wood around it. */
int sei_stone_rule_read(const sei_stone_rule *p, double L0, double C0, double L, double C, int self, float *conf);

typedef struct {
    int size;                                   /* 9, 13 or 19 */
    uint8_t grid[SEI_MAX_SIZE][SEI_MAX_SIZE];   /* [row][col]: SEI_EMPTY / SEI_BLACK / SEI_WHITE; row 0 at the top */
    float confidence[SEI_MAX_SIZE][SEI_MAX_SIZE]; /* the read colour's probability (rules: 0.5 a guess .. 1 sure) */
    float min_confidence;
    /* Calibrated probabilities of empty, black, white per point (the
     * learned classifier; all zero with the rules alone). */
    float prob[SEI_MAX_SIZE][SEI_MAX_SIZE][3];
    /* Points whose reading is in doubt: "check these points". */
    uint8_t unsure[SEI_MAX_SIZE][SEI_MAX_SIZE];
    int unsure_count;
    /* Points the classifier says it cannot see (a hand or an arm over
     * them); each is unsure too, and its colour a guess. */
    uint8_t hidden[SEI_MAX_SIZE][SEI_MAX_SIZE];
    int hidden_count;
    /* Of each outer line (x = 0, x = n - 1, y = 0, y = n - 1), the points
     * read empty where the line along the edge is seen (the learned
     * classifier only): the table beyond a board shows no line. */
    int edge_seen[4];
    /* Of the cells whose four corners are read empty, how many were
     * looked at (cells_tested) and how many show two lines crossing at
     * their centre (cells_crossed): a lattice of every other line of a
     * board (the learned classifier only). */
    int cells_tested, cells_crossed;
    /* What each intersection looked like: median lightness L* (0..100) and
     * chroma where a stone's top would be; for comparing a point with
     * itself over time (the recorder). */
    float sample_L[SEI_MAX_SIZE][SEI_MAX_SIZE];
    float sample_C[SEI_MAX_SIZE][SEI_MAX_SIZE];
    double corners[4][2];                       /* pixels of the corner intersections: TL, TR, BR, BL */
    double H[9];                                /* grid (col, row) to picture pixels, row-major */
    double lattice_score;                       /* share of the board's points that show evidence */
    /* The view the reading found: how high the camera stands over the
     * board, in degrees (90: straight above; from the lattice, with the
     * picture's centre taken as the lens's: within a few degrees on the
     * renders), and the board's share of the picture (its corner points'
     * extent over the picture's, the larger of width and height). A
     * kiosk's camera reads best from 55 degrees up and with the board 40%
     * of the frame or more (README: placing the camera); below
     * SEI_VIEW_LOW and SEI_VIEW_FAR the kiosk and `score` say so. */
    double elevation;
    double board_share;
    int board_unsure;                           /* 1: another size or offset of the board explains the
                                                   picture nearly as well; the reading may be a guess
                                                   (also when it was read again from above: rectify) */
    double board_margin;                        /* how far the board's window beats the runner-up (another
                                                   size, or the same shifted), in points of evidence
                                                   per line of the board */
    double size_margin;                         /* ... the runner-up of another size alone: how sure
                                                   the size is, wherever the lines lie (1e9 where one
                                                   size alone was tried or fits; 0 from
                                                   sei_vision_read_corners, which fits none) */
    int size_disputed;                          /* a closer look (zoom) took the place of the first
                                                   look's board at another size: two readings disagree
                                                   on the size, so the board is reported in doubt */
    double stage_ms[SEI_STAGES];
    double lattice_ms[SEI_LAT_STAGES];          /* the lattice stage's own stages (lattice.h) */
    double ms;                                  /* decoded pixels to grid */
} sei_vision_result;

/* A view from fewer degrees above the board than SEI_VIEW_LOW, or with
 * the grid spanning less of the picture than SEI_VIEW_FAR, reads worse:
 * of the renders with no hand (test set, seeds 7006 and 7010), boards 40%
 * of the frame or more seen from under 40 degrees were read perfectly 13
 * times in 22, from 40 to 55 31 in 34, from 55 up 80 in 82; smaller
 * boards 22 in 33 (a grid spans about 0.85 of its board; README: placing
 * the camera). */
#define SEI_VIEW_LOW 40.0
#define SEI_VIEW_FAR 0.33
/* Whether reading r saw the board from fewer degrees above it than low,
 * or its grid spanning less of the picture than share (0 where the
 * reading found no view). Inline: the lean program prints these words
 * (score) without the reader linked in. */
static inline int sei_vision_view_low(const sei_vision_result *r, double low)
{
    return r->elevation > 0 && r->elevation < low;
}
static inline int sei_vision_view_far(const sei_vision_result *r, double share)
{
    return r->board_share > 0 && r->board_share < share;
}

typedef struct sei_vision sei_vision;

/* A reader with these parameters (NULL: the defaults). NULL when out of
 * memory. Free with sei_vision_destroy; NULL is a no-op. */
sei_vision *sei_vision_create(const sei_vision_params *p);
void sei_vision_destroy(sei_vision *v);
/* The message of the last failing call, owned by v. */
const char *sei_vision_errmsg(const sei_vision *v);
/* Write each stage's picture into dir (NULL: stop). The string is copied.
 * A folder that is missing or cannot be written to is refused at once
 * (SEI_VISION_ERROR with a message; no pictures are written then); so is
 * one that already holds a debug picture's name, unless replace is set
 * (then those pictures are removed first, so the folder holds only the
 * next reading's), and, replace or not, one where such a name is a symbolic link or not a
 * regular file: no picture replaces a file it was not asked to, and none
 * is written through a link. */
sei_vision_status sei_vision_set_debug(sei_vision *v, const char *dir, int replace);

/* Do once what a process's first reading would: build the Lab colour
 * tables (lab.c: well under a millisecond), load the reader's models and
 * run each once on a blank input. Optional; a reading does what it needs. */
sei_vision_status sei_vision_warm(sei_vision *v);

/* Read the board in img (BGR or grey; not changed) into out (the caller's). */
sei_vision_status sei_vision_read(sei_vision *v, const sei_image *img, sei_vision_result *out);

/* The mean side of a size x size board's cell, in pixels: the mean side of
 * its corners' quadrilateral (TL, TR, BR, BL) over its cells. */
double sei_vision_cell_side(const double corners[4][2], int size);

/* Read the stones of a size x size lattice whose corner points the caller
 * knows (TL, TR, BR, BL in img's pixels: a person dragged them, or the
 * recorder follows a board), skipping the search for the lattice. size
 * may be any 2..SEI_MAX_SIZE. */
sei_vision_status sei_vision_read_corners(sei_vision *v, const sei_image *img, const double corners[4][2], int size,
                                          sei_vision_result *out);

/* Cut the learned classifier's patches of a size x size lattice whose
 * corner points are known, exactly as a reading cuts them: for making
 * training data from pictures with their truth (`seichi patches`). out
 * holds size * size patches of SEI_POINTS_PATCH^2 * 3 bytes. */
sei_vision_status sei_vision_patches(sei_vision *v, const sei_image *img, const double corners[4][2], int size,
                                     uint8_t *out);

/* Load a picture file upright (EXIF) into *img, shrunk when huge; free with
 * sei_image_free. SEI_VISION_BADIMAGE with a message when unreadable. */
sei_vision_status sei_vision_load(sei_vision *v, const char *path, sei_image *img);

/* Draw a reading over a copy of the picture: the grid, the stones as read,
 * and per point an optional mark (1: dead, 2: black territory, 3: white
 * territory; NULL for none, indexed [row][col]). *out is allocated. */
sei_vision_status sei_vision_annotate(sei_vision *v, const sei_image *img, const sei_vision_result *r,
                                      const uint8_t marks[SEI_MAX_SIZE][SEI_MAX_SIZE], sei_image *out);

#endif
