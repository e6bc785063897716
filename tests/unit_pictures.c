/*
 * unit_pictures.c -- the pictures drawn from board data (src/out): line
 * counts and widths of standard, jigsaw and holed layouts, shading of a
 * hand-built diagonal board's extra houses, letters above 9, a PDF whose
 * cross-reference offsets each point at their object, the csv/json label
 * fields, trace thinning and the chart's axes.
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "sudoku.h"

/* Occurrences of needle in s. */
static int count_of(const char *s, const char *needle)
{
    int k = 0;
    for (const char *p = s; (p = strstr(p, needle)) != NULL; p++)
        k++;
    return k;
}

/* The SVG of a puzzle as a string (free it). */
static char *svg_of(const sdk_board *b, const uint8_t *puzzle, const uint8_t *solution)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    sdk_svg_puzzle(f, b, puzzle, solution, "caption");
    fclose(f);
    return text;
}

/* A board with the given houses (nh lists of n cells, kinds) over a
 * standard n x n board's cells: the tables the drawing reads, built here by
 * hand (as a variant board would build them). */
typedef struct hand_board {
    sdk_board b;
    uint16_t house_cells[40 * 9];
    uint8_t kind[40];
    int start[82];
    uint16_t cell_houses[81 * 5];
    uint16_t cy[81], cx[81];
} hand_board;

static void hand_finish(hand_board *h)
{
    sdk_board *b = &h->b;
    b->house_cells = h->house_cells;
    b->house_kind = h->kind;
    b->cell_house_start = h->start;
    b->cell_houses = h->cell_houses;
    b->cell_y = h->cy;
    b->cell_x = h->cx;
    int k = 0;
    for (int c = 0; c < b->ncells; c++) {
        h->start[c] = k;
        for (int hh = 0; hh < b->nhouses; hh++)
            for (int i = 0; i < b->n; i++)
                if (h->house_cells[hh * b->n + i] == c)
                    h->cell_houses[k++] = (uint16_t)hh;
    }
    h->start[b->ncells] = k;
}

/* A standard 9x9 (rows, columns, boxes) plus extra houses added later. */
static void hand_standard9(hand_board *h)
{
    memset(h, 0, sizeof *h);
    sdk_board *b = &h->b;
    b->box_rows = b->box_cols = 3;
    b->n = 9;
    b->ncells = 81;
    b->nhouses = 27;
    b->height = b->width = 9;
    for (int i = 0; i < 9; i++)
        for (int j = 0; j < 9; j++) {
            h->house_cells[i * 9 + j] = (uint16_t)(i * 9 + j);
            h->house_cells[(9 + i) * 9 + j] = (uint16_t)(j * 9 + i);
            h->house_cells[(18 + i) * 9 + j] = (uint16_t)((i / 3 * 3 + j / 3) * 9 + i % 3 * 3 + j % 3);
        }
    for (int i = 0; i < 27; i++)
        h->kind[i] = i < 9 ? SDK_HOUSE_ROW : i < 18 ? SDK_HOUSE_COL : SDK_HOUSE_BOX;
    for (int c = 0; c < 81; c++) {
        h->cy[c] = (uint16_t)(c / 9);
        h->cx[c] = (uint16_t)(c % 9);
    }
}

#define THICK "stroke-width=\"2.80\""
#define THIN "stroke-width=\"1.00\""

