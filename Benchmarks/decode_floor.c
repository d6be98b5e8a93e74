/* The decoders' own floor for the similar-photos hash: CPU time per file of what no reader of these
 * files can skip. JPEG: libjpeg-turbo's decode to gray at the scale clean uses (the smallest DCT
 * scale whose short side is still 64 px; Huffman decoding, which every scale pays, dominates).
 * PNG: libdeflate inflating the IDAT stream (unfiltering and the gray conversion not counted).
 * Best of 5 passes over the files, the files read into memory first.
 *
 *   cc -O2 Benchmarks/decode_floor.c -o /tmp/decode_floor -lturbojpeg -ldeflate
 *   /tmp/decode_floor Fixtures/similar/x/y.jpg x/y.png …
 */
#include <libdeflate.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <turbojpeg.h>

static double cpu(void) {
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static unsigned long be32(const unsigned char *p) { return (unsigned long)p[0] << 24 | p[1] << 16 | p[2] << 8 | p[3]; }

/* The IDAT payloads joined, and the inflated size IHDR implies; 0 when not a plain PNG. */
static size_t png_idat(const unsigned char *b, size_t n, unsigned char **idat, size_t *inflated) {
    static const int channels[7] = {1, 0, 3, 1, 2, 0, 4};
    *idat = NULL;
    if (n < 33 || memcmp(b + 12, "IHDR", 4) != 0 || b[28] != 0 || b[25] > 6) return 0;
    size_t w = be32(b + 16), h = be32(b + 20), depth = b[24];
    *inflated = h * (1 + (w * channels[b[25]] * depth + 7) / 8);
    size_t total = 0;
    *idat = malloc(n);
    if (!*idat) return 0;
    for (size_t at = 8; at + 12 <= n;) {
        size_t len = be32(b + at);
        if (at + 12 + len > n) break;
        if (memcmp(b + at + 4, "IDAT", 4) == 0) { memcpy(*idat + total, b + at + 8, len); total += len; }
        at += 12 + len;
    }
    return total;
}

int main(int argc, char **argv) {
    int n = argc - 1, jpegs = 0, pngs = 0;
    unsigned char **data = calloc(n, sizeof *data);
    size_t *size = calloc(n, sizeof *size);
    for (int i = 0; i < n; i++) {
        FILE *f = fopen(argv[i + 1], "rb");
        if (!f) { perror(argv[i + 1]); return 1; }
        fseek(f, 0, SEEK_END); size[i] = ftell(f); rewind(f);
        data[i] = malloc(size[i]);
        if (fread(data[i], 1, size[i], f) != size[i]) return 1;
        fclose(f);
    }
    unsigned char *out = malloc(256 << 20);
    tjhandle tj = tjInitDecompress();
    struct libdeflate_decompressor *inflater = libdeflate_alloc_decompressor();
    int factors;
    tjscalingfactor *scale = tjGetScalingFactors(&factors);
    double best_jpeg = 1e9, best_png = 1e9;
    for (int pass = 0; pass < 5; pass++) {
        double jpeg = 0, png = 0;
        jpegs = pngs = 0;
        for (int i = 0; i < n; i++) {
            double start = cpu();
            if (size[i] > 3 && data[i][0] == 0xFF && data[i][1] == 0xD8) {
                int w, h, sub, space;
                if (tjDecompressHeader3(tj, data[i], size[i], &w, &h, &sub, &space) != 0) continue;
                int bw = w, bh = h;
                for (int k = 0; k < factors; k++) {
                    if (scale[k].num > scale[k].denom) continue;
                    int sw = (w * scale[k].num + scale[k].denom - 1) / scale[k].denom;
                    int sh = (h * scale[k].num + scale[k].denom - 1) / scale[k].denom;
                    if ((sw < sh ? sw : sh) >= 64 && sw * sh < bw * bh) { bw = sw; bh = sh; }
                }
                tjDecompress2(tj, data[i], size[i], out, bw, 0, bh, TJPF_GRAY, TJFLAG_FASTDCT | TJFLAG_FASTUPSAMPLE);
                jpeg += cpu() - start; jpegs++;
            } else {
                unsigned char *idat = NULL; size_t inflated = 0, got;
                size_t length = png_idat(data[i], size[i], &idat, &inflated);
                start = cpu();
                if (length && inflated <= (256u << 20)) {
                    libdeflate_zlib_decompress(inflater, idat, length, out, inflated, &got);
                    png += cpu() - start; pngs++;
                }
                free(idat);
            }
        }
        if (jpeg < best_jpeg) best_jpeg = jpeg;
        if (png < best_png) best_png = png;
    }
    if (jpegs) printf("JPEG, libjpeg-turbo at the hash's scale: %.3f ms per file (%d files)\n", best_jpeg / jpegs * 1000, jpegs);
    if (pngs) printf("PNG, libdeflate inflate only:           %.3f ms per file (%d files)\n", best_png / pngs * 1000, pngs);
    return 0;
}
