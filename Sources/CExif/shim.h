#ifndef SWIPECLEAN_CEXIF_SHIM_H
#define SWIPECLEAN_CEXIF_SHIM_H
#include <stddef.h>
#include <libexif/exif-data.h>
#include <libexif/exif-loader.h>
#include <libexif/exif-utils.h>
#include <libexif/exif-tag.h>
#include <libexif/exif-ifd.h>
#include <libexif/exif-content.h>
#include <libexif/exif-entry.h>

/// The entry for `tag` in IFD `ifd` of `data`, or NULL (Swift cannot index the `ifd` array of a struct).
static inline ExifEntry *swipeclean_exif_entry(ExifData *data, ExifIfd ifd, ExifTag tag) {
    if (data == NULL || ifd < 0 || ifd >= EXIF_IFD_COUNT || data->ifd[ifd] == NULL) return NULL;
    return exif_content_get_entry(data->ifd[ifd], tag);
}
#endif
