/* boardfile.c - reading and writing board diagrams. Every refusal names the
 * line and column, since these files are typed by hand. */
#include "boardfile.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static sei_status perr(char *err, size_t n, int line, int col, const char *fmt, ...)
{
    char msg[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (err && n) {
        if (line > 0 && col > 0)
            snprintf(err, n, "line %d, column %d: %s", line, col, msg);
        else if (line > 0)
            snprintf(err, n, "line %d: %s", line, msg);
        else
            snprintf(err, n, "%s", msg);
    }
    return SEI_ERR_PARSE;
}

/* A line of column letters as the printed diagrams head a board with:
 * A, B, C ... in order, skipping I (as Go's point names do), blanks
 * between. Sets *n to their number. */
static int column_labels(const char *t, size_t len, int *n)
{
    char want = 'A';
    int k = 0;
    for (size_t i = 0; i < len; i++) {
        char c = t[i];
        if (c == ' ' || c == '\t')
            continue;
        if (c != want || k == SEI_MAX_SIZE)
            return 0;
        k++;
        want = (char)(want == 'H' ? 'J' : want + 1);
    }
    *n = k;
    return k > 0;
}

/* What a row of points is written with: the points, the marks printed
 * beside them (a point read in doubt, territory, seki and false eyes) and
 * blanks. */
#define ROW_MARKS ".+XOxobwsf?[] \t"

/* The line at *i of text (len bytes): [*start, *end), without its newline
 * or a Windows '\r'; *i moves past the newline. */
static void next_line(const char *text, size_t len, size_t *i, size_t *start, size_t *end)
{
    *start = *i;
    while (*i < len && text[*i] != '\n')
        (*i)++;
    *end = *i;
    if (*i < len)
        (*i)++;
    if (*end > *start && text[*end - 1] == '\r')
        (*end)--;
}

/* A row number of one to three digits at *i (advanced past it); -1 when
 * there is none or it is too long. */
static int read_label(const char *t, size_t *i, size_t end)
{
    int v = 0, d = 0;
    while (*i < end && t[*i] >= '0' && t[*i] <= '9') {
        if (++d > 3)
            return -1;
        v = v * 10 + (t[*i] - '0');
        (*i)++;
    }
    return d ? v : -1;
}

sei_status sei_boardfile_parse(const char *text, size_t len, sei_board **out, uint8_t *dead,
                               char *err, size_t errlen)
{
    /* Points as read, before we know the size: at most 25 rows of 25. */
    char grid[SEI_MAX_SIZE][SEI_MAX_SIZE];
    int row_line[SEI_MAX_SIZE], row_col[SEI_MAX_SIZE][SEI_MAX_SIZE], row_label[SEI_MAX_SIZE];
    int rows = 0, width = -1, line = 1;
    int label_cols = 0, labelled_cols = -1, labels_line = 0;
    size_t i = 0;

    *out = NULL;
    if (err && errlen)
        err[0] = 0;
    /* Windows Notepad starts a UTF-8 file with a byte order mark: not part
     * of the diagram, and invisible to whoever typed it. Columns count
     * from after it, as the editor shows them. */
    if (len >= 3 && !memcmp(text, "\xEF\xBB\xBF", 3)) {
        text += 3;
        len -= 3;
    }
    /* Notepad's "Unicode" is UTF-16, which no byte-wise check would name. */
    if (len >= 2 && (!memcmp(text, "\xFF\xFE", 2) || !memcmp(text, "\xFE\xFF", 2)))
        return perr(err, errlen, 0, 0, "the file is UTF-16 text: save it as UTF-8 (or plain ASCII)");
    /* A labelled diagram is read from its line of column letters: the
     * lines a program printed above it (`detect`'s "13x13 board, read in
     * ...", `score`'s rules) are not the board. A row before any such line
     * (a diagram lettered below, or not at all) starts it where it is. */
    for (size_t k = 0, n = 1; k < len; n++) {
        size_t from, s0, e0;
        next_line(text, len, &k, &from, &e0);
        s0 = from;
        while (s0 < e0 && (text[s0] == ' ' || text[s0] == '\t'))
            s0++;
        size_t r0 = s0;
        while (r0 < e0 && text[r0] && strchr(ROW_MARKS "0123456789", text[r0]))
            r0++;
        if (s0 < e0 && text[s0] != '#' && r0 == e0)
            break; /* a row of points */
        if (column_labels(text + s0, e0 - s0, &label_cols)) {
            i = from; /* from the start of that line */
            line = (int)n;
            break;
        }
    }
    while (i < len) {
        size_t start, end;
        next_line(text, len, &i, &start, &end);
        /* Skip leading blanks to see if this is a comment or empty line. */
        size_t j = start;
        while (j < end && (text[j] == ' ' || text[j] == '\t'))
            j++;
        if (j == end || text[j] == '#') {
            line++;
            continue;
        }
        /* The diagrams `score` and `detect` print are labelled: a line of
         * column letters (A B C ... with no I), and each row's number on
         * both sides. Such a diagram is read back as it stands. */
        size_t legend = strlen(SEI_BOARDFILE_LEGEND);
        if (end - j >= legend && !memcmp(text + j, SEI_BOARDFILE_LEGEND, legend)) {
            line++;
            continue;
        }
        if (column_labels(text + j, end - j, &label_cols)) {
            if (labelled_cols < 0)
                labelled_cols = label_cols, labels_line = line;
            line++;
            continue;
        }
        /* ... and ends at the first line below its rows that is no row
         * (`detect`'s "corners: ...", `score`'s count): a line of points
         * and marks alone, or one starting with a row number, is a row. */
        if (labelled_cols >= 0 && rows > 0 && !(text[j] >= '0' && text[j] <= '9')) {
            size_t k = j;
            while (k < end && text[k] && strchr(ROW_MARKS, text[k]))
                k++;
            if (k < end)
                break;
        }
        size_t first = j, last = end;
        int lead = -1, trail = -1;
        if (text[first] >= '0' && text[first] <= '9') {
            lead = read_label(text, &first, last);
            while (last > first && (text[last - 1] == ' ' || text[last - 1] == '\t'))
                last--;
            size_t t = last;
            while (t > first && text[t - 1] >= '0' && text[t - 1] <= '9')
                t--;
            /* The row number follows a blank, or the mark of a last
             * point read in doubt (`detect`: "O?19"; "O]19" before). */
            if (t < last && (t == first || text[t - 1] == ' ' || text[t - 1] == '\t' || text[t - 1] == '?' ||
                             text[t - 1] == ']')) {
                size_t u = t;
                trail = read_label(text, &u, last);
                last = t;
            }
            if (lead < 0 || (trail >= 0 && trail != lead))
                return perr(err, errlen, line, 0, "a labelled row must carry one row number on both sides, as 19 ... 19");
        }
        int labelled = lead >= 0 || labelled_cols >= 0;
        if (rows == SEI_MAX_SIZE)
            return perr(err, errlen, line, 0, "more than %d rows: a board is at most %dx%d",
                        SEI_MAX_SIZE, SEI_MAX_SIZE, SEI_MAX_SIZE);
        int cols = 0;
        for (size_t k = first; k < last; k++) {
            char c = text[k];
            int col = (int)(k - start) + 1;
            if (c == ' ' || c == '\t')
                continue;
            /* In a printed diagram, a question mark follows a point read
             * in doubt (`detect`; brackets round it before 2026-12-02),
             * and b w s f mark territory, seki eyes and false eyes: all of
             * them empty points or the stone inside. In a typed diagram
             * they stay typing slips. */
            if (labelled && (c == '?' || c == '[' || c == ']'))
                continue;
            if (labelled && strchr("bwsf", c))
                c = '.';
            if (!strchr(".+XOxo", c) || c == 0) {
                unsigned char u = (unsigned char)c;
                if (u >= 0x20 && u < 0x7f)
                    return perr(err, errlen, line, col, "unknown character '%c' (use . X O, or x o for dead stones)", c);
                return perr(err, errlen, line, col, "unknown byte 0x%02x (use . X O, or x o for dead stones)", u);
            }
            if (cols == SEI_MAX_SIZE)
                return perr(err, errlen, line, col, "more than %d points in a row: a board is at most %dx%d",
                            SEI_MAX_SIZE, SEI_MAX_SIZE, SEI_MAX_SIZE);
            grid[rows][cols] = c;
            row_col[rows][cols] = col;
            cols++;
        }
        if (lead >= 0 && cols == 0)
            return perr(err, errlen, line, 0, "a number with no points after it: a board file holds rows of points "
                        "only (no line for the size)");
        if (width < 0)
            width = cols;
        else if (cols != width)
            return perr(err, errlen, line, 0, "this row has %d points but the first row has %d (ragged lines)",
                        cols, width);
        row_line[rows] = line;
        row_label[rows] = lead;
        rows++;
        line++;
    }
    if (rows == 0)
        return perr(err, errlen, 0, 0, "no board: the file holds no rows of points");
    /* Labels, where given, must agree with the board: a row a line off or
     * a column missing is a damaged copy, not another board. */
    if (labelled_cols >= 0 && labelled_cols != width)
        return perr(err, errlen, labels_line, 0, "the column letters name %d columns but the rows hold %d points",
                    labelled_cols, width);
    for (int y = 0; y < rows; y++)
        if (row_label[y] >= 0 && row_label[y] != rows - y)
            return perr(err, errlen, row_line[y], 0, "this row is labelled %d, but it is row %d of %d counted from the "
                        "bottom", row_label[y], rows - y, rows);
    if (rows != width)
        return perr(err, errlen, row_line[rows - 1], 0, "the board has %d rows of %d points: it must be square", rows, width);
    if (rows < SEI_MIN_SIZE)
        return perr(err, errlen, row_line[0], 0, "a %dx%d board is too small (at least %dx%d)", rows, rows,
                    SEI_MIN_SIZE, SEI_MIN_SIZE);

    sei_board *b = sei_board_create(rows);
    if (!b)
        return perr(err, errlen, 0, 0, "out of memory");
    memset(dead, 0, SEI_MAX_POINTS);
    for (int y = 0; y < rows; y++)
        for (int x = 0; x < rows; x++) {
            char c = grid[y][x];
            if (c == '.' || c == '+')
                continue;
            int p = sei_board_point(b, x, y);
            int color = (c == 'X' || c == 'x') ? SEI_BLACK : SEI_WHITE;
            if (sei_board_place(b, color, p) != SEI_OK) {
                sei_board_destroy(b);
                return perr(err, errlen, 0, 0, "out of memory");
            }
            dead[p] = (c == 'x' || c == 'o');
        }
    /* A chain is dead or alive as a whole: a mixed chain is a typing slip. */
    int chain[SEI_MAX_POINTS];
    for (int y = 0; y < rows; y++)
        for (int x = 0; x < rows; x++) {
            int p = sei_board_point(b, x, y);
            if (b->color[p] == SEI_EMPTY)
                continue;
            int n = sei_board_chain(b, p, chain);
            for (int k = 0; k < n; k++)
                if (dead[chain[k]] != dead[p]) {
                    int q = dead[p] ? p : chain[k];
                    int qx = sei_board_x(b, q), qy = sei_board_y(b, q);
                    int r = dead[p] ? chain[k] : p;
                    int rx = sei_board_x(b, r), ry = sei_board_y(b, r);
                    sei_board_destroy(b);
                    return perr(err, errlen, row_line[qy], row_col[qy][qx],
                                "this dead stone is in one chain with a live stone at line %d, column %d: mark the whole chain dead or none of it",
                                row_line[ry], row_col[ry][rx]);
                }
        }
    /* A chain without liberties should have been lifted; if its stones are
     * still there they must be marked dead. */
    for (int y = 0; y < rows; y++)
        for (int x = 0; x < rows; x++) {
            int p = sei_board_point(b, x, y);
            if (b->color[p] == SEI_EMPTY || dead[p] || sei_board_chain_liberties(b, p) > 0)
                continue;
            int black = b->color[p] == SEI_BLACK;
            sei_board_destroy(b);
            return perr(err, errlen, row_line[y], row_col[y][x],
                        "the %s chain here has no liberties: it was captured (mark it dead with '%c' if its stones are still to be lifted)",
                        black ? "black" : "white", black ? 'x' : 'o');
        }
    b->to_move = SEI_BLACK;
    *out = b;
    return SEI_OK;
}

size_t sei_boardfile_write(const sei_board *b, const uint8_t *dead, char *buf, size_t n)
{
    size_t need = (size_t)b->size * (size_t)(b->size + 1);
    if (need + 1 > n)
        return need + 1;
    size_t k = 0;
    for (int y = 0; y < b->size; y++) {
        for (int x = 0; x < b->size; x++) {
            int p = sei_board_point(b, x, y);
            int dd = dead && dead[p];
            char c = '.';
            if (b->color[p] == SEI_BLACK)
                c = dd ? 'x' : 'X';
            else if (b->color[p] == SEI_WHITE)
                c = dd ? 'o' : 'O';
            buf[k++] = c;
        }
        buf[k++] = '\n';
    }
    buf[k] = 0;
    return k;
}
