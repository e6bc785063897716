/*
 * unit_fpuzzles.c -- f-puzzles in and out (src/board/fpuzzles.c).
 *
 * tests/data/fpuzzles_vectors.txt holds objects built by hand from
 * published puzzles, each with the line of ours it must read as (worked out
 * by tools/gen_fpuzzles_vectors.py from the puzzle, not by this code) and
 * the link that carries it (compressed by the JavaScript lz-string).  Here:
 * the object and the link, in every spelling a link comes in, read as that
 * line; our compressor writes that link; a puzzle written as an object or a
 * link reads back as the same line.  Then refusals, each with its reason,
 * and every prefix of every object and link: a reason, never a crash.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "../src/board/fpuzzles.h"
#include "../src/board/lzstring.h"
#include "check.h"

static char line[FP_LINE_MAX], err[160];

/* sdk_fpuzzles_read of text: 1 and line, or -1 and err, or 0. */
static int read_text(const char *text)
{
    line[0] = err[0] = '\0';
    return sdk_fpuzzles_read(text, line, sizeof line, err, sizeof err);
}

/* Reads our line with the reader (as the program would) into rec. */
static int read_line(const char *text, sdk_record *rec)
{
    FILE *f = tmpfile();
    if (!f)
        return 0;
    fprintf(f, "%s\n", text);
    fflush(f);
    lseek(fileno(f), 0, SEEK_SET);
    sdk_reader *r = sdk_reader_new(f, "line", NULL);
    int got = r && sdk_reader_next(r, rec) == 1 && rec->ok;
    sdk_reader_free(r);
    fclose(f);
    return got;
}

static int killer_read(void)
{
    unsigned flags;
    return sdk_variant_parse("killer", &flags);
}

/* The vector's object and link, and the link spelt every other way. */
static void check_vector(const char *name, const char *want, const char *object, const char *link)
{
    int killer = strncmp(want, "killer", 6) == 0 || strstr(want, ",killer") != NULL;
    if (killer && !killer_read()) {
        /* until killer boards are read, their cages are refused by name */
        CHECK(read_text(object) < 0 && strstr(err, "killer"), "%s: killer refused (%s)", name, err);
        return;
    }
    CHECK(read_text(object) == 1 && strcmp(line, want) == 0, "%s: object read as '%.60s' (%s)", name, line, err);
    CHECK(read_text(link) == 1 && strcmp(line, want) == 0, "%s: link read as '%.60s' (%s)", name, line, err);
    const char *payload = strstr(link, "load=") + 5;
    char *ours = lz_compress_base64(object, strlen(object));
    CHECK(ours && strcmp(ours, payload) == 0, "%s: our compressor writes the link lz-string wrote", name);
    free(ours);

    static const char *spellings[] = {
        "http://www.f-puzzles.com/?load=%s", "https://f-puzzles.com/?load=%s", "www.f-puzzles.com/?load=%s",
        "?load=%s", "load=%s", "  https://www.f-puzzles.com/?load=%s   ", "https://www.f-puzzles.com/?x=1&load=%s#top",
        "https://sudokupad.app/fpuzzles%s", "https://sudokupad.app/?puzzleid=fpuzzles%s",
        "sudokupad.app/fpuz%s?setting-nogrid=1", "https://app.crackingthecryptic.com/sudoku/fpuzzles%s",
    };
    static char text[1 << 16];
    for (size_t i = 0; i < sizeof spellings / sizeof spellings[0]; i++) {
        snprintf(text, sizeof text, spellings[i], payload);
        CHECK(read_text(text) == 1 && strcmp(line, want) == 0, "%s: '%.40s...' read as '%.40s' (%s)", name, text,
              line, err);
    }
    /* percent-encoded, as a link pasted through a form may be */
    size_t k = (size_t)snprintf(text, sizeof text, "https://www.f-puzzles.com/?load=");
    for (const char *p = payload; *p && k + 4 < sizeof text; p++)
        k += (size_t)(strchr("+/=", *p) ? snprintf(text + k, 4, "%%%02X", *p) : snprintf(text + k, 2, "%c", *p));
    CHECK(read_text(text) == 1 && strcmp(line, want) == 0, "%s: percent-encoded link (%s)", name, err);

    /* written back: the same line, as an object and as a link */
    sdk_record rec;
    CHECK(read_line(want, &rec), "%s: our line reads", name);
    if (!rec.ok)
        return;
    char *json = sdk_fpuzzles_json(rec.board, rec.cells, NULL, err, sizeof err);
    CHECK(json && read_text(json) == 1 && strcmp(line, want) == 0, "%s: written object reads back (%s)", name, err);
    char *url = sdk_fpuzzles_url(rec.board, rec.cells, NULL, err, sizeof err);
    CHECK(url && strncmp(url, "https://www.f-puzzles.com/?load=", 32) == 0 && read_text(url) == 1 &&
          strcmp(line, want) == 0, "%s: written link reads back (%s)", name, err);
    free(json);
    free(url);
    sdk_variant_release(rec.board);
}

