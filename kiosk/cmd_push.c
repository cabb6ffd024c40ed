/* cmd_push.c - `seichi results push`: a kiosk's results sent to the
 * director's station by the outbox sender the kiosk uses too
 * (push.c), with the tally and exit status of the command line. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include <curl/curl.h>

#include "push.h"
#include "store.h"
#include "textbuf.h"

int sei_results_push(sei_store *s, const char *station, const char *token, FILE *out, FILE *err)
{
    return sei_results_push_tls(s, station, token, NULL, out, err);
}

int sei_results_push_tls(sei_store *s, const char *station, const char *token, const char *cacert, FILE *out,
                         FILE *err)
{
    char url[512], why[512];
    if ((strncmp(station, "http://", 7) && strncmp(station, "https://", 8)) ||
        sei_push_url(station, url, sizeof url, why, sizeof why))
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
    sei_push_params p;
    sei_push_params_default(&p);
    p.connect_ms = 5000;
    p.timeout_ms = 30000;
    p.cacert = cacert;
    sei_push_tally t = {0};
    sei_push_status st = sei_push_outbox(s, url, token, &p, &t, err, "seichi results", why, sizeof why);
    /* Nothing was sent, so nothing asked the station: it is asked whether
     * it takes the token, so that a wrong token or address is told now
     * (the day's first push is often one with nothing waiting, to check
     * the kiosk's pairing), and by which name it knows the kiosk. */
    char kiosk[SEI_IDENT_TEXT + 1] = "";
    if (st == SEI_PUSH_OK && !t.sent && !t.had && !t.refused && !t.changes && !t.conflicts &&
        (st = sei_push_check(url, token, &p, kiosk, sizeof kiosk, why, sizeof why)) != SEI_PUSH_OK) {
        fprintf(err, "seichi results: %s\n", why);
        /* An older station cannot be asked; nothing failed. */
        if (st == SEI_PUSH_NOTFOUND)
            st = SEI_PUSH_OK;
    }
    curl_global_cleanup();
    fprintf(out, "%d result%s sent, %d the station had already, %d refused; %" PRId64 " waiting", t.sent,
            t.sent == 1 ? "" : "s", t.had, t.refused, t.waiting);
    if (kiosk[0])
        fprintf(out, "; the station knows this kiosk as \"%s\"", kiosk);
    /* Judges' changes only when there were some: the line stays as it was
     * for a kiosk without judges. */
    if (t.changes || t.conflicts)
        fprintf(out, "; %d judge's change%s sent, %d not applied (a judge at the station changed the result first)",
                t.changes, t.changes == 1 ? "" : "s", t.conflicts);
    fprintf(out, "\n");
    switch (st) {
    case SEI_PUSH_OK: return 0;
    case SEI_PUSH_REFUSED: return 1;
    case SEI_PUSH_AUTH: return 3;
    case SEI_PUSH_UNREACHABLE: return 5;
    case SEI_PUSH_UNTRUSTED: return 6;
    default: return 2;
    }
}
