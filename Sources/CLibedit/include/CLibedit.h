/*
 * CLibedit: a small, non-variadic C interface over libedit for the `conduit` playground.
 *
 * Swift cannot call libedit's variadic functions (el_set, el_get, history), so this shim wraps
 * the few operations the playground needs: a UTF-8 line editor with emacs bindings, a prompt,
 * bounded de-duplicated history with a file, tab completion through a callback, reverse search
 * (^R), Ctrl-C that discards the line, terminal restoration on signals, and a way for other
 * threads to wake the editor so asynchronous output can be printed above the line being edited.
 *
 * All strings crossing this interface are UTF-8. Apart from cle_wake, every function must be
 * called from the thread that calls cle_gets.
 */
#ifndef CLIBEDIT_H
#define CLIBEDIT_H

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cle_editor cle_editor;

/* What cle_gets returned. */
enum {
    CLE_LINE = 0,        /* a line was entered (returned without its newline) */
    CLE_EOF = 1,         /* end of input: Ctrl-D on an empty line, or the terminal closed */
    CLE_INTERRUPT = 2,   /* Ctrl-C: the line was discarded */
    CLE_ERROR = 3        /* a read error */
};

/* What a completion callback asks the editor to do next. */
enum {
    CLE_COMPLETE_REFRESH = 0,   /* the line changed (or not): redraw it */
    CLE_COMPLETE_BEEP = 1       /* nothing to complete: ring the bell */
};

/* Called on Tab with the whole line and the cursor's byte offset into it. It may call
 * cle_insert and cle_print_above. */
typedef int (*cle_complete_fn)(void *context, cle_editor *editor, const char *line, int cursor);

/* Called on the editor's thread, inside cle_gets, after some thread called cle_wake. It may
 * call cle_print_above. */
typedef void (*cle_wake_fn)(void *context, cle_editor *editor);

/* Sets LC_CTYPE from the environment, falling back to C.UTF-8 when that is not UTF-8, so the
 * editor moves and deletes by character. Returns 1 when the character set is UTF-8. */
int cle_setup_locale(void);

/* Opens an editor on stdin/stdout (both should be terminals). history_size bounds the history.
 * Returns NULL when libedit cannot be initialised. */
cle_editor *cle_open(const char *program, int history_size);

/* Restores the terminal and frees the editor. */
void cle_close(cle_editor *editor);

/* The prompt; bytes between two \001 characters are terminal escapes of zero width. */
void cle_set_prompt(cle_editor *editor, const char *prompt);

/* The prompt shown instead while the line being edited starts with `.` (it continues the
 * statement before it); NULL for none. */
void cle_set_continuation_prompt(cle_editor *editor, const char *prompt);

/* Reads one line. Returns the line (valid until the next call) and sets *status to CLE_LINE, or
 * returns NULL and sets *status to CLE_EOF, CLE_INTERRUPT or CLE_ERROR. */
const char *cle_gets(cle_editor *editor, int *status);

/* The lines a bracketed paste of several lines brought after the line cle_gets just returned
 * (UTF-8, separated by \n, valid until the next call), or NULL when there were none. The paste's
 * first line is the end of the returned line; a one-line paste is only inserted, as if typed. */
const char *cle_take_paste(cle_editor *editor);

/* History: add an entry (consecutive duplicates are dropped), load and save a file, count. */
int cle_history_add(cle_editor *editor, const char *line);
int cle_history_load(cle_editor *editor, const char *path);
int cle_history_save(cle_editor *editor, const char *path);
int cle_history_count(cle_editor *editor);

/* Installs the Tab completion callback. */
void cle_set_completer(cle_editor *editor, cle_complete_fn function, void *context);

/* Inserts text at the cursor (for completion callbacks). Returns 0 on success. */
int cle_insert(cle_editor *editor, const char *text);

/* Installs the callback run when cle_wake is called. */
void cle_set_waker(cle_editor *editor, cle_wake_fn function, void *context);

/* Wakes the editor from any thread (async-signal-safe): the wake callback runs on the editor's
 * thread while it waits for a key. */
void cle_wake(cle_editor *editor);

/* Prints text above the line being edited: clears the prompt and line, writes the text (a
 * newline is added if missing), then redraws the prompt and line with the cursor where it was.
 * Only from inside a completion or wake callback. */
void cle_print_above(cle_editor *editor, const char *text);

/* Ctrl-C while no line is being read (an evaluation is running): cle_interrupt_pending says
 * whether one came (async-signal-safe, from any thread); cle_take_interrupt says so and forgets
 * it. The signal handler only sets a flag; evaluation checks it at its own safe points. */
int cle_interrupt_pending(void);
int cle_take_interrupt(void);

/* The terminal's width in columns (80 when unknown). */
int cle_columns(cle_editor *editor);

#ifdef __cplusplus
}
#endif

#endif
