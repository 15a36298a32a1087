/*
 * CLibedit: the non-variadic shim over libedit described in include/CLibedit.h.
 *
 * Keys are read by our own read function (EL_GETCFN) rather than libedit's, so that the editor
 * can wait on the terminal and on a wake-up pipe at once (asynchronous output is printed above
 * the line while the user types), and so that Ctrl-C, window resizes and Ctrl-Z are handled
 * without libedit's EL_SIGNAL machinery, which would leave the terminal in cooked mode after a
 * SIGINT. Fatal signals restore the terminal settings saved at start before the process dies.
 */
#define _GNU_SOURCE
#include "CLibedit.h"

#include <errno.h>
#include <fcntl.h>
#include <histedit.h>
#include <langinfo.h>
#include <locale.h>
#include <poll.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>
#include <wchar.h>

struct cle_editor {
    EditLine *el;
    HistoryW *history;
    wchar_t *prompt;
    wchar_t *dot_prompt; /* shown instead of prompt while the line starts with `.` (a continuation) */
    char *line;
    size_t line_capacity;
    int wake_read;
    int wake_write;
    int interrupted;       /* Ctrl-C was pressed while this line was edited */
    int interrupt_keys;    /* how many times INTERRUPT_KEY was handed to libedit for it */
    int interrupt_shown;   /* conduit-interrupt ran: ^C is shown and the line was ended */
    cle_complete_fn complete;
    void *complete_context;
    cle_wake_fn wake;
    void *wake_context;
    char *paste;           /* what the terminal's bracketed paste brought with this line, or NULL */
    int bracketed_paste;   /* the terminal was asked to mark pastes (\033[?2004h) */
};

/* The terminal marks a paste with these when bracketed paste is on. */
#define PASTE_START L"\033[200~"
#define PASTE_END L"\033[201~"
#define PASTE_END_LENGTH 6
/* The most characters of one paste that are kept (the rest is read and dropped). */
#define PASTE_LIMIT (1 << 20)
static const char g_paste_off[] = "\033[?2004l";

/* ---- state shared with signal handlers ---- */

static volatile sig_atomic_t g_sigint;
/* Ctrl-C for whoever runs between lines (an evaluation); only cle_take_interrupt clears it. */
static atomic_int g_interrupt_requested;
static volatile sig_atomic_t g_winch;
static volatile sig_atomic_t g_redraw;
static volatile int g_wake_fd = -1;
static struct termios g_original_termios;
static volatile sig_atomic_t g_have_original_termios;

static const int g_fatal_signals[] = { SIGHUP, SIGTERM, SIGQUIT, SIGSEGV, SIGBUS, SIGILL, SIGTRAP,
                                       SIGABRT, SIGFPE };
#define FATAL_COUNT ((int)(sizeof g_fatal_signals / sizeof g_fatal_signals[0]))
static struct sigaction g_fatal_previous[FATAL_COUNT];
static int g_fatal_installed;

static struct sigaction g_previous_int, g_previous_winch, g_previous_tstp;
static int g_signals_installed;

static void poke(void) {
    int fd = g_wake_fd;
    if (fd >= 0) {
        char byte = 1;
        ssize_t ignored = write(fd, &byte, 1);
        (void)ignored;
    }
}

static void on_fatal(int signo) {
    int index;
    if (isatty(STDOUT_FILENO))
        (void)!write(STDOUT_FILENO, g_paste_off, sizeof g_paste_off - 1);
    if (g_have_original_termios)
        tcsetattr(STDIN_FILENO, TCSANOW, &g_original_termios);
    for (index = 0; index < FATAL_COUNT; index++) {
        if (g_fatal_signals[index] == signo) {
            sigaction(signo, &g_fatal_previous[index], NULL);
            break;
        }
    }
    /* Delivered again, to the previous handler, once this one returns. */
    raise(signo);
}

static void on_interrupt(int signo) {
    int saved = errno;
    (void)signo;
    g_sigint = 1;
    atomic_store(&g_interrupt_requested, 1);
    poke();
    errno = saved;
}

static void on_winch(int signo) {
    int saved = errno;
    (void)signo;
    g_winch = 1;
    poke();
    errno = saved;
}

