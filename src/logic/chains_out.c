/*
 * chains_out.c -- turns the best chain found into the step record: SE's
 * name and rating, the removals and placement, and a line of text that
 * follows the chain's main line from its assumption to its conclusion
 * ("r1c1=5 -> r1c4<>5 -> r3c4=5 => r1c1<>5").
 */
#include <stdio.h>
#include <string.h>
#include "chains.h"

/* Appends "rRcC=d" or "rRcC<>d" to text at *len, within LG_TEXT. */
static void ch_put(const ch_ctx *c, char *text, int *len, const char *sep, int cell, int d, int on)
{
    if (*len >= LG_TEXT - 1)
        return;
    int w = snprintf(text + *len, (size_t)(LG_TEXT - *len), "%sr%dc%d%s%d", sep,
                     c->b->cell_y[cell] + 1, c->b->cell_x[cell] + 1, on ? "=" : "<>", d);
    if (w > 0)
        *len = *len + w < LG_TEXT - 1 ? *len + w : LG_TEXT - 1;
}

void ch_take(ch_ctx *c, double diff, int complexity, int sortkey, const char *name,
             const int *elim, int nelim, int place_cell, int place_d, int target)
{
    lg_step *s = c->out;
    c->have = 1;
    c->best_diff = diff;
    c->best_cx = complexity;
    c->best_key = sortkey;
    s->name = name;
    s->rating = diff;
    s->nplace = 0;
    if (place_cell >= 0) {
        s->place[0].cell = (uint16_t)place_cell;
        s->place[0].digit = (uint8_t)place_d;
        s->nplace = 1;
    }
    s->nelim = nelim < LG_MAX_ELIM ? nelim : LG_MAX_ELIM;
    for (int i = 0; i < s->nelim; i++) {
        s->elim[i].cell = (uint16_t)elim[2 * i];
        s->elim[i].digit = (uint8_t)elim[2 * i + 1];
    }
    /* The main line, read back from the target to the assumption. */
    int line[64], nl = 0;
    for (int p = target; nl < 64; p = c->par[c->node[p].p0]) {
        line[nl++] = p;
        if (!c->node[p].np)
            break;
    }
    int len = snprintf(s->text, LG_TEXT, "%s: ", name);
    if (len < 0 || len >= LG_TEXT)
        len = LG_TEXT - 1;
    for (int i = nl - 1; i >= 0; i--) {
        const ch_node *p = &c->node[line[i]];
        ch_put(c, s->text, &len, i == nl - 1 ? "" : i == 0 ? " => " : " -> ", p->cell, p->d, p->on);
    }
}
