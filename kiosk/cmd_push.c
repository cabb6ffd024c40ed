/* cmd_push.c - `seichi results push`: a kiosk's results sent to the
 * director's station (station.c) with libcurl, each as the JSON `results
 * show --json` prints. The outbox is the store's: a result the station
 * answered 201 (stored) or 200 (it had it) is marked acknowledged and not
 * sent again; the rest wait for the next push. Sending one twice is safe:
 * the station stores a UUID once. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>
#include <curl/curl.h>

#include "store.h"
#include "textbuf.h"

/* Keep the station's answer (its error message) but no more than a page. */
static size_t keep_answer(char *data, size_t size, size_t n, void *cls)
{
    sei_text *t = cls;
    size_t len = size * n;
    if (t->len < 4096)
        sei_text_put(t, data, len < 4096 - t->len ? len : 4096 - t->len);
    return len;
}

/* The station's "error" from an answer, or the answer itself. */
static void answer_error(const sei_text *t, char *buf, size_t n)
{
    cJSON *o = t->p ? cJSON_ParseWithLength(t->p, t->len) : NULL;
    const cJSON *e = cJSON_GetObjectItemCaseSensitive(o, "error");
    snprintf(buf, n, "%s", cJSON_IsString(e) ? e->valuestring : t->p ? t->p : "no answer");
    cJSON_Delete(o);
}

int sei_results_push(sei_store *s, const char *station, const char *token, FILE *out, FILE *err)
{
    return sei_results_push_tls(s, station, token, NULL, out, err);
}

int sei_results_push_tls(sei_store *s, const char *station, const char *token, const char *cacert, FILE *out,
                         FILE *err)
{
    if (strncmp(station, "http://", 7) && strncmp(station, "https://", 8))
        return fprintf(err, "seichi results: --station takes the station's URL, http://HOST:PORT or "
                            "https://HOST:PORT\n"), 2;
    if (cacert && strncmp(station, "https://", 8))
        return fprintf(err, "seichi results: --cacert is for a station served over HTTPS (https://...)\n"), 2;
    if (cacert) {
        /* Read here, so a mistyped name is named as such and not as a
         * certificate the station does not match. */
        char msg[600];
        size_t len;
        char *pem = sei_file_read(cacert, 1 << 20, &len, msg, sizeof msg);
        if (!pem)
            return fprintf(err, "seichi results: --cacert: %s\n", msg), 2;
        int is_pem = strstr(pem, "-----BEGIN CERTIFICATE-----") != NULL;
        free(pem);
        if (!is_pem)
            return fprintf(err, "seichi results: --cacert: %s holds no PEM certificate\n", cacert), 2;
    }
    if (curl_global_init(CURL_GLOBAL_DEFAULT))
        return fprintf(err, "seichi results: cannot start libcurl\n"), 2;
    CURL *curl = curl_easy_init();
    char url[1024], auth[256];
    size_t sl = strlen(station);
    snprintf(url, sizeof url, "%.*s/api/v1/results", (int)(sl && station[sl - 1] == '/' ? sl - 1 : sl), station);
    snprintf(auth, sizeof auth, "Authorization: Bearer %s", token);
    struct curl_slist *hdr = curl_slist_append(NULL, auth);
    hdr = hdr ? curl_slist_append(hdr, "Content-Type: application/json") : NULL;
    sei_store_cursor *c = curl && hdr ? sei_store_list(s, 0) : NULL;
    if (!c) {
        fprintf(err, "seichi results: %s\n", curl && hdr ? sei_store_errmsg(s) : "out of memory");
        curl_slist_free_all(hdr);
        curl_easy_cleanup(curl);
        curl_global_cleanup();
        return 2;
    }
    curl_easy_setopt(curl, CURLOPT_URL, url);
    curl_easy_setopt(curl, CURLOPT_HTTPHEADER, hdr);
    curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT, 5L);
    curl_easy_setopt(curl, CURLOPT_TIMEOUT, 30L);
    curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https");
    /* The station's certificate and name are checked (libcurl's defaults,
     * set here so that no change elsewhere turns them off). */
    curl_easy_setopt(curl, CURLOPT_SSL_VERIFYPEER, 1L);
    curl_easy_setopt(curl, CURLOPT_SSL_VERIFYHOST, 2L);
    if (cacert)
        curl_easy_setopt(curl, CURLOPT_CAINFO, cacert);
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, keep_answer);
    int sent = 0, had = 0, refused = 0, rc = 0;
    int64_t waiting = 0;
    sei_store_result r;
    sei_store_status st;
    while ((st = sei_store_next(c, &r)) == SEI_STORE_OK || st == SEI_STORE_ERR_ROW) {
        if (st == SEI_STORE_ERR_ROW) {
            fprintf(err, "seichi results: not sent: %s\n", sei_store_errmsg(s));
            refused++;
            continue;
        }
        int acked = 0;
        if (r.state == SEI_STATE_VOIDED || sei_store_outbox_sent(s, r.uuid, &acked) || acked || rc) {
            sei_store_result_release(&r);
            continue;
        }
        cJSON *o = sei_results_json(&r, 1);
        char *body = o ? cJSON_PrintUnformatted(o) : NULL;
        cJSON_Delete(o);
        sei_text answer = {0};
        long code = 0;
        CURLcode cr = CURLE_OUT_OF_MEMORY;
        if (body) {
            curl_easy_setopt(curl, CURLOPT_POSTFIELDS, body);
            curl_easy_setopt(curl, CURLOPT_WRITEDATA, &answer);
            cr = curl_easy_perform(curl);
            curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &code);
        }
        char why[512];
        if (cr == CURLE_PEER_FAILED_VERIFICATION || cr == CURLE_SSL_CACERT_BADFILE) {
            fprintf(err, "seichi results: the station %s is not trusted: %s; nothing sent (%s)\n", station,
                    curl_easy_strerror(cr),
                    cacert ? "is --cacert the certificate that signed the station's?"
                           : "give the station's certificate authority with --cacert FILE");
            rc = 6;
        } else if (cr != CURLE_OK) {
            fprintf(err, "seichi results: station %s unreachable: %s; the results not sent wait for the next push\n",
                    station, curl_easy_strerror(cr));
            rc = 5;
        } else if (code == 200 || code == 201) {
            if (sei_store_outbox_ack(s, r.uuid)) {
                fprintf(err, "seichi results: %s\n", sei_store_errmsg(s));
                rc = 2;
            }
            *(code == 201 ? &sent : &had) += 1;
        } else if (code == 401) {
            answer_error(&answer, why, sizeof why);
            fprintf(err, "seichi results: the station refused the token (%s): enrol this kiosk again\n", why);
            rc = 3;
        } else {
            answer_error(&answer, why, sizeof why);
            fprintf(err, "seichi results: result %" PRId64 " (%s) refused by the station (HTTP %ld): %s\n", r.id,
                    r.uuid, code, why);
            refused++;
        }
        free(body);
        sei_text_free(&answer);
        sei_store_result_release(&r);
    }
    if (st != SEI_STORE_DONE && !rc)
        rc = (fprintf(err, "seichi results: %s\n", sei_store_errmsg(s)), 2);
    sei_store_cursor_close(c);
    curl_slist_free_all(hdr);
    curl_easy_cleanup(curl);
    curl_global_cleanup();
    sei_store_outbox_count(s, &waiting);
    fprintf(out, "%d result%s sent, %d the station had already, %d refused; %" PRId64 " waiting\n", sent,
            sent == 1 ? "" : "s", had, refused, waiting);
    return rc ? rc : refused ? 1 : 0;
}
