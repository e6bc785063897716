/*
 * plot.c -- a trace as an SVG line chart: energy against proposals, a line
 * a puzzle, temperature as a dashed line on a right-hand axis when it
 * varies, linear or log energy axis with "nice" ticks (1, 2, 5 times a
 * power of ten; decades on a log axis), axis titles and a legend.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "out.h"

#define W 820.0
#define H 500.0
#define LEFT 78.0
#define RIGHT 78.0
#define TOP 44.0
#define BOTTOM 58.0

static const unsigned palette[10] = {0x1f77b4, 0xd62728, 0x2ca02c, 0x9467bd, 0xff7f0e,
                                     0x17becf, 0x8c564b, 0xe377c2, 0x7f7f7f, 0xbcbd22};

/* A tick label: 1500 -> "1.5k", 2e6 -> "2M", 0.25 -> "0.25". */
static void tick_text(char *buf, size_t len, double v)
{
    static const struct { double at; const char *suffix; } units[] = {{1e9, "G"}, {1e6, "M"}, {1e3, "k"}};
    for (int i = 0; i < 3; i++)
        if (fabs(v) >= units[i].at) {
            snprintf(buf, len, "%g%s", v / units[i].at, units[i].suffix);
            return;
        }
    snprintf(buf, len, "%g", fabs(v) < 1e-12 ? 0.0 : v);
}

/* A step of 1, 2 or 5 times a power of ten giving about 5 ticks over span. */
static double nice_step(double span)
{
    if (!(span > 0))
        return 1;
    double raw = span / 5, p = pow(10, floor(log10(raw)));
    double m = raw / p;
    return (m < 1.5 ? 1 : m < 3.5 ? 2 : m < 7.5 ? 5 : 10) * p;
}

/* A value axis: [lo, hi] rounded out to whole steps (or decades with log). */
typedef struct axis {
    double lo, hi, step;
    int log;
} axis;

static void axis_fit(axis *a, double lo, double hi, int log_scale)
{
    a->log = log_scale;
    if (log_scale) {
        a->lo = floor(log10(lo));
        a->hi = ceil(log10(hi));
        if (a->hi <= a->lo)
            a->hi = a->lo + 1;
        a->step = ceil((a->hi - a->lo) / 12);     /* at most a dozen decades labelled */
        a->hi = a->lo + ceil((a->hi - a->lo) / a->step) * a->step;
        return;
    }
    if (hi <= lo)
        hi = lo + 1;
    a->step = nice_step(hi - lo);
    a->lo = floor(lo / a->step) * a->step;
    a->hi = ceil(hi / a->step) * a->step;
}

/* Where value v falls between from (at lo) and to (at hi). */
static double axis_at(const axis *a, double v, double from, double to)
{
    double u = v;
    if (a->log)
        u = v > 0 ? log10(v) : a->lo;
    if (u < a->lo)
        u = a->lo;
    return from + (u - a->lo) / (a->hi - a->lo) * (to - from);
}

static double axis_tick(const axis *a, int i)
{
    double u = a->lo + i * a->step;
    return a->log ? pow(10, u) : u;
}

static int axis_ticks(const axis *a)
{
    return (int)floor((a->hi - a->lo) / a->step + 0.5) + 1;
}

/* The points of series s (the last row included) mapped to the chart. */
static int series_path(const out_series *s, const axis *xa, const axis *ya, int temperature, double *xy)
{
    int n = 0;
    for (int i = 0; i <= s->n; i++) {
        const out_point *p = i < s->n ? &s->pts[i] : &s->last;
        if (i == s->n && s->n && memcmp(p, &s->pts[s->n - 1], sizeof *p) == 0)
            break;
        xy[2 * n] = axis_at(xa, p->x, LEFT, W - RIGHT);
        xy[2 * n + 1] = axis_at(ya, temperature ? p->temperature : p->energy, H - BOTTOM, TOP);
        n++;
    }
    return n;
}