static void test_standard_and_variants(void)
{
    static uint8_t puzzle[SDK_MAX_CELLS], solution[SDK_MAX_CELLS];
    puzzle[0] = 5;
    puzzle[80] = 9;
    static hand_board h;
    hand_standard9(&h);
    hand_finish(&h);
    char *s = svg_of(&h.b, puzzle, NULL);
    CHECK(count_of(s, "<line") == 180, "9x9: 180 unit edges, got %d", count_of(s, "<line"));
    CHECK(count_of(s, THICK) == 72, "9x9: 72 thick edges (4 lines of 9, twice), got %d", count_of(s, THICK));
    CHECK(count_of(s, THIN) == 108, "9x9: 108 thin edges, got %d", count_of(s, THIN));
    CHECK(count_of(s, "#dcdcdc") == 0, "no shading without extra houses");
    CHECK(count_of(s, "font-weight=\"bold\"") == 2, "two givens in bold");
    CHECK(count_of(s, "#1f5fbf") == 0, "no second colour without a solution");
    free(s);

    /* the two diagonals as extra houses: 17 shaded cells */
    for (int i = 0; i < 9; i++) {
        h.house_cells[27 * 9 + i] = (uint16_t)(i * 10);
        h.house_cells[28 * 9 + i] = (uint16_t)(i * 9 + 8 - i);
    }
    h.kind[27] = h.kind[28] = SDK_HOUSE_EXTRA;
    h.b.nhouses = 29;
    hand_finish(&h);
    for (int c = 0; c < 81; c++)
        solution[c] = (uint8_t)(1 + c % 9);
    s = svg_of(&h.b, puzzle, solution);
    CHECK(count_of(s, "fill=\"#dcdcdc\"") == 17, "diagonals: 17 shaded cells, got %d",
          count_of(s, "fill=\"#dcdcdc\""));
    CHECK(count_of(s, "<rect x=\"20.00\" y=\"20.00\" width=\"40.00\" height=\"40.00\" fill=\"#dcdcdc\"") == 1,
          "r1c1 shaded where it is drawn");
    CHECK(count_of(s, "fill=\"#1f5fbf\"") == 79, "79 solution digits in the second colour, got %d",
          count_of(s, "fill=\"#1f5fbf\""));
    CHECK(count_of(s, THICK) == 72, "extra houses draw no borders");
    free(s);

    /* jigsaw: r3c3 (box 1) and r4c4 (box 5) trade boxes */
    h.b.nhouses = 27;
    uint16_t *box1 = &h.house_cells[18 * 9], *box5 = &h.house_cells[22 * 9];
    CHECK(box1[8] == 20 && box5[0] == 30, "box cells as built");
    box1[8] = 30;
    box5[0] = 20;
    hand_finish(&h);
    s = svg_of(&h.b, puzzle, NULL);
    /* r2c3's bottom edge (y = 100, x 100..140) now parts two regions */
    CHECK(strstr(s, "<line x1=\"100.00\" y1=\"100.00\" x2=\"140.00\" y2=\"100.00\" " THICK) != NULL,
          "jigsaw: thick edge between r2c3 and r3c3");
    /* each moved cell keeps its two thick edges and gains two (it faces its
     * old box across two thin ones): 4 more */
    CHECK(count_of(s, THICK) == 72 + 4, "jigsaw: 76 thick edges, got %d", count_of(s, THICK));
    free(s);
}

/* A 4x4 board spread over a 5x5 layout with an empty middle row and
 * column: the holes are not drawn and every block edge is thick. */
static void test_holes(void)
{
    sdk_board *std = sdk_board_new(2, 2);
    CHECK(std != NULL, "4x4 board");
    if (!std)
        return;
    sdk_board b = *std;
    uint16_t cy[16], cx[16];
    for (int c = 0; c < 16; c++) {
        int r = c / 4, k = c % 4;
        cy[c] = (uint16_t)(r + (r >= 2));
        cx[c] = (uint16_t)(k + (k >= 2));
    }
    b.cell_y = cy;
    b.cell_x = cx;
    b.height = b.width = 5;
    uint8_t puzzle[16] = {1};
    char *s = svg_of(&b, puzzle, NULL);
    CHECK(count_of(s, "<line") == 48, "holes: 4 blocks of 12 edges, got %d", count_of(s, "<line"));
    CHECK(count_of(s, THICK) == 32, "holes: every block's outline thick, got %d", count_of(s, THICK));
    /* nothing in the middle column (x 100..140 at cell size 40) */
    CHECK(strstr(s, "x=\"120.00\"") == NULL, "no digit drawn in the hole");
    free(s);
    sdk_board_free(std);
}

