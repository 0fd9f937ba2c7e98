#ifndef LISTVIEW_CNCURSES_SHIM_H
#define LISTVIEW_CNCURSES_SHIM_H

// ncursesw with its wide-character API (cchar_t, get_wch, add_wchstr).
#define NCURSES_WIDECHAR 1
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <locale.h>
#include <stdio.h>
#include <ncursesw/curses.h>

// Attributes and colour pairs are macros of bit shifts, which Swift does not import.
static inline int listview_attr_bold(void) { return (int)A_BOLD; }
static inline int listview_attr_reverse(void) { return (int)A_REVERSE; }
static inline int listview_attr_underline(void) { return (int)A_UNDERLINE; }
static inline int listview_attr_dim(void) { return (int)A_DIM; }
static inline int listview_color_pair(short pair) { return (int)COLOR_PAIR(pair); }

#endif
