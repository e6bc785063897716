#!/bin/sh
# cli_exact9_tables.sh -- the 9x9 kernel's tables (src/exact/exact9_tables.h) are
# what their generator writes, byte for byte: nobody edited the generated
# file by hand, and nobody changed the generator without regenerating.
# Skipped with a note where python3 is missing.
. tests/lib.sh
if ! command -v python3 >/dev/null 2>&1; then
    echo "note: python3 not found; the generated-tables check is skipped"
    summary cli_exact9_tables
    exit 0
fi
python3 tools/gen_exact9_tables.py >"$T/tables.h"
check "tools/gen_exact9_tables.py runs" $?
cmp -s "$T/tables.h" src/exact/exact9_tables.h
check "src/exact/exact9_tables.h equals the generator's output (regenerate: python3 tools/gen_exact9_tables.py > src/exact/exact9_tables.h)" $?
# The generator is deterministic (two runs agree).
python3 tools/gen_exact9_tables.py | cmp -s - "$T/tables.h"
check "the generator's output is the same on a second run" $?
summary cli_exact9_tables
