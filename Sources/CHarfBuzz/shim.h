// HarfBuzz's core API (hb.h): shaping with its own OpenType functions, no FreeType or GLib integration.
#include <hb.h>
