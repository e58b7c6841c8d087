#!/usr/bin/env python3
"""Writes a .ktest file byte by byte (a reference writer of KLEE's format).

Layout (all u32 big-endian):
  "KTEST" | version | numArgs | numArgs x (len, bytes)
  | if version >= 2: symArgvs, symArgvLen
  | numObjects | numObjects x (name len, name bytes, size, bytes)

Usage: ktest_writer.py OUT [--version N] [--arg A]... [--sym-argvs N]
                       [--sym-argv-len N] [--magic M] OBJ...
OBJ is NAME=TYPE:VALUE, TYPE one of
  i8 i16 i32 i64 u8 u16 u32 u64   integer, little-endian (the targets' order)
  f32 f64                          IEEE float, little-endian
  hex                              raw bytes given in hex ("" for none)
  str                              the UTF-8 bytes of VALUE (no NUL added)
"""
import struct
import sys

INT_FORMATS = {"i8": "<b", "i16": "<h", "i32": "<i", "i64": "<q",
               "u8": "<B", "u16": "<H", "u32": "<I", "u64": "<Q",
               "f32": "<f", "f64": "<d"}


def u32(n):
    return struct.pack(">I", n)


def encode(typ, value):
    if typ in ("f32", "f64"):
        return struct.pack(INT_FORMATS[typ], float(value))
    if typ in INT_FORMATS:
        return struct.pack(INT_FORMATS[typ], int(value, 0))
    if typ == "hex":
        return bytes.fromhex(value)
    if typ == "str":
        return value.encode()
    raise SystemExit(f"ktest_writer: unknown type {typ!r}")


def ktest_bytes(objects, version=3, args=(), sym_argvs=0, sym_argv_len=0,
                magic=b"KTEST"):
    out = bytearray(magic)
    out += u32(version)
    out += u32(len(args))
    for a in args:
        out += u32(len(a)) + a
    if version >= 2:
        out += u32(sym_argvs) + u32(sym_argv_len)
    out += u32(len(objects))
    for name, data in objects:
        out += u32(len(name)) + name + u32(len(data)) + data
    return bytes(out)


def main(argv):
    if len(argv) < 2:
        raise SystemExit(__doc__)
    out_path = argv[1]
    version, args, sym_argvs, sym_argv_len, magic = 3, [], 0, 0, b"KTEST"
    objects = []
    i = 2
    while i < len(argv):
        a = argv[i]
        if a in ("--version", "--arg", "--sym-argvs", "--sym-argv-len",
                 "--magic"):
            v = argv[i + 1]
            i += 2
            if a == "--version":
                version = int(v)
            elif a == "--arg":
                args.append(v.encode())
            elif a == "--sym-argvs":
                sym_argvs = int(v)
            elif a == "--sym-argv-len":
                sym_argv_len = int(v)
            else:
                magic = v.encode()
            continue
        name, _, spec = a.partition("=")
        typ, _, value = spec.partition(":")
        objects.append((name.encode(), encode(typ, value)))
        i += 1
    with open(out_path, "wb") as f:
        f.write(ktest_bytes(objects, version, args, sym_argvs, sym_argv_len,
                            magic))


if __name__ == "__main__":
    main(sys.argv)