static void test_letters(void)
{
    static uint8_t puzzle[SDK_MAX_CELLS];
    for (int side = 16; side <= 25; side += 9) {
        int br, bc;
        sdk_board_default_shape(side, &br, &bc);
        const sdk_board *b = sdk_board_cached(br, bc);
        for (int c = 0; c < b->ncells; c++)
            puzzle[c] = (uint8_t)(1 + (c % side));
        char *s = svg_of(b, puzzle, NULL);
        CHECK(count_of(s, side == 16 ? ">G</text>" : ">P</text>") == side, "%dx%d: the letter of %d",
              side, side, side);
        CHECK(count_of(s, "<text") == b->ncells + 1, "%dx%d: a digit a cell and the caption", side, side);
        free(s);
    }
}

/* A sheet's output into memory: the PDF (page 0) or SVG pages, appended. */
typedef struct mem_out {
    char *text;
    size_t len;
    FILE *f;
    int opened, closed;
    const char *path;           /* non-NULL: open this file instead (/dev/full) */
} mem_out;

static FILE *mem_open(void *ctx, int page)
{
    mem_out *m = ctx;
    (void)page;
    m->opened++;
    if (m->path)
        return fopen(m->path, "w");
    if (!m->f)
        m->f = open_memstream(&m->text, &m->len);
    return m->f;
}

static int mem_close(void *ctx, FILE *f, int failed)
{
    mem_out *m = ctx;
    m->closed++;
    if (f != m->f)
        return fclose(f) != 0 || failed ? -1 : 0;
    fflush(f);
    return failed ? -1 : 0;
}

static void mem_free(mem_out *m)
{
    if (m->f)
        fclose(m->f);
    free(m->text);
}

static sdk_sheet *sheet_into(mem_out *m, int per_page, int solutions, const char *title)
{
    memset(m, 0, sizeof *m);
    sdk_sheet_options o = {per_page, 0, solutions, title, 0, mem_open, mem_close, NULL, m, NULL};
    return sdk_sheet_new(&o);
}

/* Every xref entry of the PDF points at "N 0 obj"; the count of objects. */
static int xref_good(const char *text, size_t len, int *objects)
{
    const char *sx = strstr(text, "startxref\n");
    *objects = 0;
    if (!sx)
        return 0;
    size_t xref = strtoul(sx + 10, NULL, 10);
    if (xref >= len || strncmp(text + xref, "xref\n0 ", 7) != 0)
        return 0;
    *objects = atoi(text + xref + 7);
    const char *e = strchr(text + xref + 7, '\n') + 1;
    if (strncmp(e, "0000000000 65535 f \n", 20) != 0)
        return 0;
    int good = 0;
    for (int i = 1; i < *objects; i++) {
        const char *entry = e + 20 * i;
        size_t at = strtoul(entry, NULL, 10);
        char want[32];
        snprintf(want, sizeof want, "%d 0 obj", i);
        good += at < len && strncmp(text + at, want, strlen(want)) == 0 && entry[19] == '\n';
    }
    return good == *objects - 1;
}

static void test_pdf(void)
{
    mem_out m;
    sdk_sheet *sh = sheet_into(&m, 4, 1, "Test (sheet)");
    const sdk_board *b = sdk_board_cached(3, 3);
    static uint8_t puzzle[81], solution[81];
    puzzle[0] = 5;
    for (int i = 0; i < 5; i++) {
        sdk_sheet_add(sh, b, puzzle, i ? solution : NULL, "#1: seed 2");
        if (i == 3)
            CHECK(m.opened == 1 && m.f && (fflush(m.f), count_of(m.text, "/Type /Page ") == 1),
                  "the first page is written as soon as it is full");
    }
    CHECK(sdk_sheet_finish(sh) == 0, "pdf written");
    CHECK(sdk_sheet_pages(sh) == 3, "5 puzzles 4 a page with a key: 3 pages, got %d", sdk_sheet_pages(sh));
    CHECK(m.opened == 1 && m.closed == 1, "the PDF opened and closed once");
    int objects;
    CHECK(xref_good(m.text, m.len, &objects), "every xref offset right (%d objects)", objects);
    CHECK(m.len > 6 && memcmp(m.text + m.len - 6, "%%EOF\n", 6) == 0, "ends with %%%%EOF");
    CHECK(strstr(m.text, "/Count 3") != NULL, "page tree counts 3 pages");
    CHECK(strstr(m.text, "/Title <FEFF0054006500730074002000280073") != NULL, "title as UTF-16BE");
    CHECK(strstr(m.text, "(Test \\(sheet\\)) Tj") != NULL, "title drawn, escaped");
    CHECK(count_of(m.text, "(#1 \\(no solution\\)) Tj") == 1, "the key marks the puzzle without a solution");
    CHECK(count_of(m.text, "(#1) Tj") == 4, "the key's labels are the numbers");
    sdk_sheet_free(sh);
    mem_free(&m);
    sdk_sheet_options bad = {3, 0, 0, NULL, 0, mem_open, mem_close, NULL, &m, NULL};
    CHECK(sdk_sheet_new(&bad) == NULL, "3 a page refused");
}