static void on_tstp(int signo) {
    int saved = errno;
    struct termios editing;
    int have_editing = tcgetattr(STDIN_FILENO, &editing) == 0;
    struct sigaction dfl, mine;
    sigset_t unblock;

    if (g_have_original_termios)
        tcsetattr(STDIN_FILENO, TCSADRAIN, &g_original_termios);
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigaction(SIGTSTP, &dfl, &mine);
    raise(signo);
    sigemptyset(&unblock);
    sigaddset(&unblock, SIGTSTP);
    sigprocmask(SIG_UNBLOCK, &unblock, NULL); /* stops here until SIGCONT */
    sigaction(SIGTSTP, &mine, NULL);
    if (have_editing)
        tcsetattr(STDIN_FILENO, TCSADRAIN, &editing);
    g_redraw = 1;
    poke();
    errno = saved;
}

/* SA_RESTART spares the rest of the program from EINTR; poll(2) is never restarted, so the
 * editor's wait still wakes up (and the handlers also write to the wake-up pipe). */
static void install(int signo, void (*handler)(int), struct sigaction *previous) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = handler;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    sigaction(signo, &action, previous);
}

/* ---- UTF-8 <-> wide characters, independent of the locale ---- */

static wchar_t *utf8_to_wide(const char *text) {
    size_t length = strlen(text), out = 0, i = 0;
    wchar_t *result = malloc((length + 1) * sizeof(wchar_t));
    if (result == NULL)
        return NULL;
    while (i < length) {
        unsigned char c = (unsigned char)text[i];
        unsigned long code;
        int extra;
        if (c < 0x80) { code = c; extra = 0; }
        else if ((c & 0xE0) == 0xC0) { code = c & 0x1F; extra = 1; }
        else if ((c & 0xF0) == 0xE0) { code = c & 0x0F; extra = 2; }
        else if ((c & 0xF8) == 0xF0) { code = c & 0x07; extra = 3; }
        else { code = 0xFFFD; extra = 0; }
        i++;
        while (extra > 0 && i < length && (((unsigned char)text[i]) & 0xC0) == 0x80) {
            code = (code << 6) | (((unsigned char)text[i]) & 0x3F);
            i++;
            extra--;
        }
        if (extra > 0)
            code = 0xFFFD;
        result[out++] = (wchar_t)code;
    }
    result[out] = 0;
    return result;
}

static size_t encode_utf8(wchar_t wc, char *out) {
    unsigned long code = (unsigned long)wc;
    if (code < 0x80) { out[0] = (char)code; return 1; }
    if (code < 0x800) {
        out[0] = (char)(0xC0 | (code >> 6));
        out[1] = (char)(0x80 | (code & 0x3F));
        return 2;
    }
    if (code < 0x10000) {
        out[0] = (char)(0xE0 | (code >> 12));
        out[1] = (char)(0x80 | ((code >> 6) & 0x3F));
        out[2] = (char)(0x80 | (code & 0x3F));
        return 3;
    }
    out[0] = (char)(0xF0 | ((code >> 18) & 0x07));
    out[1] = (char)(0x80 | ((code >> 12) & 0x3F));
    out[2] = (char)(0x80 | ((code >> 6) & 0x3F));
    out[3] = (char)(0x80 | (code & 0x3F));
    return 4;
}

/* Encodes count wide characters into a new NUL-terminated UTF-8 string. */
static char *wide_to_utf8(const wchar_t *text, size_t count) {
    char *result = malloc(count * 4 + 1), *p = result;
    size_t i;
    if (result == NULL)
        return NULL;
    for (i = 0; i < count; i++)
        p += encode_utf8(text[i], p);
    *p = 0;
    return result;
}

/* ---- locale ---- */

static int codeset_is_utf8(void) {
    const char *codeset = nl_langinfo(CODESET);
    return codeset != NULL && (strcasecmp(codeset, "UTF-8") == 0 || strcasecmp(codeset, "utf8") == 0);
}

int cle_setup_locale(void) {
    setlocale(LC_CTYPE, "");
    if (codeset_is_utf8())
        return 1;
    if (setlocale(LC_CTYPE, "C.UTF-8") != NULL && codeset_is_utf8())
        return 1;
    if (setlocale(LC_CTYPE, "C.utf8") != NULL && codeset_is_utf8())
        return 1;
    return 0;
}

