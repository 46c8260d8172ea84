// GNU FriBidi: the Unicode bidirectional algorithm (UAX #9).
#include <fribidi.h>

// Paragraph directions are macros over macros, which Swift does not import; these name them.
static inline FriBidiParType scanout_fribidi_par_auto(void) { return FRIBIDI_PAR_ON; }
static inline FriBidiParType scanout_fribidi_par_rtl(void) { return FRIBIDI_PAR_RTL; }
