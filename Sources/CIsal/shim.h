#ifndef LISTVIEW_CISAL_SHIM_H
#define LISTVIEW_CISAL_SHIM_H

#include <stdint.h>
#include <isa-l/igzip_lib.h>

#endif
