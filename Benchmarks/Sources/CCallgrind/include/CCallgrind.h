#ifndef CCALLGRIND_H
#define CCALLGRIND_H

/// Whether this binary was built with valgrind's client-request headers (Debian's `valgrind`
/// package ships them): 1 if so, 0 if the requests below do nothing.
int callgrind_requests_available(void);

/// 1 when the program runs under valgrind, 0 otherwise.
int callgrind_running_on_valgrind(void);

/// Starts callgrind's instrumentation (all threads): instructions from here on are counted.
/// A few no-op instructions when not under valgrind.
void callgrind_start(void);

/// Stops callgrind's instrumentation: instructions from here on are not counted.
void callgrind_stop(void);

#endif