/* Many puzzles: each grid's lines are one form written once, so a puzzle
 * costs its digits and label (a few hundred bytes), not its grid. */
static void test_pdf_forms(void)
{
    mem_out m;
    sdk_sheet *sh = sheet_into(&m, 6, 0, NULL);
    const sdk_board *b = sdk_board_cached(3, 3);
    uint8_t puzzle[81] = {0};
    for (int i = 0; i < 81; i += 3)
        puzzle[i] = (uint8_t)(1 + i % 9);
    for (int i = 0; i < 600; i++)
        sdk_sheet_add(sh, b, puzzle, NULL, "#7: easy");
    CHECK(sdk_sheet_finish(sh) == 0, "600 puzzles written");
    CHECK(count_of(m.text, "/Subtype /Form") == 1, "one form for one grid: %d", count_of(m.text, "/Subtype /Form"));
    CHECK(count_of(m.text, " Do Q") == 600, "every puzzle draws it");
    CHECK(m.len / 600 < 1500, "%zu bytes a puzzle", m.len / 600);
    sdk_sheet_free(sh);
    mem_free(&m);
    /* a lone puzzle takes the page: its grid is wider than half the page */
    sh = sheet_into(&m, 4, 0, NULL);
    sdk_sheet_add(sh, b, puzzle, NULL, "#1");
    sdk_sheet_finish(sh);
    const char *bbox = strstr(m.text, "/BBox [0 0 ");
    CHECK(bbox && atof(bbox + 11) > 595.28 / 2, "a lone grid %.0f pt wide", bbox ? atof(bbox + 11) : 0.0);
    sdk_sheet_free(sh);
    mem_free(&m);
    /* nothing added: nothing opened, nothing written */
    sh = sheet_into(&m, 4, 1, "empty");
    CHECK(sdk_sheet_finish(sh) == 0 && m.opened == 0, "an empty sheet writes nothing");
    sdk_sheet_free(sh);
    mem_free(&m);
}

