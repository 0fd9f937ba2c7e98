#ifndef LISTVIEW_CBZIP2_SHIM_H
#define LISTVIEW_CBZIP2_SHIM_H

#include <stdio.h>
#include <bzlib.h>

#endif
