#ifndef LISTVIEW_CYAJL_SHIM_H
#define LISTVIEW_CYAJL_SHIM_H

#include <yajl/yajl_parse.h>

/// `yajl_config` is variadic, which Swift cannot call; this wrapper takes one int flag.
static inline int listview_yajl_config(yajl_handle handle, yajl_option option, int enabled) {
    return yajl_config(handle, option, enabled);
}

#endif
