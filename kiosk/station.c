/* station.c - the director's station's HTTP server (station.h) on
 * libmicrohttpd: the routes of /api/v1, each a JSON answer, over one
 * results store shared by the worker threads under a mutex (a store
 * handle is for one thread at a time; every request is a few SQLite
 * statements, a judge's a PIN check too). */
#define _DEFAULT_SOURCE

#include "station.h"

#include <arpa/inet.h>
#include <inttypes.h>
#include <math.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>

#include <cjson/cJSON.h>
#include <microhttpd.h>

#include "ident.h"
#include "station_web.h"
#include "store.h"
#include "textbuf.h"

struct sei_station {
    struct MHD_Daemon *d;
    sei_store *s;
    pthread_mutex_t lock;
    sei_station_params p;
    int port;
};

void sei_station_params_default(sei_station_params *p)
{
    memset(p, 0, sizeof *p);
    p->host = "0.0.0.0";
    p->port = 8080;
    p->max_connections = 64;
    p->per_ip = 16;
    p->timeout_s = 15;
    p->conn_memory = 16 << 10;
    p->max_body = 256 << 10;
    p->threads = 4;
    p->code_tries = 5;
    p->code_lock_seconds = 60;
}

/* One request's body as it arrives. */
typedef struct {
    sei_text body;
    int too_big;       /* the body went over the cap while read */
    int answered;      /* refused on its headers: the answer is queued */
    char kiosk[SEI_IDENT_TEXT + 1]; /* POST /results and /results/UUID/changes: the kiosk its token names */
} request;

static enum MHD_Result reply(struct MHD_Connection *c, unsigned code, cJSON *o)
{
    char *text = o ? cJSON_PrintUnformatted(o) : NULL;
    cJSON_Delete(o);
    if (!text)
        text = strdup("{\"error\":\"out of memory\"}"), code = MHD_HTTP_INTERNAL_SERVER_ERROR;
    if (!text)
        return MHD_NO;
    size_t len = strlen(text);
    text[len] = 0;
    struct MHD_Response *r = MHD_create_response_from_buffer(len, text, MHD_RESPMEM_MUST_FREE);
    if (!r) {
        free(text);
        return MHD_NO;
    }
    MHD_add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE, "application/json; charset=utf-8");
    MHD_add_response_header(r, MHD_HTTP_HEADER_CACHE_CONTROL, "no-store");
    /* A browser never reads an answer as anything but JSON (names come
     * from kiosks and files). */
    MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
    enum MHD_Result ret = MHD_queue_response(c, code, r);
    MHD_destroy_response(r);
    return ret;
}

static enum MHD_Result reply_error(struct MHD_Connection *c, unsigned code, const char *msg)
{
    cJSON *o = cJSON_CreateObject();
    if (o)
        cJSON_AddStringToObject(o, "error", msg);
    return reply(c, code, o);
}

/* The HTTP status of a store's refusal. */
static unsigned status_code(sei_store_status st)
{
    switch (st) {
    case SEI_STORE_ERR_ARG: return MHD_HTTP_BAD_REQUEST;
    case SEI_STORE_ERR_NOTFOUND: return MHD_HTTP_NOT_FOUND;
    case SEI_STORE_ERR_AUTH: return MHD_HTTP_FORBIDDEN;
    case SEI_STORE_ERR_LOCKED: return MHD_HTTP_TOO_MANY_REQUESTS;
    case SEI_STORE_ERR_STATE: return MHD_HTTP_CONFLICT;
    default: return MHD_HTTP_INTERNAL_SERVER_ERROR;
    }
}

/* A query argument that must be a whole number in [lo, hi]: 1 with *v, 0
 * absent, -1 not such a number. */
static int query_int(struct MHD_Connection *c, const char *key, int lo, int hi, int *v)
{
    const char *a = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, key);
    if (!a)
        return 0;
    char *end;
    long x = strtol(a, &end, 10);
    if (!*a || *end || x < lo || x > hi)
        return -1;
    *v = (int)x;
    return 1;
}

