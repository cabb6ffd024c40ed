/* fuzz_station.c - libFuzzer target for the body of a kiosk's
 * POST /api/v1/results, the station's one input from the network that
 * is more than a header: any bytes parse as JSON (cJSON) and are read as
 * a result (sei_results_from_json) or refused with a reason; a result
 * taken is written back as the kiosk writes it (sei_results_json) and
 * must read back the same; a kiosk judge's changes body (changes_body)
 * too. Seeds: tests/station-seeds, results as `seichi results show
 * --json` prints them, and a changes body. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "store.h"

/* The first field a station keeps that differs after a round trip, or NULL. */
#define DIFF_S(f) if (strcmp(a->f, b->f)) return #f
#define DIFF_N(f) if (a->f != b->f) return #f
static const char *differs(const sei_store_result *a, const sei_store_result *b)
{
    DIFF_S(uuid); DIFF_S(time); DIFF_S(rules); DIFF_S(result); DIFF_S(result_stones); DIFF_S(dead);
    DIFF_N(size); DIFF_N(handicap); DIFF_N(komi); DIFF_N(bonus); DIFF_N(area); DIFF_N(decided);
    DIFF_N(state); DIFF_N(origin); DIFF_N(dame); DIFF_N(margin); DIFF_N(margin_stones);
    DIFF_S(ident.event); DIFF_S(ident.black); DIFF_S(ident.white); DIFF_S(ident.black_id);
    DIFF_S(ident.white_id); DIFF_N(ident.round); DIFF_N(ident.table);
    DIFF_N(fill_checked); DIFF_N(fill_margin); DIFF_N(fill_ok); DIFF_N(fill_unsure);
    for (int c = 0; c < 3; c++)
        if (memcmp(&a->side[c], &b->side[c], sizeof a->side[c]) || a->fill_on_board[c] != b->fill_on_board[c] ||
            a->fill_spare[c] != b->fill_spare[c] || a->fill_holes[c] != b->fill_holes[c])
            return "side";
    return NULL;
}

/* The first field of an audit entry that differs after a round trip, or NULL. */
static int text_differs(const char *a, const char *b)
{
    return strcmp(a ? a : "", b ? b : "") != 0;
}
static const char *audit_differs(const sei_store_audit *a, const sei_store_audit *b)
{
    DIFF_N(id); DIFF_S(time); DIFF_S(local_time); DIFF_S(action); DIFF_S(field);
    if (text_differs(a->judge, b->judge)) return "judge";
    if (text_differs(a->old_value, b->old_value)) return "old";
    if (text_differs(a->new_value, b->new_value)) return "new";
    if (text_differs(a->reason, b->reason)) return "reason";
    return NULL;
}

/* The body of POST /api/v1/results/UUID/changes: its "audit" entries
 * read or refused with a reason; entries read, written back as the kiosk
 * writes them, read back as many. Its "result" read as a change carries
 * it (any state), or refused with a reason. */
static void changes_body(const cJSON *o)
{
    char why[256] = "";
    const cJSON *a = cJSON_GetObjectItemCaseSensitive(o, "audit");
    if (a) {
        sei_store_audit *rows = NULL;
        int n = 0;
        if (sei_results_audit_from_json(a, SEI_STORE_CHANGES_MAX, &rows, &n, why, sizeof why)) {
            if (!why[0])
                abort();
        } else {
            sei_store_result r;
            memset(&r, 0, sizeof r);
            cJSON *doc = cJSON_CreateObject();
            /* As text, as a kiosk sends it: cJSON's numbers are kept as
             * doubles, and only their printing can lose digits. */
            char *text = doc && sei_results_audit_json(doc, &r, rows, n) == 0 ? cJSON_PrintUnformatted(doc) : NULL;
            cJSON *again = text ? cJSON_Parse(text) : NULL;
            if (again) {
                sei_store_audit *back = NULL;
                int m = 0;
                if (sei_results_audit_from_json(cJSON_GetObjectItemCaseSensitive(again, "audit"), SEI_STORE_CHANGES_MAX,
                                                &back, &m, why, sizeof why) ||
                    m != n) {
                    fprintf(stderr, "audit round trip: %s (%d of %d)\n", why, m, n);
                    abort();
                }
                for (int i = 0; i < n; i++)
                    if (audit_differs(&rows[i], &back[i])) {
                        fprintf(stderr, "audit round trip: entry %d, %s\n", i, audit_differs(&rows[i], &back[i]));
                        abort();
                    }
                sei_store_audit_free(back, m);
            }
            cJSON_Delete(again);
            free(text);
            cJSON_Delete(doc);
            sei_store_audit_free(rows, n);
        }
    }
    const cJSON *res = cJSON_GetObjectItemCaseSensitive(o, "result");
    if (res) {
        sei_store_result r;
        why[0] = 0;
        if (sei_results_change_from_json(res, &r, why, sizeof why) && !why[0])
            abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    cJSON *o = cJSON_ParseWithLength((const char *)data, size);
    if (!o)
        return 0;
    changes_body(o);
    sei_store_result r, back;
    char why[256] = "";
    if (sei_results_from_json(o, &r, why, sizeof why)) {
        if (!why[0])
            abort(); /* a refusal always says why (the 400's message) */
        cJSON_Delete(o);
        return 0;
    }
    cJSON_Delete(o);
    cJSON *w = sei_results_json(&r, 1);
    char *text = w ? cJSON_PrintUnformatted(w) : NULL;
    cJSON_Delete(w);
    if (!text)
        return 0; /* out of memory */
    /* What the kiosk writes, the station must read as it was. */
    cJSON *again = cJSON_Parse(text);
    const char *d = NULL;
    if (!again || sei_results_from_json(again, &back, why, sizeof why) || (d = differs(&r, &back))) {
        fprintf(stderr, "round trip: %s\n%s\n", d ? d : why, text);
        abort();
    }
    cJSON_Delete(again);
    free(text);
    return 0;
}
