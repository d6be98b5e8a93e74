#ifndef SWIPECLEAN_CHEIF_SHIM_H
#define SWIPECLEAN_CHEIF_SHIM_H
#include <libheif/heif.h>
#endif
