/* station.h - the director's station: an HTTP or HTTPS server (libmicrohttpd) on
 * the director's laptop to which the kiosks push their agreed results, from
 * which a results wall and the kiosks read results and pairings, and
 * through which a judge with the PIN confirms, corrects or voids a result.
 * Versioned JSON under /api/v1 (README.md: "The director's station").
 *
 * Everything it knows is in one results store (store.h): the kiosks' token
 * hashes, the imported tournament, the results received. Its limits guard
 * it on a LAN others share: connections in all and per address, a timeout
 * for slow clients, the size of a request's headers and URL (the
 * connection's memory) and of its body. */
#ifndef SEI_STATION_H
#define SEI_STATION_H

#include <stddef.h>

typedef struct {
    const char *host;          /* address to listen on: "0.0.0.0" every interface, "127.0.0.1" */
    int port;                  /* 0: any free port (sei_station_port says which) */
    unsigned max_connections;  /* at once, in all (64) */
    unsigned per_ip;           /* at once from one address (16) */
    unsigned timeout_s;        /* a connection idle this long is closed (15) */
    size_t conn_memory;        /* a connection's buffer: the request line and headers must fit (16 KiB) */
    size_t max_body;           /* a request body larger is refused with 413 (256 KiB) */
    unsigned threads;          /* worker threads (4) */
    int code_tries;            /* wrong pairing codes in a row that lock pairing (5) */
    int code_lock_seconds;     /* for how long (60) */
    /* HTTPS: the certificate (its chain) and its private key as PEM text,
     * both or neither (NULL: plain HTTP). Served through libmicrohttpd's
     * GnuTLS; the texts must stay valid while the station runs. */
    const char *tls_cert, *tls_key;
} sei_station_params;

void sei_station_params_default(sei_station_params *p);

typedef struct sei_station sei_station;

/* Open the database at db (sei_store_open) and start serving. NULL with
 * the reason in err (n bytes): the database, a bad address, the port
 * taken, a certificate without its key (or the reverse), HTTPS asked of a
 * libmicrohttpd built without TLS, a certificate and key GnuTLS refuses. */
sei_station *sei_station_create(const char *db, const sei_station_params *p, char *err, size_t n);
/* The port it listens on. */
int sei_station_port(const sei_station *st);
/* Stop serving (the requests under way finish) and close; NULL is a no-op. */
void sei_station_destroy(sei_station *st);

#endif
