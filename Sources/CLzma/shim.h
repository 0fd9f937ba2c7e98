#ifndef LISTVIEW_CLZMA_SHIM_H
#define LISTVIEW_CLZMA_SHIM_H

#include <stdint.h>
#include <lzma.h>

/// LZMA_STREAM_INIT as a function: Swift cannot use the macro.
static inline lzma_stream listview_lzma_stream_init(void) {
    lzma_stream stream = LZMA_STREAM_INIT;
    return stream;
}

/// LZMA_CONCATENATED, a macro Swift cannot see: read streams one after another.
static const uint32_t listview_lzma_concatenated = LZMA_CONCATENATED;

#endif
