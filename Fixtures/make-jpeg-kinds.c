/* Makes Fixtures/jpeg-kinds: one small JPEG of each structure SwipeClean's own 1/8 reader
 * (Sources/Imaging/JPEGDCReader.swift) must read exactly as libjpeg-turbo does, or leave to it.
 * Every picture is 520 px or more on its short side (so the hash decodes it at 1/8): a gradient with
 * blocks of detail, so the AC terms are not all zero.
 *
 *   cc -O2 Fixtures/make-jpeg-kinds.c -o /tmp/make-jpeg-kinds -ljpeg && /tmp/make-jpeg-kinds Fixtures/jpeg-kinds
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

typedef struct { const char *name; int w, h, comps; J_COLOR_SPACE in, out; int samp[3][2]; int quality, baseline, restart, restart_rows, progressive, arith, optimize; } Kind;

/* progressive == 2: each component's DC in a scan of its own, first its high bits (Al 1), the low bit last. */
static const jpeg_scan_info separate_dc[] = {
    {1, {0}, 0, 0, 0, 1}, {1, {1}, 0, 0, 0, 1}, {1, {2}, 0, 0, 0, 1},
    {1, {0}, 1, 63, 0, 0}, {1, {1}, 1, 63, 0, 0}, {1, {2}, 1, 63, 0, 0},
    {1, {1}, 0, 0, 1, 0}, {1, {0}, 0, 0, 1, 0}, {1, {2}, 0, 0, 1, 0},
};

static unsigned rng = 12345;
static int noise(void) { rng = rng * 1103515245u + 12345u; return (rng >> 16) & 15; }

static void write_kind(const char *dir, const Kind *k) {
    char path[512];
    snprintf(path, sizeof path, "%s/%s.jpg", dir, k->name);
    FILE *f = fopen(path, "wb");
    if (!f) { perror(path); exit(1); }
    struct jpeg_compress_struct c; struct jpeg_error_mgr e;
    c.err = jpeg_std_error(&e);
    jpeg_create_compress(&c);
    jpeg_stdio_dest(&c, f);
    c.image_width = k->w; c.image_height = k->h; c.input_components = k->comps; c.in_color_space = k->in;
    jpeg_set_defaults(&c);
    jpeg_set_colorspace(&c, k->out);
    jpeg_set_quality(&c, k->quality, k->baseline);
    for (int i = 0; i < c.num_components && i < 3; i++)
        if (k->samp[i][0]) { c.comp_info[i].h_samp_factor = k->samp[i][0]; c.comp_info[i].v_samp_factor = k->samp[i][1]; }
    c.restart_interval = k->restart; c.restart_in_rows = k->restart_rows;
    c.arith_code = k->arith; c.optimize_coding = k->optimize;
    if (k->progressive == 1) jpeg_simple_progression(&c);
    if (k->progressive == 2) { c.scan_info = separate_dc; c.num_scans = sizeof separate_dc / sizeof separate_dc[0]; }
    jpeg_start_compress(&c, TRUE);
    JSAMPLE *row = malloc(k->w * k->comps);
    rng = 12345;
    while (c.next_scanline < c.image_height) {
        int y = c.next_scanline;
        for (int x = 0; x < k->w; x++)
            for (int ch = 0; ch < k->comps; ch++) {
                int v = (x * 255 / k->w + y * 128 / k->h + ch * 60) & 255;
                if (((x / 64) + (y / 64)) % 5 == 0) v = (v + noise()) & 255;   /* blocks of detail */
                if (x % 97 < 2) v = 255 - v;                                   /* sharp lines */
                row[x * k->comps + ch] = (JSAMPLE)v;
            }
        jpeg_write_scanlines(&c, &row, 1);
    }
    jpeg_finish_compress(&c);
    jpeg_destroy_compress(&c);
    fclose(f);
    free(row);
}

