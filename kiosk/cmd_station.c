/* cmd_station.c - `seichi station`: the director's station served over
 * HTTP (station.c) until SIGINT or SIGTERM; the tournament imported from
 * OpenGotha and exported back with the results (OpenGotha's file, or CSV);
 * the kiosks enrolled, revoked, listed. */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sodium.h>

#include "cli.h"
#include "egd.h"
#include "opengotha.h"
#include "station.h"
#include "store.h"
#include "textbuf.h"

static const char usage_text[] =
    "usage: seichi station [--db PATH] [--listen HOST:PORT] [--tls-cert FILE --tls-key FILE]\n"
    "       seichi station import [--db PATH] --opengotha FILE [--same-event] [--force]\n"
    "       seichi station export [--db PATH] (--opengotha OUT | --csv OUT | --egd OUT [--partial]) [--force]\n"
    "       seichi station enroll [--db PATH] --name NAME\n"
    "       seichi station revoke [--db PATH] --name NAME\n"
    "       seichi station kiosks [--db PATH]\n"
    "  (none)     serve the API on HOST:PORT (default 0.0.0.0:8080; port 0: any free\n"
    "             port, printed) until SIGINT or SIGTERM; over HTTPS with the\n"
    "             certificate and private key given (PEM files)\n"
    "  import     the players and the games of each round at their tables\n"
    "  export     OpenGotha's file with the results filled in, one CSV row per game, or\n"
    "             the EGF's tournament table for the European Go Database (--egd;\n"
    "             refused while a game has no result, unless --partial writes those as\n"
    "             not played); an existing file is replaced only with --force\n"
    "  enroll     a kiosk's credentials: a one-time pairing code (15 minutes), and\n"
    "             its token alone on the last line\n"
    "  revoke     the kiosk's token and code stop working\n"
    "  kiosks     the kiosks enrolled\n"
    "  --db PATH  the station's database (default $XDG_DATA_HOME/seichi/results.db)\n";

#define CODE_SECONDS (15 * 60)

static int fail(FILE *err, const char *msg)
{
    fprintf(err, "seichi station: %s\n", msg);
    return 2;
}

/* A PEM file for HTTPS, whole (NULL with the reason on err). */
static char *read_pem(const char *path, const char *what, FILE *err)
{
    char msg[PATH_MAX + 128];
    size_t len;
    char *t = sei_file_read(path, 1 << 20, &len, msg, sizeof msg);
    if (!t)
        fprintf(err, "seichi station: %s: %s\n", what, msg);
    else if (!strstr(t, "-----BEGIN ")) {
        fprintf(err, "seichi station: %s: %s is not a PEM file\n", what, path);
        free(t);
        t = NULL;
    }
    return t;
}

static int serve(const char *db, const char *listen, const char *cert, const char *key, FILE *out, FILE *err)
{
    sei_station_params p;
    sei_station_params_default(&p);
    if (!cert != !key)
        return fail(err, "HTTPS needs both --tls-cert FILE and --tls-key FILE");
    char *cert_pem = NULL, *key_pem = NULL;
    if (cert && (!(cert_pem = read_pem(cert, "--tls-cert", err)) || !(key_pem = read_pem(key, "--tls-key", err)))) {
        free(cert_pem);
        return 2;
    }
    p.tls_cert = cert_pem;
    p.tls_key = key_pem;
    int rc = 2;
    char host[64];
    if (listen) {
        const char *colon = strrchr(listen, ':');
        char *end;
        long port = colon ? strtol(colon + 1, &end, 10) : -1;
        if (!colon || colon == listen || (size_t)(colon - listen) >= sizeof host || !colon[1] || *end || port < 0 ||
            port > 65535) {
            fail(err, "--listen takes HOST:PORT (an IPv4 address or localhost, a port 0 to 65535)");
            goto out;
        }
        memcpy(host, listen, (size_t)(colon - listen));
        host[colon - listen] = 0;
        p.host = host;
        p.port = (int)port;
    }
    /* Blocked before the server's threads start, so they inherit it and
     * the signal waits for sigwait below: the server stops in one place. */
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &set, NULL);
    signal(SIGPIPE, SIG_IGN);
    char msg[1200];
    sei_station *st = sei_station_create(db, &p, msg, sizeof msg);
    if (!st) {
        pthread_sigmask(SIG_UNBLOCK, &set, NULL);
        fail(err, msg);
        goto out;
    }
    fprintf(out, "station: %s, listening on %s://%s:%d/api/v1/\n", db, cert ? "https" : "http", p.host,
            sei_station_port(st));
    fflush(out);
    int sig = 0;
    while (sigwait(&set, &sig))
        ;
    fprintf(out, "station: stopping (%s)\n", sig == SIGINT ? "SIGINT" : "SIGTERM");
    sei_station_destroy(st);
    pthread_sigmask(SIG_UNBLOCK, &set, NULL);
    rc = 0;
