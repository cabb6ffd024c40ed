/* clock.c - the game clock and the timekeeper's calls (clock.h).
 *
 * The clock of the player on move is a sequence of events: a call, the
 * end of main time, a period used up or begun, the loss on time. Each
 * comes when the time left in the running bucket (main time or the
 * period) reaches a threshold; advance() steps from one to the next, so
 * a call is made at its exact millisecond whatever the steps of time the
 * caller gives (frames, a simulation's lines). */
#include <stdio.h>
#include <string.h>

#include "clock.h"

#define SEC 1000LL

/* ---- the time-control string ------------------------------------------------- */

/* A duration "90s", "60m", "2h" at *s; *s moves past it. */
static int duration(const char **s, int64_t *ms)
{
    const char *p = *s;
    int64_t v = 0;
    if (*p < '0' || *p > '9')
        return -1;
    while (*p >= '0' && *p <= '9') {
        v = v * 10 + (*p++ - '0');
        if (v > SEI_TC_MAX_MS / SEC)
            return -1;
    }
    int64_t unit = *p == 'h' ? 3600 * SEC : *p == 'm' ? 60 * SEC : *p == 's' ? SEC : 0;
    if (!unit || v * unit > SEI_TC_MAX_MS)
        return -1;
    *ms = v * unit;
    *s = p + 1;
    return 0;
}

/* A count 1..max at *s. */
static int count_of(const char **s, int max, int *out)
{
    const char *p = *s;
    int v = 0;
    if (*p < '1' || *p > '9')
        return -1;
    while (*p >= '0' && *p <= '9') {
        v = v * 10 + (*p++ - '0');
        if (v > max)
            return -1;
    }
    *out = v;
    *s = p;
    return 0;
}

static int bad(char *why, size_t n, const char *spec, const char *form)
{
    snprintf(why, n, "time control '%.60s' is not %s", spec, form);
    return -1;
}

int sei_time_control_parse(const char *spec, sei_time_control *tc, char *why, size_t n)
{
    static const char *const forms =
        "one of absolute:60m, byoyomi:60m+5x60s, canadian:60m+25/10m, fischer:30m+20s, ing:120m+3x20m";
    memset(tc, 0, sizeof *tc);
    const char *colon = spec ? strchr(spec, ':') : NULL;
    if (!colon)
        return bad(why, n, spec ? spec : "", forms);
    size_t kl = (size_t)(colon - spec);
    const char *p = colon + 1;
    static const char *const kinds[] = {"absolute", "byoyomi", "canadian", "fischer", "ing"};
    int kind = -1;
    for (int i = 0; i < 5; i++)
        if (strlen(kinds[i]) == kl && !strncmp(spec, kinds[i], kl))
            kind = i;
    if (kind < 0)
        return bad(why, n, spec, forms);
    tc->kind = (sei_tc_kind)kind;
    if (duration(&p, &tc->main_ms))
        return bad(why, n, spec, "a main time as 60m, 90s or 2h (at most 24h) first");
    switch (tc->kind) {
    case SEI_TC_ABSOLUTE:
        break;
    case SEI_TC_BYOYOMI:
    case SEI_TC_ING:
        if (*p++ != '+' || count_of(&p, SEI_TC_MAX_PERIODS, &tc->periods) || *p++ != 'x' ||
            duration(&p, &tc->period_ms))
            return bad(why, n, spec,
                       tc->kind == SEI_TC_ING ? "ing:MAIN+NxPERIOD (ing:120m+3x20m)" : "byoyomi:MAIN+NxPERIOD (byoyomi:60m+5x60s)");
        break;
    case SEI_TC_CANADIAN:
        if (*p++ != '+' || count_of(&p, SEI_TC_MAX_STONES, &tc->stones) || *p++ != '/' || duration(&p, &tc->period_ms))
            return bad(why, n, spec, "canadian:MAIN+STONES/PERIOD (canadian:60m+25/10m)");
        break;
    case SEI_TC_FISCHER:
        if (*p++ != '+' || duration(&p, &tc->increment_ms))
            return bad(why, n, spec, "fischer:MAIN+INCREMENT (fischer:30m+20s)");
        break;
    }
    if (*p)
        return bad(why, n, spec, forms);
    if ((tc->kind == SEI_TC_ABSOLUTE || tc->kind == SEI_TC_FISCHER) && tc->main_ms == 0)
        return snprintf(why, n, "time control '%.60s' gives no time: main time must be more than 0", spec), -1;
    /* The last ten seconds are counted 1 ... 9: a byo-yomi period holds them. */
    if (tc->kind == SEI_TC_BYOYOMI && tc->period_ms < 10 * SEC)
        return snprintf(why, n, "time control '%.60s': a byo-yomi period is at least 10s", spec), -1;
    if ((tc->kind == SEI_TC_CANADIAN || tc->kind == SEI_TC_ING) && tc->period_ms == 0)
        return snprintf(why, n, "time control '%.60s': the period must be more than 0", spec), -1;
    return 0;
}

