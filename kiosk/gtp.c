/* gtp.c - `seichi gtp`, the Go Text Protocol engine (gtp.h).
 *
 * Input is cleaned as the protocol says before anything is parsed: control
 * characters other than HT and LF are dropped (so CR LF line ends read as
 * LF, and binary junk cannot reach a parser), HT becomes a space,
 * everything from '#' on is a comment. The cleaning happens byte by byte
 * as the line arrives (feed), so a line of any length costs max_line bytes
 * at most. Commands are case-sensitive; colours and vertices are not. */
#define _POSIX_C_SOURCE 200809L /* strtok_r, strcasecmp */
#include "gtp.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "board.h"
#include "count.h"
#include "rules.h"
#include "score.h"
#include "sgf.h"
#include "textbuf.h"

#ifndef SEI_VERSION
#define SEI_VERSION "0"
#endif

/* A set_free_handicap may name every point of the largest board. */
#define MAX_ARGS (SEI_MAX_SIZE * SEI_MAX_SIZE + 2)

struct sei_gtp {
    sei_gtp_params p;
    sei_board *b;
    sei_rules rules;
    int rules_chosen;    /* seichi-rules or kgs-rules was given: a record's RU does not replace it */
    int komi_set;        /* komi was given (or a record's KM): a preset does not replace it */
    /* The command line as it arrives, cleaned (feed). */
    char *cmd;
    size_t cmd_n;
    int in_comment, too_long;
    sei_text reply;
    int quit;
    /* The dead stones proposed for the position as it is (dead_valid):
     * final_status_list and final_score after it, as a client asks them
     * in turn, share one proposal (its playouts are most of a count's
     * time) and so always agree. Every command that may change the
     * position, the rules or komi drops it. */
    uint8_t dead[SEI_MAX_POINTS];
    int dead_valid;
};

void sei_gtp_params_default(sei_gtp_params *p)
{
    memset(p, 0, sizeof *p);
    p->max_line = 4096;
    p->max_sgf = 16u << 20;
    p->max_moves = 10000;
    p->size = 19;
}

sei_gtp *sei_gtp_create(const sei_gtp_params *p)
{
    sei_gtp *g = calloc(1, sizeof *g);
    if (!g)
        return NULL;
    if (p)
        g->p = *p;
    else
        sei_gtp_params_default(&g->p);
    if (g->p.max_line < 16)
        g->p.max_line = 16;
    g->rules_chosen = g->p.rules[0] != 0;
    if (!g->rules_chosen)
        snprintf(g->p.rules, sizeof g->p.rules, "chinese");
    if (sei_rules_preset(&g->rules, g->p.rules) || !(g->cmd = malloc(g->p.max_line + 1)) ||
        !(g->b = sei_board_create(g->p.size))) {
        sei_gtp_destroy(g);
        return NULL;
    }
    sei_rules_apply(&g->rules, g->b);
    return g;
}

void sei_gtp_destroy(sei_gtp *g)
{
    if (!g)
        return;
    sei_board_destroy(g->b);
    sei_text_free(&g->reply);
    free(g->cmd);
    free(g);
}

/* One byte of a line (not its LF), cleaned as the protocol says. Leading
 * spaces are not kept, so a kept line that overflows holds a command. */
static void feed(sei_gtp *g, unsigned char c)
{
    if (g->in_comment)
        return;
    if (c == '#') {
        g->in_comment = 1;
        return;
    }
    if (c == '\t')
        c = ' ';
    if (c < 32 || c == 127)
        return;
    if (c == ' ' && g->cmd_n == 0)
        return;
    if (g->cmd_n >= g->p.max_line) {
        g->too_long = 1;
        return;
    }
    g->cmd[g->cmd_n++] = (char)c;
}

static void line_reset(sei_gtp *g)
{
    g->cmd_n = 0;
    g->in_comment = g->too_long = 0;
}

/* The reply under construction: "=id" or "?id", then the text. */
static void reply_start(sei_gtp *g, char kind, const char *id)
{
    g->reply.len = 0;
    if (g->reply.p)
        g->reply.p[0] = 0;
    g->reply.oom = 0;
    sei_text_printf(&g->reply, "%c%s", kind, id);
}

