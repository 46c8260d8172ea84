// fontconfig's headers (Debian's libfontconfig-dev): finds installed faces by family, and for characters the
// requested font lacks (font fallback). Nothing is linked: ScanoutText's FontconfigLibrary loads the library at
// its first use.
#include <fontconfig/fontconfig.h>
