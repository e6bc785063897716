/*
 * text.c -- text for the pictures: UTF-8 in, WinAnsiEncoding (Latin-1 and
 * the cp1252 extras) for PDF's standard fonts, which cannot show anything
 * else; the advance widths of Helvetica and Helvetica-Bold to centre text
 * and fit it to a width; shrinking or cutting a line to fit.
 */
#include <string.h>
#include "out.h"

/* Advance widths (thousandths of the font size) of WinAnsi bytes 32..255;
 * 0 where the encoding has no character.  Helvetica's published metrics. */
static const short helv[2][224] = {
    {278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556,
     556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778,
     722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278,
     278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,
     556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584, 0,
     /* 0x80..0x9f: the cp1252 extras */
     556, 0, 222, 556, 333, 1000, 556, 556, 333, 1000, 667, 333, 1000, 0, 611, 0,
     0, 222, 222, 333, 333, 350, 556, 1000, 333, 1000, 500, 333, 944, 0, 500, 667,
     /* 0xa0..0xff: Latin-1 */
     278, 333, 556, 556, 556, 556, 260, 556, 333, 737, 370, 556, 584, 333, 737, 333,
     400, 584, 333, 333, 333, 556, 537, 278, 333, 333, 365, 556, 834, 834, 834, 611,
     667, 667, 667, 667, 667, 667, 1000, 722, 667, 667, 667, 667, 278, 278, 278, 278,
     722, 722, 778, 778, 778, 778, 778, 584, 778, 722, 722, 722, 722, 667, 667, 611,
     556, 556, 556, 556, 556, 556, 889, 500, 556, 556, 556, 556, 278, 278, 278, 278,
     556, 556, 556, 556, 556, 556, 556, 584, 611, 556, 556, 556, 556, 500, 556, 500},
    {278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556,
     556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611, 975, 722, 722, 722, 722, 667, 611, 778,
     722, 278, 556, 722, 611, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333,
     278, 333, 584, 556, 333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611,
     611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584, 0,
     556, 0, 278, 556, 500, 1000, 556, 556, 333, 1000, 667, 333, 1000, 0, 611, 0,
     0, 278, 278, 500, 500, 350, 556, 1000, 333, 1000, 556, 333, 944, 0, 500, 667,
     278, 333, 556, 556, 556, 556, 280, 556, 333, 737, 370, 556, 584, 333, 737, 333,
     400, 584, 333, 333, 333, 611, 556, 278, 333, 333, 365, 556, 834, 834, 834, 611,
     722, 722, 722, 722, 722, 722, 1000, 722, 667, 667, 667, 667, 278, 278, 278, 278,
     722, 722, 778, 778, 778, 778, 778, 584, 778, 722, 722, 722, 722, 667, 667, 611,
     556, 556, 556, 556, 556, 556, 889, 556, 556, 556, 556, 556, 278, 278, 278, 278,
     611, 611, 611, 611, 611, 611, 611, 584, 611, 611, 611, 611, 611, 556, 611, 556},
};

/* The code points of WinAnsi bytes 0x80..0x9f (0: none). */
static const unsigned short cp1252[32] = {
    0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
    0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
};

unsigned out_utf8_next(const char **s)
{
    const unsigned char *p = (const unsigned char *)*s;
    int len = p[0] < 0x80 ? 1 : p[0] >= 0xC2 && p[0] < 0xE0 ? 2 : p[0] >= 0xE0 && p[0] < 0xF0 ? 3
            : p[0] >= 0xF0 && p[0] < 0xF5 ? 4 : 0;
    unsigned cp = len == 1 ? p[0] : len == 2 ? p[0] & 0x1F : len == 3 ? p[0] & 0x0F : p[0] & 0x07;
    for (int i = 1; i < len; i++) {
        if ((p[i] & 0xC0) != 0x80) {
            len = 0;
            break;
        }
        cp = cp << 6 | (p[i] & 0x3F);
    }
    /* overlong forms, surrogates and stray bytes are not characters */
    static const unsigned least[5] = {0, 0, 0x80, 0x800, 0x10000};
    if (len == 0 || cp < least[len] || (cp >= 0xD800 && cp < 0xE000) || cp > 0x10FFFF) {
        *s += 1;
        return OUT_BAD_CHAR;
    }
    *s += len;
    return cp;
}

int out_winansi_byte(unsigned cp)
{
    if ((cp >= 32 && cp < 127) || (cp >= 0xA0 && cp <= 0xFF))
        return (int)cp;
    for (int i = 0; i < 32; i++)
        if (cp1252[i] && cp1252[i] == cp)
            return 0x80 + i;
    return -1;
}

int out_winansi(const char *s, char *out, size_t len)
{
    int missing = 0;
    size_t n = 0;
    while (*s) {
        int byte = out_winansi_byte(out_utf8_next(&s));
        if (byte < 0) {
            byte = OUT_FALLBACK;
            missing++;
        }
        if (n + 1 < len)
            out[n++] = (char)byte;
    }
    if (len)
        out[n] = '\0';
    return missing;
}

double out_text_width(const char *s, int bold)
{
    double w = 0;
    while (*s) {
        int byte = out_winansi_byte(out_utf8_next(&s));
        w += helv[bold ? 1 : 0][(byte < 0 ? OUT_FALLBACK : byte) - 32];
    }
    return w / 1000.0;
}

double out_text_fit(const char *s, int bold, double size, double min_size, double max_width, char *out, size_t len)
{
    snprintf(out, len, "%s", s);
    double w = out_text_width(out, bold);
    if (w * size <= max_width)
        return size;
    if (w * min_size <= max_width)
        return max_width / w;
    /* cut at a character boundary, then add an ellipsis, until it fits */
    static const char ellipsis[] = "\xe2\x80\xa6";
    double room = max_width / min_size - out_text_width(ellipsis, bold);
    size_t keep = 0;
    double used = 0;
    for (const char *p = s; *p;) {
        const char *start = p;
        int byte = out_winansi_byte(out_utf8_next(&p));
        used += helv[bold ? 1 : 0][(byte < 0 ? OUT_FALLBACK : byte) - 32] / 1000.0;
        if (used > room || (size_t)(p - s) + sizeof ellipsis > len) {
            keep = (size_t)(start - s);
            break;
        }
    }
    snprintf(out, len, "%.*s%s", (int)keep, s, ellipsis);
    return min_size;
}