static int fail(sei_gtp *g, const char *id, const char *msg)
{
    reply_start(g, '?', id);
    sei_text_printf(&g->reply, " %s", msg);
    return 0;
}

static int ok(sei_gtp *g, const char *id, const char *text)
{
    reply_start(g, '=', id);
    if (text && *text)
        sei_text_printf(&g->reply, " %s", text);
    return 0;
}

/* A colour as GTP writes it: w, b, white, black, any case. */
static int parse_color(const char *t)
{
    if (!strcasecmp(t, "b") || !strcasecmp(t, "black"))
        return SEI_BLACK;
    if (!strcasecmp(t, "w") || !strcasecmp(t, "white"))
        return SEI_WHITE;
    return 0;
}

/* A vertex as GTP writes it (a letter without I, a row number; pass), any
 * case: a point, SEI_PASS, 0 for no vertex, -3 for one off this board. */
static int parse_vertex(const sei_board *b, const char *t)
{
    if (!strcasecmp(t, "pass"))
        return SEI_PASS;
    size_t n = strlen(t);
    if (n < 2 || n > 3 || !((t[0] >= 'a' && t[0] <= 'z') || (t[0] >= 'A' && t[0] <= 'Z')) ||
        t[0] == 'i' || t[0] == 'I')
        return 0;
    for (size_t i = 1; i < n; i++)
        if (t[i] < '0' || t[i] > '9')
            return 0;
    char up[4] = {(char)(t[0] & ~0x20), t[1], n > 2 ? t[2] : 0, 0};
    int p = sei_board_parse_point(b, up);
    return p > 0 ? p : -3;
}

/* A whole number of at most 9 digits (bigger reads as -2), else -1. */
static long parse_count(const char *t)
{
    size_t n = strlen(t);
    if (!n)
        return -1;
    for (size_t i = 0; i < n; i++)
        if (t[i] < '0' || t[i] > '9')
            return -1;
    return n > 9 ? -2 : strtol(t, NULL, 10);
}

static int stones_on_board(const sei_board *b)
{
    int n = 0;
    for (int p = 0; p < b->stride * b->stride; p++)
        n += b->color[p] == SEI_BLACK || b->color[p] == SEI_WHITE;
    return n;
}

/* Vertices separated by spaces, the first after sep. */
static void vertex_list(sei_gtp *g, const char *sep, const int *pts, int n)
{
    char v[8];
    for (int i = 0; i < n; i++)
        sei_text_printf(&g->reply, "%s%s", i ? " " : sep, sei_board_point_name(g->b, pts[i], v, sizeof v));
}

/* A new board of size, with the session's rules on it. */
static int new_board(sei_gtp *g, int size)
{
    sei_board *nb = sei_board_create(size);
    if (!nb)
        return -1;
    sei_board_destroy(g->b);
    g->b = nb;
    sei_rules_apply(&g->rules, g->b);
    return 0;
}

/* Choose a preset, keeping a komi that was given. */
static int set_rules(sei_gtp *g, const char *name)
{
    sei_rules r;
    if (sei_rules_preset(&r, name))
        return -1;
    if (g->komi_set)
        r.komi = g->rules.komi;
    g->rules = r;
    g->rules_chosen = 1;
    sei_rules_apply(&g->rules, g->b);
    return 0;
}

static const char *const commands[] = {
    "boardsize", "clear_board", "final_score", "final_status_list", "fixed_handicap", "kgs-rules", "known_command",
    "komi", "list_commands", "loadsgf", "name", "play", "protocol_version", "quit", "seichi-rules",
    "set_free_handicap", "showboard", "undo", "version",
};
#define N_COMMANDS (int)(sizeof commands / sizeof commands[0])

static int known(const char *name)
{
    for (int i = 0; i < N_COMMANDS; i++)
        if (!strcmp(commands[i], name))
            return 1;
    return 0;
}

/* The position counted: the dead stones proposed, one count (count.h).
 * Returns 0, or -1 with the reason in the board's message. */
static int count(sei_gtp *g, sei_score *s, uint8_t *dead, uint8_t *seki)
{
    if (!g->dead_valid) {
        if (sei_count_propose(g->b, &g->rules, g->dead, NULL))
            return -1;
        g->dead_valid = 1;
    }
    memcpy(dead, g->dead, sizeof g->dead);
    return sei_count_make(g->b, dead, &g->rules, -1, NULL, s, seki) ? -1 : 0;
}