/* ---- the routes ------------------------------------------------------------------- */

static enum MHD_Result get_results(sei_station *st, struct MHD_Connection *c)
{
    int round = 0;
    int q = query_int(c, "round", 1, SEI_IDENT_MAX_ROUND, &round);
    if (q < 0)
        return reply_error(c, MHD_HTTP_BAD_REQUEST, "round is a number from 1 to 999");
    cJSON *o = cJSON_CreateObject(), *list = o ? cJSON_AddArrayToObject(o, "results") : NULL;
    if (!list) {
        cJSON_Delete(o);
        return reply_error(c, MHD_HTTP_INTERNAL_SERVER_ERROR, "out of memory");
    }
    cJSON_AddNumberToObject(o, "schema", 1);
    sei_store_cursor *cur = sei_store_list(st->s, 0);
    sei_store_status rc = cur ? SEI_STORE_OK : SEI_STORE_ERR_IO;
    sei_store_result r;
    while (cur && ((rc = sei_store_next(cur, &r)) == SEI_STORE_OK || rc == SEI_STORE_ERR_ROW)) {
        if (rc == SEI_STORE_ERR_ROW || (q && r.ident.round != round)) {
            if (rc == SEI_STORE_OK)
                sei_store_result_release(&r);
            continue;
        }
        char from[SEI_IDENT_TEXT + 1] = "";
        sei_store_received_from(st->s, r.id, from, sizeof from);
        cJSON *e = cJSON_CreateObject();
        if (e) {
            cJSON_AddNumberToObject(e, "id", (double)r.id);
            cJSON_AddStringToObject(e, "uuid", r.uuid);
            cJSON_AddStringToObject(e, "time", r.time);
            cJSON_AddStringToObject(e, "event", r.ident.event);
            if (r.ident.round)
                cJSON_AddNumberToObject(e, "round", r.ident.round);
            else
                cJSON_AddNullToObject(e, "round");
            if (r.ident.table)
                cJSON_AddNumberToObject(e, "table", r.ident.table);
            else
                cJSON_AddNullToObject(e, "table");
            cJSON_AddStringToObject(e, "black", r.ident.black);
            cJSON_AddStringToObject(e, "white", r.ident.white);
            cJSON_AddStringToObject(e, "result", r.result);
            cJSON_AddStringToObject(e, "decided_by", sei_decided_name(r.decided));
            cJSON_AddStringToObject(e, "state", sei_state_name(r.state));
            cJSON_AddStringToObject(e, "source", from[0] ? from : sei_origin_name(r.origin));
            cJSON_AddNumberToObject(e, "audit_entries", r.audit_entries);
            cJSON_AddItemToArray(list, e);
        }
        sei_store_result_release(&r);
    }
    sei_store_cursor_close(cur);
    if (rc != SEI_STORE_DONE) {
        cJSON_Delete(o);
        return reply_error(c, MHD_HTTP_INTERNAL_SERVER_ERROR, sei_store_errmsg(st->s));
    }
    return reply(c, MHD_HTTP_OK, o);
}

static void player_json(cJSON *o, const char *key, const sei_store_player *p)
{
    if (!p->known) {
        cJSON_AddNullToObject(o, key);
        return;
    }
    cJSON *j = cJSON_AddObjectToObject(o, key);
    if (!j)
        return;
    cJSON_AddStringToObject(j, "name", p->name);
    cJSON_AddStringToObject(j, "first_name", p->first_name);
    cJSON_AddStringToObject(j, "rank", p->rank);
    cJSON_AddStringToObject(j, "club", p->club);
    cJSON_AddStringToObject(j, "country", p->country);
    cJSON_AddStringToObject(j, "egf_pin", p->egf_pin);
    cJSON_AddStringToObject(j, "aga_id", p->aga_id);
}

