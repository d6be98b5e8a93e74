"""libturbojpeg's compressor through ctypes, for the benchmarks' generated photos (no Pillow needed)."""
import ctypes


class Compressor:
    def __init__(self):
        lib = ctypes.CDLL("libturbojpeg.so.0")
        lib.tjInitCompress.restype = ctypes.c_void_p
        lib.tjCompress2.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_int,
                                    ctypes.POINTER(ctypes.POINTER(ctypes.c_ubyte)), ctypes.POINTER(ctypes.c_ulong),
                                    ctypes.c_int, ctypes.c_int, ctypes.c_int]
        lib.tjFree.argtypes = [ctypes.c_void_p]
        self.lib, self.handle = lib, ctypes.c_void_p(lib.tjInitCompress())

    def jpeg(self, rgb, width, height, quality):
        """`rgb` (height × width × 3 bytes, a numpy array) as a 4:2:0 JPEG at `quality`; None if libturbojpeg fails."""
        out, size = ctypes.POINTER(ctypes.c_ubyte)(), ctypes.c_ulong(0)
        # TJPF_RGB = 0, TJSAMP_420 = 2, no flags
        if self.lib.tjCompress2(self.handle, rgb.tobytes(), width, 0, height, 0, ctypes.byref(out), ctypes.byref(size),
                                2, quality, 0) != 0:
            return None
        data = ctypes.string_at(out, size.value)
        self.lib.tjFree(out)
        return data