static int cmd_loadsgf(sei_gtp *g, const char *id, char **arg, int argc)
{
    if (argc < 1 || argc > 2)
        return fail(g, id, "syntax error");
    long upto = -1;
    if (argc == 2 && (upto = parse_count(arg[1])) < 1)
        return fail(g, id, "syntax error");
    /* "-" would be the protocol's own input. */
    if (!strcmp(arg[0], "-"))
        return fail(g, id, "cannot load file");
    char msg[256];
    size_t len;
    char *text = sei_file_read(arg[0], g->p.max_sgf, &len, msg, sizeof msg);
    if (!text)
        return fail(g, id, "cannot load file");
    sei_sgf *s = sei_sgf_create();
    sei_sgf_game game;
    memset(&game, 0, sizeof game);
    sei_board *nb = NULL;
    int rc = -1;
    /* Into a new board, which replaces the old one only when the whole
     * record was read: a file that cannot be loaded changes nothing. */
    if (s && sei_sgf_parse(s, text, len) == SEI_OK && sei_sgf_games(s) >= 1 &&
        sei_sgf_game_get(s, 0, &game) == SEI_OK && game.moves_n <= g->p.max_moves &&
        (nb = sei_board_create(game.size))) {
        /* GTP's move_number: the position before that move is played. */
        int moves = upto > 0 ? (int)(upto - 1 < game.moves_n ? upto - 1 : game.moves_n) : -1;
        if (sei_sgf_replay(s, &game, moves, nb, NULL) == SEI_OK)
            rc = 0;
    }
    free(text);
    if (rc) {
        sei_board_destroy(nb);
        sei_sgf_game_release(&game);
        sei_sgf_destroy(s);
        return fail(g, id, "cannot load file");
    }
    sei_board_destroy(g->b);
    g->b = nb;
    /* The record's rules and komi, as `seichi score --sgf` takes them,
     * unless the controller chose the rules. */
    if (!g->rules_chosen) {
        double komi = g->rules.komi;
        sei_rules_preset(&g->rules, game.rules[0] ? game.rules : g->p.rules);
        if (g->komi_set)
            g->rules.komi = komi;
    }
    if (game.komi_given) {
        g->rules.komi = game.komi;
        g->komi_set = 1;
    }
    /* The replay left simple ko and legal suicide on the board. */
    sei_rules_apply(&g->rules, g->b);
    sei_sgf_game_release(&game);
    sei_sgf_destroy(s);
    return ok(g, id, g->b->to_move == SEI_WHITE ? "white" : "black");
}

static int cmd_showboard(sei_gtp *g, const char *id)
{
    const sei_board *b = g->b;
    char letters[2 * SEI_MAX_SIZE + 1];
    int k = 0;
    for (int x = 0; x < b->size; x++) {
        letters[k++] = (char)('A' + x + (x >= 8));
        letters[k++] = x + 1 < b->size ? ' ' : 0;
    }
    reply_start(g, '=', id);
    sei_text_printf(&g->reply, "\n   %s\n", letters);
    for (int y = 0; y < b->size; y++) {
        sei_text_printf(&g->reply, "%2d", b->size - y);
        for (int x = 0; x < b->size; x++) {
            int c = b->color[sei_board_point(b, x, y)];
            sei_text_printf(&g->reply, " %c", c == SEI_BLACK ? 'X' : c == SEI_WHITE ? 'O' : '.');
        }
        sei_text_printf(&g->reply, " %d\n", b->size - y);
    }
    sei_text_printf(&g->reply, "   %s\n%s to play; captured by Black (X) %d, by White (O) %d; komi ", letters,
                    b->to_move == SEI_WHITE ? "White" : "Black", b->prisoners[SEI_BLACK], b->prisoners[SEI_WHITE]);
    char k2[32];
    sei_text_printf(&g->reply, "%s; rules %s", sei_score_number(g->rules.komi, k2, sizeof k2), g->rules.name);
    return 0;
}