static enum MHD_Result get_pairing(sei_station *st, struct MHD_Connection *c)
{
    /* Without a round: the latest round with a game at the table (a kiosk
     * asking for the game it is about to count). */
    int round = 0, table, has_round = query_int(c, "round", 1, SEI_IDENT_MAX_ROUND, &round);
    if (has_round == -1 || query_int(c, "table", 1, SEI_IDENT_MAX_TABLE, &table) != 1)
        return reply_error(c, MHD_HTTP_BAD_REQUEST, "give table (1 to 9999) and, if you like, round (1 to 999)");
    sei_store_pairing p;
    sei_store_status rc = sei_store_pairing_get(st->s, round, table, &p);
    if (rc)
        return reply_error(c, status_code(rc), sei_store_errmsg(st->s));
    cJSON *o = cJSON_CreateObject();
    if (o) {
        cJSON_AddNumberToObject(o, "schema", 1);
        cJSON_AddNumberToObject(o, "round", p.round);
        cJSON_AddNumberToObject(o, "table", p.table);
        cJSON_AddNumberToObject(o, "handicap", p.handicap);
        player_json(o, "black", &p.black);
        player_json(o, "white", &p.white);
    }
    return reply(c, MHD_HTTP_OK, o);
}

/* The body as one JSON object, or NULL with a 400 sent. */
static cJSON *body_json(struct MHD_Connection *c, const request *rq, enum MHD_Result *ret)
{
    cJSON *o = NULL;
    if (rq->body.oom)
        *ret = reply_error(c, MHD_HTTP_INTERNAL_SERVER_ERROR, "out of memory");
    else if (!rq->body.len || memchr(rq->body.p, 0, rq->body.len))
        *ret = reply_error(c, MHD_HTTP_BAD_REQUEST, "the body is not a JSON object");
    else if (!(o = cJSON_ParseWithLength(rq->body.p, rq->body.len)) || !cJSON_IsObject(o)) {
        cJSON_Delete(o);
        o = NULL;
        *ret = reply_error(c, MHD_HTTP_BAD_REQUEST, "the body is not a JSON object");
    }
    return o;
}

static enum MHD_Result post_result(sei_station *st, struct MHD_Connection *c, const request *rq)
{
    /* The token was checked on the headers (handler): rq->kiosk. */
    const char *kiosk = rq->kiosk;
    enum MHD_Result ret = MHD_NO;
    cJSON *o = body_json(c, rq, &ret);
    if (!o)
        return ret;
    sei_store_result r;
    char why[256];
    if (sei_results_from_json(o, &r, why, sizeof why)) {
        cJSON_Delete(o);
        return reply_error(c, MHD_HTTP_BAD_REQUEST, why);
    }
    cJSON_Delete(o);
    int64_t id;
    int dup;
    sei_store_status rc = sei_store_receive(st->s, &r, kiosk, &id, &dup);
    if (rc)
        return reply_error(c, status_code(rc), sei_store_errmsg(st->s));
    cJSON *a = cJSON_CreateObject();
    if (a) {
        cJSON_AddNumberToObject(a, "schema", 1);
        cJSON_AddNumberToObject(a, "id", (double)id);
        cJSON_AddStringToObject(a, "uuid", r.uuid);
        cJSON_AddBoolToObject(a, "stored", !dup);
    }
    return reply(c, dup ? MHD_HTTP_OK : MHD_HTTP_CREATED, a);
}

