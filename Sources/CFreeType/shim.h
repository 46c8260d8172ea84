// FreeType's headers are reached through its macro includes; this shim is the one header Swift sees.
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
#include FT_TRUETYPE_TABLES_H
