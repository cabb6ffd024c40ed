/* cmd_bench_station.c - `seichi bench station`: the director's station
 * under a tournament's load, measured on this machine.
 *
 * A real station (station.c, its real store) on a free port of 127.0.0.1
 * in this process; 100 kiosks enrolled; 100 client threads, each a kiosk
 * with its own libcurl handle (one kept-alive connection), push N results
 * (default 20000) as `results push` sends them: the figure is results
 * accepted (201) per second, from the first request to the last answer.
 * Then, on a second station holding 2000 results (ten rounds of 200
 * boards), the "page load": the results list a wall or page reads, whole
 * and for one round, and the page at `/` when this build serves one; the
 * median and worst of several loads. Prints figures and ratios to the
 * aims (500 results/s, 200 ms), never pass/fail. */
#define _DEFAULT_SOURCE

#include <inttypes.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <cjson/cJSON.h>
#include <curl/curl.h>

#include "cli.h"
#include "station.h"
#include "store.h"
#include "textbuf.h"

#define AIM_RESULTS_PER_S 500.0
#define AIM_PAGE_MS 200.0

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec / 1e9;
}

/* A finished 9x9 position: the result every kiosk sends (with its own
 * UUID, round and table), counted and stored the way `score` does. */
static const char bench_board[] = "..XO.....\n..XO.....\n..XO.....\n..XO.....\n..XO.....\n"
                                  "..XO.....\n..XO.....\n..XO.....\n..XO.....\n";

typedef struct {
    const char *url;      /* .../api/v1/results */
    char auth[128];       /* Authorization: Bearer TOKEN */
    char **bodies;        /* the results this kiosk sends, made before the clock starts */
    int n;
    int accepted, refused, failed;
    char why[256];        /* the first refusal or failure */
    pthread_barrier_t *start;
} client;

static size_t discard(char *p, size_t size, size_t n, void *cls)
{
    (void)p, (void)cls;
    return size * n;
}

static void *run_client(void *arg)
{
    client *c = arg;
    CURL *curl = curl_easy_init();
    struct curl_slist *hdr = curl_slist_append(NULL, c->auth);
    hdr = hdr ? curl_slist_append(hdr, "Content-Type: application/json") : NULL;
    if (curl && hdr) {
        curl_easy_setopt(curl, CURLOPT_URL, c->url);
        curl_easy_setopt(curl, CURLOPT_HTTPHEADER, hdr);
        curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
        curl_easy_setopt(curl, CURLOPT_TIMEOUT, 60L);
        curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, discard);
    }
    pthread_barrier_wait(c->start);
    for (int i = 0; curl && hdr && i < c->n; i++) {
        curl_easy_setopt(curl, CURLOPT_POSTFIELDS, c->bodies[i]);
        CURLcode cr = curl_easy_perform(curl);
        long code = 0;
        curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &code);
        if (cr != CURLE_OK) {
            if (!c->failed++)
                snprintf(c->why, sizeof c->why, "%s", curl_easy_strerror(cr));
        } else if (code == 201)
            c->accepted++;
        else if (!c->refused++)
            snprintf(c->why, sizeof c->why, "HTTP %ld", code);
    }
    if (!curl || !hdr)
        c->failed = c->n, snprintf(c->why, sizeof c->why, "out of memory");
    curl_slist_free_all(hdr);
    curl_easy_cleanup(curl);
    return NULL;
}