static enum MHD_Result post_enroll(sei_station *st, struct MHD_Connection *c, const request *rq)
{
    enum MHD_Result ret = MHD_NO;
    cJSON *o = body_json(c, rq, &ret);
    if (!o)
        return ret;
    const cJSON *code = cJSON_GetObjectItemCaseSensitive(o, "code"), *name = cJSON_GetObjectItemCaseSensitive(o, "name");
    if (!cJSON_IsString(code) || (name && !cJSON_IsString(name))) {
        cJSON_Delete(o);
        return reply_error(c, MHD_HTTP_BAD_REQUEST, "give \"code\" (and \"name\") as strings");
    }
    char token[SEI_TOKEN_LEN + 1], kiosk[SEI_IDENT_TEXT + 1];
    sei_store_status rc = sei_store_kiosk_redeem(st->s, code->valuestring, name ? name->valuestring : NULL,
                                                 st->p.code_tries, st->p.code_lock_seconds, token, kiosk, sizeof kiosk);
    cJSON_Delete(o);
    if (rc)
        return reply_error(c, rc == SEI_STORE_ERR_AUTH ? MHD_HTTP_UNAUTHORIZED : status_code(rc),
                           sei_store_errmsg(st->s));
    cJSON *a = cJSON_CreateObject();
    if (a) {
        cJSON_AddNumberToObject(a, "schema", 1);
        cJSON_AddStringToObject(a, "name", kiosk);
        cJSON_AddStringToObject(a, "token", token);
    }
    return reply(c, MHD_HTTP_OK, a);
}

/* POST /api/v1/results/UUID/changes: a judge's change made at the kiosk
 * that sent the result (its token checked on the headers: rq->kiosk). */
static enum MHD_Result post_changes(sei_station *st, struct MHD_Connection *c, const char *uuid, const request *rq)
{
    int64_t id;
    char from[SEI_IDENT_TEXT + 1];
    sei_store_status rc = sei_store_find_uuid(st->s, uuid, &id);
    if (!rc)
        rc = sei_store_received_from(st->s, id, from, sizeof from);
    if (rc)
        return reply_error(c, status_code(rc), sei_store_errmsg(st->s));
    if (strcmp(from, rq->kiosk))
        return reply_error(c, MHD_HTTP_FORBIDDEN, "only the kiosk that sent a result sends its changes");
    enum MHD_Result ret = MHD_NO;
    cJSON *o = body_json(c, rq, &ret);
    if (!o)
        return ret;
    const cJSON *schema = cJSON_GetObjectItemCaseSensitive(o, "schema"),
                *through = cJSON_GetObjectItemCaseSensitive(o, "through");
    sei_store_result r;
    memset(&r, 0, sizeof r);
    sei_store_audit *rows = NULL;
    int n = 0;
    char why[256] = "";
    if (!cJSON_IsNumber(schema) || schema->valuedouble != 1)
        snprintf(why, sizeof why, "'schema' is not 1");
    else if (sei_results_change_from_json(cJSON_GetObjectItemCaseSensitive(o, "result"), &r, why, sizeof why))
        ; /* why says it */
    else if (strcmp(r.uuid, uuid))
        snprintf(why, sizeof why, "the result's UUID is not the one in the address");
    else if (sei_results_audit_from_json(cJSON_GetObjectItemCaseSensitive(o, "audit"), SEI_STORE_CHANGES_MAX, &rows,
                                         &n, why, sizeof why))
        ; /* why says it */
    else if (!cJSON_IsNumber(through) || through->valuedouble != (double)rows[n - 1].id)
        snprintf(why, sizeof why, "'through' is not the last audit entry's id");
    cJSON_Delete(o);
    if (why[0]) {
        sei_store_audit_free(rows, n);
        return reply_error(c, MHD_HTTP_BAD_REQUEST, why);
    }
    sei_change_outcome out;
    rc = sei_store_kiosk_change(st->s, rq->kiosk, &r, rows, n, rows[n - 1].id, &out);
    sei_store_audit_free(rows, n);
    if (rc)
        return reply_error(c, status_code(rc), sei_store_errmsg(st->s));
    if (out == SEI_CHANGE_REFUSED)
        return reply_error(c, MHD_HTTP_CONFLICT, sei_store_errmsg(st->s));
    sei_store_result now;
    if ((rc = sei_store_get(st->s, id, &now)))
        return reply_error(c, status_code(rc), sei_store_errmsg(st->s));
    cJSON *a = cJSON_CreateObject();
    if (a) {
        cJSON_AddNumberToObject(a, "schema", 1);
        cJSON_AddBoolToObject(a, "applied", out == SEI_CHANGE_APPLIED);
        cJSON_AddItemToObject(a, "result", sei_results_json(&now, 0));
    }
    sei_store_result_release(&now);
    return reply(c, MHD_HTTP_OK, a);
}

