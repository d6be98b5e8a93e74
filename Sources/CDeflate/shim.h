#ifndef SWIPECLEAN_CDEFLATE_SHIM_H
#define SWIPECLEAN_CDEFLATE_SHIM_H
#include <libdeflate.h>
#endif
