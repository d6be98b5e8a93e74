#!/usr/bin/env python3
"""Builds a photo library with stores another program owns inside it, from their real structures.

    make-stores.py LIBRARY CORPUS_MEDIA [--manifest OUT.json]
    make-stores.py --ios-backup BACKUP_DIR SOURCE=Media/DCIM/100APPLE/NAME...   (one iPhone backup only)

LIBRARY gets library photos and videos (DCIM/, Backup/) and, beside them:
  - an iPhone backup as Finder/iTunes writes it: Info.plist, Manifest.plist, Status.plist and
    Manifest.db (the real `Files` table: fileID = SHA-1 of "domain-relativePath", domain,
    relativePath, flags, file), every file stored as XX/fileID without an extension; its photos
    are copies of library photos plus one of its own;
  - an encrypted iPhone backup (Manifest.db is not an SQLite file; Manifest.plist IsEncrypted);
  - an Apple Photos library package (database/Photos.sqlite, originals/, resources/derivatives/)
    holding the only other copy of a library photo and a smaller re-encoding of another (ffmpeg);
  - a Lightroom catalog and its previews (Catalog Previews.lrdata with previews.db);
  - thumbnail caches: Synology @eaDir, Android DCIM/.thumbnails, Thumbs.db, .AppleDouble, ._NAME;
  - other trashes: Android .trashed-TIME-NAME and .pending-TIME-NAME, .Trash-1000 (files/ + info/),
    .Trashes, $RECYCLE.BIN;
  - non-media files in pairs of identical copies: Takeout .json sidecars, desktop.ini.
--manifest writes what was made: every protected file with its kind and store root, the library
files whose only other copy is protected, and the non-media pairs.
"""
import hashlib
import json
import os
import shutil
import sqlite3
import subprocess
import sys

PLIST = """<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
{}
</dict>
</plist>
"""


def plist(pairs):
    body = []
    for key, value in pairs:
        body.append(f"\t<key>{key}</key>")
        if isinstance(value, bool):
            body.append("\t<true/>" if value else "\t<false/>")
        else:
            body.append(f"\t<string>{value}</string>")
    return PLIST.format("\n".join(body))


def copy(source, target):
    os.makedirs(os.path.dirname(target), exist_ok=True)
    shutil.copyfile(source, target)
    return target


def write(target, data):
    os.makedirs(os.path.dirname(target), exist_ok=True)
    with open(target, "wb") as f:
        f.write(data)
    return target


def ios_backup(root, corpus, device_name, photos):
    """A backup folder holding `photos` ([(relativePath, source)]) as Finder writes it."""
    os.makedirs(root, exist_ok=True)
    write(os.path.join(root, "Info.plist"), plist([("Device Name", device_name), ("Product Type", "iPhone12,1"),
                                                   ("Unique Identifier", os.path.basename(root))]).encode())
    write(os.path.join(root, "Manifest.plist"), plist([("IsEncrypted", False), ("Version", "10.0")]).encode())
    write(os.path.join(root, "Status.plist"), plist([("BackupState", "new"), ("IsFullBackup", False)]).encode())
    db = sqlite3.connect(os.path.join(root, "Manifest.db"))
    db.executescript("""
        CREATE TABLE Files (fileID TEXT PRIMARY KEY, domain TEXT, relativePath TEXT, flags INTEGER, file BLOB);
        CREATE INDEX FilesDomainIdx ON Files(domain);
        CREATE INDEX FilesRelativePathIdx ON Files(relativePath);
        CREATE INDEX FilesFlagsIdx ON Files(flags);
        CREATE TABLE Properties (key TEXT PRIMARY KEY, value BLOB);
    """)
    stored = []
    folders = set()
    for relative, source in photos:
        domain = "CameraRollDomain"
        file_id = hashlib.sha1(f"{domain}-{relative}".encode()).hexdigest()
        target = copy(source, os.path.join(root, file_id[:2], file_id))
        db.execute("INSERT INTO Files VALUES (?, ?, ?, 1, ?)", (file_id, domain, relative, b"bplist00"))
        stored.append((target, relative))
        parts = relative.split("/")
        for i in range(1, len(parts)):
            folders.add("/".join(parts[:i]))
    for folder in sorted(folders):
        file_id = hashlib.sha1(f"CameraRollDomain-{folder}".encode()).hexdigest()
        db.execute("INSERT INTO Files VALUES (?, 'CameraRollDomain', ?, 2, ?)", (file_id, folder, b"bplist00"))
    # A settings file of the device, not a photo: the backup's own data.
    prefs = "HomeDomain-Library/Preferences/com.apple.springboard.plist"
    file_id = hashlib.sha1(prefs.encode()).hexdigest()
    write(os.path.join(root, file_id[:2], file_id), b"bplist00\x00\x01springboard")
    db.execute("INSERT INTO Files VALUES (?, 'HomeDomain', 'Library/Preferences/com.apple.springboard.plist', 1, ?)",
               (file_id, b"bplist00"))
    stored.append((os.path.join(root, file_id[:2], file_id), "Library/Preferences/com.apple.springboard.plist"))
    db.commit()
    db.close()
    return stored


