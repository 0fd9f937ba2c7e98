#ifndef LISTVIEW_CZSTD_SHIM_H
#define LISTVIEW_CZSTD_SHIM_H

#include <stddef.h>
#include <zstd.h>

#endif