/* Minutes from two minutes up (60m, 20m), seconds below (60s, 90s, 20s):
 * the way time controls are usually written. */
static void put_duration(char *out, size_t n, int64_t ms)
{
    if (ms % (60 * SEC) == 0 && (ms == 0 || ms >= 120 * SEC))
        snprintf(out, n, "%lldm", (long long)(ms / (60 * SEC)));
    else
        snprintf(out, n, "%llds", (long long)(ms / SEC));
}

void sei_time_control_format(const sei_time_control *tc, char *out, size_t n)
{
    char m[24], q[24];
    put_duration(m, sizeof m, tc->main_ms);
    put_duration(q, sizeof q, tc->kind == SEI_TC_FISCHER ? tc->increment_ms : tc->period_ms);
    switch (tc->kind) {
    case SEI_TC_ABSOLUTE: snprintf(out, n, "absolute:%s", m); break;
    case SEI_TC_BYOYOMI: snprintf(out, n, "byoyomi:%s+%dx%s", m, tc->periods, q); break;
    case SEI_TC_CANADIAN: snprintf(out, n, "canadian:%s+%d/%s", m, tc->stones, q); break;
    case SEI_TC_FISCHER: snprintf(out, n, "fischer:%s+%s", m, q); break;
    case SEI_TC_ING: snprintf(out, n, "ing:%s+%dx%s", m, tc->periods, q); break;
    }
}

void sei_clock_call_word(const sei_clock_call *c, char *out, size_t n)
{
    if (c->kind == SEI_CALL_LOST)
        snprintf(out, n, "lost");
    else
        snprintf(out, n, "%d", c->label);
}

/* ---- the clock ---------------------------------------------------------------- */

void sei_clock_start(sei_clock *c, const sei_time_control *tc, int first, int64_t t0)
{
    memset(c, 0, sizeof *c);
    c->tc = *tc;
    c->to_move = first == 2 ? 2 : 1;
    c->now = t0;
    for (int p = 1; p <= 2; p++) {
        sei_clock_side *s = &c->side[p];
        s->main_left = tc->main_ms;
        s->periods_left = tc->kind == SEI_TC_BYOYOMI || tc->kind == SEI_TC_ING ? tc->periods
                          : tc->kind == SEI_TC_CANADIAN                         ? 1
                                                                                 : 0;
        s->stones_left = tc->stones;
    }
}

/* What happens when the running bucket reaches a threshold. */
typedef enum { EV_CALL, EV_MAIN_OVER, EV_PERIOD_OVER, EV_LOST } ev_kind;

typedef struct {
    int64_t at_left;   /* the time left in the bucket when it happens */
    ev_kind kind;
    sei_call_kind call;
    int label;
} event;

/* The last minute as the rulebook's last period: 30, 40, 50, then 1 ... 9
 * with 9 ... 1 seconds left, lost at 0; labels counted from the period's
 * length (60 s, or a byo-yomi period's). */
static int last_minute(int64_t left, int64_t period, event *e)
{
    static const int big[] = {30, 20, 10};
    for (int i = 0; i < 3; i++)
        if (big[i] * SEC < left && big[i] * SEC < period) {
            *e = (event){big[i] * SEC, EV_CALL, SEI_CALL_SECONDS, (int)((period - big[i] * SEC) / SEC)};
            return 1;
        }
    for (int k = 9; k >= 1; k--)
        if (k * SEC < left) {
            *e = (event){k * SEC, EV_CALL, SEI_CALL_LAST, 10 - k};
            return 1;
        }
    *e = (event){0, EV_LOST, SEI_CALL_LOST, 0};
    return 1;
}

/* The next event of player p's clock. */
static void next_event(const sei_clock *c, int p, event *e)
{
    const sei_clock_side *s = &c->side[p];
    const sei_time_control *tc = &c->tc;
    if (!s->in_overtime) {
        if (tc->kind == SEI_TC_ABSOLUTE || tc->kind == SEI_TC_FISCHER)
            last_minute(s->main_left, 60 * SEC, e);
        else
            *e = (event){0, EV_MAIN_OVER, SEI_CALL_PERIOD, 0};
        return;
    }
    int64_t left = s->period_left;
    switch (tc->kind) {
    case SEI_TC_BYOYOMI:
        if (s->periods_left > 1) {
            static const int at[] = {30, 20, 10, 5, 2};
            for (int i = 0; i < 5; i++)
                if (at[i] * SEC < left && at[i] * SEC < tc->period_ms) {
                    *e = (event){at[i] * SEC, EV_CALL, SEI_CALL_SECONDS, (int)((tc->period_ms - at[i] * SEC) / SEC)};
                    return;
                }
            *e = (event){0, EV_PERIOD_OVER, SEI_CALL_PERIOD, (int)(tc->period_ms / SEC)};
        } else
            last_minute(left, tc->period_ms, e);
        return;
    case SEI_TC_ING:
        if (s->periods_left > 1)
            *e = (event){0, EV_PERIOD_OVER, SEI_CALL_PERIOD, 60};
        else
            last_minute(left, 60 * SEC, e);
        return;
    default: /* Canadian: losing the period loses the game */
        last_minute(left, 60 * SEC, e);
        return;
    }
}

