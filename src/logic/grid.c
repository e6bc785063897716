/*
 * grid.c -- the candidate grid (lg_grid_init, lg_apply) and the helpers every
 * finder shares: houses and peers in Sudoku Explainer's scanning order,
 * position masks, and the step record's effects and text.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "lgint.h"

int lg_grid_init(lg_grid *g, const sdk_board *b, const uint8_t *puzzle)
{
    int n = b->n;
    g->b = b;
    g->n = n;
    g->no_text = 0;
    uint32_t all = n >= 32 ? 0xffffffffu : (1u << n) - 1;
    for (int c = 0; c < b->ncells; c++) {
        if (puzzle[c] > n)
            return 0;
        g->val[c] = puzzle[c];
        g->given[c] = puzzle[c] != 0;
        g->cand[c] = puzzle[c] ? 0 : all;
    }
    for (int c = 0; c < b->ncells; c++) {
        if (!puzzle[c])
            continue;
        uint32_t bit = 1u << (puzzle[c] - 1);
        for (int k = b->peer_start[c]; k < b->peer_start[c + 1]; k++) {
            int p = b->peers[k];
            if (g->val[p] == puzzle[c])
                return 0;
            g->cand[p] &= ~bit;
        }
    }
    return 1;
}

void lg_apply(lg_grid *g, const lg_step *s)
{
    const sdk_board *b = g->b;
    for (int i = 0; i < s->nelim; i++)
        g->cand[s->elim[i].cell] &= ~(1u << (s->elim[i].digit - 1));
    for (int i = 0; i < s->nplace; i++) {
        int c = s->place[i].cell, d = s->place[i].digit;
        if (g->val[c])
            continue;
        g->val[c] = (uint8_t)d;
        g->cand[c] = 0;
        for (int k = b->peer_start[c]; k < b->peer_start[c + 1]; k++)
            g->cand[b->peers[k]] &= ~(1u << (d - 1));
    }
}

/* Each kind's houses in index order, per thread for the last board. */
static _Thread_local struct {
    lg_board_id id;
    int count[4];
    int list[4][LG_MAX_HOUSES];
} kinds_tab;

const int *lg_houses_kind(const sdk_board *b, int kind, int *count)
{
    if (!lg_board_is(&kinds_tab.id, b)) {
        for (int t = 0; t < 4; t++) {
            int k = 0;
            for (int h = 0; h < b->nhouses && k < LG_MAX_HOUSES; h++)
                if (b->house_kind[h] == t)
                    kinds_tab.list[t][k++] = h;
            kinds_tab.count[t] = k;
        }
        lg_board_set(&kinds_tab.id, b);
    }
    *count = kinds_tab.count[kind & 3];
    return kinds_tab.list[kind & 3];
}

int lg_houses_of(const sdk_board *b, int kind, int *out)
{
    int k;
    const int *list = lg_houses_kind(b, kind, &k);
    memcpy(out, list, sizeof(int) * (size_t)k);
    return k;
}

int lg_houses_scan(const sdk_board *b, int *out)
{
    /* Every finder asks at every step: the last answer is kept per thread,
     * for the same kinds of houses (compared, not trusted by address). */
    static _Thread_local int nk = -1, k;
    static _Thread_local uint8_t kinds[LG_MAX_HOUSES];
    static _Thread_local int list[LG_MAX_HOUSES];
    if (b->nhouses == nk && !memcmp(kinds, b->house_kind, (size_t)nk)) {
        memcpy(out, list, sizeof(int) * (size_t)k);
        return k;
    }
    k = lg_houses_of(b, SDK_HOUSE_BOX, out);
    k += lg_houses_of(b, SDK_HOUSE_COL, out + k);
    k += lg_houses_of(b, SDK_HOUSE_ROW, out + k);
    k += lg_houses_of(b, SDK_HOUSE_EXTRA, out + k);
    nk = b->nhouses <= LG_MAX_HOUSES ? b->nhouses : -1;
    if (nk >= 0) {
        memcpy(kinds, b->house_kind, (size_t)nk);
        memcpy(list, out, sizeof(int) * (size_t)k);
    }
    return k;
}

int lg_cell_houses(const sdk_board *b, int cell, int *out)
{
    static const int order[4] = {SDK_HOUSE_BOX, SDK_HOUSE_ROW, SDK_HOUSE_COL, SDK_HOUSE_EXTRA};
    int k = 0;
    for (int o = 0; o < 4; o++)
        for (int j = b->cell_house_start[cell]; j < b->cell_house_start[cell + 1]; j++)
            if (b->house_kind[b->cell_houses[j]] == order[o])
                out[k++] = b->cell_houses[j];
    return k;
}