out:
    free(cert_pem);
    if (key_pem) {
        sodium_memzero(key_pem, strlen(key_pem)); /* the private key leaves no copy in freed memory */
        free(key_pem);
    }
    return rc;
}

/* The file read and checked before the database is opened: a file that
 * is no tournament leaves no new database behind. */
static int import(const char *db, const char *file, int flags, FILE *out, FILE *err)
{
    char msg[PATH_MAX + 1200];
    size_t len;
    char *data = sei_file_read(file, SEI_OG_MAX_FILE, &len, msg, sizeof msg);
    if (!data)
        return fail(err, msg);
    sei_og *og = sei_og_create();
    sei_store *s = NULL;
    int rc = 0;
    sei_store_status st;
    if (!og)
        rc = fail(err, "out of memory");
    else if (sei_og_read_memory(og, data, len)) {
        snprintf(msg, sizeof msg, "%s: %s", file, sei_og_errmsg(og));
        rc = fail(err, msg);
    } else if (!(s = sei_store_open(db, msg, sizeof msg)))
        rc = fail(err, msg);
    else if ((st = sei_store_tournament_set(s, og, data, len, flags)) == SEI_STORE_ERR_STATE) {
        /* Nothing changed: the results keep their tournament and games. */
        int older = strstr(sei_store_errmsg(s), "this file ") == sei_store_errmsg(s);
        snprintf(msg, sizeof msg, "%s.\nNothing was imported. %s", sei_store_errmsg(s),
                 older ? "Import the newest file OpenGotha saved; --force imports this one (a round unpaired to "
                         "pair it anew)"
                       : "A new tournament takes a new station database (--db NEW.db); --same-event imports a file "
                         "of the same tournament renamed or moved to other dates");
        rc = fail(err, msg);
    } else if (st)
        rc = fail(err, sei_store_errmsg(s));
    else
        fprintf(out, "imported '%s': %d players, %d rounds, %d games\n", sei_og_name(og), sei_og_player_count(og),
                sei_og_rounds(og), sei_og_game_count(og));
    sei_store_close(s);
    sei_og_destroy(og);
    free(data);
    return rc;
}

/* The result standing for each game: [game index] -> result id (0: none).
 * A game's live results (not voided) decide it: a confirmed one stands
 * (two confirmed that disagree leave the game out); else none while one
 * is disputed; else the agreed ones, the later standing when they agree
 * and none when they disagree (results may also have come before the
 * tournament was imported, unchecked). What is left
 * out, and results of no game of the tournament, are named on err. A
 * game that has results but none standing is marked in held[game index]
 * (when given): HELD_VOIDED when all were voided, HELD_OUT when they were
 * left out. */
enum { HELD_NONE = 0, HELD_VOIDED, HELD_OUT };
typedef struct {
    int64_t id;
    sei_store_result r;
    /* r's result in the pairing's colours: "B+1.5" of a game its players
     * played with the colours swapped is "W+1.5" to the pairing program,
     * which knows them by their colours. */
    char result[sizeof ((sei_store_result *)0)->result];
} standing;

