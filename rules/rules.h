/* rules.h - a rule set as orthogonal knobs, and the presets of RULES.md.
 *
 * A preset only fills the knobs; every knob can be changed afterwards, so
 * "Japanese counting with superko" or "Chinese with 6.5 komi" need no new
 * code. Depends on libc only. */
#ifndef SEI_RULES_H
#define SEI_RULES_H

#include "board.h"

typedef enum { SEI_SCORING_AREA = 0, SEI_SCORING_TERRITORY } sei_scoring;

/* What White gets for Black's handicap stones, in points. */
typedef enum {
    SEI_BONUS_NONE = 0,  /* Japanese, Korean, NZ, Tromp-Taylor, Ing's default */
    SEI_BONUS_N_MINUS_1, /* AGA */
    SEI_BONUS_N          /* Chinese: Black "returns half the handicap" in stones */
} sei_handicap_bonus;

typedef struct {
    char name[16];               /* preset the knobs came from: "chinese", ... */
    sei_scoring scoring;
    double komi;                 /* points given to White */
    sei_ko_rule ko;
    sei_suicide_rule suicide;
    int seki_eyes_score;         /* 1: the eyes of a group in seki count (area rules) */
    sei_handicap_bonus bonus;
    int ties_to_black;           /* Ing: a zero margin is a Black win */
    int remove_dead;             /* 0 under Tromp-Taylor: every stone on the board counts */
    int stones_form;             /* 1: also state the result in stones (Chinese practice) */
    int fill_check;              /* 1: Ing's 180-stone fill prediction */
    int fill_stones;             /* stones in each bowl for the fill check (180 on 19x19) */
    double penalty[3];           /* points taken from [SEI_BLACK]/[SEI_WHITE] (Ing overtime) */
} sei_rules;

/* Fill r with preset `name` (case-insensitive: chinese, japanese, korean,
 * ing, aga, nz, tromp-taylor; "tt" and "goe" are accepted as aliases).
 * Returns 0, or -1 for an unknown name (r untouched). */
int sei_rules_preset(sei_rules *r, const char *name);
/* The Chinese preset: what a kiosk uses when nobody chose. */
void sei_rules_params_default(sei_rules *r);
/* Space-separated list of preset names, for help and error messages. */
const char *sei_rules_preset_names(void);
/* The preset step places after name in the list above (step -1: the one
 * before), going round; a name not in the list counts as the first. */
const char *sei_rules_preset_step(const char *name, int step);
/* Is komi one a count can use: a finite number of points, in steps of
 * 0.5, and no more (either way) than the points of a size x size board
 * (size 0: the largest board Seichi counts, while the size is not known
 * yet), and under 100 points (a KM of 100 or more reads as Fox's komi
 * times 100)? Returns 0, or -1 with the reason in why (n bytes; may be
 * 0): "not a number", "not in steps of 0.5 points", "more than the 81
 * points of the board", "100 points or more". One rule for --komi and
 * for a record's KM. */
int sei_rules_komi_check(double komi, int size, char *why, size_t n);
/* Copy the ko and suicide knobs into a board. */
void sei_rules_apply(const sei_rules *r, sei_board *b);

#endif