/* POST /api/v1/results/UUID/ACTION: a judge's confirm, void or correct. */
static enum MHD_Result post_judge(sei_station *st, struct MHD_Connection *c, const char *uuid, const char *action,
                                  const request *rq)
{
    const char *pin = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "X-Seichi-PIN");
    if (!pin)
        return reply_error(c, MHD_HTTP_FORBIDDEN, "the judge PIN is needed (X-Seichi-PIN)");
    int64_t id;
    sei_store_status rc = sei_store_find_uuid(st->s, uuid, &id);
    if (rc)
        return reply_error(c, status_code(rc), sei_store_errmsg(st->s));
    enum MHD_Result ret = MHD_NO;
    cJSON *o = body_json(c, rq, &ret);
    if (!o)
        return ret;
    const cJSON *judge = cJSON_GetObjectItemCaseSensitive(o, "judge"), *reason = cJSON_GetObjectItemCaseSensitive(o, "reason");
    char why[256];
    if (!cJSON_IsString(judge) || (reason && !cJSON_IsString(reason))) {
        cJSON_Delete(o);
        return reply_error(c, MHD_HTTP_BAD_REQUEST, "give \"judge\" (and \"reason\") as strings");
    }
    const char *rs = reason ? reason->valuestring : "";
    int changed = 0;
    if (!strcmp(action, "confirm"))
        rc = sei_store_confirm(st->s, id, pin, judge->valuestring, rs);
    else if (!strcmp(action, "void"))
        rc = sei_store_void(st->s, id, pin, judge->valuestring, rs);
    else {
        /* The identity's fields as the command line's options take them. */
        sei_store_change ch;
        memset(&ch, 0, sizeof ch);
        static const char *const fields[][2] = {{"event", "--event"},           {"round", "--round"},
                                                {"table", "--table"},           {"black_player", "--black"},
                                                {"white_player", "--white"},    {"black_id", "--black-id"},
                                                {"white_id", "--white-id"}};
        for (size_t k = 0; k < sizeof fields / sizeof fields[0]; k++) {
            const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, fields[k][0]);
            char num[32];
            const char *text = NULL;
            if (!v)
                continue;
            if (cJSON_IsString(v))
                text = v->valuestring;
            else if (cJSON_IsNumber(v) && fabs(v->valuedouble) < 1e6 && v->valuedouble == floor(v->valuedouble))
                snprintf(num, sizeof num, "%d", (int)v->valuedouble), text = num;
            else if (cJSON_IsNull(v))
                text = "";
            if (!text || sei_ident_option(&ch.ident, &ch.given, fields[k][1], text, why, sizeof why) != 1) {
                if (!text)
                    snprintf(why, sizeof why, "'%s' is not text or a number", fields[k][0]);
                cJSON_Delete(o);
                return reply_error(c, MHD_HTTP_BAD_REQUEST, why);
            }
        }
        const cJSON *res = cJSON_GetObjectItemCaseSensitive(o, "result"), *dead = cJSON_GetObjectItemCaseSensitive(o, "dead");
        if ((res && !cJSON_IsString(res)) || (dead && !cJSON_IsString(dead))) {
            cJSON_Delete(o);
            return reply_error(c, MHD_HTTP_BAD_REQUEST, "\"result\" and \"dead\" are strings");
        }
        ch.result = res ? res->valuestring : NULL;
        ch.dead = dead ? dead->valuestring : NULL;
        rc = sei_store_correct(st->s, id, pin, judge->valuestring, rs, &ch, &changed);
    }
    cJSON_Delete(o);
    if (rc)
        return reply_error(c, status_code(rc), sei_store_errmsg(st->s));
    sei_store_result r;
    if ((rc = sei_store_get(st->s, id, &r)))
        return reply_error(c, status_code(rc), sei_store_errmsg(st->s));
    cJSON *a = cJSON_CreateObject();
    if (a) {
        cJSON_AddNumberToObject(a, "schema", 1);
        cJSON_AddNumberToObject(a, "changed", !strcmp(action, "correct") ? changed : 1);
        cJSON_AddItemToObject(a, "result", sei_results_json(&r, 0));
    }
    sei_store_result_release(&r);
    return reply(c, MHD_HTTP_OK, a);
}

