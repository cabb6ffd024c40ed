/* test_deadstones.c - the dead-stone proposal: positions with a known
 * answer, written here as diagrams, and floors on the shared labelled sets
 * and counted games (raised as the proposal improves). */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "boardfile.h"
#include "cli.h"
#include "deadstones.h"
#include "shared.h"

static sei_board *diagram(const char *text, uint8_t *marked)
{
    sei_board *b = NULL;
    uint8_t dead[SEI_MAX_POINTS];
    char err[200];
    assert_int_equal(sei_boardfile_parse(text, strlen(text), &b, dead, err, sizeof err), SEI_OK);
    if (marked)
        memcpy(marked, dead, sizeof dead);
    return b;
}

/* The proposal must equal the diagram's own marks (x/o = dead). */
static void expect_marks(const char *text)
{
    uint8_t want[SEI_MAX_POINTS];
    sei_board *b = diagram(text, want);
    sei_dead_result r;
    assert_int_equal(sei_dead_propose(b, NULL, &r), SEI_OK);
    int wrong = 0;
    for (int y = 0; y < b->size; y++)
        for (int x = 0; x < b->size; x++) {
            int p = sei_board_point(b, x, y);
            if (b->color[p] != SEI_EMPTY && r.dead[p] != want[p]) {
                printf("  %c%d: proposed %s, should be %s (confidence %.2f)\n", 'A' + x + (x >= 8), b->size - y,
                       r.dead[p] ? "dead" : "alive", want[p] ? "dead" : "alive", r.confidence[p]);
                wrong++;
            }
        }
    sei_board_destroy(b);
    assert_int_equal(wrong, 0);
}

static void test_two_eyes_never_dead(void **state)
{
    (void)state;
    /* A small black group with two eyes deep in White's area lives; the
     * lone black stone beside it does not. */
    expect_marks(".........\n"
                 ".OOOOOOO.\n"
                 ".OXXXXXO.\n"
                 ".OX.X.XO.\n"
                 ".OXXXXXO.\n"
                 ".OOOOOOO.\n"
                 "...x.....\n"
                 ".........\n"
                 ".........\n");
}

static void test_dead_stones_in_territory(void **state)
{
    (void)state;
    /* 13x13: one or two invaders in each side's territories. */
    expect_marks("X.....XO..OO.\n"
                 "..Xo.XXO..OO.\n"
                 "o.X.XXOO..OOO\n"
                 "..X..XO.Ox.O.\n"
                 "XX....XO.....\n"
                 "OOXX...XOOOx.\n"
                 "O.OOX...XOO..\n"
                 "....OXXX.XXOO\n"
                 "...OOX.....XX\n"
                 "O..OX...XXX..\n"
                 "O..OX..XOOOX.\n"
                 "...OXXXO..OOX\n"
                 "...OX.XO...OX\n");
}

static void test_seki_with_eyes(void **state)
{
    (void)state;
    /* The three-group seki of tests/cases/seki.case: nothing is dead, and
     * the groups on the top edge are in seki. */
    const char *pos = ".X.O.X.XO\n"
                      "XXOOOXXXO\n"
                      "OOXXXOOOO\n"
                      ".OX.XO...\n"
                      ".OX.XO...\n"
                      ".OX.XOOOO\n"
                      ".OX.XXXXX\n"
                      ".OX......\n"
                      ".OX......\n";
    expect_marks(pos);
    sei_board *b = diagram(pos, NULL);
    sei_dead_result r;
    assert_int_equal(sei_dead_propose(b, NULL, &r), SEI_OK);
    assert_true(r.seki[sei_board_parse_point(b, "B9")]);   /* Black, one eye */
    assert_true(r.seki[sei_board_parse_point(b, "D9")]);   /* White, no eye */
    assert_true(r.seki[sei_board_parse_point(b, "F9")]);   /* Black, one eye */
    assert_false(r.seki[sei_board_parse_point(b, "C3")]);  /* the walls live */
    assert_false(r.seki[sei_board_parse_point(b, "F5")]);
    sei_board_destroy(b);
}