static void stand(sei_store *s, standing *a, const sei_store_result *r, FILE *err)
{
    a->id = r->id;
    a->r = *r;
    snprintf(a->result, sizeof a->result, "%s", r->result);
    sei_store_pairing p;
    if (sei_store_pairing_get(s, r->ident.round, r->ident.table, &p) != SEI_STORE_OK)
        return;
    sei_paired m = sei_store_paired(&p, &r->ident);
    sei_store_in_pairing_colours(&p, &r->ident, r->result, a->result);
    if (strcmp(a->result, r->result)) {
        fprintf(err, "seichi station: result %" PRId64 " (round %d, table %d) was played with the pairing's colours "
                     "swapped: %s, written for the player who won as %s\n",
                r->id, r->ident.round, r->ident.table, r->result, a->result);
    } else if (m == SEI_PAIRED_OTHER) {
        char b[SEI_IDENT_TEXT + 1], w[SEI_IDENT_TEXT + 1];
        sei_store_player_name(&p.black, b, sizeof b);
        sei_store_player_name(&p.white, w, sizeof w);
        fprintf(err, "seichi station: result %" PRId64 " (round %d, table %d) names %s and %s, the pairing %s and %s: "
                     "written for the pairing's players by their colours\n",
                r->id, r->ident.round, r->ident.table, r->ident.black[0] ? r->ident.black : "nobody",
                r->ident.white[0] ? r->ident.white : "nobody", b[0] ? b : "nobody", w[0] ? w : "nobody");
    }
}

/* r's result in the pairing's colours (as stand gives it, silently). */
static void paired_result(sei_store *s, const sei_store_result *r, char *out, size_t n)
{
    snprintf(out, n, "%s", r->result);
    sei_store_pairing p;
    if (sei_store_pairing_get(s, r->ident.round, r->ident.table, &p) == SEI_STORE_OK)
        sei_store_in_pairing_colours(&p, &r->ident, r->result, out);
}