int sei_clock_advance(sei_clock *c, int64_t t, sei_clock_on_call on_call, void *ctx)
{
    if (c->lost)
        return 0;
    if (t < c->now)
        return -1;
    if (c->paused) {
        c->now = t; /* no time runs */
        return 0;
    }
    int p = c->to_move;
    sei_clock_side *s = &c->side[p];
    const sei_time_control *tc = &c->tc;
    for (;;) {
        event e;
        next_event(c, p, &e);
        int64_t *bucket = s->in_overtime ? &s->period_left : &s->main_left;
        int64_t when = c->now + (*bucket - e.at_left);
        if (when > t) {
            *bucket -= t - c->now;
            c->now = t;
            return 0;
        }
        *bucket = e.at_left;
        c->now = when;
        sei_clock_call k = {when, p, e.call, e.label, s->periods_left};
        switch (e.kind) {
        case EV_CALL:
            if (on_call)
                on_call(ctx, &k);
            break;
        case EV_LOST:
            s->periods_left = 0;
            k.periods_left = 0;
            if (on_call)
                on_call(ctx, &k);
            c->lost = p;
            c->lost_at = when;
            return 0;
        case EV_MAIN_OVER:
            s->in_overtime = 1;
            s->period_left = tc->period_ms;
            if (tc->kind == SEI_TC_ING) {
                /* The first period begins, and costs its 2 points. */
                s->periods_begun = 1;
                k.label = 60;
                if (on_call)
                on_call(ctx, &k);
            }
            break;
        case EV_PERIOD_OVER:
            /* A period used up (byo-yomi) or the next begun (Ing). */
            s->periods_left--;
            s->period_left = tc->period_ms;
            if (tc->kind == SEI_TC_ING)
                s->periods_begun++;
            k.periods_left = s->periods_left;
            if (on_call)
                on_call(ctx, &k);
            break;
        }
    }
}

int sei_clock_move(sei_clock *c, int player, int64_t t, sei_clock_on_call on_call, void *ctx)
{
    if (c->lost)
        return 1;
    if (player != c->to_move || t < c->now)
        return -1;
    sei_clock_advance(c, t, on_call, ctx);
    if (c->lost)
        return 1;
    sei_clock_side *s = &c->side[player];
    const sei_time_control *tc = &c->tc;
    if (s->in_overtime && tc->kind == SEI_TC_BYOYOMI)
        s->period_left = tc->period_ms; /* a move within a period costs nothing */
    else if (s->in_overtime && tc->kind == SEI_TC_CANADIAN && --s->stones_left == 0) {
        s->stones_left = tc->stones;
        s->period_left = tc->period_ms;
    } else if (tc->kind == SEI_TC_FISCHER)
        s->main_left += tc->increment_ms;
    s->moves++;
    c->to_move = 3 - player;
    return 0;
}

int sei_clock_pause(sei_clock *c, int64_t t, sei_clock_on_call on_call, void *ctx)
{
    if (c->paused || t < c->now)
        return -1;
    sei_clock_advance(c, t, on_call, ctx);
    c->now = t; /* a lost clock stops where it fell: the pause is at t all the same */
    c->paused = 1;
    c->paused_at = t;
    c->pauses++;
    return 0;
}

int sei_clock_resume(sei_clock *c, int64_t t)
{
    if (!c->paused || t < c->now)
        return -1;
    c->now = t;
    c->paused = 0;
    c->paused_ms += t - c->paused_at;
    return 0;
}

void sei_clock_left(const sei_clock *c, int player, int64_t *ms, int *count)
{
    const sei_clock_side *s = &c->side[player == 2 ? 2 : 1];
    *ms = s->in_overtime ? s->period_left : s->main_left;
    *count = !s->in_overtime                    ? 0
             : c->tc.kind == SEI_TC_CANADIAN ? s->stones_left
                                               : s->periods_left;
}

int sei_clock_ing_penalty(const sei_clock *c, int player)
{
    return c->tc.kind == SEI_TC_ING ? 2 * c->side[player == 2 ? 2 : 1].periods_begun : 0;
}