/* ---- editor ---- */

/* Ctrl-C reaches libedit as this one character (a C1 control no keyboard sends), bound to
 * conduit-interrupt. One character, not a sequence: a mode that reads keys itself (incremental
 * search, quoted insert, a half-typed escape sequence) ends on an unknown single key and hands it
 * back, so the interrupt always arrives at the top level, where it discards the line. */
#define INTERRUPT_KEY ((wchar_t)0x9F)
#define INTERRUPT_BINDING L"\x9f"
/* After this many tries the key was swallowed each time: the read fails instead. */
#define INTERRUPT_TRIES 4

static cle_editor *editor_of(EditLine *el) {
    void *data = NULL;
    el_get(el, EL_CLIENTDATA, &data);
    return (cle_editor *)data;
}

/* Whether the line being edited starts with `.` after any blanks: it continues a statement. */
static int line_continues(EditLine *el) {
    const LineInfoW *info = el_wline(el);
    const wchar_t *p;
    if (info == NULL)
        return 0;
    for (p = info->buffer; p < info->lastchar && (*p == L' ' || *p == L'\t'); p++) {
    }
    return p < info->lastchar && *p == L'.';
}

/* The prompt to show now: the continuation prompt while the line starts with `.`. */
static wchar_t *current_prompt(cle_editor *editor) {
    if (editor->dot_prompt != NULL && line_continues(editor->el))
        return editor->dot_prompt;
    return editor->prompt;
}

static wchar_t *prompt_function(EditLine *el) {
    cle_editor *editor = editor_of(el);
    static wchar_t empty[] = L"";
    wchar_t *prompt = editor != NULL ? current_prompt(editor) : NULL;
    return prompt != NULL ? prompt : empty;
}

static void drain_wake_pipe(cle_editor *editor) {
    char buffer[64];
    while (read(editor->wake_read, buffer, sizeof buffer) > 0) {
    }
}

/* Reads one character for libedit, waiting on the terminal and on the wake-up pipe. */
static int read_character(EditLine *el, wchar_t *out) {
    cle_editor *editor = editor_of(el);
    unsigned long code = 0;
    int pending = 0; /* continuation bytes still expected */

    for (;;) {
        struct pollfd fds[2];
        int ready;

        if (g_sigint) {
            g_sigint = 0;
            editor->interrupted = 1;
        }
        if (editor->interrupted) {
            /* Until conduit-interrupt ends the line, every read is the interrupt key; a partly
             * read UTF-8 character is dropped. */
            if (editor->interrupt_keys >= INTERRUPT_TRIES) {
                errno = EINTR;
                *out = 0;
                return -1;
            }
            editor->interrupt_keys++;
            *out = INTERRUPT_KEY;
            return 1;
        }
        if (g_winch) {
            g_winch = 0;
            el_resize(el);
            el_wset(el, EL_REFRESH);
        }
        if (g_redraw) {
            g_redraw = 0;
            el_wset(el, EL_REFRESH);
        }

        fds[0].fd = STDIN_FILENO;
        fds[0].events = POLLIN;
        fds[0].revents = 0;
        fds[1].fd = editor->wake_read;
        fds[1].events = POLLIN;
        fds[1].revents = 0;
        ready = poll(fds, 2, -1);
        if (ready < 0) {
            if (errno == EINTR)
                continue;
            *out = 0;
            return -1;
        }
        if (fds[1].revents & POLLIN) {
            drain_wake_pipe(editor);
            if (editor->wake != NULL && !g_sigint)
                editor->wake(editor->wake_context, editor);
        }
        if (fds[0].revents & (POLLIN | POLLHUP | POLLERR)) {
            unsigned char byte;
            ssize_t got = read(STDIN_FILENO, &byte, 1);
            if (got < 0) {
                if (errno == EINTR || errno == EAGAIN)
                    continue;
                *out = 0;
                return -1;
            }
            if (got == 0) {
                *out = 0;
                return 0;
            }
            if (pending > 0 && (byte & 0xC0) == 0x80) {
                code = (code << 6) | (byte & 0x3F);
                if (--pending == 0) {
                    *out = (wchar_t)code;
                    return 1;
                }
                continue;
            }
            /* A new character (a broken sequence is dropped). */
            if (byte < 0x80) { *out = (wchar_t)byte; return 1; }
            if ((byte & 0xE0) == 0xC0) { code = byte & 0x1F; pending = 1; }
            else if ((byte & 0xF0) == 0xE0) { code = byte & 0x0F; pending = 2; }
            else if ((byte & 0xF8) == 0xF0) { code = byte & 0x07; pending = 3; }
            else { pending = 0; }
        }
    }
}

