/* station_web.h - the director's station's web page and the read-only
 * views it reads (station_web.c), and the answers station.c lends it so
 * each is written once. Private to the station: station.c and
 * station_web.c include it, nothing else. */
#ifndef SEI_STATION_WEB_H
#define SEI_STATION_WEB_H

#include <microhttpd.h>

#include "store.h"

struct cJSON;

/* If url is the page's (/, its script, style and icon) or one of the
 * views it adds (GET /api/v1/pairings, GET /api/v1/results/UUID/audit),
 * answer it into *ret and return 1; else 0 and station.c routes it. */
int sei_station_web_route(sei_store *s, struct MHD_Connection *c, const char *url, const char *method,
                          enum MHD_Result *ret);

/* station.c's: a JSON answer (o is consumed; NULL: out of memory), an
 * {"error": msg} answer, the HTTP status of a store's refusal, a query
 * argument that must be a whole number in [lo, hi] (1 with *v, 0 absent,
 * -1 not such a number), a player of a pairing as JSON (null unknown). */
enum MHD_Result sei_station_reply(struct MHD_Connection *c, unsigned code, struct cJSON *o);
enum MHD_Result sei_station_reply_error(struct MHD_Connection *c, unsigned code, const char *msg);
unsigned sei_station_status_code(sei_store_status st);
int sei_station_query_int(struct MHD_Connection *c, const char *key, int lo, int hi, int *v);
void sei_station_player_json(struct cJSON *o, const char *key, const sei_store_player *p);

#endif
