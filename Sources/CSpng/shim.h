#ifndef SWIPECLEAN_CSPNG_SHIM_H
#define SWIPECLEAN_CSPNG_SHIM_H
#include <spng.h>
#endif
