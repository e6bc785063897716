/*
 * interrupt.c -- Ctrl-C for every command.  The first SIGINT raises a flag
 * that the running work checks at safe points (budgets carry a pointer to
 * it); the command then writes what it has and exits 130.  A second SIGINT
 * a second or more later ends the program at once.  One arriving at the
 * same moment does not count: `timeout` and some shells deliver the same
 * interrupt twice (to the process and to its process group).
 */
#include <signal.h>
#include <time.h>
#include "cli.h"

static volatile int interrupt_flag;
static struct timespec interrupt_first;

static void interrupt_on_sigint(int sig)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);     /* async-signal-safe */
    if (!interrupt_flag) {
        interrupt_first = now;
        interrupt_flag = 1;
        return;
    }
    double since = (double)(now.tv_sec - interrupt_first.tv_sec) +
                   (double)(now.tv_nsec - interrupt_first.tv_nsec) * 1e-9;
    if (since >= 1.0) {
        signal(sig, SIG_DFL);
        raise(sig);
    }
}

volatile int *cli_interrupt_watch(void)
{
    struct sigaction sa;
    sa.sa_handler = interrupt_on_sigint;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = 0;
    interrupt_flag = 0;
    sigaction(SIGINT, &sa, NULL);
    return &interrupt_flag;
}

void cli_interrupt_release(void)
{
    signal(SIGINT, SIG_DFL);
}