int sdk_plot_svg(FILE *out, const sdk_trace *t, const sdk_plot_options *o)
{
    int shown = t->count < (o->max_series > 0 ? o->max_series : 10) ? t->count
                                                                    : (o->max_series > 0 ? o->max_series : 10);
    double xmax = 1, emin = INFINITY, emax = 0, elow = 0, tmin = INFINITY, tmax = -INFINITY;
    for (int k = 0; k < shown; k++) {
        const out_series *s = &t->series[k];
        for (int i = 0; i <= s->n; i++) {
            const out_point *p = i < s->n ? &s->pts[i] : &s->last;
            xmax = p->x > xmax ? p->x : xmax;
            emax = p->energy > emax ? p->energy : emax;
            elow = p->energy < elow ? p->energy : elow;     /* --hard's H is negative */
            if (p->energy > 0 && p->energy < emin)
                emin = p->energy;
            tmin = p->temperature < tmin ? p->temperature : tmin;
            tmax = p->temperature > tmax ? p->temperature : tmax;
        }
    }
    int show_t = shown > 0 && tmax > tmin;
    axis xa, ya, ta;
    axis_fit(&xa, 0, xmax, 0);
    if (o->log_y)
        axis_fit(&ya, isfinite(emin) ? emin : 1, emax > 1 ? emax : 10, 1);
    else
        axis_fit(&ya, elow, emax, 0);
    axis_fit(&ta, tmin < 0 ? tmin : 0, show_t ? tmax : 1, 0);

    out_canvas cv = {OUT_SVG, out, NULL, H, 0, 0};
    out_svg_begin(out, W, H, "");
    out_text(&cv, W / 2, 26, 16, 1, 0, OUT_BLACK, o->title ? o->title : "Energy against proposals");
    char buf[32];
    for (int i = 0; i < axis_ticks(&xa); i++) {
        double v = axis_tick(&xa, i), x = axis_at(&xa, v, LEFT, W - RIGHT);
        out_line(&cv, x, TOP, x, H - BOTTOM, 0.5, 0xe0e0e0u);
        out_line(&cv, x, H - BOTTOM, x, H - BOTTOM + 5, 1, OUT_BLACK);
        tick_text(buf, sizeof buf, v);
        out_text(&cv, x, H - BOTTOM + 18, 11, 0, 0, OUT_BLACK, buf);
    }
    for (int i = 0; i < axis_ticks(&ya); i++) {
        double v = axis_tick(&ya, i), y = axis_at(&ya, v, H - BOTTOM, TOP);
        out_line(&cv, LEFT, y, W - RIGHT, y, 0.5, 0xe0e0e0u);
        out_line(&cv, LEFT - 5, y, LEFT, y, 1, OUT_BLACK);
        tick_text(buf, sizeof buf, v);
        out_text(&cv, LEFT - 8, y + 4, 11, 0, 1, OUT_BLACK, buf);
    }
    if (show_t)
        for (int i = 0; i < axis_ticks(&ta); i++) {
            double v = axis_tick(&ta, i), y = axis_at(&ta, v, H - BOTTOM, TOP);
            out_line(&cv, W - RIGHT, y, W - RIGHT + 5, y, 1, OUT_BLACK);
            tick_text(buf, sizeof buf, v);
            out_text(&cv, W - RIGHT + 8, y + 4, 11, 0, -1, OUT_BLACK, buf);
        }
    out_line(&cv, LEFT, H - BOTTOM, W - RIGHT, H - BOTTOM, 1.2, OUT_BLACK);
    out_line(&cv, LEFT, TOP, LEFT, H - BOTTOM, 1.2, OUT_BLACK);
    if (show_t)
        out_line(&cv, W - RIGHT, TOP, W - RIGHT, H - BOTTOM, 1.2, OUT_BLACK);
    out_text(&cv, (LEFT + W - RIGHT) / 2, H - 14, 12, 0, 0, OUT_BLACK, "proposals");
    fprintf(out, "<text x=\"18\" y=\"%.1f\" font-size=\"12\" text-anchor=\"middle\" "
                 "transform=\"rotate(-90 18 %.1f)\">energy%s</text>\n",
            (TOP + H - BOTTOM) / 2, (TOP + H - BOTTOM) / 2, o->log_y ? " (log scale)" : "");
    if (show_t)
        fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"12\" text-anchor=\"middle\" "
                     "transform=\"rotate(90 %.1f %.1f)\">temperature (dashed)</text>\n",
                W - 18, (TOP + H - BOTTOM) / 2, W - 18, (TOP + H - BOTTOM) / 2);

    int most = 1;
    for (int k = 0; k < shown; k++)
        most = t->series[k].n + 1 > most ? t->series[k].n + 1 : most;
    double *xy = malloc(sizeof *xy * 2 * (size_t)most);
    if (!xy)
        return -1;
    for (int k = 0; k < shown; k++) {
        const out_series *s = &t->series[k];
        if (show_t)
            out_polyline(&cv, xy, series_path(s, &xa, &ta, 1, xy), 1, palette[k % 10], 1);
        out_polyline(&cv, xy, series_path(s, &xa, &ya, 0, xy), 1.5, palette[k % 10], 0);
    }
    free(xy);
    /* the legend, top right inside the plot, on white so lines do not cross it */
    double lx = W - RIGHT - 128, rows = shown + show_t;
    if (shown)
        out_rect(&cv, lx - 8, TOP + 4, 128, 16 * rows + 8, 0xffffffu);
    for (int k = 0; k < shown; k++) {
        double ly = TOP + 18 + 16 * k;
        out_line(&cv, lx, ly - 4, lx + 22, ly - 4, 2.5, palette[k % 10]);
        snprintf(buf, sizeof buf, "puzzle %llu", (unsigned long long)t->series[k].puzzle);
        out_text(&cv, lx + 28, ly, 11, 0, -1, OUT_BLACK, buf);
    }
    if (show_t) {
        double ly = TOP + 18 + 16 * shown, dash[4] = {lx, ly - 4, lx + 22, ly - 4};
        out_polyline(&cv, dash, 2, 1, OUT_GRAY, 1);
        out_text(&cv, lx + 28, ly, 11, 0, -1, OUT_BLACK, "temperature");
    }
    if (shown == 0)
        out_text(&cv, (LEFT + W - RIGHT) / 2, H / 2, 14, 0, 0, OUT_GRAY, "no trace rows");
    out_svg_end(out);
    return ferror(out) ? -1 : 0;
}
