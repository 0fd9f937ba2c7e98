#ifndef LISTVIEW_SIGNALS_H
#define LISTVIEW_SIGNALS_H

// What listview does on SIGINT, SIGTERM and SIGHUP, in C so that the handler calls nothing but
// async-signal-safe functions (a Swift closure may take the runtime's locks, allocate metadata
// or check exclusive access, none of which a handler may do).
//
// The handler writes an SGR reset when coloured output may have been cut in an escape sequence,
// removes every spill folder still made, restores the signal's default action and raises it
// again, so the shell sees an interrupted process. While the pager runs it does nothing: ^C
// belongs to the pager.

// The most spill folders alive at once in one process (a run makes one; tests make more).
#define LISTVIEW_FOLDER_SLOTS 64

// Makes a private folder (mode 0700) with mkdtemp from `template_path` (ending in XXXXXX), in a
// slot that the signal handler and the exit handler remove it from. Returns the slot (>= 0), or
// an error number negated (ENAMETOOLONG for a path longer than PATH_MAX, EMFILE when every slot
// holds a folder, EINTR once a signal is being handled, else mkdtemp's error).
int listview_folder_make(const char *template_path);

// The path of the folder in `slot`, as made.
const char *listview_folder_path(int slot);

// Removes the folder in `slot` (rmdir: its files have no name) and frees the slot.
void listview_folder_remove(int slot);

// Removes every folder made and not yet removed. Async-signal-safe: it calls rmdir alone.
void listview_folders_remove_all(void);

// Installs the handler for SIGINT, SIGTERM and SIGHUP, except for SIGHUP when it was ignored
// as the process started (nohup); `color` tells whether the output carries escape sequences.
// Returns 0, or -1 with errno set.
int listview_interrupts_install(int color);

// Tells the handler whether the pager runs (1) or not (0).
void listview_interrupts_pager_running(int running);

// Returns at once unless the handler is running on another thread; then waits for the signal
// it raises again to end the process. An error or an exit status on its way out would be the
// signal's consequence (its folder removed), not the run's outcome.
void listview_interrupts_hold_if_caught(void);

#endif
