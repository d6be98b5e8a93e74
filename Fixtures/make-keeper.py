#!/usr/bin/env python3
"""A soft re-save of a real phone photo (corpus/media) for the keep rule's tests (Tests/LibraryTests/KeepRuleTests):

keeper/SM-J327T1-soft.jpg  the Samsung SM-J327T1 photo as it is (2576 × 1932), blurred by 1/450 of its long side
                           (Gaussian, 5.7 px), saved at JPEG quality 95 with the camera's own EXIF: an edited export
                           of the same capture, whose quality (95) is higher than the camera's (the original's
                           tables read about 92). The original stays in corpus/media; a test copies both beside
                           each other.
keeper/SM-J327T1-soft-located.jpg  the same soft copy, its EXIF also naming where it was taken (GPS): a copy that
                           loses to the sharp original but knows something the original does not (`onlyHere`).

Run from the repository's root: python3 Fixtures/make-keeper.py (needs Pillow; the result is committed).
"""
import os

from PIL import Image, ImageFilter

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    source = os.path.join(HERE, "corpus", "media", "Samsung SM-J327T1.jpg")
    image = Image.open(source)
    exif = image.getexif()
    soft = image.convert("RGB").filter(ImageFilter.GaussianBlur(max(image.size) / 450))
    os.makedirs(os.path.join(HERE, "keeper"), exist_ok=True)
    soft.save(os.path.join(HERE, "keeper", "SM-J327T1-soft.jpg"), quality=95, exif=exif.tobytes())
    gps = exif.get_ifd(0x8825)
    gps.update({1: "N", 2: (48.0, 51.0, 24.0), 3: "E", 4: (2.0, 21.0, 3.0)})
    soft.save(os.path.join(HERE, "keeper", "SM-J327T1-soft-located.jpg"), quality=95, exif=exif.tobytes())


if __name__ == "__main__":
    main()
