/*
 * fields.c -- the label fields of the program's own csv and json records
 * (puzzle, number, seed, level, ratings), so `sudoku print` can label each
 * puzzle with what generate or rate said of it.  The csv and json are
 * split by src/board/records.c, the puzzle reader's own parser.
 */
#include <string.h>
#include "sudoku.h"
#include "../board/records.h"

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

int sdk_fields_csv_header(const char *line, int cols[7])
{
    int best[F_COUNT] = {0};
    for (int k = 0; k < F_COUNT; k++)
        cols[k] = -1;
    const char *p = line, *name;
    size_t len;
    for (int col = 0; records_csv_next(&p, &name, &len); col++) {
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
    for (int col = 0; records_csv_next(&p, &s, &len); col++)
        for (int k = 0; k < F_COUNT; k++)
            if (cols[k] == col && !field_set(f, k, s, len))
                return 0;
    return f->puzzle[0] != '\0';
}

/* One key of a json record: its field, if it names one at a higher
 * priority than the field has. */
typedef struct { sdk_fields *f; int best[F_COUNT]; } json_fields;

static int json_field(void *ctx, const char *key, const char *value, const char *end)
{
    json_fields *jf = ctx;
    int priority, k = field_kind(key, strlen(key), &priority);
    if (k < 0 || priority <= jf->best[k])
        return 1;
    jf->best[k] = priority;
    size_t cap;
    char *slot = field_slot(jf->f, k, &cap);
    if (*value == '"')
        return records_json_string(value, slot, cap) != NULL;
    return field_set(jf->f, k, value, (size_t)(end - value));
}

int sdk_fields_words(const char *line, sdk_fields *f)
{
    memset(f, 0, sizeof *f);
    int words = 0;
    for (const char *p = line; *p;) {
        p += strspn(p, " \t");
        const char *key = p;
        size_t klen = strspn(p, "abcdefghijklmnopqrstuvwxyz_");
        const char *value = p + klen + 1;
        size_t vlen = *value == '"' ? strcspn(value + 1, "\"") + 2 : strcspn(value, " \t\r\n");
        if (klen && p[klen] == '=') {
            words++;
            int priority, k = field_kind(key, klen, &priority);
            if (k > F_PUZZLE && *value == '"' && vlen >= 2)
                field_set(f, k, value + 1, vlen - 2);
            else if (k > F_PUZZLE)
                field_set(f, k, value, vlen);
            p = value + vlen;
            p += *p == '"';
        } else
            p += strcspn(p, " \t");
    }
    return words > 0;
}

int sdk_fields_json(const char *line, sdk_fields *f)
{
    memset(f, 0, sizeof *f);
    json_fields jf = {f, {0}};
    return records_json_object(line, json_field, &jf) && f->puzzle[0] != '\0';
}
