/*
 * records.c -- the csv and json the program writes, read back: only as
 * much csv (commas; a field's surrounding quotes dropped) and json (one
 * object on a line; nested values skipped) as our records need.  The
 * puzzle reader takes a record's puzzle from them and print its labels;
 * f-puzzles' objects (fpuzzles.c) are walked with the same pieces.
 */
#include <ctype.h>
#include <string.h>
#include "records.h"

int records_csv_next(const char **p, const char **start, size_t *len)
{
    const char *s = *p;
    if (!s)
        return 0;
    const char *q = s + strspn(s, " "), *end;
    if (*q == '"') {                     /* to the closing quote ("" is a quote inside) */
        end = q + 1;
        while (*end && !(*end == '"' && end[1] != '"'))
            end += *end == '"' ? 2 : 1;
        end += *end == '"';
        end += strcspn(end, ",\r\n");
    } else {
        end = s + strcspn(s, ",\r\n");
    }
    *p = *end == ',' ? end + 1 : NULL;
    while (s < end && (*s == ' ' || *s == '"'))
        s++;
    while (end > s && (end[-1] == ' ' || end[-1] == '"'))
        end--;
    *start = s;
    *len = (size_t)(end - s);
    return 1;
}

int records_csv_column(const char *line, const char *name)
{
    const char *p = line, *s;
    size_t len, want = strlen(name);
    for (int col = 0; records_csv_next(&p, &s, &len); col++)
        if (len == want && memcmp(s, name, len) == 0)
            return col;
    return -1;
}

int records_csv_field(const char *line, int col, char *out, size_t cap)
{
    const char *p = line, *s;
    size_t len;
    for (int c = 0; records_csv_next(&p, &s, &len); c++)
        if (c == col) {
            if (len >= cap)
                return -1;
            memcpy(out, s, len);
            out[len] = '\0';
            return 1;
        }
    return 0;
}

static const char *json_space(const char *p)
{
    while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
        p++;
    return p;
}

const char *records_json_string(const char *p, char *out, size_t cap)
{
    size_t n = 0;
    for (p++; *p != '"'; p++) {
        if (!*p)
            return NULL;
        char ch = *p;
        if (ch == '\\') {
            p++;
            static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
            const char *e = *p ? strchr(from, *p) : NULL;
            if (*p == 'u') {
                for (int i = 1; i <= 4; i++)
                    if (!isxdigit((unsigned char)p[i]))
                        return NULL;
                p += 4;
                ch = '?';
            } else if (e) {
                ch = to[e - from];
            } else {
                return NULL;
            }
        }
        if (out) {
            if (n + 1 >= cap)
                return NULL;
            out[n++] = ch;
        }
    }
    if (out)
        out[n] = '\0';
    return p + 1;
}

/* Skips one json value (nested objects and arrays by depth); NULL if
 * malformed. */
static const char *json_skip(const char *p)
{
    int depth = 0;
    do {
        p = json_space(p);
        if (*p == '"') {
            p = records_json_string(p, NULL, 0);
            if (!p)
                return NULL;
        } else if (*p == '{' || *p == '[') {
            depth++;
            p++;
        } else if (*p == '}' || *p == ']') {
            if (--depth < 0)
                return NULL;
            p++;
        } else if (*p == ',' || *p == ':') {
            if (depth == 0)
                return NULL;
            p++;
        } else if (*p && strchr("-+.0123456789eEtrufalsn", *p)) {
            while (*p && strchr("-+.0123456789eEtrufalsn", *p))
                p++;
        } else {
            return NULL;
        }
    } while (depth > 0);
    return p;
}

const char *records_json_end(const char *p)
{
    return json_skip(p);
}

const char *records_json_array(const char *p, records_json_item_fn fn, void *ctx)
{
    p = json_space(p);
    if (*p != '[')
        return NULL;
    p = json_space(p + 1);
    if (*p == ']')
        return p + 1;
    for (int i = 0;; i++) {
        const char *end = json_skip(p);
        if (!end || !fn(ctx, i, p, end))
            return NULL;
        p = json_space(end);
        if (*p == ']')
            return p + 1;
        if (*p != ',')
            return NULL;
        p = json_space(p + 1);
    }
}

int records_json_object(const char *line, records_json_fn fn, void *ctx)
{
    const char *p = json_space(line);
    if (*p != '{')
        return 0;
    p = json_space(p + 1);
    if (*p == '}')
        return 1;
    for (;;) {
        if (*p != '"')
            return 0;
        char key[32];
        const char *after = records_json_string(p, key, sizeof key);
        if (!after) {                         /* a long key is no field of ours */
            after = records_json_string(p, NULL, 0);
            key[0] = '\0';
        }
        if (!after)
            return 0;
        p = json_space(after);
        if (*p != ':')
            return 0;
        p = json_space(p + 1);
        const char *end = json_skip(p);
        if (!end || !fn(ctx, key, p, end))
            return 0;
        p = json_space(end);
        if (*p == '}')
            return 1;
        if (*p != ',')
            return 0;
        p = json_space(p + 1);
    }
}
