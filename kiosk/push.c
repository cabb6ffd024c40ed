/* push.c - a kiosk talking to the director's station: the outbox sender
 * shared by `seichi results push` and the kiosk, the pairing code
 * exchanged for a token, a table's pairing fetched, and the kiosk's worker
 * thread doing them in the background (push.h). */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cjson/cJSON.h>
#include <curl/curl.h>
#include <sodium.h>

#include "push.h"
#include "textbuf.h"

void sei_push_params_default(sei_push_params *p)
{
    p->connect_ms = 3000;
    p->timeout_ms = 20000;
    p->retry_min_ms = 2000;
    p->retry_max_ms = 60000;
    p->recheck_ms = 30000;
    p->pairing_ms = 60000;
    p->stop = NULL;
    p->cacert = NULL;
}

int sei_push_url(const char *typed, char *url, size_t un, char *why, size_t n)
{
    const char *host = typed;
    const char *scheme = "http://";
    if (!strncmp(typed, "http://", 7))
        host = typed + 7;
    else if (!strncmp(typed, "https://", 8))
        host = typed + 8, scheme = "https://";
    else if (strstr(typed, "://"))
        return snprintf(why, n, "the station's address is http://HOST:PORT or HOST:PORT"), -1;
    size_t len = strlen(host);
    while (len && host[len - 1] == '/')
        len--;
    if (!len)
        return snprintf(why, n, "no station address given (HOST:PORT)"), -1;
    for (size_t i = 0; i < len; i++)
        if ((unsigned char)host[i] <= ' ' || host[i] == 0x7f)
            return snprintf(why, n, "the station's address has a space or a control character"), -1;
    if (strlen(scheme) + len + 1 > un || len > 200)
        return snprintf(why, n, "the station's address is too long"), -1;
    snprintf(url, un, "%s%.*s", scheme, (int)len, host);
    return 0;
}

/* ---- requests ------------------------------------------------------------------ */

/* One connection to the station: an easy handle kept across requests (one
 * TCP connection for a whole push) with the token's header, if any. */
typedef struct {
    CURL *curl;
    struct curl_slist *hdr;
} conn;

/* Keep the station's answer, but no more than 64 KiB (a pairing is < 2 KiB). */
static size_t keep_answer(char *data, size_t size, size_t n, void *cls)
{
    sei_text *t = cls;
    size_t len = size * n, cap = 65536;
    if (t->len < cap)
        sei_text_put(t, data, len < cap - t->len ? len : cap - t->len);
    return len;
}

/* libcurl's progress callback: non-zero gives the transfer up. */
static int stop_asked(void *cls, curl_off_t dt, curl_off_t dn, curl_off_t ut, curl_off_t un)
{
    (void)dt, (void)dn, (void)ut, (void)un;
    return __atomic_load_n((const int *)cls, __ATOMIC_RELAXED) != 0;
}

static int conn_open(conn *k, const sei_push_params *p, const char *token)
{
    memset(k, 0, sizeof *k);
    k->curl = curl_easy_init();
    k->hdr = curl_slist_append(NULL, "Content-Type: application/json");
    if (token && k->hdr) {
        char auth[SEI_TOKEN_LEN + 64];
        snprintf(auth, sizeof auth, "Authorization: Bearer %s", token);
        struct curl_slist *h = curl_slist_append(k->hdr, auth);
        sodium_memzero(auth, sizeof auth);
        if (!h) {
            curl_slist_free_all(k->hdr);
            k->hdr = NULL;
        } else
            k->hdr = h;
    }
    if (!k->curl || !k->hdr)
        return -1;
    curl_easy_setopt(k->curl, CURLOPT_HTTPHEADER, k->hdr);
    curl_easy_setopt(k->curl, CURLOPT_CONNECTTIMEOUT_MS, p->connect_ms);
    curl_easy_setopt(k->curl, CURLOPT_TIMEOUT_MS, p->timeout_ms);
    curl_easy_setopt(k->curl, CURLOPT_NOSIGNAL, 1L); /* a worker thread: no SIGALRM for timeouts */
    curl_easy_setopt(k->curl, CURLOPT_PROTOCOLS_STR, "http,https");
    /* The station's certificate and name are checked (libcurl's defaults,
     * set here so that no change elsewhere turns them off). */
    curl_easy_setopt(k->curl, CURLOPT_SSL_VERIFYPEER, 1L);
    curl_easy_setopt(k->curl, CURLOPT_SSL_VERIFYHOST, 2L);
    if (p->cacert)
        curl_easy_setopt(k->curl, CURLOPT_CAINFO, p->cacert);
    curl_easy_setopt(k->curl, CURLOPT_WRITEFUNCTION, keep_answer);
    if (p->stop) {
        curl_easy_setopt(k->curl, CURLOPT_XFERINFOFUNCTION, stop_asked);
        curl_easy_setopt(k->curl, CURLOPT_XFERINFODATA, (void *)p->stop);
        curl_easy_setopt(k->curl, CURLOPT_NOPROGRESS, 0L);
    }
    return 0;
}

