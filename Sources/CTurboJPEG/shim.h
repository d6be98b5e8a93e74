#ifndef SWIPECLEAN_CTURBOJPEG_SHIM_H
#define SWIPECLEAN_CTURBOJPEG_SHIM_H
#include <turbojpeg.h>
#include <jconfig.h> /* LIBJPEG_TURBO_VERSION_NUMBER, for `clean --version` */
#endif