static int cmd_final_status_list(sei_gtp *g, const char *id, const char *what)
{
    int want = !strcmp(what, "dead") ? 1 : !strcmp(what, "seki") ? 2 : !strcmp(what, "alive") ? 3 : 0;
    if (!want)
        return fail(g, id, "syntax error");
    sei_score *s = malloc(sizeof *s);
    uint8_t *dead = malloc(2 * SEI_MAX_POINTS);
    int *chain = malloc(SEI_MAX_POINTS * sizeof *chain);
    if (!s || !dead || !chain) {
        free(s), free(dead), free(chain);
        return fail(g, id, "out of memory");
    }
    uint8_t *seki = dead + SEI_MAX_POINTS;
    if (count(g, s, dead, seki)) {
        free(s), free(dead), free(chain);
        return fail(g, id, "cannot score");
    }
    /* One chain a line, from the top left. */
    reply_start(g, '=', id);
    sei_board *b = g->b;
    b->mark_gen++;
    uint32_t done = b->mark_gen;
    int lines = 0;
    for (int y = 0; y < b->size; y++)
        for (int x = 0; x < b->size; x++) {
            int p = sei_board_point(b, x, y);
            if ((b->color[p] != SEI_BLACK && b->color[p] != SEI_WHITE) || b->mark[p] == done)
                continue;
            int st = s->dead[p] ? 1 : seki[p] ? 2 : 3;
            int n = sei_board_chain(b, p, chain);
            /* sei_board_chain marks with a new generation: keep ours. */
            for (int i = 0; i < n; i++)
                b->mark[chain[i]] = done;
            if (st != want)
                continue;
            /* The first list follows "=id " on its line. */
            vertex_list(g, lines++ ? "\n" : " ", chain, n);
        }
    free(s), free(dead), free(chain);
    return 0;
}