/* GET /api/v1/kiosk: the name the station knows a token's kiosk by
 * (the token checked before, in handler): `results push` asks it when
 * nothing is waiting, so that a wrong token or address is told at once. */
static enum MHD_Result get_kiosk(struct MHD_Connection *c, const request *rq)
{
    cJSON *o = cJSON_CreateObject();
    if (o) {
        cJSON_AddNumberToObject(o, "schema", 1);
        cJSON_AddStringToObject(o, "kiosk", rq->kiosk);
    }
    return reply(c, MHD_HTTP_OK, o);
}

static enum MHD_Result route(sei_station *st, struct MHD_Connection *c, const char *url, const char *method,
                             const request *rq)
{
    enum MHD_Result web;
    if (sei_station_web_route(st->s, c, url, method, &web)) /* the page and its views: station_web.c */
        return web;
    int get = !strcmp(method, MHD_HTTP_METHOD_GET), post = !strcmp(method, MHD_HTTP_METHOD_POST);
    static const char results[] = "/api/v1/results";
    if (!strcmp(url, results)) {
        if (get)
            return get_results(st, c);
        if (post)
            return post_result(st, c, rq);
    } else if (!strcmp(url, "/api/v1/pairing")) {
        if (get)
            return get_pairing(st, c);
    } else if (!strcmp(url, "/api/v1/enroll")) {
        if (post)
            return post_enroll(st, c, rq);
    } else if (!strcmp(url, "/api/v1/kiosk")) {
        if (get)
            return get_kiosk(c, rq);
    } else if (!strncmp(url, results, sizeof results - 1) && url[sizeof results - 1] == '/') {
        const char *u = url + sizeof results;
        const char *slash = strchr(u, '/');
        if (!slash || slash - u != SEI_UUID_LEN)
            return reply_error(c, MHD_HTTP_NOT_FOUND, "no such resource");
        char uuid[SEI_UUID_LEN + 1];
        memcpy(uuid, u, SEI_UUID_LEN);
        uuid[SEI_UUID_LEN] = 0;
        const char *action = slash + 1;
        if (!strcmp(action, "changes")) {
            if (post)
                return post_changes(st, c, uuid, rq);
        } else if (strcmp(action, "confirm") && strcmp(action, "void") && strcmp(action, "correct"))
            return reply_error(c, MHD_HTTP_NOT_FOUND, "no such resource (confirm, void, correct, changes)");
        else if (post)
            return post_judge(st, c, uuid, action, rq);
    } else
        return reply_error(c, MHD_HTTP_NOT_FOUND, "no such resource");
    return reply_error(c, MHD_HTTP_METHOD_NOT_ALLOWED, "method not allowed here");
}

/* /api/v1/results/UUID/changes (a kiosk's token needed)? */
static int kiosk_change_url(const char *url)
{
    static const char results[] = "/api/v1/results/", changes[] = "/changes";
    size_t rl = sizeof results - 1;
    return strlen(url) == rl + SEI_UUID_LEN + sizeof changes - 1 && !strncmp(url, results, rl) &&
           !strcmp(url + rl + SEI_UUID_LEN, changes);
}

