// GNU FriBidi's headers (Debian's libfribidi-dev): the Unicode bidirectional algorithm (UAX #9). Nothing is
// linked: ScanoutText's FriBidiLibrary loads the library at the first right-to-left text.
#include <fribidi/fribidi.h>

// Paragraph directions are macros over macros, which Swift does not import; these name them.
static inline FriBidiParType scanout_fribidi_par_auto(void) { return FRIBIDI_PAR_ON; }
static inline FriBidiParType scanout_fribidi_par_rtl(void) { return FRIBIDI_PAR_RTL; }
