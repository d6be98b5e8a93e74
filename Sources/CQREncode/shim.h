#ifndef SWIPECLEAN_CQRENCODE_SHIM_H
#define SWIPECLEAN_CQRENCODE_SHIM_H
#include <qrencode.h>
#endif
