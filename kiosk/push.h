/* push.h - a kiosk talking to the director's station (station.c) over
 * HTTP, with libcurl: the outbox sent (every result the station has not
 * acknowledged), a pairing code exchanged for the kiosk's token, and its
 * table's pairing fetched. `seichi results push` and the kiosk's screens
 * send through the same sei_push_outbox.
 *
 * The kiosk never waits on the network: sei_pusher is a worker thread
 * with its own connection to the results database that pushes the outbox
 * when a result is stored, retries it with a growing pause while the
 * station is unreachable, fetches the table's pairing now and then, and
 * makes the enrolment asked for on the settings screen. The screens read
 * a copy of its state (sei_pusher_get) on each tick.
 *
 * The kiosk's pairing (the station's address, its name for this kiosk and
 * the token) is kept in the database's settings: "station",
 * "station_kiosk", "station_token". The token is a secret: it goes only
 * into the Authorization header, never to a screen or a log. */
#ifndef SEI_PUSH_H
#define SEI_PUSH_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "store.h"

typedef enum {
    SEI_PUSH_OK = 0,
    SEI_PUSH_REFUSED,        /* the station refused some results (each named): the rest were sent */
    SEI_PUSH_ARG,            /* not a station's address, a bad code or table */
    SEI_PUSH_DB,             /* the kiosk's database */
    SEI_PUSH_AUTH,           /* the token (401: unknown or revoked), or a wrong, used or expired code */
    SEI_PUSH_LOCKED,         /* pairing locked at the station after wrong codes (429) */
    SEI_PUSH_NOTFOUND,       /* no game at that table (404) */
    SEI_PUSH_UNREACHABLE,    /* no answer: the station down, the network gone; what was not sent waits */
    SEI_PUSH_UNTRUSTED,      /* an https:// station whose certificate is not trusted: nothing sent */
    SEI_PUSH_PROTOCOL,       /* an answer that is not the API's */
    SEI_PUSH_NOMEM
} sei_push_status;

typedef struct {
    long connect_ms;         /* give up connecting after this long (3000) */
    long timeout_ms;         /* give up on one request after this long (20000) */
    double retry_min_ms;     /* the kiosk retries an unreachable station after this long (2000), */
    double retry_max_ms;     /* doubling each time up to this (60000) */
    double recheck_ms;       /* and looks at the outbox this often anyway (30000: results stored by
                                another program, a refused one to try again) */
    double pairing_ms;       /* the table's pairing fetched again this often (60000) */
    const int *stop;         /* when it points at a non-zero int (read atomically), a request under
                                way is given up at once: the kiosk closing (NULL: never) */
    const char *cacert;      /* an https:// station's certificate authority, a PEM file (NULL: the
                                system's); the certificate and host name are always checked */
} sei_push_params;

void sei_push_params_default(sei_push_params *p);

/* The station's URL from what was typed: "192.168.1.5:8080" or
 * "http://desk:8080/" to "http://192.168.1.5:8080" (http:// added when no
 * scheme is given, a trailing / dropped); no spaces, control characters
 * or other schemes than http and https. 0, or -1 with why (n bytes). */
int sei_push_url(const char *typed, char *url, size_t un, char *why, size_t n);

typedef struct {
    int sent, had, refused;  /* stored by the station, already there, refused */
    int64_t waiting;         /* results not acknowledged (or with changes not taken) after the push */
    int changes;             /* judges' changes to results sent before that the station applied */
    int conflicts;           /* and that it recorded without applying them (409: a judge there first) */
} sei_push_tally;

/* Send every result of s that the station at url has not acknowledged
 * (voided ones never) with the kiosk's token, each as `results show
 * --json` prints it; mark those it answers 201 or 200 as acknowledged.
 * For a result sent before that a judge changed since (corrected,
 * voided, confirmed: audit rows after its mark), POST
 * /api/v1/results/UUID/changes with the result as it is now and those
 * rows; marked up to them when the station answers 200 (applied, or had
 * them) or 409 (recorded, not applied: a judge at the station changed it
 * first; named on log). Refused otherwise: they wait for the next push.
 * Stops at the first result that cannot reach it (SEI_PUSH_UNREACHABLE) or
 * at a refused token (SEI_PUSH_AUTH): the rest wait. Each refusal and
 * failure is named on log (may be NULL) after who ("seichi results"),
 * never the token; *t (may be NULL) gets the tally. SEI_PUSH_OK all sent
 * (or none waiting), SEI_PUSH_REFUSED some refused, the rest sent. */