static int peers_se_make(const sdk_board *b, int cell, int *out)
{
    int hs[64], nh = lg_cell_houses(b, cell, hs), k = 0;
    static _Thread_local uint8_t seen[SDK_MAX_CELLS];
    for (int i = 0; i < nh; i++)
        for (int j = 0; j < b->n; j++) {
            int p = b->house_cells[hs[i] * b->n + j];
            if (p != cell && !seen[p]) {
                seen[p] = 1;
                out[k++] = p;
            }
        }
    for (int i = 0; i < k; i++)
        seen[out[i]] = 0;
    return k;
}

/* The last board's peer lists, per thread, for boards that fit. */
#define PEERS_MAX 8192
static _Thread_local struct {
    lg_board_id id;
    int fits;
    int start[SDK_MAX_CELLS + 1];
    uint16_t list[PEERS_MAX];
} peers_tab;

int lg_peers_se(const sdk_board *b, int cell, int *out)
{
    if (!lg_board_is(&peers_tab.id, b)) {
        int k = 0, ok = 1;
        static _Thread_local int tmp[LG_MAX_PEERS];
        for (int c = 0; c < b->ncells && ok; c++) {
            peers_tab.start[c] = k;
            int np = peers_se_make(b, c, tmp);
            ok = k + np <= PEERS_MAX;
            for (int i = 0; i < np && ok; i++)
                peers_tab.list[k++] = (uint16_t)tmp[i];
        }
        peers_tab.start[b->ncells] = k;
        peers_tab.fits = ok;   /* (a board of too many peers is made each time) */
        lg_board_set(&peers_tab.id, b);
    }
    if (!peers_tab.fits)
        return peers_se_make(b, cell, out);
    int k = 0;
    for (int i = peers_tab.start[cell]; i < peers_tab.start[cell + 1]; i++)
        out[k++] = peers_tab.list[i];
    return k;
}

/* A peer bit matrix per board, made once per thread and board: finders ask
 * "do these two cells see each other" millions of times. */
const lg_seen_row *lg_sees_table(const sdk_board *b)
{
    static _Thread_local lg_board_id built;
    static _Thread_local lg_seen_row bits[SDK_MAX_CELLS];
    if (!lg_board_is(&built, b)) {
        for (int x = 0; x < b->ncells; x++) {
            memset(bits[x], 0, sizeof bits[x]);
            for (int k = b->peer_start[x]; k < b->peer_start[x + 1]; k++)
                bits[x][b->peers[k] >> 6] |= 1ull << (b->peers[k] & 63);
        }
        lg_board_set(&built, b);
    }
    return bits;
}

int lg_sees(const sdk_board *b, int a, int c) { return lg_seen(lg_sees_table(b), a, c); }

uint32_t lg_inter(const sdk_board *b, int h1, int h2)
{
    enum { CACHED = 128 };
    static _Thread_local lg_board_id built;
    static _Thread_local uint32_t masks[CACHED][CACHED];
    int n = b->n;
    if (b->nhouses <= CACHED && lg_board_is(&built, b))
        return masks[h1][h2];
    if (b->nhouses <= CACHED) {
        for (int x = 0; x < b->nhouses; x++)
            for (int y = 0; y < b->nhouses; y++) {
                uint32_t m = 0;
                for (int i = 0; i < n; i++)
                    for (int j = 0; j < n; j++)
                        if (b->house_cells[x * n + i] == b->house_cells[y * n + j])
                            m |= 1u << i;
                masks[x][y] = m;
            }
        lg_board_set(&built, b);
        return masks[h1][h2];
    }
    uint32_t m = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            if (b->house_cells[h1 * n + i] == b->house_cells[h2 * n + j])
                m |= 1u << i;
    return m;
}

void lg_begin(lg_step *s, const char *name, double rating)
{
    s->name = name;
    s->rating = rating;
    s->nplace = s->nelim = 0;
    s->text[0] = 0;
}

void lg_step_copy(lg_step *dst, const lg_step *src)
{
    dst->tech = src->tech;
    dst->name = src->name;
    dst->rating = src->rating;
    dst->nplace = src->nplace;
    dst->nelim = src->nelim;
    memcpy(dst->place, src->place, sizeof src->place[0] * (size_t)src->nplace);
    memcpy(dst->elim, src->elim, sizeof src->elim[0] * (size_t)src->nelim);
    memcpy(dst->text, src->text, strlen(src->text) + 1);
}