static void conn_close(conn *k)
{
    /* The header list holds the token: cleared before it is freed. */
    for (struct curl_slist *h = k->hdr; h; h = h->next)
        sodium_memzero(h->data, strlen(h->data));
    curl_slist_free_all(k->hdr);
    curl_easy_cleanup(k->curl);
}

/* GET url (body NULL) or POST body: the HTTP status into *code and the
 * answer into *ans. SEI_PUSH_UNREACHABLE with curl's reason when no answer came. */
static sei_push_status request(conn *k, const char *url, const char *body, long *code, sei_text *ans, char *err,
                               size_t n)
{
    curl_easy_setopt(k->curl, CURLOPT_URL, url);
    if (body)
        curl_easy_setopt(k->curl, CURLOPT_POSTFIELDS, body);
    else
        curl_easy_setopt(k->curl, CURLOPT_HTTPGET, 1L);
    curl_easy_setopt(k->curl, CURLOPT_WRITEDATA, ans);
    *code = 0;
    CURLcode cr = curl_easy_perform(k->curl);
    if (cr == CURLE_PEER_FAILED_VERIFICATION || cr == CURLE_SSL_CACERT_BADFILE)
        return snprintf(err, n, "%s", curl_easy_strerror(cr)), SEI_PUSH_UNTRUSTED;
    if (cr != CURLE_OK)
        return snprintf(err, n, "%s", curl_easy_strerror(cr)), cr == CURLE_OUT_OF_MEMORY ? SEI_PUSH_NOMEM
                                                                                          : SEI_PUSH_UNREACHABLE;
    curl_easy_getinfo(k->curl, CURLINFO_RESPONSE_CODE, code);
    return SEI_PUSH_OK;
}

/* The station's "error" from an answer, or the answer itself. */
static void answer_error(const sei_text *t, char *buf, size_t n)
{
    cJSON *o = t->p ? cJSON_ParseWithLength(t->p, t->len) : NULL;
    const cJSON *e = cJSON_GetObjectItemCaseSensitive(o, "error");
    snprintf(buf, n, "%s", cJSON_IsString(e) ? e->valuestring : t->p ? t->p : "no answer");
    cJSON_Delete(o);
}

static void api_url(char *out, size_t n, const char *url, const char *path) { snprintf(out, n, "%s/api/v1/%s", url, path); }

/* ---- the outbox ---------------------------------------------------------------- */

/* The body of POST /results/UUID/changes: the result as it is now, the
 * audit entries rows[0..n) the station has not taken, and the last one's
 * id. NULL out of memory. */
static char *changes_body(const sei_store_result *r, const sei_store_audit *rows, int n)
{
    cJSON *o = cJSON_CreateObject(), *trail = cJSON_CreateObject();
    char *body = NULL;
    /* The entries as `results audit --json` writes them (one writer). */
    if (o && trail && cJSON_AddNumberToObject(o, "schema", 1) &&
        cJSON_AddItemToObject(o, "result", sei_results_json(r, 1)) && !sei_results_audit_json(trail, r, rows, n)) {
        cJSON *entries = cJSON_DetachItemFromObjectCaseSensitive(trail, "audit");
        if (entries && !cJSON_AddItemToObject(o, "audit", entries))
            cJSON_Delete(entries);
        else if (entries && cJSON_AddNumberToObject(o, "through", (double)rows[n - 1].id))
            body = cJSON_PrintUnformatted(o);
    }
    cJSON_Delete(trail);
    cJSON_Delete(o);
    return body;
}

