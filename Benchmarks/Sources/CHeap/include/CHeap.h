#ifndef CHEAP_H
#define CHEAP_H
#include <stddef.h>

/// Bytes malloc holds for live allocations (arena chunks in use plus mmap'd chunks), from
/// glibc's mallinfo2(); 0 where it is not available.
size_t cheap_live_bytes(void);

#endif