static void test_sacrifice_kills(void **state)
{
    (void)state;
    /* A standoff that is no seki (from a counted game, handtalk1 in GNU
     * Go's regression games): the White corner group has no eye and only
     * the liberties G9 and J8, which the two Black stones H9-J9 share.
     * Black plays G9, three stones in atari and White too; White takes
     * them and is left with a straight three on the edge, which Black
     * kills at H9. The playouts, which never put two stones into atari,
     * see a seki. (The seki positions of test_seki_with_eyes and of the
     * OGS maps below, whose groups have an eye or a liberty elsewhere,
     * stay seki.) */
    expect_marks("....Xo.XX\n"
                 "....Xooo.\n"
                 "....XXooo\n"
                 ".....XXXo\n"
                 "........X\n"
                 ".........\n"
                 ".........\n"
                 ".........\n"
                 ".........\n");
}

static void test_unfilled_dame(void **state)
{
    (void)state;
    /* Neutral points left open between the walls change nothing. */
    expect_marks("...X.O...\n"
                 "...X.O...\n"
                 "...X.O...\n"
                 "...XO....\n"
                 "...X.O...\n"
                 "...XO....\n"
                 "...X.O...\n"
                 "...XO....\n"
                 "...X.O...\n");
}

static void test_19x19_final_position(void **state)
{
    (void)state;
    /* The bundled sample game, its agreed dead stones marked. */
    char path[2048];
    snprintf(path, sizeof path, "%s/../kiosk/samples/club-game-19.board", SEI_TESTS_DIR);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    char text[4096];
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = 0;
    expect_marks(text);
}

static void test_repeatable(void **state)
{
    (void)state;
    /* Seeded from the position: the same board gives the same proposal. */
    sei_board *b = diagram("XXXXXXXXX\n"
                           "X.X.X..oX\n"
                           "XXXXXXXXX\n"
                           "OOOOOOOOO\n"
                           "O..x..O.O\n"
                           "OOOOOOOOO\n"
                           ".........\n"
                           "OOOOOOOOO\n"
                           ".........\n", NULL);
    sei_dead_result a, c;
    assert_int_equal(sei_dead_propose(b, NULL, &a), SEI_OK);
    assert_int_equal(sei_dead_propose(b, NULL, &c), SEI_OK);
    assert_memory_equal(a.dead, c.dead, sizeof a.dead);
    assert_int_equal(a.playouts, c.playouts);
    sei_dead_params p;
    sei_dead_params_default(&p);
    p.playouts = 0;
    assert_int_equal(sei_dead_propose(b, &p, &a), SEI_ERR_ARG);
    sei_board_destroy(b);
}

/* ---- shared sets ---------------------------------------------------------- */

/* Counted games of one set: at least `floor` of them exact. */
static void games_floor(const char *set, int min_moves, double floor)
{
    const char *shared = sei_test_shared_dir();
    char dir[2048];
    snprintf(dir, sizeof dir, "%s/sgf/%s", shared ? shared : "", set);
    DIR *d = shared ? opendir(dir) : NULL;
    if (!d) {
        printf("SKIP: %s absent\n", dir);
        skip();
    }
    int games = 0, exact = 0, right = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        size_t len = strlen(e->d_name);
        if (len < 5 || strcmp(e->d_name + len - 4, ".sgf"))
            continue;
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        sei_record_check rc;
        if (sei_cli_check_record(path, min_moves, &rc) != SEI_CHECK_COUNTED)
            continue;
        games++;
        exact += rc.exact;
        right += rc.right;
    }
    closedir(d);
    printf("%s: %d games, %d exact (%.1f%%, floor %.1f%%), %d right winner\n", set, games, exact,
           games ? 100.0 * exact / games : 0, 100 * floor, right);
    assert_true(games > 0);
    assert_true(exact >= floor * games);
}

static void test_tygem(void **state) { (void)state; games_floor("tygem-9d-2005-11", 0, 0.88); }
static void test_fox_pro(void **state) { (void)state; games_floor("fox-pro", 0, 0.78); }
static void test_fox_amateur(void **state) { (void)state; games_floor("fox-amateur-9k", 200, 0.74); }
static void test_gnugo_games(void **state) { (void)state; games_floor("gnugo-regression-games", 0, 0.87); }

