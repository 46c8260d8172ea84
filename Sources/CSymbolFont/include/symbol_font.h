#ifndef SCANOUT_SYMBOL_FONT_H
#define SCANOUT_SYMBOL_FONT_H

/// The symbol font Image(systemName:) draws with (a subset of Material Icons, compiled in; see
/// scripts/make-symbol-font): its bytes, valid for the whole process, and their count in *size.
const unsigned char *scanout_symbol_font(unsigned long *size);

#endif
