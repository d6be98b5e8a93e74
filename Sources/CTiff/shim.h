#ifndef SWIPECLEAN_CTIFF_SHIM_H
#define SWIPECLEAN_CTIFF_SHIM_H
#include <string.h>
#include <tiffio.h>

/* A TIFF read from bytes in memory (libtiff reads through these procedures; nothing is written), and
   libtiff's own warnings and errors kept off stderr (the caller says what failed, once). */
typedef struct {
    const unsigned char *bytes;
    tsize_t size;
    toff_t at;
} swipeclean_tiff_memory;

static tsize_t swipeclean_tiff_read(thandle_t handle, tdata_t buffer, tsize_t count) {
    swipeclean_tiff_memory *m = (swipeclean_tiff_memory *)handle;
    if (m->at >= (toff_t)m->size) return 0;
    tsize_t left = m->size - (tsize_t)m->at;
    if (count > left) count = left;
    memcpy(buffer, m->bytes + m->at, (size_t)count);
    m->at += count;
    return count;
}
static tsize_t swipeclean_tiff_write(thandle_t handle, tdata_t buffer, tsize_t count) { (void)handle; (void)buffer; (void)count; return -1; }
static toff_t swipeclean_tiff_seek(thandle_t handle, toff_t offset, int whence) {
    swipeclean_tiff_memory *m = (swipeclean_tiff_memory *)handle;
    toff_t base = whence == SEEK_CUR ? m->at : whence == SEEK_END ? (toff_t)m->size : 0;
    m->at = base + offset;
    return m->at;
}
static int swipeclean_tiff_close(thandle_t handle) { (void)handle; return 0; }
static toff_t swipeclean_tiff_size(thandle_t handle) { return (toff_t)((swipeclean_tiff_memory *)handle)->size; }
static int swipeclean_tiff_map(thandle_t handle, tdata_t *base, toff_t *size) { (void)handle; (void)base; (void)size; return 0; }
static void swipeclean_tiff_unmap(thandle_t handle, tdata_t base, toff_t size) { (void)handle; (void)base; (void)size; }

static inline TIFF *swipeclean_tiff_open(swipeclean_tiff_memory *memory) {
    TIFFSetErrorHandler(NULL);
    TIFFSetWarningHandler(NULL);
    return TIFFClientOpen("memory", "rm", (thandle_t)memory, swipeclean_tiff_read, swipeclean_tiff_write, swipeclean_tiff_seek,
                          swipeclean_tiff_close, swipeclean_tiff_size, swipeclean_tiff_map, swipeclean_tiff_unmap);
}

static inline uint32_t swipeclean_tiff_u32(TIFF *tiff, uint32_t tag) {
    uint32_t value = 0;
    return TIFFGetField(tiff, tag, &value) ? value : 0;
}

/* The directory's orientation tag (1 when it has none). */
static inline int swipeclean_tiff_orientation(TIFF *tiff, uint16_t *value) {
    *value = 1;
    return TIFFGetFieldDefaulted(tiff, TIFFTAG_ORIENTATION, value);
}
#endif
