/* rules.c - the presets of ../shared/RULES.md as knob settings. */
#include "rules.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

typedef struct {
    const char *name;
    sei_scoring scoring;
    double komi;
    sei_ko_rule ko;
    sei_suicide_rule suicide;
    int seki_eyes_score;
    sei_handicap_bonus bonus;
    int ties_to_black;
    int remove_dead;
    int stones_form;
    int fill_check;
} preset;

/* One row per preset, as the table in RULES.md gives them. Chinese keeps
 * simple ko: the referee settles long cycles, and positional superko is an
 * option (--ko positional), not the default. */
static const preset presets[] = {
    {"chinese", SEI_SCORING_AREA, 7.5, SEI_KO_SIMPLE, SEI_SUICIDE_ILLEGAL, 1, SEI_BONUS_N, 0, 1, 1, 0},
    {"japanese", SEI_SCORING_TERRITORY, 6.5, SEI_KO_SIMPLE, SEI_SUICIDE_ILLEGAL, 0, SEI_BONUS_NONE, 0, 1, 0, 0},
    {"korean", SEI_SCORING_TERRITORY, 6.5, SEI_KO_SIMPLE, SEI_SUICIDE_ILLEGAL, 0, SEI_BONUS_NONE, 0, 1, 0, 0},
    {"ing", SEI_SCORING_AREA, 8.0, SEI_KO_POSITIONAL, SEI_SUICIDE_MULTI, 1, SEI_BONUS_NONE, 1, 1, 0, 1},
    {"aga", SEI_SCORING_AREA, 7.5, SEI_KO_SITUATIONAL, SEI_SUICIDE_ILLEGAL, 1, SEI_BONUS_N_MINUS_1, 0, 1, 0, 0},
    {"nz", SEI_SCORING_AREA, 7.0, SEI_KO_SITUATIONAL, SEI_SUICIDE_LEGAL, 1, SEI_BONUS_NONE, 0, 1, 0, 0},
    {"tromp-taylor", SEI_SCORING_AREA, 7.5, SEI_KO_POSITIONAL, SEI_SUICIDE_LEGAL, 1, SEI_BONUS_NONE, 0, 0, 0, 0},
};

static const struct { const char *alias, *name; } aliases[] = {
    {"tt", "tromp-taylor"}, {"trompTaylor", "tromp-taylor"}, {"tromp_taylor", "tromp-taylor"},
    {"goe", "ing"}, {"newzealand", "nz"}, {"new-zealand", "nz"}, {"cn", "chinese"},
    {"jp", "japanese"}, {"ko", "korean"}, {"kr", "korean"},
};

int sei_rules_komi_check(double komi, int size, char *why, size_t n)
{
    int most = size > 0 ? size * size : SEI_MAX_SIZE * SEI_MAX_SIZE;
    const char *w = NULL;
    char buf[96];
    /* NaN fails every comparison, and inf - inf is NaN: no libm needed. */
    if (komi != komi || komi - komi != 0)
        w = "not a number";
    else if (komi > most || komi < -most)
        snprintf(buf, sizeof buf, "more than the %d points of the %s", most, size > 0 ? "board" : "largest board"),
            w = buf;
    else if (komi >= 100 || komi <= -100)
        /* No game is played with such a komi, and SGF readers (Seichi's
         * too) take a KM of 100 or more as Fox's komi times 100: written,
         * it would be read back as another. */
        w = "100 points or more";
    else if (komi * 2 != (double)(long)(komi * 2))
        w = "not in steps of 0.5 points";
    if (w && n)
        snprintf(why, n, "%s", w);
    return w ? -1 : 0;
}

const char *sei_rules_preset_names(void) { return "chinese japanese korean ing aga nz tromp-taylor"; }

const char *sei_rules_preset_step(const char *name, int step)
{
    const int n = (int)(sizeof presets / sizeof presets[0]);
    int i = 0;
    while (i < n && (!name || strcmp(presets[i].name, name)))
        i++;
    if (i == n)
        i = 0;
    return presets[((i + step) % n + n) % n].name;
}

int sei_rules_preset(sei_rules *r, const char *name)
{
    if (!name)
        return -1;
    for (size_t i = 0; i < sizeof aliases / sizeof aliases[0]; i++)
        if (!strcasecmp(name, aliases[i].alias))
            name = aliases[i].name;
    for (size_t i = 0; i < sizeof presets / sizeof presets[0]; i++) {
        const preset *p = &presets[i];
        if (strcasecmp(name, p->name))
            continue;
        memset(r, 0, sizeof *r);
        strncpy(r->name, p->name, sizeof r->name - 1);
        r->scoring = p->scoring;
        r->komi = p->komi;
        r->ko = p->ko;
        r->suicide = p->suicide;
        r->seki_eyes_score = p->seki_eyes_score;
        r->bonus = p->bonus;
        r->ties_to_black = p->ties_to_black;
        r->remove_dead = p->remove_dead;
        r->stones_form = p->stones_form;
        r->fill_check = p->fill_check;
        r->fill_stones = 0; /* 0: half the board's points, rounded down (180 on 19x19) */
        return 0;
    }
    return -1;
}

void sei_rules_params_default(sei_rules *r) { sei_rules_preset(r, "chinese"); }

void sei_rules_apply(const sei_rules *r, sei_board *b)
{
    b->ko_rule = r->ko;
    b->suicide_rule = r->suicide;
}
