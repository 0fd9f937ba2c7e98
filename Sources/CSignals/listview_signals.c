#define _GNU_SOURCE
#include "listview_signals.h"

#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

// A slot's life: free, then making (the path written and mkdtemp running, with the signals
// blocked on the thread that makes it), then made, then removing, then free again. The handler
// waits out making and removing, which another thread finishes, since the thread in them has
// the signals blocked and cannot be the one running the handler.
enum { slot_free, slot_making, slot_made, slot_removing };

static struct {
    _Atomic int state;
    char path[PATH_MAX];
} folders[LISTVIEW_FOLDER_SLOTS];

static atomic_flag exit_handler_installed = ATOMIC_FLAG_INIT;

// The signal being handled (0: none). Set before the handler removes the folders, so a folder
// made after it looked at a slot is refused, and a thread that fails because its folder is gone
// waits for the signal to end the process instead of reporting the failure.
static _Atomic int interrupted = 0;

static void block_signals(sigset_t *former) {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    sigaddset(&set, SIGHUP);
    pthread_sigmask(SIG_BLOCK, &set, former);
}

static void restore_signals(const sigset_t *former) {
    pthread_sigmask(SIG_SETMASK, former, NULL);
}

int listview_folder_make(const char *template_path) {
    size_t length = strlen(template_path);
    if (length >= PATH_MAX) return -ENAMETOOLONG;
    if (!atomic_flag_test_and_set(&exit_handler_installed)) atexit(listview_folders_remove_all);
    sigset_t former;
    block_signals(&former);
    for (int slot = 0; slot < LISTVIEW_FOLDER_SLOTS; slot++) {
        int expected = slot_free;
        if (!atomic_compare_exchange_strong(&folders[slot].state, &expected, slot_making)) continue;
        // The handler sets `interrupted` before it looks at the slots, and this looks at it after
        // claiming one: either the handler waits for this folder and removes it, or none is made.
        int made = 0, code = EINTR;
        if (!atomic_load(&interrupted)) {
            memcpy(folders[slot].path, template_path, length + 1);
            made = mkdtemp(folders[slot].path) != NULL;
            code = errno;
        }
        atomic_store(&folders[slot].state, made ? slot_made : slot_free);
        restore_signals(&former);
        return made ? slot : -code;
    }
    restore_signals(&former);
    return -EMFILE;
}

const char *listview_folder_path(int slot) {
    return folders[slot].path;
}

void listview_folder_remove(int slot) {
    if (slot < 0 || slot >= LISTVIEW_FOLDER_SLOTS) return;
    sigset_t former;
    block_signals(&former);
    int expected = slot_made;
    if (atomic_compare_exchange_strong(&folders[slot].state, &expected, slot_removing)) {
        rmdir(folders[slot].path);
        atomic_store(&folders[slot].state, slot_free);
    }
    restore_signals(&former);
}

void listview_folders_remove_all(void) {
    for (int slot = 0; slot < LISTVIEW_FOLDER_SLOTS; slot++) {
        int state;
        // Another thread finishes making or removing this one (it has the signals blocked).
        while ((state = atomic_load(&folders[slot].state)) == slot_making || state == slot_removing) {}
        if (state == slot_made) rmdir(folders[slot].path);
    }
}

static volatile sig_atomic_t color_in_use = 0;
static volatile sig_atomic_t pager_running = 0;

static void handle(int number) {
    if (pager_running) return;
    atomic_store(&interrupted, number);
    if (color_in_use) {
        static const char reset[] = "\x1b[0m";
        ssize_t written = write(STDOUT_FILENO, reset, sizeof reset - 1);
        (void)written;
    }
    listview_folders_remove_all();
    struct sigaction fallback;
    memset(&fallback, 0, sizeof fallback);
    fallback.sa_handler = SIG_DFL;
    sigemptyset(&fallback.sa_mask);
    sigaction(number, &fallback, NULL);
    // Blocked while this handler runs: delivered, with its default action, when it returns.
    raise(number);
}

int listview_interrupts_install(int color) {
    color_in_use = color ? 1 : 0;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = handle;
    action.sa_flags = SA_RESTART;
    // One of the three at a time: the others wait until the first has ended the process.
    sigemptyset(&action.sa_mask);
    sigaddset(&action.sa_mask, SIGINT);
    sigaddset(&action.sa_mask, SIGTERM);
    sigaddset(&action.sa_mask, SIGHUP);
    const int numbers[] = {SIGINT, SIGTERM, SIGHUP};
    int result = 0;
    for (size_t index = 0; index < sizeof numbers / sizeof numbers[0]; index++) {
        struct sigaction former;
        if (sigaction(numbers[index], NULL, &former) != 0) result = -1;
        // SIGHUP ignored when listview started (nohup) stays ignored. SIGINT is caught even
        // when ignored (a shell without job control ignores it in a background job), so that
        // `kill -INT` ends the run as ^C does.
        else if (!(numbers[index] == SIGHUP && former.sa_handler == SIG_IGN) && sigaction(numbers[index], &action, NULL) != 0) result = -1;
    }
    return result;
}

void listview_interrupts_pager_running(int running) {
    pager_running = running ? 1 : 0;
}

void listview_interrupts_hold_if_caught(void) {
    if (!atomic_load(&interrupted)) return;
    for (;;) pause();
}