sei_push_status sei_push_outbox(sei_store *s, const char *url, const char *token, const sei_push_params *p,
                                sei_push_tally *t, FILE *log, const char *who, char *err, size_t n)
{
    sei_push_tally tally = {0};
    /* Nothing waiting (the kiosk's usual case): no listing, no connection. */
    if (sei_store_outbox_count(s, &tally.waiting) == SEI_STORE_OK && tally.waiting == 0) {
        if (t)
            *t = tally;
        return SEI_PUSH_OK;
    }
    conn k;
    char target[512];
    api_url(target, sizeof target, url, "results");
    sei_store_cursor *c = NULL;
    if (conn_open(&k, p, token) || !(c = sei_store_list(s, 0))) {
        int db = k.curl && k.hdr;
        snprintf(err, n, "%s", db ? sei_store_errmsg(s) : "out of memory");
        if (log)
            fprintf(log, "%s: %s\n", who, err);
        conn_close(&k);
        if (t)
            *t = tally;
        return db ? SEI_PUSH_DB : SEI_PUSH_NOMEM;
    }
    sei_push_status rc = SEI_PUSH_OK;
    sei_store_result r;
    sei_store_status st;
    err[0] = 0;
    /* The results listed first, the listing closed, then each read again
     * and sent: a listing open across the writes below holds a read
     * snapshot, and another program's write meanwhile (a second push, a
     * result saved) would make each of them fail at once ("database is
     * locked") where a write outside one waits its turn. */
    int64_t *ids = NULL;
    size_t nids = 0, cap = 0;
    while ((st = sei_store_next(c, &r)) == SEI_STORE_OK || st == SEI_STORE_ERR_ROW) {
        if (st == SEI_STORE_ERR_ROW) {
            if (log)
                fprintf(log, "%s: not sent: %s\n", who, sei_store_errmsg(s));
            tally.refused++;
            continue;
        }
        if (nids == cap) {
            int64_t *more = realloc(ids, sizeof *ids * (cap = cap ? 2 * cap : 64));
            if (!more) {
                sei_store_result_release(&r);
                st = SEI_STORE_ERR_NOMEM;
                break;
            }
            ids = more;
        }
        ids[nids++] = r.id;
        sei_store_result_release(&r);
    }
    sei_store_cursor_close(c);
    if (st != SEI_STORE_DONE) {
        snprintf(err, n, "%s", st == SEI_STORE_ERR_NOMEM ? "out of memory" : sei_store_errmsg(s));
        if (log)
            fprintf(log, "%s: %s\n", who, err);
        rc = st == SEI_STORE_ERR_NOMEM ? SEI_PUSH_NOMEM : SEI_PUSH_DB;
    }
    for (size_t i = 0; i < nids && !rc; i++) {
        if ((st = sei_store_get(s, ids[i], &r)) != SEI_STORE_OK) {
            if (st == SEI_STORE_ERR_NOTFOUND)
                continue; /* gone since the listing */
            snprintf(err, n, "%s", sei_store_errmsg(s));
            if (log)
                fprintf(log, "%s: %s\n", who, err);
            rc = SEI_PUSH_DB;
            break;
        }
        int sent = 0;
        int64_t through = 0;
        /* Never sent: the result (a voided one never). Sent, with audit
         * rows the station has not taken: a judge's change, as the result
         * now and those rows. */
        if (rc || sei_store_outbox_mark(s, r.uuid, &sent, &through) || (!sent && r.state == SEI_STATE_VOIDED) ||
            (sent && r.audit_last <= through)) {
            sei_store_result_release(&r);
            continue;
        }
        sei_store_audit *rows = NULL;
        int nrows = 0;
        char *body = NULL, path[128];
        if (!sent) {
            cJSON *o = sei_results_json(&r, 1);
            body = o ? cJSON_PrintUnformatted(o) : NULL;
            cJSON_Delete(o);
            /* The station has the rows up to now in the result itself. */
            through = r.audit_last;
        } else if (sei_store_audit_since(s, r.id, through, &rows, &nrows) || !nrows) {
            if (log && !nrows)
                fprintf(log, "%s: result %" PRId64 " (%s): its audit trail not read: %s\n", who, r.id, r.uuid,
                        sei_store_errmsg(s));
            sei_store_result_release(&r);
            continue;
        } else {
            /* At most the station's cap: the rest in the next request. */
            int nsend = nrows > SEI_STORE_CHANGES_MAX ? SEI_STORE_CHANGES_MAX : nrows;
            body = changes_body(&r, rows, nsend);
            through = rows[nsend - 1].id;
        }
        snprintf(path, sizeof path, "results/%s/changes", r.uuid);
        char changes[700];
        api_url(changes, sizeof changes, url, path);
        sei_text answer = {0};
        long code = 0;
        char why[512];
        sei_push_status q = body ? request(&k, sent ? changes : target, body, &code, &answer, why, sizeof why)
                                 : SEI_PUSH_NOMEM;
        if (q == SEI_PUSH_UNTRUSTED) {
            snprintf(err, n, "the station %s is not trusted: %s; nothing sent (%s)", url, why,
                     p->cacert ? "is --cacert the certificate that signed the station's?"
                               : "give the station's certificate authority with --cacert FILE");
            if (log)
                fprintf(log, "%s: %s\n", who, err);
            rc = q;
        } else if (q != SEI_PUSH_OK) {
            snprintf(err, n, "station %s unreachable: %s", url, body ? why : "out of memory");
            if (log)
                fprintf(log, "%s: %s; the results not sent wait for the next push\n", who, err);
            rc = q;
        } else if (code == 200 || code == 201 || (sent && code == 409)) {
            /* 409: the station recorded the change but did not apply it (a
             * judge there changed the result first): marked, so it is not
             * sent again and again, and said. */
            if (sei_store_outbox_ack(s, r.uuid, through)) {
                snprintf(err, n, "%s", sei_store_errmsg(s));
                if (log)
                    fprintf(log, "%s: %s\n", who, err);
                rc = SEI_PUSH_DB;
            }
            if (code == 409) {
                answer_error(&answer, why, sizeof why);
                if (log)
                    fprintf(log, "%s: result %" PRId64 " (%s): the station did not apply the judge's change: %s\n",
                            who, r.id, r.uuid, why);
                tally.conflicts++;
            } else if (sent)
                tally.changes++;
            else
                *(code == 201 ? &tally.sent : &tally.had) += 1;
        } else if (code == 401) {
            answer_error(&answer, why, sizeof why);
            snprintf(err, n, "the station refused the token (%s): enrol this kiosk again", why);
            if (log)
                fprintf(log, "%s: %s\n", who, err);
            rc = SEI_PUSH_AUTH;
        } else {
            answer_error(&answer, why, sizeof why);
            if (log)
                fprintf(log, "%s: result %" PRId64 " (%s)%s refused by the station (HTTP %ld): %s\n", who, r.id,
                        r.uuid, sent ? ": the judge's change" : "", code, why);
            tally.refused++;
        }
        free(body);
        sei_store_audit_free(rows, nrows);
        sei_text_free(&answer);
        sei_store_result_release(&r);
    }
    free(ids);
    conn_close(&k);
    sei_store_outbox_count(s, &tally.waiting);
    if (t)
        *t = tally;
    if (!rc && tally.refused)
        snprintf(err, n, "%d result%s refused by the station", tally.refused, tally.refused == 1 ? "" : "s");
    return rc ? rc : tally.refused ? SEI_PUSH_REFUSED : SEI_PUSH_OK;
}

