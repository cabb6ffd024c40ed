/* jsonout.h - every JSON document Seichi prints, built with cJSON (never by
 * hand, so any text, a record's RE with quotes or control characters
 * included, comes out escaped) and printed the same way: one document,
 * one line, on stdout, with "schema" first so a reader can tell the
 * layout's version. Messages go to stderr. */
#ifndef SEI_JSONOUT_H
#define SEI_JSONOUT_H

#include <stdio.h>

#include <cjson/cJSON.h>

/* The layout of the documents; raised when a field changes meaning or
 * goes away (new fields do not raise it). */
#define SEI_JSON_SCHEMA 1

/* A new document: an object holding "schema". NULL when out of memory. */
cJSON *sei_json_doc(void);
/* A number rounded to places decimals (timings, confidences), so the
 * document does not carry 17 digits of noise. */
cJSON *sei_json_round(cJSON *obj, const char *key, double v, int places);
/* Print doc as one line on out and delete it (NULL: out of memory).
 * Returns 0, or -1 when it could not be built or written. */
int sei_json_print(FILE *out, cJSON *doc);

#endif