/* Every prefix of text: refused with a reason, or (a link without its
 * last padding characters) read as the whole. */
static void check_prefixes(const char *name, const char *text, const char *want)
{
    static char cut[1 << 16];
    size_t len = strlen(text), bad = 0;
    for (size_t n = 0; n < len; n += 1 + len / 200) {
        memcpy(cut, text, n);
        cut[n] = '\0';
        int got = read_text(cut);
        bad += (got == 1 && strcmp(line, want) != 0) || (got < 0 && !err[0]);
    }
    CHECK(bad == 0, "%s: %zu prefixes read as a puzzle or refused without a reason", name, bad);
}

/* A 9x9 object with the given text after its grid ("" for none). */
static const char *object9(const char *after, const char *cell0)
{
    static char text[4096];
    size_t k = (size_t)snprintf(text, sizeof text, "{\"size\":9,\"grid\":[");
    for (int r = 0; r < 9; r++) {
        k += (size_t)snprintf(text + k, sizeof text - k, "%s[", r ? "," : "");
        for (int c = 0; c < 9; c++)
            k += (size_t)snprintf(text + k, sizeof text - k, "%s%s", c ? "," : "", r == 0 && c == 0 ? cell0 : "{}");
        k += (size_t)snprintf(text + k, sizeof text - k, "]");
    }
    snprintf(text + k, sizeof text - k, "]%s}", after);
    return text;
}

static void check_refused(const char *text, const char *why)
{
    int got = read_text(text);
    CHECK(got < 0 && strstr(err, why), "refused with '%s': got %d, '%s' (%.50s)", why, got, err, text);
}

