// libpng's simplified API (png_image_*) reports errors through return values, not longjmp.
#include <png.h>
