// fontconfig: finds an installed face for characters the requested font lacks (font fallback).
#include <fontconfig/fontconfig.h>