/* OGS's hand-corrected removal maps: the proposal must find the same dead
 * stones on at least `floor` of the positions. */
static void test_ogs_removals(void **state)
{
    (void)state;
    const char *shared = sei_test_shared_dir();
    const char *groups[] = {"easy", "mid", "hard", "really_hard", "no_removals", "patterns"};
    int files = 0, exact = 0;
    if (!sei_test_shared_present()) {
        printf("SKIP: shared data absent\n");
        skip();
    }
    for (size_t gi = 0; gi < sizeof groups / sizeof groups[0]; gi++) {
        char dir[2048];
        snprintf(dir, sizeof dir, "%s/sgf/ogs-score-estimator-tests/test_games/%s", shared, groups[gi]);
        DIR *d = opendir(dir);
        if (!d)
            continue;
        struct dirent *e;
        while ((e = readdir(d))) {
            if (!strstr(e->d_name, ".game"))
                continue;
            char path[4096];
            snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
            FILE *f = fopen(path, "r");
            if (!f)
                continue;
            /* "# ...", height H, width W, player_to_move P, grid, blank, removal grid. */
            char line[4096];
            int h = 0, w = 0, row = 0, part = 0, grid[25][25] = {{0}}, rem[25][25] = {{0}};
            while (fgets(line, sizeof line, f)) {
                if (line[0] == '#' || !strncmp(line, "player_to_move", 14))
                    continue;
                if (!strncmp(line, "height", 6)) { h = atoi(line + 7); continue; }
                if (!strncmp(line, "width", 5)) { w = atoi(line + 6); continue; }
                if (line[0] == '\n' || line[0] == '\r') {
                    if (row) { part = 1; row = 0; }
                    continue;
                }
                if (row >= 25 || w > 25 || h > 25)
                    break;
                char *s = line;
                for (int x = 0; x < w; x++) {
                    int v = (int)strtol(s, &s, 10);
                    if (part == 0) grid[row][x] = v; else rem[row][x] = v;
                }
                row++;
            }
            fclose(f);
            if (w != h || w < 2)
                continue;
            sei_board *b = sei_board_create(w);
            for (int y = 0; y < h; y++)
                for (int x = 0; x < w; x++)
                    if (grid[y][x])
                        sei_board_place(b, grid[y][x] > 0 ? SEI_BLACK : SEI_WHITE, sei_board_point(b, x, y));
            sei_dead_result r;
            assert_int_equal(sei_dead_propose(b, NULL, &r), SEI_OK);
            int wrong = 0;
            for (int y = 0; y < h; y++)
                for (int x = 0; x < w; x++)
                    if (grid[y][x] && r.dead[sei_board_point(b, x, y)] != (rem[y][x] != 0))
                        wrong++;
            files++;
            exact += wrong == 0;
            if (wrong)
                printf("  %s/%s: %d stones differ\n", groups[gi], e->d_name, wrong);
            sei_board_destroy(b);
        }
        closedir(d);
    }
    printf("OGS removal maps: %d of %d positions exact (floor 53)\n", exact, files);
    assert_true(files >= 50);
    assert_true(exact >= 53);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_two_eyes_never_dead),
        cmocka_unit_test(test_dead_stones_in_territory),
        cmocka_unit_test(test_seki_with_eyes),
        cmocka_unit_test(test_sacrifice_kills),
        cmocka_unit_test(test_unfilled_dame),
        cmocka_unit_test(test_19x19_final_position),
        cmocka_unit_test(test_repeatable),
        cmocka_unit_test(test_ogs_removals),
        cmocka_unit_test(test_tygem),
        cmocka_unit_test(test_fox_pro),
        cmocka_unit_test(test_fox_amateur),
        cmocka_unit_test(test_gnugo_games),
    };
    return sei_test_exit(cmocka_run_group_tests(tests, NULL, NULL));
}
