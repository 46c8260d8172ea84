// libxkbcommon (Debian's libxkbcommon-dev): keymaps, key state and compose sequences for hardware keyboards.
#include <xkbcommon/xkbcommon.h>
#include <xkbcommon/xkbcommon-compose.h>
