/* solve.c -- libsudoku in ten lines: solve the 9x9 puzzle given as an
 * 81-character argument (digits, and '.' or '0' for blanks) and print its
 * solution.   cc solve.c $(pkg-config --cflags --libs sudoku) -o solve */
#include <stdio.h>
#include <sudoku.h>

int main(int argc, char **argv)
{
    const char *text = argc > 1 ? argv[1] : "";
    uint8_t puzzle[81], solution[81];
    for (int i = 0; i < 81; i++, text += *text != '\0')
        puzzle[i] = *text >= '1' && *text <= '9' ? (uint8_t)(*text - '0') : 0;
    const sdk_board *b = sdk_board_cached(3, 3);
    sdk_status status;
    if (sdk_exact_count(b, puzzle, 2, solution, NULL, NULL, &status) != 1)
        return puts("no unique solution"), 1;
    char line[SDK_MAX_LINE];
    puts(sdk_format_line(b, solution, line));
    return 0;
}