static int standings(sei_store *s, sei_og *og, standing *at, unsigned char *held, int *warned, FILE *err)
{
    int games = sei_og_game_count(og);
    /* Every live result of a game of the tournament, in the store's order
     * (oldest first), then each game decided. */
    sei_store_result *live = NULL;
    int *game = NULL, nlive = 0, cap = 0;
    unsigned char *gone = calloc((size_t)games + 1, 1); /* a result of the game was voided */
    if (!gone)
        return fail(err, "out of memory");
    sei_store_cursor *c = sei_store_list(s, 0);
    if (!c) {
        free(gone);
        return fail(err, sei_store_errmsg(s));
    }
    sei_store_result r;
    sei_store_status st;
    int rc = 0;
    while ((st = sei_store_next(c, &r)) == SEI_STORE_OK || st == SEI_STORE_ERR_ROW) {
        if (st == SEI_STORE_ERR_ROW) {
            fprintf(err, "seichi station: skipped: %s\n", sei_store_errmsg(s));
            (*warned)++;
            continue;
        }
        int g = sei_og_find_game(og, r.ident.round, r.ident.table);
        if (g < 0 && r.state != SEI_STATE_VOIDED) {
            fprintf(err, "seichi station: result %" PRId64 " (round %d, table %d) is of no game of the tournament\n",
                    r.id, r.ident.round, r.ident.table);
            (*warned)++;
        }
        if (g >= 0 && r.state == SEI_STATE_VOIDED)
            gone[g] = 1;
        if (g < 0 || r.state == SEI_STATE_VOIDED) {
            sei_store_result_release(&r);
            continue;
        }
        if (nlive == cap) {
            int nc = cap ? 2 * cap : 64;
            sei_store_result *nl = realloc(live, sizeof *live * (size_t)nc);
            int *ng = nl ? realloc(game, sizeof *game * (size_t)nc) : NULL;
            if (nl)
                live = nl;
            if (!ng) {
                sei_store_result_release(&r);
                rc = fail(err, "out of memory");
                break;
            }
            game = ng;
            cap = nc;
        }
        live[nlive] = r;
        game[nlive++] = g;
    }
    sei_store_cursor_close(c);
    if (!rc && st != SEI_STORE_DONE)
        rc = fail(err, sei_store_errmsg(s));
    for (int g = 0; !rc && g < games; g++) {
        /* The game's results: the latest confirmed, the latest agreed, and
         * whether any disputed one or two that disagree are among them. */
        int conf = -1, agreed = -1, disputed = -1, conf_clash = 0, agreed_clash = 0, n = 0;
        char first_conf[sizeof r.result] = "", first_agreed[sizeof r.result] = "";
        for (int i = 0; i < nlive; i++) {
            if (game[i] != g)
                continue;
            n++;
            char pr[sizeof r.result];
            paired_result(s, &live[i], pr, sizeof pr);
            if (live[i].state == SEI_STATE_CONFIRMED) {
                conf_clash |= conf >= 0 && strcmp(pr, first_conf);
                if (conf < 0)
                    snprintf(first_conf, sizeof first_conf, "%s", pr);
                conf = i;
            } else if (live[i].state == SEI_STATE_DISPUTED)
                disputed = i;
            else {
                agreed_clash |= agreed >= 0 && strcmp(pr, first_agreed);
                if (agreed < 0)
                    snprintf(first_agreed, sizeof first_agreed, "%s", pr);
                agreed = i;
            }
        }
        if (held)
            held[g] = !n && gone[g] ? HELD_VOIDED : HELD_NONE;
        sei_og_game og_game;
        if (!n && gone[g] && !sei_og_game_get(og, g, &og_game) && og_game.outcome != SEI_OG_UNKNOWN) {
            /* Perhaps the station's own result, exported into the file
             * and imported back before a judge voided it: the file cannot
             * say whose it is. */
            fprintf(err, "seichi station: round %d table %d: the station's result was voided, and OpenGotha's file "
                         "gives %s: written as the file gives it (a judge may clear it in OpenGotha)\n",
                    og_game.round, og_game.table, sei_og_outcome_text(og_game.outcome, og_game.by_default));
            (*warned)++;
        }
        if (!n)
            continue;
        sei_og_game_get(og, g, &og_game);
        int stands = -1;
        if (conf >= 0 && conf_clash) {
            fprintf(err, "seichi station: round %d table %d has confirmed results that disagree: left out until a "
                         "judge voids all but one\n", og_game.round, og_game.table);
            (*warned)++;
        } else if (conf >= 0) {
            stands = conf;
            if (n > 1) {
                fprintf(err, "seichi station: round %d table %d: confirmed result %" PRId64 " stands over the %d "
                             "other%s there\n", og_game.round, og_game.table, live[conf].id, n - 1, n == 2 ? "" : "s");
                (*warned)++;
            }
        } else if (disputed >= 0) {
            /* Not a result until a judge settles it. */
            fprintf(err, "seichi station: result %" PRId64 " (round %d, table %d) is disputed: left out until a judge "
                         "confirms it or voids it\n", live[disputed].id, og_game.round, og_game.table);
            (*warned)++;
        } else if (agreed_clash) {
            fprintf(err, "seichi station: round %d table %d has results that disagree (the latest %" PRId64 "): "
                         "left out until a judge confirms one or voids the others\n", og_game.round, og_game.table,
                    live[agreed].id);
            (*warned)++;
        } else {
            stands = agreed;
            if (n > 1) {
                fprintf(err, "seichi station: round %d table %d has %d results that agree: the latest (%" PRId64
                             ") stands\n", og_game.round, og_game.table, n, live[agreed].id);
                (*warned)++;
            }
        }
        if (stands < 0 && held)
            held[g] = HELD_OUT;
        if (stands >= 0) {
            stand(s, &at[g], &live[stands], err);
            memset(&live[stands], 0, sizeof live[stands]); /* moved into at[g], released with it */
        }
    }
    for (int i = 0; i < nlive; i++)
        sei_store_result_release(&live[i]);
    free(live);
    free(game);
    free(gone);
    return rc;
}

static void full_name(const sei_og *og, int i, char *buf, size_t n)
{
    sei_og_player p;
    if (i < 0 || sei_og_player_get(og, i, &p))
        snprintf(buf, n, "?");
    else
        snprintf(buf, n, "%s%s%s", p.name, p.first_name[0] ? " " : "", p.first_name);
}

/* The EGF's table (egd.c) from the results standing, the file's own
 * results where the station holds none, and the games voided; a game
 * whose results were left out (disputed) is missing. */
