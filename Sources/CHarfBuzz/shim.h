// HarfBuzz's core API (hb.h): shaping with its own OpenType functions, no FreeType or GLib integration;
// hb-ot.h for reading which layout features a face has (see LatinShortcut.swift).
#include <hb.h>
#include <hb-ot.h>