/* ---- enrolment and pairing ------------------------------------------------------- */

/* An answer that is a JSON object, or NULL. */
static cJSON *answer_json(const sei_text *t) { return t->p ? cJSON_ParseWithLength(t->p, t->len) : NULL; }

/* One request of its own connection: GET the API's path (body NULL) or
 * POST body, with token when not NULL. The HTTP status into *http and the
 * answer into *ans; SEI_PUSH_UNREACHABLE when no answer came and
 * SEI_PUSH_UNTRUSTED for a certificate not trusted, each said in err. */
static sei_push_status ask(const char *url, const char *path, const char *token, const char *body,
                           const sei_push_params *p, long *http, sei_text *ans, char *err, size_t n)
{
    conn k;
    *http = 0;
    if (conn_open(&k, p, token)) {
        conn_close(&k);
        return snprintf(err, n, "out of memory"), SEI_PUSH_NOMEM;
    }
    char target[512], why[256];
    api_url(target, sizeof target, url, path);
    sei_push_status rc = request(&k, target, body, http, ans, why, sizeof why);
    conn_close(&k);
    if (rc == SEI_PUSH_UNTRUSTED)
        snprintf(err, n, "the station %s is not trusted: %s (%s)", url, why,
                 p->cacert ? "is --cacert the certificate that signed the station's?"
                           : "give the station's certificate authority with --cacert FILE");
    else if (rc)
        snprintf(err, n, "station %s unreachable: %s", url, why);
    return rc;
}