void lg_elim(const lg_grid *g, lg_step *s, int cell, int d)
{
    if (!(g->cand[cell] & (1u << (d - 1))))
        return;
    for (int i = 0; i < s->nelim; i++)
        if (s->elim[i].cell == cell && s->elim[i].digit == d)
            return;
    if (s->nelim < LG_MAX_ELIM)
        s->elim[s->nelim++] = (lg_cand){(uint16_t)cell, (uint8_t)d};
}

void lg_place(lg_step *s, int cell, int d)
{
    for (int i = 0; i < s->nplace; i++)
        if (s->place[i].cell == cell)
            return;
    if (s->nplace < LG_MAX_PLACE)
        s->place[s->nplace++] = (lg_cand){(uint16_t)cell, (uint8_t)d};
}

const char *lg_cell_name(const sdk_board *b, int cell, char *buf, size_t size)
{
    snprintf(buf, size, "r%dc%d", b->cell_y[cell] + 1, b->cell_x[cell] + 1);
    return buf;
}

const char *lg_house_name(const sdk_board *b, int h, char *buf, size_t size)
{
    static const char *kinds[4] = {"row", "column", "box", "house"};
    int idx = 0;
    for (int k = 0; k < h; k++)
        idx += b->house_kind[k] == b->house_kind[h];
    snprintf(buf, size, "%s %d", kinds[b->house_kind[h] & 3], idx + 1);
    return buf;
}

/* Appends to s->text within its size; a text cut short ends in "...". */
static void text_vadd(lg_step *s, const char *fmt, va_list ap)
{
    size_t len = strlen(s->text);
    int w = vsnprintf(s->text + len, LG_TEXT - len, fmt, ap);
    if (w > 0 && (size_t)w >= LG_TEXT - len)
        memcpy(s->text + LG_TEXT - 4, "...", 4);
}

void lg_text_add(lg_step *s, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    text_vadd(s, fmt, ap);
    va_end(ap);
}

/* 1 if digits a and b are removed from exactly the same cells. */
static int elim_same_cells(const lg_step *s, int a, int b)
{
    for (int i = 0; i < s->nelim; i++) {
        int d = s->elim[i].digit;
        if (d != a && d != b)
            continue;
        int other = d == a ? b : a, found = 0;
        for (int j = 0; j < s->nelim && !found; j++)
            found = s->elim[j].digit == other && s->elim[j].cell == s->elim[i].cell;
        if (!found)
            return 0;
    }
    return 1;
}

void lg_text(const lg_grid *g, lg_step *s, const char *fmt, ...)
{
    char cb[16];
    s->text[0] = 0;
    if (g->no_text)
        return;
    for (int i = 0; i < s->nplace; i++)
        lg_text_add(s, "%s%s=%d", i ? ", " : "", lg_cell_name(g->b, s->place[i].cell, cb, sizeof cb),
                    s->place[i].digit);
    /* Eliminations grouped by digit, digits with the same cells together:
     * r1c2,r1c7<>3 and r4c4,r4c5<>48 (digits above 9 comma-separated). */
    uint8_t done[LG_MAX_ELIM] = {0};
    int first = s->nplace == 0;
    for (int i = 0; i < s->nelim; i++) {
        if (done[i])
            continue;
        lg_text_add(s, "%s", first ? "" : ", ");
        first = 0;
        int k = 0;
        for (int j = i; j < s->nelim; j++)
            if (!done[j] && s->elim[j].digit == s->elim[i].digit)
                lg_text_add(s, "%s%s", k++ ? "," : "", lg_cell_name(g->b, s->elim[j].cell, cb, sizeof cb));
        lg_text_add(s, "<>");
        for (int j = i; j < s->nelim; j++) {
            if (done[j] || (j > i && s->elim[j].digit == s->elim[j - 1].digit))
                continue;
            if (!elim_same_cells(s, s->elim[i].digit, s->elim[j].digit))
                continue;
            lg_text_add(s, "%s%d", j > i && g->n > 9 ? "," : "", s->elim[j].digit);
            for (int t = j; t < s->nelim; t++)
                if (s->elim[t].digit == s->elim[j].digit)
                    done[t] = 1;
        }
    }
    lg_text_add(s, " %s", s->name);
    if (fmt && *fmt) {
        lg_text_add(s, ": ");
        va_list ap;
        va_start(ap, fmt);
        text_vadd(s, fmt, ap);
        va_end(ap);
    }
}
