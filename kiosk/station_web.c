/* station_web.c - the director's station's web page: the files of
 * kiosk/web/ (HTML, CSS, JS, an icon), embedded into the program at build
 * time (kiosk/web/embed.cmake), served with their Content-Type, a
 * Content-Security-Policy that lets the page load only its own files (no
 * inline script or style, no eval, nothing from elsewhere: it works on a
 * venue LAN without the internet, and text from the data can never run),
 * and an ETag so a browser revalidates instead of fetching again; and the
 * read-only views the page reads beside GET /api/v1/results: the
 * pairings of a round with the rounds there are, and a result's audit
 * trail. Reading is open on the LAN as a results wall is; every write
 * stays station.c's (a kiosk's token, the judge PIN). */
#include "station_web.h"

#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

/* The embedded files (generated: station_web_assets.c), ended by a NULL path. */
struct sei_web_asset {
    const char *path, *type, *etag;
    const unsigned char *data;
    size_t len;
};
extern const struct sei_web_asset sei_web_assets[];

/* Only the page's own files; no frames, no forms posted elsewhere. */
static const char csp[] = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
                          "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

static const struct sei_web_asset *asset(const char *url)
{
    if (!strcmp(url, "/"))
        url = "/index.html";
    for (const struct sei_web_asset *a = sei_web_assets; a->path; a++)
        if (!strcmp(a->path, url))
            return a;
    return NULL;
}

static enum MHD_Result serve(struct MHD_Connection *c, const struct sei_web_asset *a)
{
    /* The browser's copy still current: 304 without the body. */
    const char *inm = MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_IF_NONE_MATCH);
    int fresh = inm && strstr(inm, a->etag);
    struct MHD_Response *r =
        MHD_create_response_from_buffer(fresh ? 0 : a->len, fresh ? NULL : (void *)a->data, MHD_RESPMEM_PERSISTENT);
    if (!r)
        return MHD_NO;
    if (!fresh)
        MHD_add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE, a->type);
    MHD_add_response_header(r, MHD_HTTP_HEADER_ETAG, a->etag);
    /* Kept, but asked after each time: a new program's page is seen at once. */
    MHD_add_response_header(r, MHD_HTTP_HEADER_CACHE_CONTROL, "no-cache");
    MHD_add_response_header(r, "Content-Security-Policy", csp);
    MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
    MHD_add_response_header(r, "X-Frame-Options", "DENY");
    MHD_add_response_header(r, "Referrer-Policy", "no-referrer");
    enum MHD_Result ret = MHD_queue_response(c, fresh ? MHD_HTTP_NOT_MODIFIED : MHD_HTTP_OK, r);
    MHD_destroy_response(r);
    return ret;
}

/* GET /api/v1/pairings[?round=N]: the tournament's name, the rounds with
 * games or results, and the games of round N; without it of the latest
 * round (never every round at once: a large tournament's would be
 * megabytes an answer). */