sei_push_status sei_push_enroll(const char *url, const char *code, const sei_push_params *p, char *token, char *name,
                                size_t nn, char *err, size_t n)
{
    if (strlen(code) != SEI_CODE_LEN || strspn(code, "0123456789") != SEI_CODE_LEN)
        return snprintf(err, n, "a pairing code is %d digits", SEI_CODE_LEN), SEI_PUSH_ARG;
    char body[64], why[256];
    snprintf(body, sizeof body, "{\"code\":\"%s\"}", code);
    sei_text ans = {0};
    long http;
    sei_push_status rc = ask(url, "enroll", NULL, body, p, &http, &ans, err, n);
    if (!rc && http == 200) {
        cJSON *o = answer_json(&ans);
        const cJSON *tk = cJSON_GetObjectItemCaseSensitive(o, "token");
        const cJSON *nm = cJSON_GetObjectItemCaseSensitive(o, "name");
        if (cJSON_IsString(tk) && strlen(tk->valuestring) == SEI_TOKEN_LEN &&
            strspn(tk->valuestring, "0123456789abcdef") == SEI_TOKEN_LEN && cJSON_IsString(nm) &&
            sei_ident_text_ok(nm->valuestring, SEI_IDENT_TEXT, NULL, 0) == 0) {
            memcpy(token, tk->valuestring, SEI_TOKEN_LEN + 1);
            snprintf(name, nn, "%s", nm->valuestring);
            sodium_memzero(tk->valuestring, SEI_TOKEN_LEN);
        } else
            rc = SEI_PUSH_PROTOCOL, snprintf(err, n, "the station's answer has no token");
        cJSON_Delete(o);
    } else if (!rc) {
        answer_error(&ans, why, sizeof why);
        rc = http == 401 ? SEI_PUSH_AUTH : http == 429 ? SEI_PUSH_LOCKED : SEI_PUSH_PROTOCOL;
        snprintf(err, n, "%s", why);
    }
    if (ans.p)
        sodium_memzero(ans.p, ans.len);
    sei_text_free(&ans);
    return rc;
}

/* A string field of a player into out (cap bytes), checked as a name. */
static int player_field(const cJSON *o, const char *key, char *out, size_t cap)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    if (!v) {
        out[0] = 0;
        return 0;
    }
    if (!cJSON_IsString(v) || sei_ident_text_ok(v->valuestring, cap - 1, NULL, 0))
        return -1;
    memcpy(out, v->valuestring, strlen(v->valuestring) + 1);
    return 0;
}

static int player_from(const cJSON *o, sei_store_player *p)
{
    memset(p, 0, sizeof *p);
    if (cJSON_IsNull(o))
        return 0;
    if (!cJSON_IsObject(o))
        return -1;
    p->known = 1;
    return player_field(o, "name", p->name, sizeof p->name) || player_field(o, "first_name", p->first_name, sizeof p->first_name) ||
                   player_field(o, "rank", p->rank, sizeof p->rank) || player_field(o, "club", p->club, sizeof p->club) ||
                   player_field(o, "country", p->country, sizeof p->country) ||
                   player_field(o, "egf_pin", p->egf_pin, sizeof p->egf_pin) ||
                   player_field(o, "aga_id", p->aga_id, sizeof p->aga_id)
               ? -1
               : 0;
}

static int int_field(const cJSON *o, const char *key, int lo, int hi, int *v)
{
    const cJSON *j = cJSON_GetObjectItemCaseSensitive(o, key);
    if (!cJSON_IsNumber(j) || j->valuedouble < lo || j->valuedouble > hi || j->valuedouble != (int)j->valuedouble)
        return -1;
    *v = (int)j->valuedouble;
    return 0;
}