static enum MHD_Result handler(void *cls, struct MHD_Connection *c, const char *url, const char *method,
                               const char *version, const char *upload, size_t *upload_size, void **con_cls)
{
    (void)version;
    sei_station *st = cls;
    request *rq = *con_cls;
    if (!rq) {
        /* First call: the headers are in. A body announced too large is
         * refused before it is read. */
        rq = calloc(1, sizeof *rq);
        if (!rq)
            return MHD_NO;
        *con_cls = rq;
        const char *len = MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_LENGTH);
        if (len && strtoull(len, NULL, 10) > st->p.max_body) {
            rq->answered = 1;
            return reply_error(c, MHD_HTTP_CONTENT_TOO_LARGE, "the body is too large");
        }
        /* A result or a kiosk judge's change without a valid token is
         * refused before its body is read: nobody unknown makes the
         * station hold a body. The kiosk's own name, likewise. */
        if ((!strcmp(method, MHD_HTTP_METHOD_POST) && (!strcmp(url, "/api/v1/results") || kiosk_change_url(url))) ||
            (!strcmp(method, MHD_HTTP_METHOD_GET) && !strcmp(url, "/api/v1/kiosk"))) {
            const char *auth = MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_AUTHORIZATION);
            pthread_mutex_lock(&st->lock);
            int known = auth && !strncmp(auth, "Bearer ", 7) &&
                        !sei_store_kiosk_auth(st->s, auth + 7, rq->kiosk, sizeof rq->kiosk);
            pthread_mutex_unlock(&st->lock);
            if (!known) {
                rq->answered = 1;
                return reply_error(c, MHD_HTTP_UNAUTHORIZED, "a kiosk's token is needed (Authorization: Bearer TOKEN)");
            }
        }
        return MHD_YES;
    }
    if (*upload_size) {
        if (rq->answered || rq->too_big || rq->body.len + *upload_size > st->p.max_body)
            rq->too_big |= 1;
        else
            sei_text_put(&rq->body, upload, *upload_size);
        *upload_size = 0;
        return MHD_YES;
    }
    if (rq->answered)
        return MHD_YES;
    if (rq->too_big)
        return reply_error(c, MHD_HTTP_CONTENT_TOO_LARGE, "the body is too large");
    pthread_mutex_lock(&st->lock);
    enum MHD_Result ret = route(st, c, url, method, rq);
    pthread_mutex_unlock(&st->lock);
    return ret;
}

static void completed(void *cls, struct MHD_Connection *c, void **con_cls, enum MHD_RequestTerminationCode toe)
{
    (void)cls, (void)c, (void)toe;
    request *rq = *con_cls;
    if (rq) {
        sei_text_free(&rq->body);
        free(rq);
        *con_cls = NULL;
    }
}