/* Ctrl-C: show ^C at the end of the line and end it (cle_gets discards it). The key does
 * nothing unless a Ctrl-C really came (a meta key can produce the same character). */
static unsigned char interrupt_function(EditLine *el, int ch) {
    cle_editor *editor = editor_of(el);
    const LineInfoW *info = el_wline(el);
    (void)ch;
    if (editor == NULL || !editor->interrupted)
        return CC_ERROR;
    editor->interrupt_shown = 1;
    el_cursor(el, (int)(info->lastchar - info->cursor));
    el_winsertstr(el, L"^C");
    /* The newline comes from libedit's own macro queue, not from read_character. */
    el_wpush(el, L"\n");
    return CC_REFRESH;
}

/* A bracketed paste (after PASTE_START), read up to PASTE_END without Tab completion seeing it:
 * its first line goes into the line being edited; when it holds more lines, the line ends there
 * and the rest is kept for cle_take_paste, so that a pasted block is one input. */
static unsigned char paste_function(EditLine *el, int ch) {
    cle_editor *editor = editor_of(el);
    wchar_t *text;
    size_t count = 0, capacity = 256, index;
    wchar_t wc;
    (void)ch;
    if (editor == NULL)
        return CC_ERROR;
    text = malloc(capacity * sizeof *text);
    if (text == NULL)
        return CC_ERROR;
    while (el_wgetc(el, &wc) == 1) {
        if (count == capacity) {
            wchar_t *grown;
            if (capacity >= PASTE_LIMIT + PASTE_END_LENGTH) {
                /* Past the limit: keep only the tail, where the end marker will show. */
                memmove(text, text + count - PASTE_END_LENGTH, PASTE_END_LENGTH * sizeof *text);
                count = PASTE_END_LENGTH;
            } else {
                grown = realloc(text, capacity * 2 * sizeof *text);
                if (grown == NULL)
                    break;
                text = grown;
                capacity *= 2;
            }
        }
        text[count++] = wc;
        if (count >= PASTE_END_LENGTH && wmemcmp(text + count - PASTE_END_LENGTH, PASTE_END, PASTE_END_LENGTH) == 0) {
            count -= PASTE_END_LENGTH;
            break;
        }
    }
    if (count == capacity) {
        wchar_t *grown = realloc(text, (capacity + 1) * sizeof *text);
        if (grown == NULL) {
            free(text);
            return CC_ERROR;
        }
        text = grown;
    }
    /* A terminal sends Return as \r: lines are \n here. */
    for (index = 0; index < count; index++)
        if (text[index] == L'\r')
            text[index] = (index + 1 < count && text[index + 1] == L'\n') ? L' ' : L'\n';
    for (index = 0; index < count && text[index] != L'\n'; index++)
        ;
    if (index == count) {
        /* One line: inserted, and edited on as if typed. */
        text[count] = L'\0';
        if (count > 0 && el_winsertstr(el, text) != 0) {
            free(text);
            return CC_ERROR;
        }
        free(text);
        return CC_REFRESH;
    }
    text[index] = L'\0';
    if (index > 0 && el_winsertstr(el, text) != 0) {
        free(text);
        return CC_ERROR;
    }
    free(editor->paste);
    editor->paste = wide_to_utf8(text + index + 1, count - index - 1);
    free(text);
    return CC_NEWLINE;
}

const char *cle_take_paste(cle_editor *editor) {
    static char *handed;
    free(handed);
    handed = editor->paste;
    editor->paste = NULL;
    return handed;
}

/* `.`: inserted as usual; the whole line is redrawn so that the prompt can become the
 * continuation prompt when the `.` starts the line. */
