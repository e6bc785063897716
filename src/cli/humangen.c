/*
 * humangen.c -- generate's options for people (--level, --min-er, --max-er,
 * --technique, --objective er): reads them into a band, with one-line
 * errors, and writes the human ratings of a printed puzzle in each format.
 * The search is src/generate/humangen.c.
 */
#include <string.h>
#include "cli.h"

static void list_techniques(FILE *f)
{
    for (int i = 0; sdk_human_technique_slug(i); i++)
        fprintf(f, "%s%s", i ? " " : "", sdk_human_technique_slug(i));
    fputc('\n', f);
}

/* A band no puzzle of board b (NULL: a jigsaw) can meet: above the highest
 * ER the board allows, or a technique whose steps rate above the band or
 * that ceiling.  1 after a one-line error. */
static int band_impossible(const sdk_human_band *band, const sdk_board *b, int size)
{
    double ceiling = sdk_human_er_ceiling(b);
    if (band->er_min > ceiling + 1e-9) {
        fprintf(stderr, "sudoku generate: no %dx%d puzzle rates ER %.1f or more: ER reaches at most %.1f here "
                "(docs/generate-human.md)\n", size, size, band->er_min, ceiling);
        return 1;
    }
    for (int i = 0; i < band->ntech; i++) {
        double least = sdk_human_technique_er(band->tech[i]);
        const char *slug = sdk_human_technique_slug(band->tech[i]);
        if (least > ceiling + 1e-9) {
            fprintf(stderr, "sudoku generate: --technique %s: its steps rate ER %.1f or more, and no %dx%d puzzle "
                    "rates above %.1f\n", slug, least, size, size, ceiling);
            return 1;
        }
        if (least > band->er_max + 1e-9) {
            fprintf(stderr, "sudoku generate: --technique %s: its steps rate ER %.1f or more, above the band's top "
                    "%.1f\n", slug, least, band->er_max);
            return 1;
        }
    }
    return 0;
}

int cli_human_band(const cli_options *opt, const sdk_board *b, int size, sdk_human_band *band, int *wanted)
{
    memset(band, 0, sizeof *band);
    band->er_min = 1.0;
    band->er_max = 19.9;
    int level = opt->gen.level != NULL, min = cli_option_given(opt, "--min-er"),
        max = cli_option_given(opt, "--max-er");
    *wanted = level || min || max || opt->gen.techniques.count;
    if (opt->gen.techniques.count == 1 && strcmp(opt->gen.techniques.item[0], "list") == 0) {
        list_techniques(stdout);
        return SDK_EXIT_OK;
    }
    if (level && !sdk_human_level_band(opt->gen.level, &band->er_min, &band->er_max)) {
        fprintf(stderr, "sudoku generate: --level: '%s' is not easy, medium, hard, fiendish, diabolical or "
                "extreme\n", opt->gen.level);
        return SDK_EXIT_USAGE;
    }
    if (min && opt->gen.min_er > band->er_min)
        band->er_min = opt->gen.min_er;
    if (max && opt->gen.max_er < band->er_max)
        band->er_max = opt->gen.max_er;
    if (band->er_min > band->er_max + 1e-9) {
        fprintf(stderr, "sudoku generate: the ER band %.1f..%.1f is empty\n", band->er_min, band->er_max);
        return SDK_EXIT_USAGE;
    }
    for (int i = 0; i < opt->gen.techniques.count; i++) {
        int t = sdk_human_technique_find(opt->gen.techniques.item[i]);
        if (t < 0) {
            fprintf(stderr, "sudoku generate: --technique: '%s' is not known; one of: ", opt->gen.techniques.item[i]);
            list_techniques(stderr);
            return SDK_EXIT_USAGE;
        }
        band->tech[band->ntech++] = t;
    }
    if (*wanted && band_impossible(band, b, size))
        return SDK_EXIT_USAGE;
    if (*wanted && opt->gen.hard) {
        fprintf(stderr, "sudoku generate: --hard searches for the hardest puzzles; with a level or band, "
                "leave it out (or use --hard --objective er)\n");
        return SDK_EXIT_USAGE;
    }
    if (opt->gen.objective && !opt->gen.hard) {
        fprintf(stderr, "sudoku generate: --objective goes with --hard\n");
        return SDK_EXIT_USAGE;
    }
    return -1;
}

void cli_human_header(FILE *f)
{
    fputs(",er,ep,ed,level,hardest", f);
}

void cli_human_fields(FILE *f, cli_format format, const sdk_human_rating *h)
{
    switch (format) {
    case FMT_CSV:
        /* (SE's technique names hold no quotes) */
        fprintf(f, ",%.1f,%.1f,%.1f,%s,\"%s\"", h->er, h->ep, h->ed, h->level, h->hardest);
        break;
    case FMT_JSON:
        fprintf(f, ",\"er\":%.1f,\"ep\":%.1f,\"ed\":%.1f,\"level\":\"%s\",\"hardest\":", h->er, h->ep, h->ed,
                h->level);
        cli_json_string(f, h->hardest);
        break;
    default:
        fprintf(f, " er=%.1f ep=%.1f ed=%.1f level=%s hardest=\"%s\"", h->er, h->ep, h->ed, h->level, h->hardest);
        break;
    }
}
