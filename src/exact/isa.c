/*
 * isa.c -- sdk_build_isa: the instruction set the exact solvers run on.
 * Read from the compiler's macros, so it lives beside the solvers: built
 * with their flags, and in a dispatching build (make PORTABLE=1 on x86-64,
 * tools/dispatch.sh) picked at load time with them, it names what runs.
 */
#include "sudoku.h"

#ifdef SDK_DISPATCH
#define ISA_HOW ", chosen at run time"
#else
#define ISA_HOW ""
#endif

const char *sdk_build_isa(void)
{
#if defined(__AVX512F__)
    return "avx512" ISA_HOW;
#elif defined(__AVX2__)
    return "avx2" ISA_HOW;
#elif defined(__SSE4_1__)
    return "sse4.1" ISA_HOW;
#else
    return "portable" ISA_HOW;
#endif
}