static unsigned char dot_function(EditLine *el, int ch) {
    (void)ch;
    if (el_winsertstr(el, L".") != 0)
        return CC_ERROR;
    return CC_REFRESH;
}

static unsigned char complete_function(EditLine *el, int ch) {
    cle_editor *editor = editor_of(el);
    const LineInfoW *info = el_wline(el);
    char *line, *before;
    int cursor, action;
    (void)ch;
    if (editor == NULL || editor->complete == NULL)
        return CC_ERROR;
    line = wide_to_utf8(info->buffer, (size_t)(info->lastchar - info->buffer));
    before = wide_to_utf8(info->buffer, (size_t)(info->cursor - info->buffer));
    if (line == NULL || before == NULL) {
        free(line);
        free(before);
        return CC_ERROR;
    }
    cursor = (int)strlen(before);
    free(before);
    action = editor->complete(editor->complete_context, editor, line, cursor);
    free(line);
    return action == CLE_COMPLETE_BEEP ? CC_ERROR : CC_REFRESH;
}

cle_editor *cle_open(const char *program, int history_size) {
    cle_editor *editor = calloc(1, sizeof *editor);
    HistEventW event;
    int fds[2];
    int index;

    if (editor == NULL)
        return NULL;
    if (pipe2(fds, O_CLOEXEC | O_NONBLOCK) != 0) {
        free(editor);
        return NULL;
    }
    editor->wake_read = fds[0];
    editor->wake_write = fds[1];

    if (tcgetattr(STDIN_FILENO, &g_original_termios) == 0)
        g_have_original_termios = 1;
    if (!g_fatal_installed) {
        for (index = 0; index < FATAL_COUNT; index++) {
            struct sigaction previous;
            sigaction(g_fatal_signals[index], NULL, &previous);
            if (previous.sa_handler == SIG_IGN) {
                g_fatal_previous[index] = previous;
                continue;
            }
            install(g_fatal_signals[index], on_fatal, &g_fatal_previous[index]);
        }
        g_fatal_installed = 1;
    }

    editor->history = history_winit();
    if (editor->history == NULL) {
        cle_close(editor);
        return NULL;
    }
    history_w(editor->history, &event, H_SETSIZE, history_size > 0 ? history_size : 1);
    history_w(editor->history, &event, H_SETUNIQUE, 1);

    editor->el = el_init(program, stdin, stdout, stderr);
    if (editor->el == NULL) {
        cle_close(editor);
        return NULL;
    }
    /* Ctrl-C never ends the playground: while a line is edited it discards the line, at other
     * times it is ignored. Window resizes and Ctrl-Z are handled here too (no EL_SIGNAL). */
    g_wake_fd = editor->wake_write;
    install(SIGINT, on_interrupt, &g_previous_int);
    install(SIGWINCH, on_winch, &g_previous_winch);
    install(SIGTSTP, on_tstp, &g_previous_tstp);
    g_signals_installed = 1;

    el_wset(editor->el, EL_CLIENTDATA, (void *)editor);
    el_wset(editor->el, EL_EDITOR, L"emacs");
    el_wset(editor->el, EL_SIGNAL, 0);
    el_wset(editor->el, EL_PROMPT_ESC, prompt_function, L'\1');
    el_wset(editor->el, EL_HIST, history_w, editor->history);
    el_wset(editor->el, EL_GETCFN, read_character);
    el_wset(editor->el, EL_ADDFN, L"conduit-complete", L"Complete the word before the cursor",
            complete_function);
    el_wset(editor->el, EL_BIND, L"^I", L"conduit-complete", NULL);
    el_wset(editor->el, EL_ADDFN, L"conduit-interrupt", L"Discard the line (Ctrl-C)",
            interrupt_function);
    el_wset(editor->el, EL_BIND, INTERRUPT_BINDING, L"conduit-interrupt", NULL);
    el_wset(editor->el, EL_ADDFN, L"conduit-dot", L"Insert a dot (a leading one continues a statement)",
            dot_function);
    el_wset(editor->el, EL_BIND, L".", L"conduit-dot", NULL);
    el_wset(editor->el, EL_BIND, L"^R", L"em-inc-search-prev", NULL);
    el_wset(editor->el, EL_BIND, L"^S", L"em-inc-search-next", NULL);
    /* Arrow keys and the usual word moves, whatever the terminal description says. */
    el_wset(editor->el, EL_BIND, L"\033[A", L"ed-prev-history", NULL);
    el_wset(editor->el, EL_BIND, L"\033[B", L"ed-next-history", NULL);
    el_wset(editor->el, EL_BIND, L"\033[C", L"ed-next-char", NULL);
    el_wset(editor->el, EL_BIND, L"\033[D", L"ed-prev-char", NULL);
    el_wset(editor->el, EL_BIND, L"\033OA", L"ed-prev-history", NULL);
    el_wset(editor->el, EL_BIND, L"\033OB", L"ed-next-history", NULL);
    el_wset(editor->el, EL_BIND, L"\033OC", L"ed-next-char", NULL);
    el_wset(editor->el, EL_BIND, L"\033OD", L"ed-prev-char", NULL);
    el_wset(editor->el, EL_BIND, L"\033[H", L"ed-move-to-beg", NULL);
    el_wset(editor->el, EL_BIND, L"\033[F", L"ed-move-to-end", NULL);
    el_wset(editor->el, EL_BIND, L"\033[3~", L"ed-delete-next-char", NULL);
    el_wset(editor->el, EL_BIND, L"\033[1;5C", L"em-next-word", NULL);
    el_wset(editor->el, EL_BIND, L"\033[1;5D", L"ed-prev-word", NULL);
    el_wset(editor->el, EL_ADDFN, L"conduit-paste", L"Read a bracketed paste as one input",
            paste_function);
    el_wset(editor->el, EL_BIND, PASTE_START, L"conduit-paste", NULL);
    if (isatty(STDIN_FILENO) && isatty(STDOUT_FILENO)) {
        static const char on[] = "\033[?2004h";
        editor->bracketed_paste = write(STDOUT_FILENO, on, sizeof on - 1) == (ssize_t)(sizeof on - 1);
    }
    return editor;
}

