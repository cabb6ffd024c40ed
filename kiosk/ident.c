/* ident.c - who played a result (ident.h): the checks every way in obeys,
 * the command-line options, and the identity read from and written to a
 * game record. */
#include "ident.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Length of the UTF-8 character at p (n bytes left), 0 when it is not
 * one: overlong forms, surrogates and code points past U+10FFFF refused. */
static size_t utf8_char(const unsigned char *p, size_t n, unsigned *cp)
{
    if (p[0] < 0x80) {
        *cp = p[0];
        return 1;
    }
    size_t len = p[0] >= 0xF0 ? 4 : p[0] >= 0xE0 ? 3 : p[0] >= 0xC2 ? 2 : 0;
    if (!len || len > n || p[0] > 0xF4)
        return 0;
    unsigned c = p[0] & (0x7F >> len);
    for (size_t i = 1; i < len; i++) {
        if ((p[i] & 0xC0) != 0x80)
            return 0;
        c = c << 6 | (p[i] & 0x3F);
    }
    static const unsigned least[5] = {0, 0, 0x80, 0x800, 0x10000};
    if (c < least[len] || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF))
        return 0;
    *cp = c;
    return len;
}

static int is_control(unsigned cp) { return cp < 0x20 || cp == 0x7F || (cp >= 0x80 && cp <= 0x9F); }

int sei_ident_text_ok(const char *v, size_t cap, char *why, size_t n)
{
    size_t len = strlen(v);
    if (len > cap) {
        snprintf(why, n, "is %zu bytes long (at most %zu)", len, cap);
        return -1;
    }
    const unsigned char *p = (const unsigned char *)v;
    for (size_t i = 0; i < len;) {
        unsigned cp;
        size_t l = utf8_char(p + i, len - i, &cp);
        if (!l) {
            snprintf(why, n, "is not UTF-8 text (byte %zu)", i + 1);
            return -1;
        }
        if (is_control(cp)) {
            /* A control character would reach a terminal, a CSV reader or
             * the kiosk's screen as something else than text. */
            snprintf(why, n, "holds a control character (U+%04X at byte %zu)", cp, i + 1);
            return -1;
        }
        i += l;
    }
    return 0;
}

int sei_ident_rating_id(const char *v, char *out, char *why, size_t n)
{
    char prefix[4] = "";
    const char *digits = v;
    if (!*v) {
        out[0] = 0;
        return 0;
    }
    if (strlen(v) > 4 && v[3] == ':') {
        for (int i = 0; i < 3; i++)
            prefix[i] = (char)toupper((unsigned char)v[i]);
        digits = v + 4;
    }
    size_t nd = strspn(digits, "0123456789");
    int ok = nd > 0 && !digits[nd];
    if (ok && !strcmp(prefix, "EGD"))
        ok = nd == 8;
    else if (ok && !strcmp(prefix, "AGA"))
        ok = nd <= 6;
    else if (ok)
        ok = !prefix[0] && nd <= 10;
    if (!ok) {
        snprintf(why, n, "is no rating ID (EGD:12345678 for an EGD PIN, AGA:12345 for an AGA ID, or up to 10 digits)");
        return -1;
    }
    snprintf(out, SEI_IDENT_ID + 1, "%s%s%s", prefix, prefix[0] ? ":" : "", digits);
    return 0;
}

/* A round or table number: all of v's text, 1..max. */
static int parse_number(const char *v, int max, int *out)
{
    if (!*v || strspn(v, "0123456789") != strlen(v) || strlen(v) > 6)
        return -1;
    long l = strtol(v, NULL, 10);
    if (l < 1 || l > max)
        return -1;
    *out = (int)l;
    return 0;
}

static const struct {
    const char *opt;
    unsigned bit;
    const char *name;
} fields[] = {
    {"--event", SEI_IDENT_EVENT, "event"},       {"--round", SEI_IDENT_ROUND, "round"},
    {"--table", SEI_IDENT_TABLE, "table"},       {"--black", SEI_IDENT_BLACK, "black_player"},
    {"--white", SEI_IDENT_WHITE, "white_player"},       {"--black-id", SEI_IDENT_BLACK_ID, "black_id"},
    {"--white-id", SEI_IDENT_WHITE_ID, "white_id"},
};

const char *sei_ident_field_name(unsigned bit)
{
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
        if (fields[i].bit == bit)
            return fields[i].name;
    return "?";
}

int sei_ident_option(sei_ident *id, unsigned *given, const char *opt, const char *v, char *why, size_t n)
{
    unsigned bit = 0;
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
        if (!strcmp(opt, fields[i].opt))
            bit = fields[i].bit;
    if (!bit)
        return 0;
    char w[160];
    if (!v) {
        snprintf(why, n, "%s needs a value", opt);
        return -1;
    }
    int bad = 0;
    switch (bit) {
    case SEI_IDENT_ROUND:
    case SEI_IDENT_TABLE: {
        int max = bit == SEI_IDENT_ROUND ? SEI_IDENT_MAX_ROUND : SEI_IDENT_MAX_TABLE;
        int *to = bit == SEI_IDENT_ROUND ? &id->round : &id->table;
        if (!*v)
            *to = 0;
        else if (parse_number(v, max, to)) {
            snprintf(why, n, "%s takes a number from 1 to %d, not '%.40s'", opt, max, v);
            return -1;
        }
        break;
    }
    case SEI_IDENT_BLACK_ID:
    case SEI_IDENT_WHITE_ID:
        bad = sei_ident_rating_id(v, bit == SEI_IDENT_BLACK_ID ? id->black_id : id->white_id, w, sizeof w);
        break;
    default: {
        char *to = bit == SEI_IDENT_EVENT ? id->event : bit == SEI_IDENT_BLACK ? id->black : id->white;
        if (!(bad = sei_ident_text_ok(v, SEI_IDENT_TEXT, w, sizeof w)))
            snprintf(to, SEI_IDENT_TEXT + 1, "%s", v);
    }
    }
    if (bad) {
        snprintf(why, n, "%s %s", opt, w);
        return -1;
    }
    *given |= bit;
    return 1;
}