sei_push_status sei_push_pairing(const char *url, int table, const sei_push_params *p, sei_store_pairing *out,
                                 char *err, size_t n)
{
    if (table < 1 || table > SEI_IDENT_MAX_TABLE)
        return snprintf(err, n, "a table is 1 to %d", SEI_IDENT_MAX_TABLE), SEI_PUSH_ARG;
    char path[64], why[256];
    snprintf(path, sizeof path, "pairing?table=%d", table);
    sei_text ans = {0};
    long http;
    sei_push_status rc = ask(url, path, NULL, NULL, p, &http, &ans, err, n);
    if (!rc && http == 200) {
        cJSON *o = answer_json(&ans);
        memset(out, 0, sizeof *out);
        if (int_field(o, "round", 1, SEI_IDENT_MAX_ROUND, &out->round) ||
            int_field(o, "table", table, table, &out->table) || int_field(o, "handicap", 0, 9, &out->handicap) ||
            player_from(cJSON_GetObjectItemCaseSensitive(o, "black"), &out->black) ||
            player_from(cJSON_GetObjectItemCaseSensitive(o, "white"), &out->white))
            rc = SEI_PUSH_PROTOCOL, snprintf(err, n, "the station's pairing is not one the API gives");
        cJSON_Delete(o);
    } else if (!rc) {
        answer_error(&ans, why, sizeof why);
        rc = http == 404 ? SEI_PUSH_NOTFOUND : SEI_PUSH_PROTOCOL;
        snprintf(err, n, "%s", why);
    }
    sei_text_free(&ans);
    return rc;
}

sei_push_status sei_push_check(const char *url, const char *token, const sei_push_params *p, char *kiosk, size_t kn,
                               char *err, size_t n)
{
    char why[256];
    sei_text ans = {0};
    long http;
    sei_push_status rc = ask(url, "kiosk", token, NULL, p, &http, &ans, err, n);
    if (!rc && http == 200) {
        /* The name checked as a pairing's names are: a station's text on the kiosk's screen. */
        cJSON *o = answer_json(&ans);
        if (player_field(o, "kiosk", kiosk, kn) || !kiosk[0])
            rc = SEI_PUSH_PROTOCOL, snprintf(err, n, "the station's answer is not one the API gives");
        cJSON_Delete(o);
    } else if (!rc && (http == 404 || http == 405)) {
        /* A station older than the question: it cannot say, which is no
         * failure (its kiosks' results are still taken). */
        kiosk[0] = 0;
        rc = SEI_PUSH_NOTFOUND;
        snprintf(err, n, "the station at %s does not say which kiosk the token is (HTTP %ld)", url, http);
    } else if (!rc) {
        answer_error(&ans, why, sizeof why);
        rc = http == 401 ? SEI_PUSH_AUTH : SEI_PUSH_PROTOCOL;
        if (http == 401)
            snprintf(err, n, "the station refused the token (%s): enrol this kiosk again", why);
        else
            snprintf(err, n, "the station's answer is not the API's (HTTP %ld)", http);
    }
    sei_text_free(&ans);
    return rc;
}

/* ---- the kiosk's worker --------------------------------------------------------- */

struct sei_pusher {
    sei_push_params p;
    sei_store *s;                    /* the worker's own connection */
    pthread_t thread;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    int stop, kicked, forget, table;
    char enroll_typed[256], enroll_code[SEI_CODE_LEN + 1];
    int enroll_asked;
    sei_pusher_state st;             /* what the screens see, under mu */
};

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1000.0 + t.tv_nsec / 1e6;
}

int sei_push_kept(sei_store *s, char *typed, size_t tn, char *url, size_t un, char *kiosk, size_t kn, char *token)
{
    char why[200];
    token[0] = 0;
    if (sei_store_setting_get(s, "station", typed, tn) || !typed[0] || sei_push_url(typed, url, un, why, sizeof why))
        return -1;
    if (sei_store_setting_get(s, "station_kiosk", kiosk, kn))
        kiosk[0] = 0;
    if (sei_store_setting_get(s, "station_token", token, SEI_TOKEN_LEN + 1) || strlen(token) != SEI_TOKEN_LEN)
        return -1;
    return 0;
}