void cle_close(cle_editor *editor) {
    int index;
    if (editor == NULL)
        return;
    if (editor->bracketed_paste)
        (void)!write(STDOUT_FILENO, g_paste_off, sizeof g_paste_off - 1);
    free(editor->paste);
    if (editor->el != NULL)
        el_end(editor->el);
    if (editor->history != NULL)
        history_wend(editor->history);
    if (g_signals_installed) {
        sigaction(SIGINT, &g_previous_int, NULL);
        sigaction(SIGWINCH, &g_previous_winch, NULL);
        sigaction(SIGTSTP, &g_previous_tstp, NULL);
        g_signals_installed = 0;
    }
    if (g_wake_fd == editor->wake_write)
        g_wake_fd = -1;
    close(editor->wake_read);
    close(editor->wake_write);
    free(editor->prompt);
    free(editor->dot_prompt);
    free(editor->line);
    free(editor);
    if (g_have_original_termios)
        tcsetattr(STDIN_FILENO, TCSADRAIN, &g_original_termios);
    if (g_fatal_installed) {
        for (index = 0; index < FATAL_COUNT; index++)
            sigaction(g_fatal_signals[index], &g_fatal_previous[index], NULL);
        g_fatal_installed = 0;
    }
}

void cle_set_prompt(cle_editor *editor, const char *prompt) {
    wchar_t *wide = utf8_to_wide(prompt != NULL ? prompt : "");
    if (wide == NULL)
        return;
    free(editor->prompt);
    editor->prompt = wide;
}

void cle_set_continuation_prompt(cle_editor *editor, const char *prompt) {
    wchar_t *wide = prompt != NULL ? utf8_to_wide(prompt) : NULL;
    free(editor->dot_prompt);
    editor->dot_prompt = wide;
}