int sei_ident_check(const sei_ident *id, char *why, size_t n)
{
    char w[160], norm[SEI_IDENT_ID + 1];
    const char *texts[] = {id->event, id->black, id->white};
    const unsigned bits[] = {SEI_IDENT_EVENT, SEI_IDENT_BLACK, SEI_IDENT_WHITE};
    for (int i = 0; i < 3; i++)
        if (!memchr(texts[i], 0, SEI_IDENT_TEXT + 1) || sei_ident_text_ok(texts[i], SEI_IDENT_TEXT, w, sizeof w)) {
            snprintf(why, n, "%s %s", sei_ident_field_name(bits[i]),
                     memchr(texts[i], 0, SEI_IDENT_TEXT + 1) ? w : "is not terminated");
            return -1;
        }
    const char *ids[] = {id->black_id, id->white_id};
    for (int i = 0; i < 2; i++)
        if (!memchr(ids[i], 0, SEI_IDENT_ID + 1) || sei_ident_rating_id(ids[i], norm, w, sizeof w) ||
            strcmp(norm, ids[i])) {
            snprintf(why, n, "%s '%.16s' is no rating ID as stored", i ? "white_id" : "black_id", ids[i]);
            return -1;
        }
    if (id->round < 0 || id->round > SEI_IDENT_MAX_ROUND || id->table < 0 || id->table > SEI_IDENT_MAX_TABLE) {
        snprintf(why, n, "round %d or table %d is out of range", id->round, id->table);
        return -1;
    }
    return 0;
}

/* A record's text value cleaned to the rules: control characters become
 * spaces, bad bytes are dropped, and it is cut at a character to fit. */
static void clean_text(char *dst, const char *src)
{
    size_t k = 0, len = strlen(src);
    const unsigned char *p = (const unsigned char *)src;
    for (size_t i = 0; i < len;) {
        unsigned cp;
        size_t l = utf8_char(p + i, len - i, &cp);
        if (!l) {
            i++;
            continue;
        }
        if (k + l > SEI_IDENT_TEXT)
            break;
        if (is_control(cp))
            dst[k++] = ' ';
        else
            memcpy(dst + k, src + i, l), k += l;
        i += l;
    }
    /* Spaces a line break left at the ends say nothing. */
    while (k && dst[k - 1] == ' ')
        k--;
    dst[k] = 0;
    size_t lead = strspn(dst, " ");
    memmove(dst, dst + lead, k - lead + 1);
}

int sei_ident_from_sgf(sei_ident *id, unsigned given, const char *text, size_t len)
{
    sei_sgf *g = sei_sgf_create();
    sei_sgf_game game;
    memset(&game, 0, sizeof game);
    if (!g || sei_sgf_parse(g, text, len) != SEI_OK || sei_sgf_game_get(g, 0, &game) != SEI_OK) {
        sei_sgf_game_release(&game);
        sei_sgf_destroy(g);
        return -1;
    }
    char why[160];
    if (!(given & SEI_IDENT_EVENT))
        clean_text(id->event, game.event);
    if (!(given & SEI_IDENT_BLACK))
        clean_text(id->black, game.black);
    if (!(given & SEI_IDENT_WHITE))
        clean_text(id->white, game.white);
    /* RO is free text: "3", "3 (final)", "Round 3"; its first number. */
    if (!(given & SEI_IDENT_ROUND)) {
        const char *d = game.round + strcspn(game.round, "0123456789");
        char num[8];
        snprintf(num, sizeof num, "%.*s", (int)strspn(d, "0123456789"), d);
        if (parse_number(num, SEI_IDENT_MAX_ROUND, &id->round))
            id->round = 0;
    }
    const char *v = sei_sgf_get(g, game.root, "SEITABLE");
    if (!(given & SEI_IDENT_TABLE) && (!v || parse_number(v, SEI_IDENT_MAX_TABLE, &id->table)))
        id->table = 0;
    v = sei_sgf_get(g, game.root, "SEIBID");
    if (!(given & SEI_IDENT_BLACK_ID) && (!v || sei_ident_rating_id(v, id->black_id, why, sizeof why)))
        id->black_id[0] = 0;
    v = sei_sgf_get(g, game.root, "SEIWID");
    if (!(given & SEI_IDENT_WHITE_ID) && (!v || sei_ident_rating_id(v, id->white_id, why, sizeof why)))
        id->white_id[0] = 0;
    sei_sgf_game_release(&game);
    sei_sgf_destroy(g);
    return 0;
}

sei_status sei_ident_to_sgf(const sei_ident *id, sei_sgf *g, int root)
{
    sei_status st = SEI_OK;
    char num[16];
    if (!st && id->event[0]) st = sei_sgf_set(g, root, "EV", id->event);
    snprintf(num, sizeof num, "%d", id->round);
    if (!st && id->round) st = sei_sgf_set(g, root, "RO", num);
    if (!st && id->black[0]) st = sei_sgf_set(g, root, "PB", id->black);
    if (!st && id->white[0]) st = sei_sgf_set(g, root, "PW", id->white);
    snprintf(num, sizeof num, "%d", id->table);
    if (!st && id->table) st = sei_sgf_set(g, root, "SEITABLE", num);
    if (!st && id->black_id[0]) st = sei_sgf_set(g, root, "SEIBID", id->black_id);
    if (!st && id->white_id[0]) st = sei_sgf_set(g, root, "SEIWID", id->white_id);
    return st;
}