static void check_refusals(void)
{
    check_refused(object9(",\"thermometer\":[{\"lines\":[[\"R1C1\",\"R1C2\"]]}]", "{}"), "\"thermometer\" is not read");
    check_refused(object9(",\"antiknight\":true", "{}"), "\"antiknight\" is not read");
    check_refused(object9(",\"disabledconstraints\":[\"x\"]", "{}"), "\"disabledconstraints\" is not read");
    check_refused(object9(",\"littlekillersum\":[{\"cell\":\"R0C1\",\"value\":\"5\"}]", "{}"), "littlekillersum");
    check_refused(object9(",\"diagonal+\":true", "{}"), "only \"diagonal+\"");
    check_refused(object9(",\"diagonal-\":true,\"diagonal+\":false", "{}"), "only \"diagonal-\"");
    check_refused(object9(",\"extraregion\":[{\"cells\":[\"R1C1\",\"R1C2\"]}]", "{}"), "windoku's four");
    check_refused(object9(",\"extraregion\":[{\"cells\":[\"R10C1\"]}]", "{}"), "R10C1 is outside the 9x9");
    check_refused(object9("", "{\"givenPencilMarks\":[1,2]}"), "\"givenPencilMarks\" is not read");
    check_refused(object9("", "{\"value\":10,\"given\":true}"), "value is not a digit 1..9");
    check_refused(object9("", "{\"region\":9}"), "region 9 is not 0..8");
    check_refused(object9("", "{\"region\":\"x\"}"), "region is not a number");
    check_refused(object9("", "{\"region\":null}"), "in no region");
    check_refused(object9("", "{\"given\":\"yes\"}"), "\"given\" is not true or false");
    CHECK(read_text(object9("", "{\"value\":3,\"given\":1}")) == 1 && strncmp(line, "standard 3.", 11) == 0,
          "\"given\":1 is true (%s)", line);
    CHECK(read_text(object9("", "{\"value\":3,\"given\":false}")) == 1 && strncmp(line, "standard ..", 11) == 0,
          "a value not given is no clue (%s)", line);
    /* regions of 10 and 8 cells: translated, and refused by the reader's jigsaw check */
    CHECK(read_text(object9("", "{\"region\":1}")) == 1 && strncmp(line, "jigsaw ", 7) == 0, "region 1 at R1C1");
    sdk_record bad;
    CHECK(!read_line(line, &bad) && strstr(bad.error, "more than 9 cells"), "a region of 10 cells is no jigsaw (%s)",
          bad.error);
    check_refused("{\"size\":7,\"grid\":[]}", "size 7 is not read");
    check_refused("{\"size\":20,\"grid\":[]}", "size 20 is not read");
    check_refused("{\"grid\":[]}", "no \"size\"");
    check_refused("{\"size\":9}", "no \"grid\"");
    check_refused("{\"size\":4,\"grid\":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}", "grid has 3 rows, not 4");
    check_refused("{\"size\":4,\"grid\":[[{},{},{},{}],[{},{},{}],[{},{},{},{}],[{},{},{},{}]]}",
                  "grid row 2 has 3 cells, not 4");
    check_refused("{\"size\":4,\"grid\":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[]]}",
                  "more than 4 rows");
    check_refused("{\"size\":9,\"grid\":[[1,2]]}", "not a json object");
    check_refused("{size:9,\"grid\":[]}", "not a well-formed json object");
    check_refused("{\"size\":9,\"grid\":[[{}]}", "not a well-formed json object");
    check_refused("{\"size\":9,\"grid\":[]} trailing", "text after the json object");
    /* cages: read or refused by their own faults before the variant's */
    check_refused(object9(",\"killercage\":[{\"cells\":[\"R10C1\"],\"value\":\"5\"}]", "{}"),
                  "killercage 1: cell R10C1 is outside the 9x9 board");
    check_refused(object9(",\"killercage\":[{\"cells\":[\"X1\"],\"value\":\"5\"}]", "{}"), "\"X1\" is not a cell");
    check_refused(object9(",\"killercage\":[{\"cells\":[\"R1C1\",\"R1C1\"],\"value\":\"5\"}]", "{}"),
                  "lists R1C1 twice");
    check_refused(object9(",\"killercage\":[{\"cells\":[\"R1C1\",\"R1C2\"],\"value\":\"5\"},"
                          "{\"cells\":[\"R1C2\",\"R1C3\"],\"value\":\"6\"}]", "{}"),
                  "R1C2 is in killercages 1 and 2");
    check_refused(object9(",\"killercage\":[{\"cells\":[\"R1C1\",\"R1C3\"],\"value\":\"5\"}]", "{}"),
                  "not one orthogonally connected group");
    check_refused(object9(",\"killercage\":[{\"cells\":[\"R1C1\",\"R1C2\"]}]", "{}"), "has no sum");
    check_refused(object9(",\"killercage\":[{\"cells\":[\"R1C1\"],\"value\":\"x\"}]", "{}"), "sum is not a whole");
    /* links */
    check_refused("https://www.f-puzzles.com/?load=N4Ig!!!!", "does not decode");
    check_refused("load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT1ADcBDAGwFc54BGVNCImAO", "does not decode");
    check_refused("https://www.f-puzzles.com/", "without ?load=");
    check_refused("https://www.f-puzzles.com/?load=", "no puzzle after load=");
    check_refused("https://sudokupad.app/sclN4IgzglgXgpiBcBOANCA5gJwgEwQbT1ADc", "not in f-puzzles form");
    check_refused("https://example.com/?load=N4Ig", "not to f-puzzles or SudokuPad");
    char *hello = lz_compress_base64("hello", 5), text[256];
    snprintf(text, sizeof text, "load=%s", hello ? hello : "");
    check_refused(text, "not a json object");
    free(hello);
    /* not f-puzzles at all: left to the other readers */
    CHECK(read_text("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......") == 0,
          "a line of cells is not f-puzzles input");
    CHECK(read_text("{\"line\":1,\"puzzle\":\"4.....8\"}") == 0, "our json record is not f-puzzles input");
}

/* Regions given on every cell are labels, numbered any way: the vector's
 * jigsaw numbered 1..9 (and 10..90) reads as it does; the boxes so numbered
 * are the standard board. */
static void check_region_labels(const char *object, const char *want)
{
    static char text[1 << 16];
    for (int scale = 1; scale <= 10; scale += 9) {
        size_t k = 0;
        for (const char *p = object; *p && k + 8 < sizeof text;) {
            if (strncmp(p, "\"region\":", 9) == 0) {
                long v = strtol(p + 9, (char **)&p, 10);
                k += (size_t)snprintf(text + k, sizeof text - k, "\"region\":%ld", (v + 1) * scale);
            } else {
                text[k++] = *p++;
            }
        }
        text[k] = '\0';
        CHECK(read_text(text) == 1 && strcmp(line, want) == 0, "regions numbered from %d: '%.50s' (%s)", scale, line,
              err);
    }
}