const char *cle_gets(cle_editor *editor, int *status) {
    const wchar_t *line;
    int count = 0;
    size_t length;
    char *utf8;

    editor->interrupted = 0;
    editor->interrupt_keys = 0;
    editor->interrupt_shown = 0;
    /* A paste belongs to the line it ended; one left by an interrupted line is dropped. */
    free(editor->paste);
    editor->paste = NULL;
    /* A Ctrl-C pressed while no line was being edited is forgotten. */
    g_sigint = 0;
    /* The size may have changed while we were not looking. */
    el_resize(editor->el);

    line = el_wgets(editor->el, &count);
    g_sigint = 0;

    if (editor->interrupted) {
        if (!editor->interrupt_shown) {
            /* The line ended another way (the key was swallowed): end it on screen here. */
            fputs("^C\r\n", stdout);
            fflush(stdout);
        }
        *status = CLE_INTERRUPT;
        return NULL;
    }
    if (line == NULL || count <= 0) {
        *status = count < 0 ? CLE_ERROR : CLE_EOF;
        return NULL;
    }
    length = wcslen(line);
    while (length > 0 && (line[length - 1] == L'\n' || line[length - 1] == L'\r'))
        length--;
    utf8 = wide_to_utf8(line, length);
    if (utf8 == NULL) {
        *status = CLE_ERROR;
        return NULL;
    }
    free(editor->line);
    editor->line = utf8;
    *status = CLE_LINE;
    return editor->line;
}

int cle_history_add(cle_editor *editor, const char *line) {
    HistEventW event;
    wchar_t *wide = utf8_to_wide(line);
    int result;
    if (wide == NULL)
        return -1;
    result = history_w(editor->history, &event, H_ENTER, wide);
    free(wide);
    return result;
}

int cle_history_load(cle_editor *editor, const char *path) {
    HistEventW event;
    return history_w(editor->history, &event, H_LOAD, path);
}

int cle_history_save(cle_editor *editor, const char *path) {
    HistEventW event;
    return history_w(editor->history, &event, H_SAVE, path);
}

int cle_history_count(cle_editor *editor) {
    HistEventW event;
    if (history_w(editor->history, &event, H_GETSIZE) < 0)
        return 0;
    return event.num;
}

void cle_set_completer(cle_editor *editor, cle_complete_fn function, void *context) {
    editor->complete = function;
    editor->complete_context = context;
}

int cle_insert(cle_editor *editor, const char *text) {
    wchar_t *wide = utf8_to_wide(text);
    int result;
    if (wide == NULL)
        return -1;
    result = el_winsertstr(editor->el, wide);
    free(wide);
    return result;
}

void cle_set_waker(cle_editor *editor, cle_wake_fn function, void *context) {
    editor->wake = function;
    editor->wake_context = context;
}

void cle_wake(cle_editor *editor) {
    char byte = 1;
    ssize_t ignored = write(editor->wake_write, &byte, 1);
    (void)ignored;
}

int cle_take_interrupt(void) {
    return atomic_exchange(&g_interrupt_requested, 0) != 0;
}

int cle_interrupt_pending(void) {
    return atomic_load(&g_interrupt_requested) != 0;
}

int cle_columns(cle_editor *editor) {
    struct winsize size;
    (void)editor;
    if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 0)
        return size.ws_col;
    return 80;
}

/* The display width of the prompt, skipping the \1-fenced escape sequences. */
static int prompt_width(cle_editor *editor) {
    const wchar_t *p = current_prompt(editor);
    int width = 0, fenced = 0;
    if (p == NULL)
        return 0;
    for (; *p; p++) {
        if (*p == L'\1') {
            fenced = !fenced;
            continue;
        }
        if (!fenced) {
            int w = wcwidth(*p);
            width += w > 0 ? w : 0;
        }
    }
    return width;
}

void cle_print_above(cle_editor *editor, const char *text) {
    const LineInfoW *info = el_wline(editor->el);
    const wchar_t *p;
    int columns = cle_columns(editor), width = prompt_width(editor), row;
    size_t length = strlen(text);

    /* Which row of the prompt and line the cursor is on: go up to the first and clear down. */
    for (p = info->buffer; p < info->cursor; p++) {
        int w = wcwidth(*p);
        width += w > 0 ? w : 0;
    }
    row = width / columns;
    fputc('\r', stdout);
    if (row > 0)
        fprintf(stdout, "\033[%dA", row);
    fputs("\033[J", stdout);
    fputs(text, stdout);
    if (length == 0 || text[length - 1] != '\n')
        fputc('\n', stdout);
    fflush(stdout);
    /* Redraw the prompt and the line from here, with the cursor where it was. */
    el_wset(editor->el, EL_REFRESH);
}