/* Titles: UTF-8 into WinAnsi, '?' outside it, a long one cut to the page. */
static void test_pdf_titles(void)
{
    CHECK(sdk_sheet_unprintable("Caf\xc3\xa9 \xe2\x80\x94 \xe2\x82\xac") == 0, "é, em dash and euro are WinAnsi");
    CHECK(sdk_sheet_unprintable("snow \xe2\x98\x83 \xe4\xb8\xad") == 2, "a snowman and a CJK character are not");
    mem_out m;
    sdk_sheet *sh = sheet_into(&m, 1, 0, "Caf\xc3\xa9 \xe2\x98\x83");
    static uint8_t puzzle[81];
    sdk_sheet_add(sh, sdk_board_cached(3, 3), puzzle, NULL, "#1");
    sdk_sheet_finish(sh);
    CHECK(strstr(m.text, "(Caf\\351 ?) Tj") != NULL, "é as WinAnsi octal 351, the snowman '?'");
    CHECK(strstr(m.text, "/Title <FEFF00430061006600E900202603>") != NULL, "the document's Title in UTF-16");
    sdk_sheet_free(sh);
    mem_free(&m);
    sh = sheet_into(&m, 1, 0, "a\xff\xf0\x9f\x98\x80");
    sdk_sheet_add(sh, sdk_board_cached(3, 3), puzzle, NULL, "#1");
    sdk_sheet_finish(sh);
    CHECK(strstr(m.text, "/Title <FEFF0061003FD83DDE00>") != NULL, "a bad byte as '?', an emoji as a surrogate pair");
    sdk_sheet_free(sh);
    mem_free(&m);
    char title[400];
    memset(title, 'W', sizeof title - 1);
    title[sizeof title - 1] = '\0';
    sh = sheet_into(&m, 1, 0, title);
    sdk_sheet_add(sh, sdk_board_cached(3, 3), puzzle, NULL, "#1");
    sdk_sheet_finish(sh);
    const char *t = strstr(m.text, "WWW");
    const char *bt = t ? t : m.text;
    while (bt > m.text && strncmp(bt, "BT /F2 ", 7) != 0)
        bt--;
    double size = 0, x = 0;
    sscanf(bt, "BT /F2 %lf Tf %lf", &size, &x);
    const char *end = t ? strstr(t, "\\205) Tj") : NULL;
    int kept = end ? (int)(end - t) : 0;
    double width = kept * 0.944 * size + 1.0 * size;   /* W is 944 thousandths bold, the ellipsis 1000 */
    CHECK(end != NULL && size >= 9 && x >= 39 && width <= 595.28 - 80 + 0.5,
          "a long title cut with an ellipsis: %d W at %.1f pt from x %.1f (%.1f wide)", kept, size, x, width);
    sdk_sheet_free(sh);
    mem_free(&m);
}

/* A write error (a full disk) fails the sheet, which then takes nothing. */
static void test_pdf_write_error(void)
{
    mem_out m;
    sdk_sheet *sh = sheet_into(&m, 1, 0, NULL);
    m.path = "/dev/full";
    static uint8_t puzzle[81];
    int rc = 0;
    for (int i = 0; i < 3 && rc == 0; i++)
        rc = sdk_sheet_add(sh, sdk_board_cached(3, 3), puzzle, NULL, "#1");
    CHECK(rc == -1, "adding fails once the page could not be written");
    CHECK(sdk_sheet_finish(sh) == -1 && m.closed == 1, "finish fails and closes the output once");
    sdk_sheet_free(sh);
}

static void test_fields(void)
{
    sdk_fields f;
    CHECK(sdk_fields_json("{\"index\":3,\"puzzle\":\"1.2\",\"stats\":{\"seed\":9,\"x\":[1,{}]},\"seed\":77,"
                          "\"level\":\"ha\\\"rd\",\"depth\":2,\"normal_width\":15,\"average_width\":4.5}", &f) == 1,
          "json record");
    CHECK(strcmp(f.puzzle, "1.2") == 0 && strcmp(f.number, "3") == 0 && strcmp(f.seed, "77") == 0 &&
          strcmp(f.level, "ha\"rd") == 0 && strcmp(f.depth, "2") == 0 && strcmp(f.width, "15") == 0 &&
          strcmp(f.average, "4.5") == 0, "json fields: %s %s %s %s", f.puzzle, f.number, f.seed, f.level);
    CHECK(sdk_fields_json("{\"line\":4,\"puzzle\":\"..\",\"index\":2}", &f) == 1 && strcmp(f.number, "2") == 0,
          "index beats line whatever the order");
    CHECK(sdk_fields_json("{\"puzzle\":\"1.2\"", &f) == 0, "unclosed object");
    CHECK(sdk_fields_json("{\"puzzle\":3,}", &f) == 1 || 1, "no crash on a trailing comma");
    CHECK(sdk_fields_json("[1,2]", &f) == 0, "not an object");
    CHECK(sdk_fields_json("{\"seed\":1}", &f) == 0, "no puzzle");
    int cols[7];
    CHECK(sdk_fields_csv_header("index,puzzle,clues,method,seed,depth,normal_width,average_width,x", cols) == 1,
          "generate's header");
    CHECK(cols[0] == 1 && cols[1] == 0 && cols[2] == 4 && cols[3] == -1 && cols[4] == 5 && cols[5] == 6 &&
          cols[6] == 7, "header columns");
    CHECK(sdk_fields_csv("12,4..1,30,metropolis,99,1,5,,", cols, &f) == 1, "csv row");
    CHECK(strcmp(f.number, "12") == 0 && strcmp(f.puzzle, "4..1") == 0 && strcmp(f.seed, "99") == 0 &&
          f.average[0] == '\0', "csv fields");
    CHECK(sdk_fields_csv_header("4..1,2", cols) == 0, "a puzzle line is no header");
}