static enum MHD_Result get_pairings(sei_store *s, struct MHD_Connection *c)
{
    int round = 0;
    int q = sei_station_query_int(c, "round", 1, SEI_IDENT_MAX_ROUND, &round);
    if (q < 0)
        return sei_station_reply_error(c, MHD_HTTP_BAD_REQUEST, "round is a number from 1 to 999");
    char name[SEI_IDENT_TEXT + 1] = "";
    sei_store_status rc = sei_store_tournament_file(s, NULL, NULL, name, sizeof name);
    int imported = rc == SEI_STORE_OK;
    if (rc && rc != SEI_STORE_ERR_NOTFOUND)
        return sei_station_reply_error(c, sei_station_status_code(rc), sei_store_errmsg(s));
    int *rounds = NULL, nr = 0, np = 0;
    sei_store_pairing *p = NULL;
    if (!(rc = sei_store_rounds(s, &rounds, &nr)) && !q)
        round = nr ? rounds[nr - 1] : 0;
    if (rc || (round && (rc = sei_store_pairings(s, round, &p, &np)))) {
        free(rounds);
        return sei_station_reply_error(c, sei_station_status_code(rc), sei_store_errmsg(s));
    }
    cJSON *o = cJSON_CreateObject(), *rl = NULL, *pl = NULL;
    if (o) {
        cJSON_AddNumberToObject(o, "schema", 1);
        if (imported)
            cJSON_AddStringToObject(o, "tournament", name);
        else
            cJSON_AddNullToObject(o, "tournament");
        if (round)
            cJSON_AddNumberToObject(o, "round", round);
        else
            cJSON_AddNullToObject(o, "round");
        rl = cJSON_AddArrayToObject(o, "rounds");
        pl = cJSON_AddArrayToObject(o, "pairings");
    }
    if (rl && pl) {
        for (int i = 0; i < nr; i++)
            cJSON_AddItemToArray(rl, cJSON_CreateNumber(rounds[i]));
        for (int i = 0; i < np; i++) {
            cJSON *e = cJSON_CreateObject();
            if (!e || !cJSON_AddItemToArray(pl, e)) {
                cJSON_Delete(e);
                cJSON_Delete(o), o = NULL;
                break;
            }
            cJSON_AddNumberToObject(e, "round", p[i].round);
            cJSON_AddNumberToObject(e, "table", p[i].table);
            cJSON_AddNumberToObject(e, "handicap", p[i].handicap);
            sei_station_player_json(e, "black", &p[i].black);
            sei_station_player_json(e, "white", &p[i].white);
        }
    } else
        cJSON_Delete(o), o = NULL;
    free(rounds);
    free(p);
    return sei_station_reply(c, MHD_HTTP_OK, o);
}

/* GET /api/v1/results/UUID/audit: as `results audit N --json`. */
static enum MHD_Result get_audit(sei_store *s, struct MHD_Connection *c, const char *uuid)
{
    int64_t id;
    sei_store_result r;
    sei_store_audit *rows = NULL;
    int n = 0;
    sei_store_status rc = sei_store_find_uuid(s, uuid, &id);
    if (rc)
        return sei_station_reply_error(c, sei_station_status_code(rc), sei_store_errmsg(s));
    if ((rc = sei_store_get(s, id, &r)))
        return sei_station_reply_error(c, sei_station_status_code(rc), sei_store_errmsg(s));
    if ((rc = sei_store_audit_get(s, id, &rows, &n))) {
        sei_store_result_release(&r);
        return sei_station_reply_error(c, sei_station_status_code(rc), sei_store_errmsg(s));
    }
    cJSON *o = cJSON_CreateObject();
    if (o && (!cJSON_AddNumberToObject(o, "schema", 1) || sei_results_audit_json(o, &r, rows, n)))
        cJSON_Delete(o), o = NULL;
    sei_store_audit_free(rows, n);
    sei_store_result_release(&r);
    return sei_station_reply(c, MHD_HTTP_OK, o);
}

int sei_station_web_route(sei_store *s, struct MHD_Connection *c, const char *url, const char *method,
                          enum MHD_Result *ret)
{
    int get = !strcmp(method, MHD_HTTP_METHOD_GET) || !strcmp(method, MHD_HTTP_METHOD_HEAD);
    static const char results[] = "/api/v1/results/", audit[] = "/audit";
    size_t ul = strlen(url), rl = sizeof results - 1, al = sizeof audit - 1;
    const struct sei_web_asset *a = asset(url);
    if (a)
        *ret = get ? serve(c, a) : sei_station_reply_error(c, MHD_HTTP_METHOD_NOT_ALLOWED, "method not allowed here");
    else if (!strcmp(url, "/api/v1/pairings"))
        *ret = get ? get_pairings(s, c)
                   : sei_station_reply_error(c, MHD_HTTP_METHOD_NOT_ALLOWED, "method not allowed here");
    else if (ul == rl + SEI_UUID_LEN + al && !strncmp(url, results, rl) && !strcmp(url + rl + SEI_UUID_LEN, audit)) {
        char uuid[SEI_UUID_LEN + 1];
        memcpy(uuid, url + rl, SEI_UUID_LEN);
        uuid[SEI_UUID_LEN] = 0;
        *ret = get ? get_audit(s, c, uuid)
                   : sei_station_reply_error(c, MHD_HTTP_METHOD_NOT_ALLOWED, "method not allowed here");
    } else
        return 0;
    return 1;
}
