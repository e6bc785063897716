/*
 * fuzz_trace.c -- libFuzzer target for the trace reader and the chart
 * (src/out/trace.c, plot.c): every input line goes to the trace (the first
 * byte picks --puzzle and --log), then the chart is drawn.
 *
 * Checks: a rejected line says why; the chart is one closed SVG document
 * with no NaN or infinite coordinate in it.
 */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    sdk_trace *t = sdk_trace_new(data[0] & 3);
    FZ_CHECK(t != NULL, "trace_new");
    char *text = malloc(size);
    FZ_CHECK(text != NULL, "malloc");
    memcpy(text, data + 1, size - 1);
    text[size - 1] = '\0';
    char err[160];
    for (char *line = text, *next; line; line = next) {
        next = strchr(line, '\n');
        if (next)
            *next++ = '\0';
        err[0] = '\0';
        if (sdk_trace_line(t, line, err, sizeof err) != 0)
            FZ_CHECK(err[0] != '\0', "a rejected line says why");
    }
    free(text);
    char *out = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&out, &len);
    FZ_CHECK(mem != NULL, "memstream");
    sdk_plot_options po = {(data[0] >> 2) & 1, 1 + (data[0] >> 4), NULL};
    FZ_CHECK(sdk_plot_svg(mem, t, &po) == 0, "plot");
    fclose(mem);
    FZ_CHECK(len > 7 && strcmp(out + len - 7, "</svg>\n") == 0, "one closed document");
    FZ_CHECK(!strstr(out, "nan") && !strstr(out, "inf"), "finite coordinates");
    free(out);
    sdk_trace_free(t);
    return 0;
}
