/* unit_records.c -- the csv and json parser the reader and print share
 * (src/board/records.c): csv columns by name, quoted fields holding commas,
 * fields that do not fit; json objects walked key by key past nested
 * values, escapes, and what is not one object. */
#include <string.h>
#include "check.h"
#include "../src/board/records.h"

/* Collects the keys a json walk sees, and the "puzzle" string. */
typedef struct {
    char keys[128];
    char puzzle[64];
} seen;

static int collect(void *ctx, const char *key, const char *value, const char *end)
{
    seen *s = ctx;
    (void)end;
    strncat(s->keys, key, sizeof s->keys - strlen(s->keys) - 2);
    strcat(s->keys, " ");
    if (strcmp(key, "puzzle") == 0 && *value == '"')
        return records_json_string(value, s->puzzle, sizeof s->puzzle) != NULL;
    return 1;
}

static int walk(const char *line, seen *s)
{
    memset(s, 0, sizeof *s);
    return records_json_object(line, collect, s);
}

static void test_csv(void)
{
    char out[32];
    CHECK(records_csv_column("line,puzzle,status", "puzzle") == 1, "puzzle column");
    CHECK(records_csv_column("index, \"puzzle\" ,x", "puzzle") == 1, "quoted, spaced header");
    CHECK(records_csv_column("line,puzzles", "puzzle") == -1, "no puzzle column");
    CHECK(records_csv_field("1,\"jigsaw,x 12\",solved", 1, out, sizeof out) == 1 && strcmp(out, "jigsaw,x 12") == 0,
          "a quoted field keeps its comma: '%s'", out);
    CHECK(records_csv_field("1,abc", 2, out, sizeof out) == 0, "a missing field");
    CHECK(records_csv_field("1,,x", 1, out, sizeof out) == 1 && out[0] == '\0', "an empty field");
    CHECK(records_csv_field("1,0123456789012345678901234567890123456789", 1, out, sizeof out) == -1,
          "a field too long");
    CHECK(records_csv_field("1,\"unclosed,x", 1, out, sizeof out) == 1, "an unclosed quote ends the line");
}

static void test_json(void)
{
    seen s;
    CHECK(walk("{\"line\":1,\"puzzle\":\"4.3\",\"stats\":{\"a\":[1,{\"b\":\"}\"}]},\"ok\":true}", &s) &&
              strcmp(s.keys, "line puzzle stats ok ") == 0 && strcmp(s.puzzle, "4.3") == 0,
          "top-level keys past nested values: '%s' '%s'", s.keys, s.puzzle);
    CHECK(walk(" { \"puzzle\" : \"a\\\"b\\u0041\" } trailing", &s) && strcmp(s.puzzle, "a\"b?") == 0,
          "escapes: '%s'", s.puzzle);
    CHECK(walk("{}", &s) && s.keys[0] == '\0', "an empty object");
    CHECK(!walk("{\"puzzle\":", &s), "cut short");
    CHECK(!walk("{\"a\":1,}", &s), "a trailing comma");
    CHECK(!walk("{\"a\":[1,2}", &s), "unbalanced");
    CHECK(!walk("[1,2]", &s), "not an object");
    CHECK(!walk("{\"a\" 1}", &s), "no colon");
    CHECK(!walk("{\"a\":\"\\x\"}", &s), "a bad escape");
    char longkey[80];
    memset(longkey, 'k', sizeof longkey);
    memcpy(longkey, "{\"", 2);
    strcpy(longkey + 60, "\":1,\"puzzle\":\"9\"}");
    CHECK(walk(longkey, &s) && strcmp(s.keys, " puzzle ") == 0 && strcmp(s.puzzle, "9") == 0,
          "a long key is passed as \"\": '%s'", s.keys);
}

int main(void)
{
    test_csv();
    test_json();
    return CHECK_SUMMARY("unit_records");
}
