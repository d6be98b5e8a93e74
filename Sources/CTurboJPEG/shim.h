#ifndef SWIPECLEAN_CTURBOJPEG_SHIM_H
#define SWIPECLEAN_CTURBOJPEG_SHIM_H
#include <turbojpeg.h>
#endif
