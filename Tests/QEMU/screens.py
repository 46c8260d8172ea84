#!/usr/bin/env python3
"""Screen comparisons for Tests/QEMU/run (PNG or PPM files, compared as RGB).

  screens.py compare ACTUAL EXPECTED [DIFF]   exit 0 when every pixel is equal; otherwise print what differs
                                              and, with DIFF, write a diff image: the expected frame dimmed,
                                              differing pixels in red
  screens.py region-diff A B X0 Y0 X1 Y1      print how many pixels differ inside the rectangle
  screens.py same A B                         exit 0 when equal (no output)
"""
import sys
from PIL import Image, ImageChops


def load(path):
    return Image.open(path).convert('RGB')


def mask_of(diff):
    """255 where any channel differs (a grey conversion would round a one-level difference away)."""
    r, g, b = diff.split()
    return ImageChops.lighter(ImageChops.lighter(r, g), b).point(lambda v: 255 if v else 0)


def count(diff):
    """Pixels where any channel differs."""
    mask = mask_of(diff)
    return mask.size[0] * mask.size[1] - mask.histogram()[0]


def describe(a, b):
    if a.size != b.size:
        return 'sizes differ: %dx%d vs %dx%d' % (a.size + b.size)
    diff = ImageChops.difference(a, b)
    box = diff.getbbox()
    if box is None:
        return None
    pixels = count(diff)
    largest = max(hi for _, hi in diff.getextrema())
    return '%d of %d pixels differ (largest channel difference %d) inside x %d..%d, y %d..%d' % (
        pixels, a.size[0] * a.size[1], largest, box[0], box[2] - 1, box[1], box[3] - 1)


def main(argv):
    if len(argv) < 3:
        sys.exit(__doc__)
    cmd = argv[1]
    if cmd in ('compare', 'same'):
        a, b = load(argv[2]), load(argv[3])
        what = describe(a, b)
        if what is None:
            if cmd == 'compare':
                print('identical (%dx%d)' % a.size)
            return 0
        if cmd == 'compare':
            print(what)
            if len(argv) > 4 and a.size == b.size:
                mask = mask_of(ImageChops.difference(a, b))
                out = Image.blend(b, Image.new('RGB', b.size, (0, 0, 0)), 0.6)
                out.paste((255, 0, 0), mask=mask)
                out.save(argv[4])
                print('diff image: %s' % argv[4])
        return 1
    if cmd == 'region-diff':
        a, b = load(argv[2]), load(argv[3])
        box = tuple(int(v) for v in argv[4:8])
        print(count(ImageChops.difference(a.crop(box), b.crop(box))))
        return 0
    sys.exit('unknown command %s\n%s' % (cmd, __doc__))


if __name__ == '__main__':
    sys.exit(main(sys.argv))