static void test_trace_and_plot(void)
{
    sdk_trace *t = sdk_trace_new(0);
    char err[160], line[96];
    CHECK(sdk_trace_line(t, "puzzle,iteration,energy,temperature", err, sizeof err) == 0, "header");
    for (int i = 0; i < 10000; i++) {
        snprintf(line, sizeof line, "1,%d,%d,0.5\n", i * 1024, 10000 - i);
        sdk_trace_line(t, line, err, sizeof err);
        snprintf(line, sizeof line, "2,%d,%d,%g", i * 1024, i % 7, 1.0 / (1 + i));
        sdk_trace_line(t, line, err, sizeof err);
    }
    CHECK(sdk_trace_series(t) == 2, "two puzzles");
    CHECK(sdk_trace_line(t, "1,2,x,4", err, sizeof err) == -1 && strstr(err, "energy"), "bad energy: %s", err);
    CHECK(sdk_trace_line(t, "1,2,3", err, sizeof err) == -1, "three fields");
    CHECK(sdk_trace_line(t, "1,2,3,4,5", err, sizeof err) == -1, "five fields");
    CHECK(sdk_trace_line(t, "0,2,3,4", err, sizeof err) == -1, "puzzle 0");
    CHECK(sdk_trace_line(t, "1,2,inf,4", err, sizeof err) == -1, "infinite energy");
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    sdk_plot_options po = {0, 10, NULL};
    CHECK(sdk_plot_svg(f, t, &po) == 0, "plot");
    fclose(f);
    CHECK(count_of(text, "<polyline") == 4 + 1, "energy and temperature of each puzzle, and the legend's dash, got %d",
          count_of(text, "<polyline"));
    CHECK(strstr(text, ">puzzle 1<") && strstr(text, ">puzzle 2<"), "legend");
    CHECK(strstr(text, ">temperature (dashed)<") != NULL, "temperature axis when it varies");
    CHECK(strstr(text, ">10k<") != NULL, "energy ticks up to 10k");
    /* thinning kept at most 2048 points and the last row */
    const char *pl = strstr(text, "<polyline");
    const char *end = pl ? strstr(pl, "/>") : NULL;
    int points = 0;
    for (const char *p = pl; p && p < end; p++)
        points += *p == ',';
    CHECK(points > 1000 && points <= 2049, "series thinned to %d points", points);
    free(text);
    sdk_trace_free(t);

    t = sdk_trace_new(2);
    sdk_trace_line(t, "1,0,5,1", err, sizeof err);
    sdk_trace_line(t, "2,0,5,1", err, sizeof err);
    sdk_trace_line(t, "2,1024,0,1", err, sizeof err);
    CHECK(sdk_trace_series(t) == 1, "--puzzle keeps one series");
    f = open_memstream(&text, &len);
    sdk_plot_options lg = {1, 10, "T"};
    sdk_plot_svg(f, t, &lg);
    fclose(f);
    CHECK(strstr(text, "temperature") == NULL, "no temperature axis when it is constant");
    CHECK(strstr(text, "(log scale)") != NULL, "log axis named");
    free(text);
    sdk_trace_free(t);
}

int main(void)
{
    test_standard_and_variants();
    test_holes();
    test_letters();
    test_pdf();
    test_pdf_forms();
    test_pdf_titles();
    test_pdf_write_error();
    test_fields();
    test_trace_and_plot();
    return CHECK_SUMMARY("unit_pictures");
}
