/*
 * fields.c -- the label fields of the program's own csv and json records
 * (puzzle, number, seed, level, ratings), so `sudoku print` can label each
 * puzzle with what generate or rate said of it.  Only as much csv (commas,
 * no quoting needed by our records; a field's double quotes are dropped)
 * and json (one object on a line; nested values skipped) as those need.
 */
#include <ctype.h>
#include <string.h>
#include "sudoku.h"

enum { F_PUZZLE, F_NUMBER, F_SEED, F_LEVEL, F_DEPTH, F_WIDTH, F_AVERAGE, F_COUNT };

/* The field buffer of column kind k, and its size. */
static char *field_slot(sdk_fields *f, int k, size_t *cap)
{
    char *slots[F_COUNT] = {f->puzzle, f->number, f->seed, f->level, f->depth, f->width, f->average};
    size_t caps[F_COUNT] = {sizeof f->puzzle, sizeof f->number, sizeof f->seed, sizeof f->level,
                            sizeof f->depth, sizeof f->width, sizeof f->average};
    *cap = caps[k];
    return slots[k];
}

/* Which field a column or key name fills, with its priority (2 beats 1). */
static int field_kind(const char *name, size_t len, int *priority)
{
    static const struct { const char *name; int kind, priority; } names[] = {
        {"puzzle", F_PUZZLE, 2}, {"index", F_NUMBER, 2}, {"line", F_NUMBER, 1}, {"seed", F_SEED, 2},
        {"level", F_LEVEL, 2}, {"difficulty", F_LEVEL, 1}, {"depth", F_DEPTH, 2},
        {"normal_width", F_WIDTH, 2}, {"average_width", F_AVERAGE, 2},
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strlen(names[i].name) == len && memcmp(names[i].name, name, len) == 0) {
            *priority = names[i].priority;
            return names[i].kind;
        }
    return -1;
}

/* The next csv field of *p: its start and length (surrounding blanks and
 * quotes dropped; a quoted field may hold commas, as a variant's name
 * "jigsaw,x ..." does); *p moves past the comma.  0 at the end of the line. */
static int csv_next(const char **p, const char **start, size_t *len)
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

int sdk_fields_csv_header(const char *line, int cols[7])
{
    int best[F_COUNT] = {0};
    for (int k = 0; k < F_COUNT; k++)
        cols[k] = -1;
    const char *p = line, *name;
    size_t len;
    for (int col = 0; csv_next(&p, &name, &len); col++) {
        int priority, k = field_kind(name, len, &priority);
        if (k >= 0 && priority > best[k]) {
            best[k] = priority;
            cols[k] = col;
        }
    }
    return cols[F_PUZZLE] >= 0;
}

/* Copies len bytes into field k; 0 if they do not fit. */
static int field_set(sdk_fields *f, int k, const char *s, size_t len)
{
    size_t cap;
    char *slot = field_slot(f, k, &cap);
    if (len >= cap)
        return 0;
    memcpy(slot, s, len);
    slot[len] = '\0';
    return 1;
}

int sdk_fields_csv(const char *line, const int cols[7], sdk_fields *f)
{
    memset(f, 0, sizeof *f);
    const char *p = line, *s;
    size_t len;
    for (int col = 0; csv_next(&p, &s, &len); col++)
        for (int k = 0; k < F_COUNT; k++)
            if (cols[k] == col && !field_set(f, k, s, len))
                return 0;
    return f->puzzle[0] != '\0';
}

static const char *json_space(const char *p)
{
    while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
        p++;
    return p;
}

/* A json string at p (at its opening quote), unescaped into out (cap bytes;
 * out NULL: skipped).  Returns the position after it, or NULL if malformed
 * or too long.  \u escapes become '?': labels are ASCII. */
static const char *json_string(const char *p, char *out, size_t cap)
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
            p = json_string(p, NULL, 0);
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

int sdk_fields_json(const char *line, sdk_fields *f)
{
    memset(f, 0, sizeof *f);
    int best[F_COUNT] = {0};
    const char *p = json_space(line);
    if (*p != '{')
        return 0;
    p = json_space(p + 1);
    if (*p == '}')
        return 0;
    for (;;) {
        if (*p != '"')
            return 0;
        char key[32];
        const char *after = json_string(p, key, sizeof key);
        if (!after) {                         /* a long key is no field of ours */
            after = json_string(p, NULL, 0);
            key[0] = '\0';
        }
        if (!after)
            return 0;
        p = json_space(after);
        if (*p != ':')
            return 0;
        p = json_space(p + 1);
        int priority, k = field_kind(key, strlen(key), &priority);
        const char *end = json_skip(p);
        if (!end)
            return 0;
        if (k >= 0 && priority > best[k]) {
            best[k] = priority;
            size_t cap;
            char *slot = field_slot(f, k, &cap);
            if (*p == '"') {
                if (!json_string(p, slot, cap))
                    return 0;
            } else if (!field_set(f, k, p, (size_t)(end - p))) {
                return 0;
            }
        }
        p = json_space(end);
        if (*p == '}')
            break;
        if (*p != ',')
            return 0;
        p = json_space(p + 1);
    }
    return f->puzzle[0] != '\0';
}
