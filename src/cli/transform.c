/*
 * transform.c -- `sudoku transform`: each puzzle under a map: --random (a
 * uniformly random isomorph, drawn from --seed and the puzzle's cells),
 * then --map STEPS, the whole inverted with --inverse.  Output as canon's,
 * with the map, so `--map "MAP" --inverse` undoes what a record says.
 */
#include <stdio.h>
#include "cli.h"

static void transform_compute(const cli_options *opt, const sdk_record *rec, uint64_t index, cli_result *res)
{
    (void)index;
    if (!cli_canon_supported(rec, res))
        return;
    sdk_transform m;
    sdk_transform_identity(&m);
    if (opt->canon.random) {
        sdk_rng r;
        res->stats.seed = sdk_rng_derive_cells(opt->params.seed, rec->cells, 81);
        sdk_rng_seed(&r, res->stats.seed);
        sdk_transform_random(&r, &m);
    }
    sdk_transform_compose(&m, &opt->canon.parsed, &m);
    if (opt->canon.inverse)
        sdk_transform_invert(&m, &m);
    sdk_transform_apply(&m, rec->cells, res->solution);
    res->map = m;
    res->word = "transformed";
    res->exit_code = SDK_EXIT_OK;
}

static void transform_emit(cli_batch *b, const cli_options *opt, const sdk_record *rec, const cli_result *res)
{
    cli_canon_emit(b, opt, rec, res, "transformed", 0);
}

int cmd_transform(int argc, char **argv, const cli_command *self)
{
    cli_options opt;
    int rc = cli_canon_begin(argc, argv, self, &opt);
    if (rc >= 0)
        return rc;
    char err[160];
    sdk_transform_identity(&opt.canon.parsed);
    if (opt.canon.map && !sdk_transform_parse(opt.canon.map, &opt.canon.parsed, err, sizeof err)) {
        fprintf(stderr, "sudoku transform: --map: %s (see 'sudoku transform --help')\n", err);
        return SDK_EXIT_USAGE;
    }
    if (!opt.canon.random && !opt.canon.map)
        fprintf(stderr, "sudoku transform: warning: no --random or --map: every puzzle stays as it is\n");
    cli_job job = {transform_compute, transform_emit, "line,puzzle,status,transformed,map", "transform"};
    return cli_batch_run(&opt, &job);
}