static void *worker(void *cls)
{
    sei_pusher *w = cls;
    double next_push = 0, next_pairing = 0, retry = w->p.retry_min_ms;
    int last_table = 0;
    pthread_mutex_lock(&w->mu);
    while (!w->stop) {
        int kicked = w->kicked, forget = w->forget, enroll = w->enroll_asked, table = w->table;
        char typed_new[256], code[SEI_CODE_LEN + 1];
        snprintf(typed_new, sizeof typed_new, "%s", w->enroll_typed);
        snprintf(code, sizeof code, "%s", w->enroll_code);
        sodium_memzero(w->enroll_code, sizeof w->enroll_code);
        w->kicked = w->forget = w->enroll_asked = 0;
        pthread_mutex_unlock(&w->mu);

        /* The network and the database, without the lock: the screens
         * only ever wait for a copy of the state. */
        char why[512] = "";
        if (forget) {
            sei_store_setting_set(w->s, "station_token", "");
            sei_store_setting_set(w->s, "station", "");
            sei_store_setting_set(w->s, "station_kiosk", "");
        }
        sei_push_status es = SEI_PUSH_OK;
        if (enroll) {
            char url[300], token[SEI_TOKEN_LEN + 1], name[SEI_IDENT_TEXT + 1];
            es = sei_push_url(typed_new, url, sizeof url, why, sizeof why) ? SEI_PUSH_ARG
                 : sei_push_enroll(url, code, &w->p, token, name, sizeof name, why, sizeof why);
            if (!es && (sei_store_setting_set(w->s, "station", typed_new) ||
                        sei_store_setting_set(w->s, "station_kiosk", name) ||
                        sei_store_setting_set(w->s, "station_token", token))) {
                es = SEI_PUSH_DB;
                snprintf(why, sizeof why, "%s", sei_store_errmsg(w->s));
            }
            sodium_memzero(token, sizeof token);
            sodium_memzero(code, sizeof code);
            if (es)
                fprintf(stderr, "seichi kiosk: pairing with the station at %s: %s\n", typed_new, why);
            kicked = 1; /* paired: send what waits, fetch the pairing */
        }
        char typed[256], url[300], kiosk[SEI_IDENT_TEXT + 1], token[SEI_TOKEN_LEN + 1];
        int paired = sei_push_kept(w->s, typed, sizeof typed, url, sizeof url, kiosk, sizeof kiosk, token) == 0;
        double now = now_ms();
        int64_t waiting = -1;
        sei_push_status last = SEI_PUSH_OK;
        int pushed = 0;
        if (paired && (kicked || now >= next_push)) {
            sei_push_tally t;
            last = sei_push_outbox(w->s, url, token, &w->p, &t, stderr, "seichi kiosk", why, sizeof why);
            pushed = 1;
            waiting = t.waiting;
            if (last == SEI_PUSH_UNREACHABLE || last == SEI_PUSH_NOMEM || last == SEI_PUSH_DB) {
                next_push = now_ms() + retry;
                retry = retry * 2 < w->p.retry_max_ms ? retry * 2 : w->p.retry_max_ms;
            } else {
                retry = w->p.retry_min_ms;
                next_push = now_ms() + w->p.recheck_ms;
            }
        } else if (sei_store_outbox_count(w->s, &waiting))
            waiting = -1;
        int fetched = 0, found = 0;
        sei_store_pairing pairing;
        if (paired && table > 0 && (kicked || table != last_table || now >= next_pairing)) {
            char pwhy[256];
            sei_push_status ps = sei_push_pairing(url, table, &w->p, &pairing, pwhy, sizeof pwhy);
            fetched = ps == SEI_PUSH_OK || ps == SEI_PUSH_NOTFOUND;
            found = ps == SEI_PUSH_OK;
            last_table = table;
            /* No answer: again with the push's pause; any answer (an older
             * station that wants the round too): at the usual pace. */
            next_pairing = now_ms() + (ps == SEI_PUSH_UNREACHABLE ? retry : w->p.pairing_ms);
        }
        sodium_memzero(token, sizeof token);

        pthread_mutex_lock(&w->mu);
        w->st.paired = paired;
        snprintf(w->st.station, sizeof w->st.station, "%s", paired ? typed : "");
        snprintf(w->st.kiosk, sizeof w->st.kiosk, "%s", paired ? kiosk : "");
        w->st.waiting = waiting;
        if (pushed)
            w->st.last = last;
        else if (!paired)
            w->st.last = SEI_PUSH_OK;
        if (enroll) {
            w->st.enroll_done++;
            w->st.enroll_status = es;
            snprintf(w->st.enroll_why, sizeof w->st.enroll_why, "%.*s", (int)sizeof w->st.enroll_why - 1, es ? why : "");
        }
        if (fetched) {
            w->st.pairing_gen++;
            w->st.pairing_found = found;
            if (found)
                w->st.pairing = pairing;
        }
        if (w->stop || w->kicked || w->forget || w->enroll_asked)
            continue;
        /* Sleep until the next push or fetch is due, or a kick. */
        double due = paired ? next_push : now_ms() + w->p.recheck_ms;
        if (paired && w->table > 0 && next_pairing < due)
            due = next_pairing;
        double wait = due - now_ms();
        if (wait > 0) {
            struct timespec ts;
            clock_gettime(CLOCK_MONOTONIC, &ts);
            long long ns = ts.tv_nsec + (long long)(wait * 1e6);
            ts.tv_sec += ns / 1000000000LL;
            ts.tv_nsec = ns % 1000000000LL;
            pthread_cond_timedwait(&w->cv, &w->mu, &ts);
        }
    }
    pthread_mutex_unlock(&w->mu);
    return NULL;
}

