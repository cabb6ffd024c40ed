/* station_fill.c - fill a kiosk's database with N results, copies of a
 * counted one (the first result of TEMPLATE, made by `seichi score`), each
 * with a UUID of its own and its own table: the kiosks of the station's
 * kill test (station_kill.sh) get their 200 results each in a second
 * instead of 200 runs of the program. Saved through the store as a kiosk
 * saves them. Exit 0, or 1 with the store's reason.
 * Usage: station_fill TEMPLATE KIOSK_DB N ROUND FIRST_TABLE */
#include <stdio.h>
#include <stdlib.h>

#include "store.h"

int main(int argc, char **argv)
{
    if (argc != 6) {
        fprintf(stderr, "usage: station_fill TEMPLATE KIOSK_DB N ROUND FIRST_TABLE\n");
        return 2;
    }
    int n = atoi(argv[3]), round = atoi(argv[4]), table = atoi(argv[5]);
    char msg[600];
    sei_store *t = sei_store_open(argv[1], msg, sizeof msg), *k = t ? sei_store_open(argv[2], msg, sizeof msg) : NULL;
    sei_store_result r;
    if (!t || !k || sei_store_get(t, 1, &r)) {
        fprintf(stderr, "station_fill: %s\n", !t || !k ? msg : sei_store_errmsg(t));
        sei_store_close(t);
        sei_store_close(k);
        return 1;
    }
    int rc = 0;
    for (int i = 0; i < n && !rc; i++) {
        r.uuid[0] = 0; /* a new one */
        r.time[0] = 0; /* now */
        r.ident.round = round;
        r.ident.table = table + i;
        int64_t id;
        if (sei_store_save(k, &r, &id)) {
            fprintf(stderr, "station_fill: %s\n", sei_store_errmsg(k));
            rc = 1;
        }
    }
    sei_store_result_release(&r);
    sei_store_close(t);
    sei_store_close(k);
    return rc;
}
