/* opengotha.c - reading OpenGotha's tournament file and writing it back
 * with results (opengotha.h). The document is kept whole as libxml2's tree,
 * so writing it back changes only the `result` attributes that were set. */
#define _GNU_SOURCE /* newlocale, towupper_l */
#include "opengotha.h"

#include <errno.h>
#include <limits.h>
#include <locale.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wctype.h>

#include <libxml/parser.h>
#include <libxml/tree.h>

#include "textbuf.h"

/* Limits that no real tournament reaches, so that a damaged or hostile
 * file costs little: players, games, and a round or table number. */
#define OG_MAX_PLAYERS 20000
#define OG_MAX_GAMES 200000
#define OG_MAX_NUMBER 100000

typedef struct {
    char *name, *first_name, *key, *rank, *club, *country, *egf_pin, *aga_id;
    int line; /* in the file, for messages */
} player_t;

typedef struct {
    xmlNodePtr node;
    int round, table, black, white, handicap, by_default;
    sei_og_outcome outcome;
    char *black_key, *white_key;
} game_t;

struct sei_og {
    xmlDocPtr doc;
    player_t *players;
    const player_t **by_key; /* the players sorted by key */
    int np;
    game_t *games;
    int ng;
    char *name;
    int rounds;
    char errmsg[256];
};

