// TurboJPEG reports errors through return values, unlike libjpeg's longjmp error manager.
#include <turbojpeg.h>