sei_push_status sei_push_outbox(sei_store *s, const char *url, const char *token, const sei_push_params *p,
                                sei_push_tally *t, FILE *log, const char *who, char *err, size_t n);

/* Exchange a 6-digit pairing code for a token at the station (POST
 * /api/v1/enroll): token (SEI_TOKEN_LEN + 1 bytes) and the station's name
 * for this kiosk (name, nn bytes). SEI_PUSH_AUTH a wrong, used or expired
 * code (or a revoked kiosk), SEI_PUSH_LOCKED, SEI_PUSH_UNREACHABLE, with
 * why in err. */
sei_push_status sei_push_enroll(const char *url, const char *code, const sei_push_params *p, char *token, char *name,
                                size_t nn, char *err, size_t n);

/* The game at a table in the station's latest round with one there (GET
 * /api/v1/pairing?table=T), names checked as a result's are.
 * SEI_PUSH_NOTFOUND when no round has a game at that table. */
sei_push_status sei_push_pairing(const char *url, int table, const sei_push_params *p, sei_store_pairing *out,
                                 char *err, size_t n);

/* Whether the station at url takes token (GET /api/v1/kiosk): the name
 * it knows the kiosk by into kiosk (kn bytes). SEI_PUSH_AUTH when it
 * refuses the token, SEI_PUSH_UNREACHABLE when it does not answer,
 * SEI_PUSH_UNTRUSTED for a certificate not trusted, SEI_PUSH_NOTFOUND
 * when it does not know the question (a station older than it). */
sei_push_status sei_push_check(const char *url, const char *token, const sei_push_params *p, char *kiosk, size_t kn,
                               char *err, size_t n);

/* The pairing a kiosk keeps in s's settings: the address as typed (typed,
 * tn bytes), its URL (url, un), the station's name for the kiosk (kiosk,
 * kn) and the token (token, SEI_TOKEN_LEN + 1 bytes). 0 when paired, -1
 * when not (or the settings are not a pairing). */
int sei_push_kept(sei_store *s, char *typed, size_t tn, char *url, size_t un, char *kiosk, size_t kn, char *token);

/* ---- the kiosk's worker ------------------------------------------------------ */

typedef struct sei_pusher sei_pusher;

/* What the worker knows, copied out for the screens. */
typedef struct {
    int paired;              /* an address and a token are kept */
    char station[256];       /* its address as typed (the URL when none was kept) */
    char kiosk[SEI_IDENT_TEXT + 1]; /* the station's name for this kiosk */
    int64_t waiting;         /* results waiting for the station; -1 not known yet */
    sei_push_status last;    /* how the last push went: OK, UNREACHABLE, AUTH, ... */
    /* The pairing asked for by sei_pusher_enroll: done counts the answers,
     * status and why are the last one's. */
    int enroll_done;
    sei_push_status enroll_status;
    char enroll_why[256];
    /* The table's pairing: gen counts the fetches that answered (found or
     * not), found says whether the last found a game. */
    int pairing_gen, pairing_found;
    sei_store_pairing pairing;
} sei_pusher_state;

/* A worker on the database at db_path (its own connection): NULL with why
 * in err when it cannot be opened or the thread started. Free with
 * sei_pusher_destroy (NULL: no-op), which gives up a request under way
 * (a result not acknowledged stays in the outbox) and waits for the
 * thread to end. */
sei_pusher *sei_pusher_create(const char *db_path, const sei_push_params *p, char *err, size_t n);
void sei_pusher_destroy(sei_pusher *w);
/* A result was stored, or the table changed (0: none): push and fetch now. */
void sei_pusher_kick(sei_pusher *w, int table);
/* Pair with the station at typed (an address as sei_push_url takes it)
 * with a pairing code, in the background: on success the address, the
 * kiosk's name and the token are kept in the settings, replacing an
 * earlier pairing. The answer shows in the state's enroll_* fields. */
void sei_pusher_enroll(sei_pusher *w, const char *typed, const char *code);
/* Forget the station: the address and token are removed from the settings
 * (the results waiting stay in the outbox for the next station). */
void sei_pusher_forget(sei_pusher *w);
void sei_pusher_get(sei_pusher *w, sei_pusher_state *out);

#endif
