/* test_push.c - the kiosk's side of the director's station without a
 * station: addresses as typed turned into URLs (and the ones refused), a
 * player's name as the banner and a result carry it (cut at a character
 * to the names' cap), a pairing code checked before anything is sent, an
 * address where nothing listens answered "unreachable" at once, and an
 * outbox with nothing waiting sending nothing. The exchanges with a real
 * station are test_ui's (test_station_day) and station.sh's. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include <curl/curl.h>

#include "push.h"

static void test_url(void **state)
{
    (void)state;
    char url[300], why[200];
    static const struct {
        const char *typed, *url;
    } good[] = {{"192.168.1.5:8080", "http://192.168.1.5:8080"},
                {"http://desk:8080/", "http://desk:8080"},
                {"https://desk.example//", "https://desk.example"},
                {"127.0.0.1:1", "http://127.0.0.1:1"}};
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        assert_int_equal(sei_push_url(good[i].typed, url, sizeof url, why, sizeof why), 0);
        assert_string_equal(url, good[i].url);
    }
    static const char *const bad[] = {"", "/", "http://", "ftp://desk", "desk 8080", "desk\t:80", "file:///etc/passwd"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        why[0] = 0;
        assert_int_equal(sei_push_url(bad[i], url, sizeof url, why, sizeof why), -1);
        assert_true(why[0] != 0);
    }
    char longer[400];
    memset(longer, 'a', sizeof longer - 1);
    longer[sizeof longer - 1] = 0;
    assert_int_equal(sei_push_url(longer, url, sizeof url, why, sizeof why), -1);
}

static void test_player_name(void **state)
{
    (void)state;
    sei_store_player p;
    memset(&p, 0, sizeof p);
    char out[SEI_IDENT_TEXT + 1];
    sei_store_player_name(&p, out, sizeof out);
    assert_string_equal(out, ""); /* no player on this side */
    p.known = 1;
    snprintf(p.name, sizeof p.name, "Müller");
    snprintf(p.first_name, sizeof p.first_name, "Jörg");
    sei_store_player_name(&p, out, sizeof out);
    assert_string_equal(out, "Müller Jörg");
    p.first_name[0] = 0;
    sei_store_player_name(&p, out, sizeof out);
    assert_string_equal(out, "Müller");
    /* Two names at their cap: cut to the cap, at a character. */
    for (int i = 0; i < 42; i++)
        memcpy(p.name + 3 * i, "한", 3);
    p.name[126] = 0;
    memcpy(p.first_name, p.name, 127);
    sei_store_player_name(&p, out, sizeof out);
    assert_true(strlen(out) <= SEI_IDENT_TEXT);
    assert_int_equal(sei_ident_text_ok(out, SEI_IDENT_TEXT, NULL, 0), 0);
    assert_int_equal(strncmp(out, p.name, 126), 0);
}

static void test_no_station(void **state)
{
    (void)state;
    sei_push_params p;
    sei_push_params_default(&p);
    p.connect_ms = 2000;
    char token[SEI_TOKEN_LEN + 1], name[64], why[256];
    /* A code that is not six digits is not sent. */
    assert_int_equal(sei_push_enroll("http://127.0.0.1:1", "12345", &p, token, name, sizeof name, why, sizeof why),
                     SEI_PUSH_ARG);
    assert_int_equal(sei_push_enroll("http://127.0.0.1:1", "12345a", &p, token, name, sizeof name, why, sizeof why),
                     SEI_PUSH_ARG);
    /* Port 1 of the machine itself refuses at once. */
    assert_int_equal(sei_push_enroll("http://127.0.0.1:1", "123456", &p, token, name, sizeof name, why, sizeof why),
                     SEI_PUSH_UNREACHABLE);
    assert_non_null(strstr(why, "unreachable"));
    sei_store_pairing pr;
    assert_int_equal(sei_push_pairing("http://127.0.0.1:1", 3, &p, &pr, why, sizeof why), SEI_PUSH_UNREACHABLE);
    assert_int_equal(sei_push_pairing("http://127.0.0.1:1", 0, &p, &pr, why, sizeof why), SEI_PUSH_ARG);
    assert_int_equal(sei_push_pairing("http://127.0.0.1:1", 10000, &p, &pr, why, sizeof why), SEI_PUSH_ARG);
    /* An empty outbox: nothing to send, so no connection and no error. */
    char db[] = "/tmp/seichi-push-XXXXXX";
    int fd = mkstemp(db);
    assert_true(fd >= 0);
    close(fd);
    remove(db);
    sei_store *s = sei_store_open(db, why, sizeof why);
    assert_non_null(s);
    sei_push_tally t = {9, 9, 9, 9, 9, 9};
    assert_int_equal(sei_push_outbox(s, "http://127.0.0.1:1", "00", &p, &t, NULL, "test", why, sizeof why), SEI_PUSH_OK);
    assert_int_equal(t.sent + t.had + t.refused, 0);
    assert_int_equal(t.waiting, 0);
    sei_store_close(s);
    char side[64];
    remove(db);
    snprintf(side, sizeof side, "%s-wal", db);
    remove(side);
    snprintf(side, sizeof side, "%s-shm", db);
    remove(side);
}

/* A result's players against its game's pairing: the same words in any
 * order and ASCII case are the same player; the colours swapped are told
 * apart from other players; a name not given matches anyone. */
static void test_paired(void **state)
{
    (void)state;
    sei_store_pairing p;
    memset(&p, 0, sizeof p);
    p.black.known = p.white.known = 1;
    snprintf(p.black.name, sizeof p.black.name, "Straße");
    snprintf(p.black.first_name, sizeof p.black.first_name, "Anna");
    snprintf(p.white.name, sizeof p.white.name, "Müller");
    snprintf(p.white.first_name, sizeof p.white.first_name, "Jörg");
    struct {
        const char *black, *white;
        sei_paired want;
    } cases[] = {
        {"Straße Anna", "Müller Jörg", SEI_PAIRED_SAME},
        {"anna  Straße", " Jörg MÜLLER ", SEI_PAIRED_OTHER}, /* Ü is not ASCII: another word */
        {"ANNA straße", "Jörg Müller", SEI_PAIRED_SAME},
        {"", "", SEI_PAIRED_SAME},
        {"Straße Anna", "", SEI_PAIRED_SAME},
        {"Müller Jörg", "Straße Anna", SEI_PAIRED_SWAPPED},
        {"", "Anna Straße", SEI_PAIRED_SWAPPED},
        {"Ann", "Bob", SEI_PAIRED_OTHER},
        {"Straße Anna", "Bob", SEI_PAIRED_OTHER},
        {"Straße", "Müller Jörg", SEI_PAIRED_OTHER}, /* a word short */
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        sei_ident who;
        memset(&who, 0, sizeof who);
        snprintf(who.black, sizeof who.black, "%s", cases[i].black);
        snprintf(who.white, sizeof who.white, "%s", cases[i].white);
        if (sei_store_paired(&p, &who) != cases[i].want)
            fail_msg("case %zu (%s, %s): %d, want %d", i, cases[i].black, cases[i].white, sei_store_paired(&p, &who),
                     cases[i].want);
    }
}

int main(void)
{
    curl_global_init(CURL_GLOBAL_DEFAULT);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_url),
        cmocka_unit_test(test_player_name),
        cmocka_unit_test(test_paired),
        cmocka_unit_test(test_no_station),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    curl_global_cleanup();
    return rc;
}
