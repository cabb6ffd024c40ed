/* jsonout.c - printing JSON documents (jsonout.h). */
#include "jsonout.h"

#include <math.h>
#include <stdlib.h>

cJSON *sei_json_doc(void)
{
    cJSON *doc = cJSON_CreateObject();
    if (doc && !cJSON_AddNumberToObject(doc, "schema", SEI_JSON_SCHEMA)) {
        cJSON_Delete(doc);
        return NULL;
    }
    return doc;
}

cJSON *sei_json_round(cJSON *obj, const char *key, double v, int places)
{
    double k = pow(10, places);
    return cJSON_AddNumberToObject(obj, key, isfinite(v) ? round(v * k) / k : 0);
}

int sei_json_print(FILE *out, cJSON *doc)
{
    char *text = doc ? cJSON_PrintUnformatted(doc) : NULL;
    cJSON_Delete(doc);
    if (!text)
        return -1;
    int rc = fputs(text, out) < 0 || fputc('\n', out) == EOF ? -1 : 0;
    cJSON_free(text);
    return rc;
}
