#include "CCallgrind.h"
#if defined(__has_include)
#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#define CCALLGRIND_HAVE_REQUESTS 1
#endif
#endif

int callgrind_requests_available(void) {
#ifdef CCALLGRIND_HAVE_REQUESTS
    return 1;
#else
    return 0;
#endif
}

int callgrind_running_on_valgrind(void) {
#ifdef CCALLGRIND_HAVE_REQUESTS
    return RUNNING_ON_VALGRIND ? 1 : 0;
#else
    return 0;
#endif
}

void callgrind_start(void) {
#ifdef CCALLGRIND_HAVE_REQUESTS
    CALLGRIND_START_INSTRUMENTATION;
#endif
}

void callgrind_stop(void) {
#ifdef CCALLGRIND_HAVE_REQUESTS
    CALLGRIND_STOP_INSTRUMENTATION;
#endif
}
