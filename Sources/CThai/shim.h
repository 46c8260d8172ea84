// libthai: Thai word segmentation (Thai is written without spaces; lines break between dictionary words).
#include <thai/thbrk.h>
#include <thai/thwbrk.h>