/* Answer the cleaned command in g->cmd. */
static int answer(sei_gtp *g)
{
    g->cmd[g->cmd_n] = 0;
    char *arg[MAX_ARGS + 1];
    int argc = 0;
    char *save = NULL;
    for (char *t = strtok_r(g->cmd, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
        if (argc == MAX_ARGS + 1) {
            argc++;
            break;
        }
        arg[argc++] = t;
    }
    const char *id = "";
    if (argc && parse_count(arg[0]) != -1) {
        /* An id is a whole number: echoed as one, leading zeros dropped. */
        id = arg[0];
        while (id[0] == '0' && id[1])
            id++;
        memmove(arg, arg + 1, (size_t)(argc - 1) * sizeof *arg);
        argc--;
    }
    if (g->too_long)
        return fail(g, id, "line too long");
    if (!argc)
        return fail(g, id, "unknown command");
    if (argc > MAX_ARGS)
        return fail(g, id, "too many arguments");
    const char *c = arg[0];
    char **a = arg + 1;
    int n = argc - 1;
    char buf[256];
    sei_board *b = g->b;

    static const char *const changes[] = {"boardsize", "clear_board", "komi", "play", "undo", "fixed_handicap",
                                          "set_free_handicap", "loadsgf", "seichi-rules", "kgs-rules"};
    for (size_t i = 0; i < sizeof changes / sizeof changes[0]; i++)
        if (!strcmp(c, changes[i]))
            g->dead_valid = 0; /* whether it succeeds or not: never a stale proposal */

    if (!strcmp(c, "protocol_version"))
        return ok(g, id, "2");
    if (!strcmp(c, "name"))
        return ok(g, id, "Seichi");
    if (!strcmp(c, "version"))
        return ok(g, id, SEI_VERSION);
    if (!strcmp(c, "known_command"))
        return n != 1 ? fail(g, id, "syntax error") : ok(g, id, known(a[0]) ? "true" : "false");
    if (!strcmp(c, "list_commands")) {
        reply_start(g, '=', id);
        for (int i = 0; i < N_COMMANDS; i++)
            sei_text_printf(&g->reply, "%s%s", i ? "\n" : " ", commands[i]);
        return 0;
    }
    if (!strcmp(c, "quit")) {
        g->quit = 1;
        return ok(g, id, NULL);
    }
    if (!strcmp(c, "boardsize")) {
        long size = n == 1 ? parse_count(a[0]) : -1;
        if (n == 1 && a[0][0] == '-' && parse_count(a[0] + 1) != -1)
            size = 0; /* a negative number: a size, unacceptable */
        if (size == -1)
            return fail(g, id, "syntax error");
        if (size < SEI_MIN_SIZE || size > SEI_MAX_SIZE)
            return fail(g, id, "unacceptable size");
        if (new_board(g, (int)size))
            return fail(g, id, "out of memory");
        return ok(g, id, NULL);
    }
    if (!strcmp(c, "clear_board")) {
        if (n)
            return fail(g, id, "syntax error");
        sei_board_clear(b);
        sei_rules_apply(&g->rules, b);
        return ok(g, id, NULL);
    }
    if (!strcmp(c, "komi")) {
        char *end, why[96];
        double k = 0;
        if (n == 1) {
            errno = 0;
            k = strtod(a[0], &end);
        }
        if (n != 1 || end == a[0] || *end || errno)
            return fail(g, id, "syntax error");
        if (sei_rules_komi_check(k, b->size, why, sizeof why)) {
            snprintf(buf, sizeof buf, "komi not accepted: %s", why);
            return fail(g, id, buf);
        }
        g->rules.komi = k;
        g->komi_set = 1;
        return ok(g, id, NULL);
    }
    if (!strcmp(c, "play")) {
        int color = n == 2 ? parse_color(a[0]) : 0;
        int p = color ? parse_vertex(b, a[1]) : 0;
        if (!color || !p)
            return fail(g, id, "syntax error");
        if (p == -3)
            return fail(g, id, "illegal move");
        if (b->moves_n >= g->p.max_moves)
            return fail(g, id, "too many moves");
        if (sei_board_play(b, color, p) != SEI_OK)
            return fail(g, id, "illegal move");
        return ok(g, id, NULL);
    }
    if (!strcmp(c, "undo")) {
        if (n)
            return fail(g, id, "syntax error");
        /* Moves only: handicap and setup stones are no part of the
         * history GTP undoes. */
        if (b->moves_n == 0 || b->moves[b->moves_n - 1].kind != SEI_MOVE_PLAY || sei_board_undo(b) != SEI_OK)
            return fail(g, id, "cannot undo");
        return ok(g, id, NULL);
    }
    if (!strcmp(c, "fixed_handicap")) {
        long k = n == 1 ? parse_count(a[0]) : -1;
        if (k == -1)
            return fail(g, id, "syntax error");
        if (stones_on_board(b) || b->moves_n)
            return fail(g, id, "board not empty");
        if (k < 2 || k > 9 || sei_board_handicap_fixed(b, (int)k) != SEI_OK)
            return fail(g, id, "invalid number of stones");
        int pts[9];
        for (int i = 0; i < k; i++)
            pts[i] = b->moves[i].point;
        reply_start(g, '=', id);
        vertex_list(g, " ", pts, (int)k);
        return 0;
    }
    if (!strcmp(c, "set_free_handicap")) {
        if (stones_on_board(b) || b->moves_n)
            return fail(g, id, "board not empty");
        int pts[MAX_ARGS];
        for (int i = 0; i < n; i++) {
            pts[i] = parse_vertex(b, a[i]);
            if (pts[i] <= 0)
                return fail(g, id, "bad vertex list");
            for (int j = 0; j < i; j++)
                if (pts[j] == pts[i])
                    return fail(g, id, "bad vertex list");
        }
        if (n < 2 || sei_board_handicap_free(b, pts, n) != SEI_OK)
            return fail(g, id, "bad vertex list");
        return ok(g, id, NULL);
    }
    if (!strcmp(c, "loadsgf"))
        return cmd_loadsgf(g, id, a, n);
    if (!strcmp(c, "showboard"))
        return cmd_showboard(g, id);
    if (!strcmp(c, "final_score")) {
        sei_score *s = malloc(sizeof *s);
        uint8_t dead[SEI_MAX_POINTS];
        if (!s)
            return fail(g, id, "out of memory");
        int rc = count(g, s, dead, NULL);
        if (!rc)
            snprintf(buf, sizeof buf, "%s", s->result);
        free(s);
        return rc ? fail(g, id, "cannot score") : ok(g, id, buf);
    }
    if (!strcmp(c, "final_status_list"))
        return n != 1 ? fail(g, id, "syntax error") : cmd_final_status_list(g, id, a[0]);
    if (!strcmp(c, "seichi-rules")) {
        if (n != 1)
            return fail(g, id, "syntax error");
        if (set_rules(g, a[0])) {
            snprintf(buf, sizeof buf, "unknown rules (one of: %s)", sei_rules_preset_names());
            return fail(g, id, buf);
        }
        return ok(g, id, NULL);
    }
    if (!strcmp(c, "kgs-rules")) {
        /* KGS's names for the rule sets it offers. */
        static const char *const kgs[][2] = {
            {"japanese", "japanese"}, {"chinese", "chinese"}, {"aga", "aga"}, {"new_zealand", "nz"}};
        for (int i = 0; n == 1 && i < 4; i++)
            if (!strcasecmp(a[0], kgs[i][0])) {
                set_rules(g, kgs[i][1]);
                return ok(g, id, NULL);
            }
        return fail(g, id, n == 1 ? "unknown rules" : "syntax error");
    }
    return fail(g, id, "unknown command");
}

/* The reply in g->reply, finished with its blank line. */
static const char *finish(sei_gtp *g)
{
    sei_text_puts(&g->reply, "\n\n");
    if (g->reply.oom || !g->reply.p)
        return "? out of memory\n\n";
    return g->reply.p;
}

int sei_gtp_line(sei_gtp *g, const char *line, size_t len, const char **reply)
{
    line_reset(g);
    for (size_t i = 0; i < len && line[i] != '\n'; i++)
        feed(g, (unsigned char)line[i]);
    if (!g->cmd_n) {
        *reply = "";
        return g->quit;
    }
    answer(g);
    *reply = finish(g);
    return g->quit;
}

int sei_gtp_run(sei_gtp *g, FILE *in, FILE *out)
{
    line_reset(g);
    for (;;) {
        int c = getc(in);
        if (c != EOF && c != '\n') {
            feed(g, (unsigned char)c);
            continue;
        }
        if (g->cmd_n) {
            answer(g);
            const char *r = finish(g);
            if (fputs(r, out) == EOF || fflush(out))
                return -1;
            if (g->quit)
                return 0;
        }
        line_reset(g);
        if (c == EOF)
            return 0;
    }
}

int sei_cli_gtp(int argc, char **argv, FILE *out, FILE *err)
{
    sei_gtp_params p;
    sei_gtp_params_default(&p);
    for (int i = 0; i < argc; i++) {
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            fprintf(out, "usage: seichi gtp [--rules R] [--size N]\n"
                         "  a GTP version 2 engine on standard input and output that counts the board:\n"
                         "  final_score and final_status_list, with moves, handicaps and loadsgf\n"
                         "rules: %s (default chinese; the GTP commands seichi-rules and kgs-rules change them)\n",
                    sei_rules_preset_names());
            return 0;
        }
        if (!strcmp(argv[i], "--rules") && v) {
            sei_rules r;
            if (sei_rules_preset(&r, v)) {
                fprintf(err, "seichi gtp: unknown rules '%s' (one of: %s)\n", v, sei_rules_preset_names());
                return 2;
            }
            snprintf(p.rules, sizeof p.rules, "%s", v);
            i++;
        } else if (!strcmp(argv[i], "--size") && v) {
            long s = parse_count(v);
            if (s < SEI_MIN_SIZE || s > SEI_MAX_SIZE) {
                fprintf(err, "seichi gtp: --size takes %d to %d, not '%s'\n", SEI_MIN_SIZE, SEI_MAX_SIZE, v);
                return 2;
            }
            p.size = (int)s;
            i++;
        } else {
            fprintf(err, "seichi gtp: unknown option '%s' (see 'seichi gtp --help')\n", argv[i]);
            return 2;
        }
    }
    sei_gtp *g = sei_gtp_create(&p);
    if (!g) {
        fprintf(err, "seichi gtp: out of memory\n");
        return 2;
    }
    int rc = sei_gtp_run(g, stdin, out);
    sei_gtp_destroy(g);
    if (rc) {
        fprintf(err, "seichi gtp: cannot write the replies\n");
        return 2;
    }
    return 0;
}