/* Boards f-puzzles cannot draw are refused by the writers, with why. */
static void check_writers(void)
{
    char msg[160];
    uint8_t cells[SDK_MAX_CELLS] = {0};
    const sdk_board *samurai = sdk_variant_cached(SDK_VARIANT_SAMURAI, 9, NULL, msg, sizeof msg);
    CHECK(samurai && !sdk_fpuzzles_json(samurai, cells, NULL, err, sizeof err) && strstr(err, "samurai"),
          "samurai refused (%s)", err);
    const sdk_board *big = sdk_board_cached(4, 5);
    CHECK(big && !sdk_fpuzzles_url(big, cells, NULL, err, sizeof err) && strstr(err, "up to 16x16"),
          "20x20 refused (%s)", err);
    /* a 12x12 of 4x3 boxes: its boxes go as regions, so it reads back as
     * the jigsaw of those rectangles */
    const sdk_board *tall = sdk_board_cached(4, 3);
    char *json = tall ? sdk_fpuzzles_json(tall, cells, NULL, err, sizeof err) : NULL;
    CHECK(json && read_text(json) == 1 && strncmp(line, "jigsaw ", 7) == 0, "4x3 boxes as regions (%s)", line);
    free(json);
    /* the solution goes under "solution", which the reader lets be */
    const sdk_board *plain = sdk_board_cached(2, 2);
    uint8_t sol[16] = {1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1};
    json = sdk_fpuzzles_json(plain, cells, sol, err, sizeof err);
    CHECK(json && strstr(json, "\"solution\":[1,2,3,4,3,4,1,2,2,1,4,3,4,3,2,1]"), "solution written");
    CHECK(json && read_text(json) == 1 && strcmp(line, "standard ................") == 0, "solution not a clue");
    free(json);
}

/* A pretty-printed object over lines reads as the one record. */
static void check_pretty(void)
{
    FILE *f = tmpfile();
    if (!f)
        return;
    fputs("# an f-puzzles file, pretty-printed\n{\n  \"size\": 4,\n  \"grid\": [\n", f);
    for (int r = 0; r < 4; r++)
        fprintf(f, "    [{\"value\": %d, \"given\": true}, {}, {}, {}]%s\n", r + 1 == 3 ? 2 : r + 1 == 2 ? 3 : r + 1,
                r < 3 ? "," : "");
    fputs("  ]\n}\n1.........3....4\n", f);
    /* an f-puzzles object whose first line holds keys, then a json record cut short */
    fputs("{\"size\": 4, \"grid\": [[{}, {}, {}, {}],\n [{}, {}, {}, {}], [{}, {}, {}, {}],\n"
          "  [{}, {}, {}, {\"value\": 4, \"given\": true}]]}\n{\"puzzle\":\n1.........3....4\n", f);
    fflush(f);
    lseek(fileno(f), 0, SEEK_SET);
    sdk_reader *r = sdk_reader_new(f, "pretty", NULL);
    sdk_record rec;
    CHECK(r && sdk_reader_next(r, &rec) == 1 && rec.ok && rec.line == 2 && rec.cells[0] == 1 && rec.cells[4] == 3 &&
          rec.cells[8] == 2 && rec.cells[12] == 4, "pretty object: one record from line 2 (%s)", rec.error);
    CHECK(r && sdk_reader_next(r, &rec) == 1 && rec.ok && rec.line == 11 && rec.cells[0] == 1,
          "the line after it is the next record, line 11 (line %ld)", rec.line);
    CHECK(r && sdk_reader_next(r, &rec) == 1 && rec.ok && rec.line == 12 && rec.cells[15] == 4,
          "an object from its keyed first line, line 12 (%s)", rec.error);
    CHECK(r && sdk_reader_next(r, &rec) == 1 && !rec.ok && rec.line == 15, "a cut json record is one bad line");
    CHECK(r && sdk_reader_next(r, &rec) == 1 && rec.ok && rec.line == 16, "and takes no more lines");
    CHECK(r && sdk_reader_next(r, &rec) == 0, "and nothing more");
    sdk_reader_free(r);
    fclose(f);
}

int main(void)
{
    FILE *f = fopen("tests/data/fpuzzles_vectors.txt", "r");
    CHECK(f != NULL, "tests/data/fpuzzles_vectors.txt not found (run from the repository root)");
    if (!f)
        return CHECK_SUMMARY("unit_fpuzzles");
    static char row[1 << 17];
    int vectors = 0;
    while (fgets(row, sizeof row, f)) {
        if (row[0] == '#')
            continue;
        row[strcspn(row, "\r\n")] = '\0';
        char *name = strtok(row, "\t"), *want = strtok(NULL, "\t"), *object = strtok(NULL, "\t"),
             *link = strtok(NULL, "\t");
        if (!link)
            continue;
        vectors++;
        check_vector(name, want, object, link);
        if (strstr(object, "\"region\":"))
            check_region_labels(object, want);
        check_prefixes(name, object, want);
        check_prefixes(name, link, want);
    }
    fclose(f);
    CHECK(vectors >= 12, "%d vectors read", vectors);
    check_refusals();
    check_writers();
    check_pretty();
    return CHECK_SUMMARY("unit_fpuzzles");
}