/* The result every kiosk sends, as JSON, from a count stored in dir. */
static cJSON *template_result(const char *dir, FILE *err)
{
    char board[512], db[512], msg[600];
    snprintf(board, sizeof board, "%.400s/bench.board", dir);
    snprintf(db, sizeof db, "%.400s/kiosk.db", dir);
    if (sei_file_write_new(board, bench_board, sizeof bench_board - 1, 0, msg, sizeof msg)) {
        fprintf(err, "seichi bench station: %s\n", msg);
        return NULL;
    }
    char *args[] = {"--board", board, "--db", db, "--event", "Bench Open", "--round", "1", "--table", "1",
                    "--black", "Bench Black", "--white", "Bench White", NULL};
    /* The count's report and its "Saved as" note are not the benchmark's
     * output; its errors are. */
    FILE *null = fopen("/dev/null", "w");
    int quiet = sei_cli_quiet;
    sei_cli_quiet = 1;
    int rc = sei_cli_score(14, args, null ? null : stdout, err);
    sei_cli_quiet = quiet;
    if (null)
        fclose(null);
    if (rc) {
        fprintf(err, "seichi bench station: the template result was not counted and saved\n");
        return NULL;
    }
    sei_store *s = sei_store_open(db, msg, sizeof msg);
    sei_store_result r;
    cJSON *o = NULL;
    if (s && !sei_store_get(s, 1, &r)) {
        o = sei_results_json(&r, 1);
        sei_store_result_release(&r);
    }
    if (!o)
        fprintf(err, "seichi bench station: %s\n", s ? sei_store_errmsg(s) : msg);
    sei_store_close(s);
    return o;
}

/* A station on a fresh database in dir with `clients` kiosks enrolled;
 * their tokens in tokens[k]. */
static sei_station *bench_station(const char *dir, const char *name, int clients, char (*tokens)[SEI_TOKEN_LEN + 1],
                                  FILE *err)
{
    char db[512], msg[600];
    snprintf(db, sizeof db, "%.400s/%.60s", dir, name);
    sei_store *s = sei_store_open(db, msg, sizeof msg);
    if (!s) {
        fprintf(err, "seichi bench station: %s\n", msg);
        return NULL;
    }
    for (int k = 0; k < clients; k++) {
        char kiosk[64], code[SEI_CODE_LEN + 1];
        int again;
        snprintf(kiosk, sizeof kiosk, "Table %d", k + 1);
        if (sei_store_kiosk_enroll(s, kiosk, 60, tokens[k], code, &again)) {
            fprintf(err, "seichi bench station: %s\n", sei_store_errmsg(s));
            sei_store_close(s);
            return NULL;
        }
    }
    sei_store_close(s);
    sei_station_params p;
    sei_station_params_default(&p);
    p.host = "127.0.0.1";
    p.port = 0;
    /* Every kiosk holds its connection open: the limits for a LAN of
     * strangers (16 from one address) would turn most of them away here,
     * where all come from 127.0.0.1. libmicrohttpd divides the connection
     * limit among its threads, and a thread takes whichever connections
     * it accepts, so each thread may have to hold them all. */
    p.max_connections = ((unsigned)clients + 16) * (p.threads ? p.threads : 1);
    p.per_ip = p.max_connections;
    sei_station *st = sei_station_create(db, &p, msg, sizeof msg);
    if (!st)
        fprintf(err, "seichi bench station: %s\n", msg);
    return st;
}

/* Push total results from `clients` kiosks at once; *seconds the time from
 * the first request to the last answer. -1 when a result was not taken. */