sei_station *sei_station_create(const char *db, const sei_station_params *p, char *err, size_t n)
{
    sei_station *st = calloc(1, sizeof *st);
    if (!st) {
        snprintf(err, n, "out of memory");
        return NULL;
    }
    if (p)
        st->p = *p;
    else
        sei_station_params_default(&st->p);
    struct sockaddr_in sa;
    memset(&sa, 0, sizeof sa);
    sa.sin_family = AF_INET;
    sa.sin_port = htons((uint16_t)st->p.port);
    /* "localhost" is the loopback address, as every tool takes it; other
     * names are not looked up (the desk's address is typed as numbers). */
    const char *addr = st->p.host && !strcasecmp(st->p.host, "localhost") ? "127.0.0.1" : st->p.host ? st->p.host : "";
    if (st->p.port < 0 || st->p.port > 65535 || inet_pton(AF_INET, addr, &sa.sin_addr) != 1) {
        snprintf(err, n, "cannot listen on '%s:%d': give an IPv4 address (or localhost) and a port 0 to 65535",
                 st->p.host ? st->p.host : "", st->p.port);
        free(st);
        return NULL;
    }
    int tls = st->p.tls_cert || st->p.tls_key;
    if (tls && (!st->p.tls_cert || !st->p.tls_key)) {
        snprintf(err, n, "HTTPS needs both the certificate and its private key");
        free(st);
        return NULL;
    }
    if (tls && MHD_is_feature_supported(MHD_FEATURE_TLS) != MHD_YES) {
        snprintf(err, n, "this libmicrohttpd was built without TLS (GnuTLS): it cannot serve HTTPS");
        free(st);
        return NULL;
    }
    /* The TLS options only when serving HTTPS (an array, so that plain
     * HTTP passes none). */
    struct MHD_OptionItem tls_opts[] = {
        {tls ? MHD_OPTION_HTTPS_MEM_CERT : MHD_OPTION_END, 0, (void *)st->p.tls_cert},
        {MHD_OPTION_HTTPS_MEM_KEY, 0, (void *)st->p.tls_key},
        {MHD_OPTION_END, 0, NULL},
    };
    if (!(st->s = sei_store_open(db, err, n))) {
        free(st);
        return NULL;
    }
    pthread_mutex_init(&st->lock, NULL);
    /* The port given here only names it in libmicrohttpd's own messages
     * ("Failed to bind to port 8080"); the socket address says where. */
    st->d = MHD_start_daemon(MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_ERROR_LOG | (tls ? MHD_USE_TLS : 0),
                             (uint16_t)st->p.port, NULL,
                             NULL, handler, st,
                             MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&sa,
                             MHD_OPTION_THREAD_POOL_SIZE, (unsigned)(st->p.threads ? st->p.threads : 1),
                             MHD_OPTION_CONNECTION_LIMIT, st->p.max_connections,
                             MHD_OPTION_PER_IP_CONNECTION_LIMIT, st->p.per_ip,
                             MHD_OPTION_CONNECTION_TIMEOUT, st->p.timeout_s,
                             MHD_OPTION_CONNECTION_MEMORY_LIMIT, st->p.conn_memory,
                             MHD_OPTION_NOTIFY_COMPLETED, completed, st, MHD_OPTION_ARRAY, tls_opts, MHD_OPTION_END);
    if (!st->d) {
        snprintf(err, n, "cannot listen on %s:%d (the port may be taken%s)", st->p.host, st->p.port,
                 tls ? ", or the certificate and key are no PEM pair GnuTLS takes" : "");
        sei_store_close(st->s);
        pthread_mutex_destroy(&st->lock);
        free(st);
        return NULL;
    }
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(st->d, MHD_DAEMON_INFO_BIND_PORT);
    st->port = info ? info->port : st->p.port;
    return st;
}

int sei_station_port(const sei_station *st) { return st ? st->port : 0; }

void sei_station_destroy(sei_station *st)
{
    if (!st)
        return;
    MHD_stop_daemon(st->d);
    sei_store_close(st->s);
    pthread_mutex_destroy(&st->lock);
    free(st);
}

/* ---- lent to the page's views (station_web.h) ------------------------------------- */

enum MHD_Result sei_station_reply(struct MHD_Connection *c, unsigned code, cJSON *o) { return reply(c, code, o); }
enum MHD_Result sei_station_reply_error(struct MHD_Connection *c, unsigned code, const char *msg)
{
    return reply_error(c, code, msg);
}
unsigned sei_station_status_code(sei_store_status st) { return status_code(st); }
int sei_station_query_int(struct MHD_Connection *c, const char *key, int lo, int hi, int *v)
{
    return query_int(c, key, lo, hi, v);
}
void sei_station_player_json(cJSON *o, const char *key, const sei_store_player *p) { player_json(o, key, p); }