static int fail(sei_og *og, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int fail(sei_og *og, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(og->errmsg, sizeof og->errmsg, fmt, ap);
    va_end(ap);
    return -1;
}

static void clear(sei_og *og)
{
    for (int i = 0; i < og->np; i++) {
        player_t *p = &og->players[i];
        free(p->name), free(p->first_name), free(p->key), free(p->rank);
        free(p->club), free(p->country), free(p->egf_pin), free(p->aga_id);
    }
    for (int i = 0; i < og->ng; i++)
        free(og->games[i].black_key), free(og->games[i].white_key);
    free(og->players);
    free((void *)og->by_key);
    free(og->games);
    free(og->name);
    if (og->doc)
        xmlFreeDoc(og->doc);
    og->players = NULL, og->by_key = NULL, og->games = NULL, og->name = NULL, og->doc = NULL;
    og->np = og->ng = og->rounds = 0;
}

sei_og *sei_og_create(void)
{
    return calloc(1, sizeof(sei_og));
}

void sei_og_destroy(sei_og *og)
{
    if (!og)
        return;
    clear(og);
    free(og);
}

const char *sei_og_errmsg(const sei_og *og)
{
    return og ? og->errmsg : "out of memory";
}

/* An attribute's value as a new C string ("" when absent); NULL only when
 * memory runs out. */
static char *attr(xmlNodePtr n, const char *name)
{
    xmlChar *v = xmlGetProp(n, (const xmlChar *)name);
    char *s = strdup(v ? (const char *)v : "");
    xmlFree(v);
    return s;
}

/* A whole number attribute in [lo, hi]; def when absent. -1 when it is
 * there but no such number. */
static int attr_int(xmlNodePtr n, const char *name, long lo, long hi, int def, int *out)
{
    xmlChar *v = xmlGetProp(n, (const xmlChar *)name);
    if (!v) {
        *out = def;
        return 0;
    }
    char *end;
    errno = 0;
    long x = strtol((const char *)v, &end, 10);
    int ok = end != (char *)v && !*end && !errno && x >= lo && x <= hi;
    xmlFree(v);
    if (!ok)
        return -1;
    *out = (int)x;
    return 0;
}

static int is_element(xmlNodePtr n, const char *name)
{
    return n && n->type == XML_ELEMENT_NODE && !xmlStrcmp(n->name, (const xmlChar *)name);
}

static xmlNodePtr child(xmlNodePtr parent, const char *name)
{
    for (xmlNodePtr c = parent ? parent->children : NULL; c; c = c->next)
        if (is_element(c, name))
            return c;
    return NULL;
}

/* Append the UTF-8 of code point c. */
static size_t put_utf8(char *o, uint32_t c)
{
    if (c < 0x80) {
        o[0] = (char)c;
        return 1;
    }
    if (c < 0x800) {
        o[0] = (char)(0xC0 | (c >> 6)), o[1] = (char)(0x80 | (c & 0x3F));
        return 2;
    }
    if (c < 0x10000) {
        o[0] = (char)(0xE0 | (c >> 12)), o[1] = (char)(0x80 | ((c >> 6) & 0x3F)), o[2] = (char)(0x80 | (c & 0x3F));
        return 3;
    }
    o[0] = (char)(0xF0 | (c >> 18)), o[1] = (char)(0x80 | ((c >> 12) & 0x3F));
    o[2] = (char)(0x80 | ((c >> 6) & 0x3F)), o[3] = (char)(0x80 | (c & 0x3F));
    return 4;
}

/* OpenGotha's key of a player: name and first name run together, blanks
 * removed, in capitals as Java's toUpperCase makes them (the whole of
 * Unicode, and German ß as SS). The text is UTF-8, as libxml2 gives it. */
static char *make_key(const char *name, const char *first)
{
    static locale_t utf8 = (locale_t)0;
    if (!utf8)
        utf8 = newlocale(LC_CTYPE_MASK, "C.UTF-8", (locale_t)0);
    size_t n = strlen(name) + strlen(first);
    char *k = malloc(2 * n + 1), *o = k;
    if (!k)
        return NULL;
    for (int part = 0; part < 2; part++) {
        const unsigned char *s = (const unsigned char *)(part ? first : name);
        while (*s) {
            uint32_t c = *s;
            int len = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 1;
            for (int i = 1; i < len; i++)
                if ((s[i] & 0xC0) != 0x80)
                    len = 1;
            if (len > 1) {
                c &= 0xFFu >> (len + 1);
                for (int i = 1; i < len; i++)
                    c = (c << 6) | (s[i] & 0x3F);
            }
            s += len;
            if (c == ' ')
                continue;
            if (c == 0xDF) { /* ß */
                *o++ = 'S', *o++ = 'S';
                continue;
            }
            if (c < 0x80)
                c = (uint32_t)(c >= 'a' && c <= 'z' ? c - 32 : c);
            else if (utf8)
                c = (uint32_t)towupper_l((wint_t)c, utf8);
            o += put_utf8(o, c);
        }
    }
    *o = 0;
    return k;
}

static const struct {
    const char *name;
    sei_og_outcome outcome;
    int by_default;
} outcomes[] = {
    {"RESULT_UNKNOWN", SEI_OG_UNKNOWN, 0},
    {"RESULT_BLACKWINS", SEI_OG_BLACK_WINS, 0},
    {"RESULT_WHITEWINS", SEI_OG_WHITE_WINS, 0},
    {"RESULT_EQUAL", SEI_OG_EQUAL, 0},
    {"RESULT_BOTHLOSE", SEI_OG_BOTH_LOSE, 0},
    {"RESULT_BOTHWIN", SEI_OG_BOTH_WIN, 0},
    {"RESULT_BLACKWINS_BYDEF", SEI_OG_BLACK_WINS, 1},
    {"RESULT_WHITEWINS_BYDEF", SEI_OG_WHITE_WINS, 1},
    {"RESULT_EQUAL_BYDEF", SEI_OG_EQUAL, 1},
    {"RESULT_BOTHLOSE_BYDEF", SEI_OG_BOTH_LOSE, 1},
    {"RESULT_BOTHWIN_BYDEF", SEI_OG_BOTH_WIN, 1},
};

static int cmp_key(const void *a, const void *b)
{
    return strcmp((*(const player_t *const *)a)->key, (*(const player_t *const *)b)->key);
}

static int cmp_table(const void *a, const void *b)
{
    const game_t *x = *(game_t *const *)a, *y = *(game_t *const *)b;
    if (x->round != y->round)
        return x->round < y->round ? -1 : 1;
    if (x->table != y->table)
        return x->table < y->table ? -1 : 1;
    return x->node->line < y->node->line ? -1 : x->node->line > y->node->line;
}

static int read_players(sei_og *og, xmlNodePtr root)
{
    xmlNodePtr list = child(root, "Players");
    int n = 0;
    for (xmlNodePtr c = list ? list->children : NULL; c; c = c->next)
        n += is_element(c, "Player");
    if (n > OG_MAX_PLAYERS)
        return fail(og, "%d players: more than %d, not a tournament file Seichi reads", n, OG_MAX_PLAYERS);
    og->players = calloc((size_t)n + 1, sizeof *og->players);
    if (!og->players)
        return fail(og, "out of memory");
    for (xmlNodePtr c = list ? list->children : NULL; c; c = c->next) {
        if (!is_element(c, "Player"))
            continue;
        player_t *p = &og->players[og->np++];
        p->name = attr(c, "name"), p->first_name = attr(c, "firstName"), p->rank = attr(c, "rank");
        p->club = attr(c, "club"), p->country = attr(c, "country");
        p->egf_pin = attr(c, "egfPin"), p->aga_id = attr(c, "agaId");
        if (!p->name || !p->first_name || !p->rank || !p->club || !p->country || !p->egf_pin || !p->aga_id)
            return fail(og, "out of memory");
        if (!*p->name && !*p->first_name)
            return fail(og, "line %d: a player with no name", c->line);
        if (!(p->key = make_key(p->name, p->first_name)))
            return fail(og, "out of memory");
        p->line = c->line;
    }
    /* The players by key, for the games' lookups and to find two with one
     * key: sorted once, so a large file costs n log n, not n squared. */
    og->by_key = malloc(((size_t)og->np + 1) * sizeof *og->by_key);
    if (!og->by_key)
        return fail(og, "out of memory");
    for (int i = 0; i < og->np; i++)
        og->by_key[i] = &og->players[i];
    qsort(og->by_key, (size_t)og->np, sizeof *og->by_key, cmp_key);
    for (int i = 1; i < og->np; i++) {
        const player_t *a = og->by_key[i - 1], *b = og->by_key[i];
        if (!strcmp(a->key, b->key)) {
            const player_t *later = a->line > b->line ? a : b;
            return fail(og, "line %d: two players are both %s %s (OpenGotha tells players apart by their names)",
                        later->line, later->name, later->first_name);
        }
    }
    return 0;
}

static int find_player(const sei_og *og, const char *key)
{
    int lo = 0, hi = og->np - 1;
    while (lo <= hi) {
        int mid = lo + (hi - lo) / 2;
        int c = strcmp(key, og->by_key[mid]->key);
        if (!c)
            return (int)(og->by_key[mid] - og->players);
        if (c < 0)
            hi = mid - 1;
        else
            lo = mid + 1;
    }
    return -1;
}

static int read_games(sei_og *og, xmlNodePtr root)
{
    xmlNodePtr list = child(root, "Games");
    int n = 0;
    for (xmlNodePtr c = list ? list->children : NULL; c; c = c->next)
        n += is_element(c, "Game");
    if (n > OG_MAX_GAMES)
        return fail(og, "%d games: more than %d, not a tournament file Seichi reads", n, OG_MAX_GAMES);
    og->games = calloc((size_t)n + 1, sizeof *og->games);
    if (!og->games)
        return fail(og, "out of memory");
    for (xmlNodePtr c = list ? list->children : NULL; c; c = c->next) {
        if (!is_element(c, "Game"))
            continue;
        game_t *g = &og->games[og->ng++];
        g->node = c;
        if (attr_int(c, "roundNumber", 1, OG_MAX_NUMBER, 1, &g->round))
            return fail(og, "line %d: a game whose roundNumber is no round (1 to %d)", c->line, OG_MAX_NUMBER);
        if (attr_int(c, "tableNumber", 1, OG_MAX_NUMBER, 1, &g->table))
            return fail(og, "line %d: a game whose tableNumber is no table (1 to %d)", c->line, OG_MAX_NUMBER);
        if (attr_int(c, "handicap", 0, 9, 0, &g->handicap))
            return fail(og, "line %d: a game whose handicap is not 0 to 9 stones", c->line);
        xmlChar *r = xmlGetProp(c, (const xmlChar *)"result");
        size_t k = 0;
        if (r) {
            while (k < sizeof outcomes / sizeof outcomes[0] && xmlStrcmp(r, (const xmlChar *)outcomes[k].name))
                k++;
            if (k == sizeof outcomes / sizeof outcomes[0]) {
                fail(og, "line %d: a game whose result '%.40s' OpenGotha does not write", c->line, (const char *)r);
                xmlFree(r);
                return -1;
            }
            xmlFree(r);
        }
        g->outcome = outcomes[k].outcome;
        g->by_default = outcomes[k].by_default;
        if (!(g->black_key = attr(c, "blackPlayer")) || !(g->white_key = attr(c, "whitePlayer")))
            return fail(og, "out of memory");
        g->black = find_player(og, g->black_key);
        g->white = find_player(og, g->white_key);
        if (g->round > og->rounds)
            og->rounds = g->round;
    }
    /* Two games at one table of a round, found by sorting (n log n). */
    game_t **by_table = malloc(((size_t)og->ng + 1) * sizeof *by_table);
    if (!by_table)
        return fail(og, "out of memory");
    for (int i = 0; i < og->ng; i++)
        by_table[i] = &og->games[i];
    qsort(by_table, (size_t)og->ng, sizeof *by_table, cmp_table);
    for (int i = 1; i < og->ng; i++)
        if (by_table[i - 1]->round == by_table[i]->round && by_table[i - 1]->table == by_table[i]->table) {
            const game_t *later = by_table[i - 1]->node->line > by_table[i]->node->line ? by_table[i - 1] : by_table[i];
            int line = later->node->line, table = later->table, round = later->round;
            free(by_table);
            return fail(og, "line %d: two games at table %d of round %d", line, table, round);
        }
    free(by_table);
    return 0;
}

static int read_doc(sei_og *og, xmlDocPtr doc)
{
    og->doc = doc;
    /* OpenGotha writes no DOCTYPE. One here could only declare entities,
     * whose expansion (nested ones grow a billionfold) the reader will not
     * risk. */
    if (doc->intSubset || doc->extSubset)
        return fail(og, "the file declares a document type (DOCTYPE), which OpenGotha's files never do: refused");
    xmlNodePtr root = xmlDocGetRootElement(doc);
    if (!is_element(root, "Tournament"))
        return fail(og, "not an OpenGotha tournament file (its root element is %s, not Tournament)",
                    root ? (const char *)root->name : "missing");
    if (read_players(og, root) || read_games(og, root))
        return -1;
    xmlNodePtr gps = child(child(root, "TournamentParameterSet"), "GeneralParameterSet");
    og->name = gps ? attr(gps, "name") : strdup("");
    if (og->name && !*og->name && gps) {
        free(og->name);
        og->name = attr(gps, "shortName");
    }
    if (!og->name)
        return fail(og, "out of memory");
    int rounds = 0;
    if (gps && !attr_int(gps, "numberOfRounds", 0, OG_MAX_NUMBER, 0, &rounds) && rounds > og->rounds)
        og->rounds = rounds;
    return 0;
}

int sei_og_read_memory(sei_og *og, const char *data, size_t len)
{
    if (!og)
        return -1;
    clear(og);
    og->errmsg[0] = 0;
    if (len > SEI_OG_MAX_FILE || len > INT_MAX)
        return fail(og, "the file is larger than %u MB: not a tournament file", SEI_OG_MAX_FILE >> 20);
    xmlParserCtxtPtr ctx = xmlNewParserCtxt();
    if (!ctx)
        return fail(og, "out of memory");
    /* No network, no external entities or DTD, nothing printed: the
     * reasons come back through the context. Entities are not substituted,
     * so no entity can grow the document. */
    xmlDocPtr doc = xmlCtxtReadMemory(ctx, data, (int)len, "tournament.xml", NULL,
                                      XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
    if (!doc) {
        const xmlError *e = xmlCtxtGetLastError(ctx);
        char msg[160] = "not XML";
        if (e && e->message) {
            snprintf(msg, sizeof msg, "%s", e->message);
            size_t m = strlen(msg);
            while (m && (msg[m - 1] == '\n' || msg[m - 1] == ' '))
                msg[--m] = 0;
        }
        int line = e ? e->line : 0;
        xmlFreeParserCtxt(ctx);
        return line > 0 ? fail(og, "not a readable XML file: line %d: %s", line, msg)
                        : fail(og, "not a readable XML file: %s", msg);
    }
    xmlFreeParserCtxt(ctx);
    if (read_doc(og, doc)) {
        char keep[sizeof og->errmsg];
        memcpy(keep, og->errmsg, sizeof keep);
        clear(og);
        memcpy(og->errmsg, keep, sizeof keep);
        return -1;
    }
    return 0;
}

int sei_og_read(sei_og *og, const char *path)
{
    if (!og)
        return -1;
    char msg[200];
    size_t len = 0;
    char *data = sei_file_read(path, SEI_OG_MAX_FILE, &len, msg, sizeof msg);
    if (!data)
        return fail(og, "%s", msg);
    int rc = sei_og_read_memory(og, data, len);
    free(data);
    return rc;
}

const char *sei_og_name(const sei_og *og)
{
    return og && og->name ? og->name : "";
}

int sei_og_rounds(const sei_og *og)
{
    return og ? og->rounds : 0;
}

int sei_og_param(const sei_og *og, const char *set, const char *name, char *buf, size_t n)
{
    if (n)
        buf[0] = 0;
    xmlNodePtr ps = og && og->doc ? child(child(xmlDocGetRootElement(og->doc), "TournamentParameterSet"), set) : NULL;
    xmlChar *v = ps ? xmlGetProp(ps, (const xmlChar *)name) : NULL;
    if (!v)
        return 0;
    if (n)
        snprintf(buf, n, "%s", (const char *)v);
    xmlFree(v);
    return 1;
}

int sei_og_same_event(const sei_og *a, const sei_og *b)
{
    char sa[256], sb[256], da[64], db[64];
    sei_og_param(a, "GeneralParameterSet", "beginDate", da, sizeof da);
    sei_og_param(b, "GeneralParameterSet", "beginDate", db, sizeof db);
    if (strcmp(da, db))
        return 0;
    sei_og_param(a, "GeneralParameterSet", "shortName", sa, sizeof sa);
    sei_og_param(b, "GeneralParameterSet", "shortName", sb, sizeof sb);
    /* The short name when both files give one; else the name. */
    return sa[0] && sb[0] ? !strcmp(sa, sb) : !strcmp(sei_og_name(a), sei_og_name(b));
}

int sei_og_player_count(const sei_og *og)
{
    return og ? og->np : 0;
}

int sei_og_player_get(const sei_og *og, int i, sei_og_player *out)
{
    if (!og || i < 0 || i >= og->np)
        return -1;
    const player_t *p = &og->players[i];
    *out = (sei_og_player){p->name, p->first_name, p->key, p->rank, p->club, p->country, p->egf_pin, p->aga_id};
    return 0;
}

int sei_og_game_count(const sei_og *og)
{
    return og ? og->ng : 0;
}

int sei_og_game_get(const sei_og *og, int i, sei_og_game *out)
{
    if (!og || i < 0 || i >= og->ng)
        return -1;
    const game_t *g = &og->games[i];
    *out = (sei_og_game){g->round, g->table, g->black, g->white, g->black_key, g->white_key,
                         g->handicap, g->outcome, g->by_default};
    return 0;
}

int sei_og_find_game(const sei_og *og, int round, int table)
{
    for (int i = 0; og && i < og->ng; i++)
        if (og->games[i].round == round && og->games[i].table == table)
            return i;
    return -1;
}

int sei_og_set_result(sei_og *og, int round, int table, sei_og_outcome outcome, int by_default)
{
    if (!og)
        return -1;
    int i = sei_og_find_game(og, round, table);
    if (i < 0)
        return fail(og, "round %d has no game at table %d", round, table);
    const char *name = NULL;
    for (size_t k = 0; k < sizeof outcomes / sizeof outcomes[0]; k++)
        if (outcomes[k].outcome == outcome && outcomes[k].by_default == (outcome != SEI_OG_UNKNOWN && by_default))
            name = outcomes[k].name;
    if (!name)
        return fail(og, "no such result");
    if (!xmlSetProp(og->games[i].node, (const xmlChar *)"result", (const xmlChar *)name))
        return fail(og, "out of memory");
    og->games[i].outcome = outcome;
    og->games[i].by_default = outcome != SEI_OG_UNKNOWN && by_default;
    return 0;
}

sei_og_outcome sei_og_outcome_from_result(const char *result, int *by_default)
{
    int d = 0;
    sei_og_outcome o = SEI_OG_UNKNOWN;
    if (result && (result[0] == 'B' || result[0] == 'W') && result[1] == '+' && result[2]) {
        o = result[0] == 'B' ? SEI_OG_BLACK_WINS : SEI_OG_WHITE_WINS;
        d = !strcmp(result + 2, "F") || !strcmp(result + 2, "Forfeit");
    } else if (result && (!strcmp(result, "0") || !strcmp(result, "Draw") || !strcmp(result, "Jigo"))) {
        o = SEI_OG_EQUAL;
    }
    if (by_default)
        *by_default = d;
    return o;
}

const char *sei_og_outcome_text(sei_og_outcome outcome, int by_default)
{
    switch (outcome) {
    case SEI_OG_BLACK_WINS: return by_default ? "B+F" : "B+";
    case SEI_OG_WHITE_WINS: return by_default ? "W+F" : "W+";
    case SEI_OG_EQUAL: return by_default ? "0 by default" : "0";
    case SEI_OG_BOTH_LOSE: return by_default ? "both lose by default" : "both lose";
    case SEI_OG_BOTH_WIN: return by_default ? "both win by default" : "both win";
    default: return "";
    }
}

int sei_og_write_memory(sei_og *og, char **out, size_t *len)
{
    if (!og || !og->doc)
        return og ? fail(og, "no tournament read") : -1;
    xmlChar *buf = NULL;
    int n = 0;
    /* No reformatting: the document's own blanks and line breaks are kept,
     * so a file written back differs from the one read only where results
     * were set. */
    xmlDocDumpFormatMemoryEnc(og->doc, &buf, &n, "UTF-8", 0);
    if (!buf)
        return fail(og, "out of memory");
    *out = malloc((size_t)n + 1);
    if (!*out) {
        xmlFree(buf);
        return fail(og, "out of memory");
    }
    memcpy(*out, buf, (size_t)n);
    (*out)[n] = 0;
    *len = (size_t)n;
    xmlFree(buf);
    return 0;
}

int sei_og_write(sei_og *og, const char *path, int replace)
{
    char *data;
    size_t len = 0;
    if (sei_og_write_memory(og, &data, &len))
        return -1;
    char msg[200];
    int rc = sei_file_write_new(path, data, len, replace, msg, sizeof msg);
    free(data);
    return rc ? fail(og, "%s", msg) : 0;
}