static int export_egd(sei_og *og, const standing *at, const unsigned char *held, int partial, const char *path,
                      int force, int *warned, FILE *out, FILE *err)
{
    int games = sei_og_game_count(og);
    sei_egd_game *eg = calloc((size_t)games + 1, sizeof *eg);
    if (!eg)
        return fail(err, "out of memory");
    for (int i = 0; i < games; i++) {
        sei_og_game g;
        if (sei_og_game_get(og, i, &g))
            continue;
        if (at[i].id) {
            eg[i].outcome = sei_og_outcome_from_result(at[i].result, &eg[i].by_default);
            eg[i].voided = eg[i].outcome == SEI_OG_UNKNOWN; /* a result that is no result ("Void") */
        } else if (held[i] == HELD_OUT)
            continue; /* missing until a judge settles it, whatever the file says */
        else if (g.outcome != SEI_OG_UNKNOWN)
            eg[i].outcome = g.outcome, eg[i].by_default = g.by_default; /* entered in OpenGotha */
        else if ((eg[i].voided = held[i] == HELD_VOIDED)) {
            fprintf(err, "seichi station: round %d table %d: its result was voided: written as not played\n", g.round,
                    g.table);
            (*warned)++;
        }
    }
    sei_text t = {0};
    int missing = 0, rc = 0;
    char why[2048], msg[PATH_MAX + 128];
    if (sei_egd_write(og, eg, partial, &t, &missing, why, sizeof why))
        rc = fail(err, why);
    else if (sei_file_write_out(path, t.p, t.len, force, out, msg, sizeof msg))
        rc = fail(err, msg);
    else if (missing) {
        fprintf(err, "seichi station: written as not played (--partial): %s\n", why);
        *warned += missing;
    }
    sei_text_free(&t);
    free(eg);
    return rc;
}

static int export(sei_store *s, const char *og_out, const char *csv, const char *egd, int partial, int force,
                  FILE *out, FILE *err)
{
    char msg[PATH_MAX + 128], name[256];
    const char *target = og_out ? og_out : csv ? csv : egd;
    if (strcmp(target, "-") && sei_file_target_ok(target, force, msg, sizeof msg))
        return fail(err, msg);
    const char *where = strcmp(target, "-") ? target : "standard output";
    char *data;
    size_t len;
    if (sei_store_tournament_file(s, &data, &len, name, sizeof name))
        return fail(err, sei_store_errmsg(s));
    sei_og *og = sei_og_create();
    standing *at = NULL;
    unsigned char *held = NULL;
    int rc = 0, warned = 0, filled = 0, in_og = 0;
    if (!og || sei_og_read_memory(og, data, len)) {
        rc = fail(err, og ? sei_og_errmsg(og) : "out of memory");
        goto out;
    }
    int games = sei_og_game_count(og);
    if (!(at = calloc((size_t)games + 1, sizeof *at)) || !(held = calloc((size_t)games + 1, 1))) {
        rc = fail(err, "out of memory");
        goto out;
    }
    if ((rc = standings(s, og, at, held, &warned, err)))
        goto out;
    if (egd) {
        for (int i = 0; i < games; i++)
            filled += at[i].id != 0;
        if (!(rc = export_egd(og, at, held, partial, egd, force, &warned, out, err)))
            sei_cli_note(err, "%s: %d of %d games with a result from the station; the EGD table written to %s\n", name,
                         filled, games, where);
        goto out;
    }
    sei_text t = {0};
    if (csv)
        sei_text_puts(&t, "round,table,black,white,result,state,source,uuid\r\n");
    for (int i = 0; i < games; i++) {
        sei_og_game g;
        if (sei_og_game_get(og, i, &g))
            continue;
        if (at[i].id)
            filled++;
        if (og_out && at[i].id) {
            int by_default = 0;
            sei_og_outcome o = sei_og_outcome_from_result(at[i].result, &by_default);
            if (sei_og_set_result(og, g.round, g.table, o, by_default)) {
                rc = fail(err, sei_og_errmsg(og));
                break;
            }
        }
        if (csv) {
            char num[16], b[300], w[300], from[SEI_IDENT_TEXT + 1] = "";
            snprintf(num, sizeof num, "%d", g.round);
            sei_text_csv_field(&t, num, 0);
            snprintf(num, sizeof num, "%d", g.table);
            sei_text_csv_field(&t, num, 0);
            full_name(og, g.black, b, sizeof b);
            full_name(og, g.white, w, sizeof w);
            sei_text_csv_text(&t, b, 0);
            sei_text_csv_text(&t, w, 0);
            const sei_store_result *r = at[i].id ? &at[i].r : NULL;
            /* A game with no result standing at the station keeps the one
             * entered in OpenGotha, as the file exported keeps it; its
             * state is what the station holds of it (voided, or disputed:
             * results left out until a judge settles them). */
            const char *entered = r ? "" : sei_og_outcome_text(g.outcome, g.by_default);
            const char *state = r                          ? sei_state_name(r->state)
                                : held[i] == HELD_VOIDED ? sei_state_name(SEI_STATE_VOIDED)
                                : held[i] == HELD_OUT    ? sei_state_name(SEI_STATE_DISPUTED)
                                                         : "";
            if (r)
                sei_store_received_from(s, r->id, from, sizeof from);
            in_og += entered[0] != 0;
            sei_text_csv_field(&t, r ? at[i].result : entered, 0);
            sei_text_csv_field(&t, state, 0);
            sei_text_csv_field(&t, r ? (from[0] ? from : sei_origin_name(r->origin)) : entered[0] ? "OpenGotha" : "", 0);
            sei_text_csv_field(&t, r ? r->uuid : "", 1);
        }
    }
    if (!rc && og_out && strcmp(og_out, "-")) {
        if (sei_og_write(og, og_out, force))
            rc = fail(err, sei_og_errmsg(og));
    } else if (!rc && og_out) {
        char *xml = NULL;
        size_t xlen = 0;
        if (sei_og_write_memory(og, &xml, &xlen))
            rc = fail(err, sei_og_errmsg(og));
        else if (sei_file_write_out(og_out, xml, xlen, force, out, msg, sizeof msg))
            rc = fail(err, msg);
        free(xml);
    } else if (!rc && csv) {
        if (t.oom)
            rc = fail(err, "out of memory");
        else if (sei_file_write_out(csv, t.p, t.len, force, out, msg, sizeof msg))
            rc = fail(err, msg);
    }
    sei_text_free(&t);
    if (!rc && in_og)
        sei_cli_note(err, "%s: %d of %d games with a result from the station, %d as entered in OpenGotha, written to %s\n",
                     name, filled, games, in_og, where);
    else if (!rc)
        sei_cli_note(err, "%s: %d of %d games with a result written to %s\n", name, filled, games, where);
out:
    for (int i = 0; at && i < sei_og_game_count(og); i++)
        if (at[i].id)
            sei_store_result_release(&at[i].r);
    free(at);
    free(held);
    sei_og_destroy(og);
    free(data);
    return rc ? rc : warned ? 1 : 0;
}

