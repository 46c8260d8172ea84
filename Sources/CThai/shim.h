// libthai's headers (Debian's libthai-dev): Thai word segmentation (Thai is written without spaces; lines break
// between dictionary words). Nothing is linked: ScanoutText's ThaiLibrary loads the library at the first Thai text.
#include <thai/thbrk.h>
#include <thai/thwbrk.h>
