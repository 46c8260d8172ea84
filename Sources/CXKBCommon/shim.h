// libxkbcommon's headers (Debian's libxkbcommon-dev): keymaps, key state and compose sequences for hardware
// keyboards. Nothing is linked: ScanoutPlatform's XKBLibrary loads the library when the first keyboard appears.
#include <xkbcommon/xkbcommon.h>
#include <xkbcommon/xkbcommon-compose.h>