def main():
    if sys.argv[1] == "--ios-backup":
        photos = [(pair.split("=", 1)[1], pair.split("=", 1)[0]) for pair in sys.argv[3:]]
        ios_backup(sys.argv[2], None, "iPhone", photos)
        return
    library, corpus = sys.argv[1], sys.argv[2]
    manifest_out = sys.argv[sys.argv.index("--manifest") + 1] if "--manifest" in sys.argv else None
    media = lambda name: os.path.join(corpus, name)
    made = {"protected": [], "onlyCopyProtected": [], "similarOnlyInStore": [], "nonMediaPairs": [], "library": []}

    def protect(path, kind, root):
        made["protected"].append({"path": os.path.abspath(path), "kind": kind, "root": os.path.abspath(root)})

    def lib(name, source):
        path = copy(media(source), os.path.join(library, name))
        made["library"].append(os.path.abspath(path))
        return path

    # The player's library.
    lib("DCIM/Camera/IMG_0001.jpg", "Apple iPhone 4.jpg")
    lib("DCIM/Camera/IMG_0002.jpg", "Apple iPhone 5.jpg")
    lib("DCIM/Camera/IMG_0003.jpg", "HTC One.jpg")
    lib("DCIM/Camera/IMG_0004.jpg", "Nexus 4.jpg")
    lib("DCIM/Camera/IMG_0005.jpg", "Samsung GT-I9505 (Galaxy S4).jpg")
    lib("DCIM/Camera/IMG_2927.HEIC", "IMG_2927.HEIC")
    lib("DCIM/Camera/VID_0001.mp4", "with-gps.mp4")
    lib("Backup/IMG_0001.jpg", "Apple iPhone 4.jpg")  # a library duplicate: may go

    # An iPhone backup whose photos are copies of library photos, plus one of its own.
    backup = os.path.join(library, "Backups", "MobileSync", "00008030-001A2B3C4D5E6F70")
    stored = ios_backup(backup, corpus, "Anna's iPhone", [
        ("Media/DCIM/100APPLE/IMG_0002.JPG", media("Apple iPhone 5.jpg")),
        ("Media/DCIM/100APPLE/IMG_0003.JPG", media("HTC One.jpg")),
        ("Media/DCIM/100APPLE/IMG_2929.HEIC", media("IMG_2929.HEIC")),
        ("Media/DCIM/100APPLE/IMG_0010.MOV", media("with-gps.mov")),
    ])
    for root, _, files in os.walk(backup):
        for name in files:
            protect(os.path.join(root, name), "ios-backup", backup)
    made["iosNames"] = {os.path.abspath(path): relative for path, relative in stored}
    made["onlyCopyProtected"] += [os.path.abspath(os.path.join(library, "DCIM/Camera/IMG_0002.jpg")),
                                  os.path.abspath(os.path.join(library, "DCIM/Camera/IMG_0003.jpg"))]

    # An encrypted backup: its Manifest.db is ciphertext, its files too.
    encrypted = os.path.join(library, "Backups", "MobileSync", "00008101-000E1D2C3B4A5968")
    write(os.path.join(encrypted, "Info.plist"), plist([("Device Name", "Work iPad")]).encode())
    write(os.path.join(encrypted, "Manifest.plist"), plist([("IsEncrypted", True)]).encode())
    write(os.path.join(encrypted, "Manifest.db"), hashlib.sha512(b"key").digest() * 64)
    write(os.path.join(encrypted, "ab", "ab" + "1" * 38), hashlib.sha512(b"photo").digest() * 300)
    for root, _, files in os.walk(encrypted):
        for name in files:
            protect(os.path.join(root, name), "ios-backup", encrypted)

    # An Apple Photos library: the only other copy of IMG_0004, a smaller re-encoding of IMG_0005.
    photos = os.path.join(library, "Photos Library.photoslibrary")
    os.makedirs(os.path.join(photos, "database"))
    sqlite3.connect(os.path.join(photos, "database", "Photos.sqlite")).close()
    copy(media("Nexus 4.jpg"), os.path.join(photos, "originals", "4", "4C1D2E3F-0000-4000-8000-000000000001.jpeg"))
    derivative = os.path.join(photos, "resources", "derivatives", "5", "5A6B7C8D-0000-4000-8000-000000000002_1_105_c.jpeg")
    os.makedirs(os.path.dirname(derivative), exist_ok=True)
    subprocess.run(["ffmpeg", "-loglevel", "error", "-y", "-i", media("Samsung GT-I9505 (Galaxy S4).jpg"), "-vf", "scale=iw/2:-1",
                    "-q:v", "4", derivative], check=True)
    for root, _, files in os.walk(photos):
        for name in files:
            protect(os.path.join(root, name), "apple-photos-library", photos)
    made["onlyCopyProtected"].append(os.path.abspath(os.path.join(library, "DCIM/Camera/IMG_0004.jpg")))
    made["similarOnlyInStore"].append(os.path.abspath(os.path.join(library, "DCIM/Camera/IMG_0005.jpg")))

    # Lightroom: the catalog (a library file of Lightroom's, left as it is) and its previews.
    lightroom = os.path.join(library, "Lightroom")
    os.makedirs(lightroom)
    sqlite3.connect(os.path.join(lightroom, "Catalog.lrcat")).close()
    previews = os.path.join(lightroom, "Catalog Previews.lrdata")
    os.makedirs(previews)
    sqlite3.connect(os.path.join(previews, "previews.db")).close()
    copy(media("Motorola XT1068 (Moto G).jpg"), os.path.join(previews, "0", "0A1B", "0A1B2C3D-uuid-1.lrprev"))
    for root, _, files in os.walk(previews):
        for name in files:
            protect(os.path.join(root, name), "lightroom-previews", previews)

    # Thumbnail caches.
    eadir = os.path.join(library, "DCIM", "Camera", "@eaDir")
    for i, size in enumerate(["SYNOPHOTO_THUMB_XL.jpg", "SYNOPHOTO_THUMB_M.jpg"]):
        protect(copy(media("Apple iPhone 6.jpg"), os.path.join(eadir, "IMG_0001.jpg", size)), "thumbnail-cache", eadir)
    thumbs = os.path.join(library, "DCIM", ".thumbnails")
    protect(copy(media("Sony Ericsson U10i.jpg"), os.path.join(thumbs, "1699999999999.jpg")), "thumbnail-cache", thumbs)
    protect(write(os.path.join(library, "DCIM", "Camera", "Thumbs.db"), b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\0" * 4088),
            "thumbnail-cache", os.path.join(library, "DCIM", "Camera"))
    protect(write(os.path.join(library, "DCIM", "Camera", "._IMG_0001.jpg"), b"\x00\x05\x16\x07\x00\x02\x00\x00" + b"Mac OS X" + b"\0" * 4000),
            "thumbnail-cache", os.path.join(library, "DCIM", "Camera"))
    double = os.path.join(library, "Pictures", ".AppleDouble")
    protect(write(os.path.join(double, "IMG_0009.jpg"), b"\x00\x05\x16\x07" + b"\0" * 1000), "thumbnail-cache", double)

    # Other trashes.
    camera = os.path.join(library, "DCIM", "Camera")
    protect(copy(media("Sony Cybershot (2).jpg"), os.path.join(camera, ".trashed-1700000000-IMG_0007.jpg")), "other-trash", camera)
    protect(copy(media("Apple iPhone 4.jpg"), os.path.join(camera, ".pending-1700000001-IMG_0008.jpg")), "other-trash", camera)
    volume = os.path.join(library, ".Trash-1000")
    protect(copy(media("Samsung SM-J327T1.jpg"), os.path.join(volume, "files", "old.jpg")), "other-trash", volume)
    protect(write(os.path.join(volume, "info", "old.jpg.trashinfo"),
                  b"[Trash Info]\nPath=/media/old.jpg\nDeletionDate=2025-01-01T10:00:00\n"), "other-trash", volume)
    trashes = os.path.join(library, ".Trashes")
    protect(copy(media("HTC Desire.jpg"), os.path.join(trashes, "501", "beach.jpg")), "other-trash", trashes)
    recycle = os.path.join(library, "$RECYCLE.BIN")
    protect(copy(media("Apple iPhone 5.jpg"), os.path.join(recycle, "S-1-5-21-1000", "$RQ1W2E3.jpg")), "other-trash", recycle)

    # Non-media files in identical pairs: never cards, never group members.
    sidecar = b'{"title": "IMG_0001.jpg", "photoTakenTime": {"timestamp": "1300000000"}}'
    for folder in ["Takeout/Google Photos/Trip", "Takeout/Google Photos/Photos from 2011"]:
        made["nonMediaPairs"].append(os.path.abspath(write(os.path.join(library, folder, "metadata.json"), sidecar)))
    for folder in ["DCIM", "Pictures"]:
        made["nonMediaPairs"].append(os.path.abspath(write(os.path.join(library, folder, "desktop.ini"),
                                                           b"[.ShellClassInfo]\r\nIconResource=C:\\Windows\\system32\\imageres.dll,-3\r\n")))

    if manifest_out:
        with open(manifest_out, "w") as f:
            json.dump(made, f, indent=1, sort_keys=True)


if __name__ == "__main__":
    main()
