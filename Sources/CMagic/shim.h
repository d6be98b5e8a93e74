#ifndef SWIPECLEAN_CMAGIC_SHIM_H
#define SWIPECLEAN_CMAGIC_SHIM_H
#include <magic.h>
#endif
