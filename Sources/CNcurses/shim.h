#ifndef LISTVIEW_CNCURSES_SHIM_H
#define LISTVIEW_CNCURSES_SHIM_H

// ncursesw with its wide-character API (cchar_t, get_wch, add_wchstr).
#define NCURSES_WIDECHAR 1
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <ncursesw/curses.h>

// Attributes and colour pairs are macros of bit shifts, which Swift does not import.
static inline int listview_attr_bold(void) { return (int)A_BOLD; }
static inline int listview_attr_reverse(void) { return (int)A_REVERSE; }
static inline int listview_attr_underline(void) { return (int)A_UNDERLINE; }
static inline int listview_attr_dim(void) { return (int)A_DIM; }
static inline int listview_color_pair(short pair) { return (int)COLOR_PAIR(pair); }

// Mouse buttons are macros of bit shifts too. The browser asks for button 1 (pressed, or
// clicked where the terminal reports only clicks) and the wheel (buttons 4 and 5 pressed).
static inline mmask_t listview_mouse_mask(void) {
    return BUTTON1_PRESSED | BUTTON1_CLICKED | BUTTON4_PRESSED | BUTTON5_PRESSED;
}
// What a mouse event's buttons mean to the browser: 1 a click, 4 the wheel up, 5 the wheel
// down, 0 anything else.
static inline int listview_mouse_button(mmask_t state) {
    if (state & (BUTTON1_PRESSED | BUTTON1_CLICKED)) return 1;
    if (state & BUTTON4_PRESSED) return 4;
    if (state & BUTTON5_PRESSED) return 5;
    return 0;
}

// The signal the browser caught last (0: none). A handler may only do async-signal-safe
// things: this one stores the number, and the browser's key loop, which wakes at least every
// few hundred milliseconds, looks at it and restores the terminal itself. One variable for the
// whole program (weak: every module that compiles this header defines it, the linker keeps one),
// so the handler installed from one module and the loop reading it in another (as
// cross-module optimisation inlines these functions) see the same flag.
__attribute__((weak)) volatile sig_atomic_t listview_signal_caught = 0;
static void listview_note_signal(int number) { listview_signal_caught = number; }

// Makes `number` set listview_signal_caught, keeping the former action in `former`. No
// SA_RESTART: a read waiting for a key on this thread returns at once.
static inline int listview_catch_signal(int number, struct sigaction *former) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = listview_note_signal;
    sigemptyset(&action.sa_mask);
    return sigaction(number, &action, former);
}
static inline int listview_restore_signal(int number, const struct sigaction *former) {
    return sigaction(number, former, NULL);
}
static inline int listview_caught_signal(void) { return (int)listview_signal_caught; }
static inline void listview_forget_signal(void) { listview_signal_caught = 0; }

#endif
