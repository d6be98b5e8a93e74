#ifndef SWIPECLEAN_CXXHASH_SHIM_H
#define SWIPECLEAN_CXXHASH_SHIM_H
#include <xxhash.h>
#endif
