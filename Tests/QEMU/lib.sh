# Helpers the QEMU scripts share (run, run-aarch64, run-platform-smoke, soak source this file). Python's
# standard library only: any python3 on PATH will do.

# qmp_to SOCKET COMMAND...: sends QMP commands (JSON), one per argument, in order, each after the one before
# answered; fails naming QEMU's error. A command that stops QEMU (quit) ends the call when QEMU closes the socket.
qmp_to() {
  python3 - "$@" <<'PY'
import json, socket, sys
s = socket.socket(socket.AF_UNIX); s.connect(sys.argv[1]); f = s.makefile('rw')
json.loads(f.readline())
for cmd in ['{"execute":"qmp_capabilities"}'] + sys.argv[2:]:
    f.write(cmd + '\n'); f.flush()
    while True:
        line = f.readline()
        if not line: sys.exit(0)   # quit: QEMU closed the socket
        r = json.loads(line)
        if 'error' in r: sys.exit('QMP error: %s' % r['error'])
        if 'return' in r: break
PY
}

# seconds_since T0 [DECIMALS]: the seconds from T0 (`date +%s.%N`) to now (1 decimal by default).
seconds_since() {
  python3 -c "import sys; print('%.*f' % (int(sys.argv[3]), float(sys.argv[2]) - float(sys.argv[1])))" \
    "$1" "$(date +%s.%N)" "${2:-1}"
}

# elf_kernel BZIMAGE OUT: the plain ELF vmlinux inside Debian's bzImage (an xz stream), which qboot boots
# through its PVH entry: under TCG that skips the kernel decompressing itself.
elf_kernel() {
  python3 - "$1" "$2" <<'PY'
import lzma, sys
data = open(sys.argv[1], 'rb').read()
start = data.find(b'\xfd7zXZ\x00')
assert start > 0, 'no xz stream in the bzImage'
elf = lzma.LZMADecompressor(format=lzma.FORMAT_XZ).decompress(data[start:])
assert elf[:4] == b'\x7fELF', 'not an ELF kernel'
open(sys.argv[2], 'wb').write(elf)
PY
}