sei_pusher *sei_pusher_create(const char *db_path, const sei_push_params *p, char *err, size_t n)
{
    sei_pusher *w = calloc(1, sizeof *w);
    if (!w)
        return snprintf(err, n, "out of memory"), NULL;
    if (p)
        w->p = *p;
    else
        sei_push_params_default(&w->p);
    w->st.waiting = -1;
    w->p.stop = &w->stop;
    /* libcurl's global start is not thread-safe: done here, on the caller's thread. */
    if (curl_global_init(CURL_GLOBAL_DEFAULT)) {
        free(w);
        return snprintf(err, n, "cannot start libcurl"), NULL;
    }
    w->s = sei_store_open(db_path, err, n);
    if (!w->s) {
        curl_global_cleanup();
        free(w);
        return NULL;
    }
    pthread_condattr_t ca;
    pthread_condattr_init(&ca);
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
    pthread_mutex_init(&w->mu, NULL);
    pthread_cond_init(&w->cv, &ca);
    pthread_condattr_destroy(&ca);
    int e = pthread_create(&w->thread, NULL, worker, w);
    if (e) {
        snprintf(err, n, "cannot start the station's worker: %s", strerror(e));
        pthread_cond_destroy(&w->cv);
        pthread_mutex_destroy(&w->mu);
        sei_store_close(w->s);
        curl_global_cleanup();
        free(w);
        return NULL;
    }
    return w;
}

void sei_pusher_destroy(sei_pusher *w)
{
    if (!w)
        return;
    pthread_mutex_lock(&w->mu);
    __atomic_store_n(&w->stop, 1, __ATOMIC_RELAXED); /* read by a request under way, without the lock */
    pthread_cond_signal(&w->cv);
    pthread_mutex_unlock(&w->mu);
    pthread_join(w->thread, NULL);
    pthread_cond_destroy(&w->cv);
    pthread_mutex_destroy(&w->mu);
    sei_store_close(w->s);
    curl_global_cleanup();
    sodium_memzero(w, sizeof *w);
    free(w);
}

void sei_pusher_kick(sei_pusher *w, int table)
{
    if (!w)
        return;
    pthread_mutex_lock(&w->mu);
    w->kicked = 1;
    w->table = table;
    pthread_cond_signal(&w->cv);
    pthread_mutex_unlock(&w->mu);
}

void sei_pusher_enroll(sei_pusher *w, const char *typed, const char *code)
{
    if (!w)
        return;
    pthread_mutex_lock(&w->mu);
    snprintf(w->enroll_typed, sizeof w->enroll_typed, "%s", typed);
    snprintf(w->enroll_code, sizeof w->enroll_code, "%s", code);
    w->enroll_asked = 1;
    pthread_cond_signal(&w->cv);
    pthread_mutex_unlock(&w->mu);
}

void sei_pusher_forget(sei_pusher *w)
{
    if (!w)
        return;
    pthread_mutex_lock(&w->mu);
    w->forget = 1;
    pthread_cond_signal(&w->cv);
    pthread_mutex_unlock(&w->mu);
}

void sei_pusher_get(sei_pusher *w, sei_pusher_state *out)
{
    if (!w) {
        memset(out, 0, sizeof *out);
        out->waiting = -1;
        return;
    }
    pthread_mutex_lock(&w->mu);
    *out = w->st;
    pthread_mutex_unlock(&w->mu);
}