static int push_all(int port, int clients, int total, int rounds, char (*tokens)[SEI_TOKEN_LEN + 1],
                    const cJSON *tmpl, double *seconds, FILE *err)
{
    char url[128];
    snprintf(url, sizeof url, "http://127.0.0.1:%d/api/v1/results", port);
    client *cl = calloc((size_t)clients, sizeof *cl);
    pthread_t *th = calloc((size_t)clients, sizeof *th);
    pthread_barrier_t start;
    int rc = 0;
    if (!cl || !th) {
        free(cl), free(th);
        fprintf(err, "seichi bench station: out of memory\n");
        return -1;
    }
    pthread_barrier_init(&start, NULL, (unsigned)clients + 1);
    cJSON *o = cJSON_Duplicate(tmpl, 1);
    for (int k = 0, made = 0; k < clients; k++) {
        client *c = &cl[k];
        c->url = url;
        c->start = &start;
        snprintf(c->auth, sizeof c->auth, "Authorization: Bearer %s", tokens[k]);
        c->n = total / clients + (k < total % clients);
        c->bodies = calloc((size_t)c->n + 1, sizeof *c->bodies);
        for (int i = 0; o && c->bodies && i < c->n; i++, made++) {
            char uuid[SEI_UUID_LEN + 1];
            sei_uuid_new(uuid);
            cJSON_ReplaceItemInObjectCaseSensitive(o, "uuid", cJSON_CreateString(uuid));
            cJSON_ReplaceItemInObjectCaseSensitive(o, "round", cJSON_CreateNumber(1 + made % rounds));
            cJSON_ReplaceItemInObjectCaseSensitive(o, "table", cJSON_CreateNumber(1 + (made / rounds) % 9999));
            c->bodies[i] = cJSON_PrintUnformatted(o);
        }
    }
    cJSON_Delete(o);
    for (int k = 0; k < clients; k++)
        pthread_create(&th[k], NULL, run_client, &cl[k]);
    double t0 = now_s();
    pthread_barrier_wait(&start);
    for (int k = 0; k < clients; k++)
        pthread_join(th[k], NULL);
    *seconds = now_s() - t0;
    pthread_barrier_destroy(&start);
    int accepted = 0;
    for (int k = 0; k < clients; k++) {
        accepted += cl[k].accepted;
        if ((cl[k].refused || cl[k].failed) && !rc) {
            fprintf(err, "seichi bench station: kiosk %d: %d refused, %d failed (%s)\n", k + 1, cl[k].refused,
                    cl[k].failed, cl[k].why);
            rc = -1;
        }
        for (int i = 0; cl[k].bodies && i < cl[k].n; i++)
            free(cl[k].bodies[i]);
        free(cl[k].bodies);
    }
    free(cl), free(th);
    return rc ? rc : accepted;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* GET path `loads` times over one kept-alive connection: the median and
 * worst milliseconds, the answer's status and size. -1 when it failed. */
static int time_get(int port, const char *path, int loads, double *median, double *worst, long *code,
                    curl_off_t *bytes)
{
    char url[256];
    snprintf(url, sizeof url, "http://127.0.0.1:%d%s", port, path);
    CURL *curl = curl_easy_init();
    double *ms = calloc((size_t)loads, sizeof *ms);
    int rc = curl && ms ? 0 : -1;
    if (!rc) {
        curl_easy_setopt(curl, CURLOPT_URL, url);
        curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
        curl_easy_setopt(curl, CURLOPT_TIMEOUT, 60L);
        curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, discard);
    }
    for (int i = 0; !rc && i < loads; i++) {
        double t0 = now_s();
        if (curl_easy_perform(curl) != CURLE_OK)
            rc = -1;
        ms[i] = (now_s() - t0) * 1000;
        curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, code);
        curl_easy_getinfo(curl, CURLINFO_SIZE_DOWNLOAD_T, bytes);
    }
    if (!rc) {
        qsort(ms, (size_t)loads, sizeof *ms, by_value);
        *median = ms[loads / 2];
        *worst = ms[loads - 1];
    }
    free(ms);
    curl_easy_cleanup(curl);
    return rc;
}

static int rm_dir(const char *dir)
{
    const char *names[] = {"bench.board", "kiosk.db", "kiosk.db-wal", "kiosk.db-shm", "push.db", "push.db-wal",
                           "push.db-shm", "page.db", "page.db-wal", "page.db-shm"};
    char path[600];
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        snprintf(path, sizeof path, "%.400s/%s", dir, names[i]);
        unlink(path);
    }
    return rmdir(dir);
}