static int kiosks(sei_store *s, FILE *out, FILE *err)
{
    sei_store_kiosk *k;
    int n;
    if (sei_store_kiosk_list(s, &k, &n))
        return fail(err, sei_store_errmsg(s));
    if (!n)
        fprintf(out, "no kiosks enrolled\n");
    for (int i = 0; i < n; i++) {
        fprintf(out, "%-20s enrolled %s  %s  %" PRId64 " result%s received", k[i].name, k[i].created,
                k[i].revoked[0] ? "revoked" : "active", k[i].received, k[i].received == 1 ? "" : "s");
        if (k[i].revoked[0])
            fprintf(out, " (revoked %s)", k[i].revoked);
        else if (k[i].code_valid_for)
            fprintf(out, "  (pairing code valid %d min more)", (k[i].code_valid_for + 59) / 60);
        fprintf(out, "\n");
    }
    free(k);
    return 0;
}

int sei_cli_station(int argc, char **argv, FILE *out, FILE *err)
{
    const char *action = NULL, *db = NULL, *listen = NULL, *og = NULL, *csv = NULL, *egd = NULL, *name = NULL;
    const char *cert = NULL, *key = NULL;
    int force = 0, partial = 0, same_event = 0, i = 0;
    if (argc > 0 && argv[0][0] != '-')
        action = argv[i++];
    for (; i < argc; i++) {
        const char *a = argv[i];
        const char **to = !strcmp(a, "--db")          ? &db
                          : !strcmp(a, "--listen")    ? &listen
                          : !strcmp(a, "--opengotha") ? &og
                          : !strcmp(a, "--csv")       ? &csv
                          : !strcmp(a, "--egd")       ? &egd
                          : !strcmp(a, "--tls-cert")  ? &cert
                          : !strcmp(a, "--tls-key")   ? &key
                          : !strcmp(a, "--name")      ? &name
                                                      : NULL;
        if (to) {
            if (i + 1 >= argc)
                return fprintf(err, "seichi station: %s needs a value\n", a), 2;
            *to = argv[++i];
        } else if (!strcmp(a, "--force"))
            force = 1;
        else if (!strcmp(a, "--partial"))
            partial = 1;
        else if (!strcmp(a, "--same-event"))
            same_event = 1;
        else if (!strcmp(a, "--help") || !strcmp(a, "-h"))
            return fputs(usage_text, out), 0;
        else
            return fprintf(err, "seichi station: unknown option '%s'\n%s", a, usage_text), 2;
    }
    int serving = !action, imp = action && !strcmp(action, "import"), exp = action && !strcmp(action, "export"),
        enr = action && !strcmp(action, "enroll"), rev = action && !strcmp(action, "revoke"),
        lst = action && !strcmp(action, "kiosks");
    if (!(serving || imp || exp || enr || rev || lst))
        return fprintf(err, "seichi station: unknown action '%s'\n%s", action, usage_text), 2;
    if (((listen || cert || key) && !serving) || (og && !(imp || exp)) || (csv && !exp) || (egd && !exp) || (partial && !egd) ||
        (name && !(enr || rev)) || (force && !(exp || imp)) || (same_event && !imp))
        return fprintf(err, "seichi station: an option that %s does not take\n%s", action ? action : "serving",
                       usage_text), 2;
    if ((imp && !og) || (exp && (!!og + !!csv + !!egd) != 1) || ((enr || rev) && !name))
        return fprintf(err, "seichi station: %s needs %s\n%s", action,
                       imp ? "--opengotha FILE" : exp ? "one of --opengotha OUT, --csv OUT and --egd OUT" : "--name NAME",
                       usage_text), 2;
    char path[PATH_MAX], msg[PATH_MAX + 256];
    if (!db) {
        if (sei_store_default_path(path, sizeof path, msg, sizeof msg))
            return fail(err, msg);
        db = path;
    }
    if (serving)
        return serve(db, listen, cert, key, out, err);
    /* Export, the kiosks' list and a revocation need a station that has
     * been set up: a mistyped --db is refused, not made an empty file.
     * Import and enrolment start one. */
    if ((rev || exp || lst) && access(db, F_OK)) {
        snprintf(msg, sizeof msg, "no station database at '%s' (seichi station import or enroll starts one)", db);
        return fail(err, msg);
    }
    if (imp)
        return import(db, og, (same_event ? SEI_IMPORT_OTHER_EVENT : 0) | (force ? SEI_IMPORT_OLDER : 0), out, err);
    /* A name refused before a database is made for it. */
    if (enr && sei_store_kiosk_name_ok(name, msg, sizeof msg))
        return fail(err, msg);
    sei_store *s = (exp || lst) ? sei_store_open_readonly(db, msg, sizeof msg) : sei_store_open(db, msg, sizeof msg);
    if (!s)
        return fail(err, msg);
    int rc = 0;
    if (exp)
        rc = export(s, og, csv, egd, partial, force, out, err);
    else if (lst)
        rc = kiosks(s, out, err);
    else if (rev) {
        if (sei_store_kiosk_revoke(s, name))
            rc = fail(err, sei_store_errmsg(s));
        else
            fprintf(out, "kiosk '%s' revoked: its token and pairing code no longer work\n", name);
    } else {
        char token[SEI_TOKEN_LEN + 1], code[SEI_CODE_LEN + 1];
        int again = 0;
        if (sei_store_kiosk_enroll(s, name, CODE_SECONDS, token, code, &again))
            rc = fail(err, sei_store_errmsg(s));
        else {
            fprintf(out, "kiosk '%s' enrolled%s\n", name, again ? " again: its earlier token no longer works" : "");
            fprintf(out, "pairing code (once, for %d minutes): %s\n", CODE_SECONDS / 60, code);
            fprintf(out, "token (give it to the kiosk; it is not shown again):\n%s\n", token);
        }
    }
    sei_store_close(s);
    return rc;
}