int main(int argc, char **argv) {
    const char *dir = argc > 1 ? argv[1] : "jpeg-kinds";
    const Kind kinds[] = {
        /* read by SwipeClean's reader */
        {"gray", 520, 600, 1, JCS_GRAYSCALE, JCS_GRAYSCALE, {{0}}, 85, 1, 0, 0, 0, 0, 0},
        {"ycc444", 600, 520, 3, JCS_RGB, JCS_YCbCr, {{1, 1}, {1, 1}, {1, 1}}, 85, 1, 0, 0, 0, 0, 0},
        {"ycc422", 601, 523, 3, JCS_RGB, JCS_YCbCr, {{2, 1}, {1, 1}, {1, 1}}, 85, 1, 0, 0, 0, 0, 0},
        {"ycc420", 611, 529, 3, JCS_RGB, JCS_YCbCr, {{2, 2}, {1, 1}, {1, 1}}, 85, 1, 0, 0, 0, 0, 0},
        {"ycc440", 600, 530, 3, JCS_RGB, JCS_YCbCr, {{1, 2}, {1, 1}, {1, 1}}, 85, 1, 0, 0, 0, 0, 0},
        {"ycc411", 640, 520, 3, JCS_RGB, JCS_YCbCr, {{4, 1}, {1, 1}, {1, 1}}, 85, 1, 0, 0, 0, 0, 0},
        {"restart-every-mcu", 600, 520, 3, JCS_RGB, JCS_YCbCr, {{2, 2}, {1, 1}, {1, 1}}, 85, 1, 1, 0, 0, 0, 0},
        {"restart-every-7", 600, 520, 3, JCS_RGB, JCS_YCbCr, {{2, 2}, {1, 1}, {1, 1}}, 85, 1, 7, 0, 0, 0, 0},
        {"restart-rows-gray", 520, 530, 1, JCS_GRAYSCALE, JCS_GRAYSCALE, {{0}}, 85, 1, 0, 1, 0, 0, 0},
        {"optimized-tables", 600, 520, 3, JCS_RGB, JCS_YCbCr, {{2, 2}, {1, 1}, {1, 1}}, 95, 1, 0, 0, 0, 0, 1},
        {"quality100", 520, 520, 3, JCS_RGB, JCS_YCbCr, {{2, 2}, {1, 1}, {1, 1}}, 100, 1, 0, 0, 0, 0, 0},
        {"quality1-16bit-tables", 520, 520, 3, JCS_RGB, JCS_YCbCr, {{2, 2}, {1, 1}, {1, 1}}, 1, 0, 0, 0, 0, 0, 0},
        /* progressive: read from the DC scans alone */
        {"progressive", 600, 520, 3, JCS_RGB, JCS_YCbCr, {{2, 2}, {1, 1}, {1, 1}}, 85, 1, 0, 0, 1, 0, 0},
        {"progressive-gray", 530, 521, 1, JCS_GRAYSCALE, JCS_GRAYSCALE, {{0}}, 85, 1, 0, 0, 1, 0, 0},
        {"progressive-restart", 611, 529, 3, JCS_RGB, JCS_YCbCr, {{2, 1}, {1, 1}, {1, 1}}, 85, 1, 5, 0, 1, 0, 0},
        {"progressive-separate-dc", 600, 530, 3, JCS_RGB, JCS_YCbCr, {{1, 2}, {1, 1}, {1, 1}}, 85, 1, 0, 0, 2, 0, 0},
        /* left to libjpeg-turbo */
        {"arithmetic", 600, 520, 3, JCS_RGB, JCS_YCbCr, {{2, 2}, {1, 1}, {1, 1}}, 85, 1, 0, 0, 0, 1, 0},
        {"rgb", 600, 520, 3, JCS_RGB, JCS_RGB, {{1, 1}, {1, 1}, {1, 1}}, 85, 1, 0, 0, 0, 0, 0},
        {"luma-below-chroma", 600, 520, 3, JCS_RGB, JCS_YCbCr, {{1, 1}, {2, 1}, {1, 1}}, 85, 1, 0, 0, 0, 0, 0},
        {"small-1-4", 400, 300, 3, JCS_RGB, JCS_YCbCr, {{2, 2}, {1, 1}, {1, 1}}, 85, 1, 0, 0, 0, 0, 0},
    };
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) write_kind(dir, &kinds[i]);
    return 0;
}