int sei_cli_bench_station(int argc, char **argv, FILE *out, FILE *err)
{
    int total = 20000, clients = 100, page_results = 2000, loads = 15;
    /* Options come in pairs: NAME VALUE. */
    for (int i = 0; i < argc; i += 2) {
        int *to = !strcmp(argv[i], "--results") ? &total : !strcmp(argv[i], "--clients") ? &clients
                  : !strcmp(argv[i], "--loads") ? &loads : NULL;
        int hi = to == &clients ? 500 : 1000000;
        if (!to) {
            fprintf(err, "seichi bench station: unknown option '%s'\nusage: %s\n", argv[i], sei_bench_usage("station"));
            return 2;
        }
        if (i + 1 >= argc || !sei_cli_parse_int(argv[i + 1], to, 1, hi)) {
            fprintf(err, "seichi bench station: %s needs a number (clients 1 to 500)\nusage: %s\n", argv[i],
                    sei_bench_usage("station"));
            return 2;
        }
    }
    const char *tmp = getenv("TMPDIR");
    char dir[400];
    snprintf(dir, sizeof dir, "%.300s/seichi-bench-station-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(dir)) {
        fprintf(err, "seichi bench station: cannot make a folder under %s\n", tmp && *tmp ? tmp : "/tmp");
        return 2;
    }
    signal(SIGPIPE, SIG_IGN);
    curl_global_init(CURL_GLOBAL_DEFAULT);
    char(*tokens)[SEI_TOKEN_LEN + 1] = calloc((size_t)clients, sizeof *tokens);
    cJSON *tmpl = tokens ? template_result(dir, err) : NULL;
    int rc = 2;
    sei_station_params p;
    sei_station_params_default(&p);
    sei_station *st = tmpl ? bench_station(dir, "push.db", clients, tokens, err) : NULL;
    if (!st)
        goto out;
    fprintf(out, "station benchmark: %d kiosks, each its own client thread and kept-alive connection, push %d "
                 "results to a station on 127.0.0.1 (%u server threads, SQLite in WAL, synchronous FULL)\n",
            clients, total, p.threads);
    fflush(out);
    double secs = 0;
    int accepted = push_all(sei_station_port(st), clients, total, 40, tokens, tmpl, &secs, err);
    sei_station_destroy(st);
    if (accepted < 0)
        goto out;
    double rate = accepted / (secs > 0 ? secs : 1e-9);
    fprintf(out, "  results accepted        %8.0f /s   (%d in %.1f s; aim >= %.0f /s: %.2fx)\n", rate, accepted,
            secs, AIM_RESULTS_PER_S, rate / AIM_RESULTS_PER_S);
    fflush(out);

    /* The page load: a station holding a large event's results. */
    int rounds = 10;
    if (!(st = bench_station(dir, "page.db", clients, tokens, err)))
        goto out;
    if (push_all(sei_station_port(st), clients, page_results, rounds, tokens, tmpl, &secs, err) < 0) {
        sei_station_destroy(st);
        goto out;
    }
    fprintf(out, "page loads with %d results in the database (%d rounds of %d boards), median and worst of %d:\n",
            page_results, rounds, page_results / rounds, loads);
    char round_path[64];
    snprintf(round_path, sizeof round_path, "/api/v1/results?round=%d", rounds / 2);
    const struct {
        const char *path, *what;
    } pages[] = {{"/", "the station's page"},
                 {"/api/v1/results", "the whole results list"},
                 {round_path, "one round's results"}};
    rc = 0;
    for (size_t i = 0; i < sizeof pages / sizeof pages[0]; i++) {
        double med = 0, worst = 0;
        long code = 0;
        curl_off_t bytes = 0;
        if (time_get(sei_station_port(st), pages[i].path, loads, &med, &worst, &code, &bytes)) {
            fprintf(err, "seichi bench station: GET %s failed\n", pages[i].path);
            rc = 2;
            break;
        }
        if (code != 200) {
            fprintf(out, "  GET %-26s not served here (HTTP %ld): not measured\n", pages[i].path, code);
            continue;
        }
        fprintf(out, "  GET %-26s %7.1f ms median, %7.1f ms worst  (%s, %" CURL_FORMAT_CURL_OFF_T
                     " bytes; aim <= %.0f ms: %.1fx)\n",
                pages[i].path, med, worst, pages[i].what, bytes, AIM_PAGE_MS, AIM_PAGE_MS / (worst > 0 ? worst : 1e-9));
    }
    sei_station_destroy(st);
out:
    cJSON_Delete(tmpl);
    free(tokens);
    curl_global_cleanup();
    rm_dir(dir);
    return rc;
}
