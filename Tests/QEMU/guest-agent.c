/*
 * The guest side of Tests/QEMU/run: a multitouch touchscreen made with uinput, and a command runner, both
 * driven line by line over the serial console. Built statically on the host (gcc -static) so the guest needs
 * nothing but the kernel's uinput module.
 *
 *   guest-agent WIDTHxHEIGHT
 *
 * At start it creates the touchscreen (ABS_MT_* over 0..WIDTH-1 x 0..HEIGHT-1, INPUT_PROP_DIRECT: libinput
 * sees a touchscreen whose coordinates are the panel's pixels), waits for udev to have processed its event
 * node (libinput ignores devices udev has not initialized), prints "@@agent-up <uptime>", reads one line (the
 * host's go-ahead: it takes a screendump of the console first) and then tells systemd it is ready (Type=notify,
 * so a unit ordered after it starts now). Then, for each line "ID COMMAND":
 *
 *   ID tap X Y                       a one-finger tap at panel pixel (X, Y)
 *   ID drag X1 Y1 X2 Y2 MS           a one-finger drag over MS milliseconds, in 10 ms steps
 *   ID sh SHELL-COMMAND              runs /bin/sh -c SHELL-COMMAND (its output goes to the console)
 *   ID keyboard                      plugs in a USB-like keyboard (uinput; once)
 *   ID keys KEY...                   presses and releases each KEY on it: a key name (a..z, 0..9, space,
 *                                    enter, backspace, apostrophe, semicolon ...; see key_names), or
 *                                    MODIFIER+KEY (rightalt+q: held around the key)
 *
 * and prints "@@done ID STATUS" when it has finished (STATUS: 0 for success). Lines it cannot parse print
 * "@@done ID 255" with a message, so the host never waits for nothing.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/uinput.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

static int ui = -1;
static int kb = -1;
static int width, height;
static int tracking_id = 1;

static void die(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    printf("@@agent-error ");
    vprintf(fmt, ap);
    printf(": %s\n", strerror(errno));
    va_end(ap);
    fflush(stdout);
    exit(1);
}

static void emit_to(int fd, int type, int code, int value) {
    struct input_event ev = {0};
    ev.type = type;
    ev.code = code;
    ev.value = value;
    if (write(fd, &ev, sizeof ev) != sizeof ev) die("write uinput event");
}

static void emit(int type, int code, int value) { emit_to(ui, type, code, value); }

static void sync_frame(void) { emit(EV_SYN, SYN_REPORT, 0); }

static void sleep_ms(int ms) {
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
    while (nanosleep(&ts, &ts) != 0 && errno == EINTR) {}
}

static void abs_axis(int code, int max) {
    struct uinput_abs_setup a = {0};
    a.code = code;
    a.absinfo.minimum = 0;
    a.absinfo.maximum = max;
    if (ioctl(ui, UI_ABS_SETUP, &a) < 0) die("UI_ABS_SETUP %d", code);
}

static void finger_down(int x, int y) {
    emit(EV_ABS, ABS_MT_SLOT, 0);
    emit(EV_ABS, ABS_MT_TRACKING_ID, tracking_id++);
    emit(EV_ABS, ABS_MT_POSITION_X, x);
    emit(EV_ABS, ABS_MT_POSITION_Y, y);
    emit(EV_KEY, BTN_TOUCH, 1);
    emit(EV_KEY, BTN_TOOL_FINGER, 1);
    emit(EV_ABS, ABS_X, x);
    emit(EV_ABS, ABS_Y, y);
    sync_frame();
}

static void finger_move(int x, int y) {
    emit(EV_ABS, ABS_MT_SLOT, 0);
    emit(EV_ABS, ABS_MT_POSITION_X, x);
    emit(EV_ABS, ABS_MT_POSITION_Y, y);
    emit(EV_ABS, ABS_X, x);
    emit(EV_ABS, ABS_Y, y);
    sync_frame();
}

static void finger_up(void) {
    emit(EV_ABS, ABS_MT_SLOT, 0);
    emit(EV_ABS, ABS_MT_TRACKING_ID, -1);
    emit(EV_KEY, BTN_TOUCH, 0);
    emit(EV_KEY, BTN_TOOL_FINGER, 0);
    sync_frame();
}

/* The event node's udev database entry (/run/udev/data/c13:MINOR) exists once udev has processed it. */
static void wait_for_udev(int fd) {
    char sysname[64] = {0}, path[256];
    if (ioctl(fd, UI_GET_SYSNAME(sizeof sysname), sysname) < 0) die("UI_GET_SYSNAME");
    snprintf(path, sizeof path, "/sys/devices/virtual/input/%s", sysname);
    for (int tries = 0; tries < 500; tries++) {
        DIR *d = opendir(path);
        struct dirent *e;
        while (d && (e = readdir(d))) {
            int n;
            if (sscanf(e->d_name, "event%d", &n) == 1) {
                char data[64];
                snprintf(data, sizeof data, "/run/udev/data/c13:%d", 64 + n);
                if (access(data, F_OK) == 0) {
                    closedir(d);
                    return;
                }
            }
        }
        if (d) closedir(d);
        sleep_ms(10);
    }
    printf("@@agent-error udev did not process %s in 5 s\n", path);
}

static void create_touchscreen(void) {
    ui = open("/dev/uinput", O_WRONLY | O_CLOEXEC);
    if (ui < 0) die("open /dev/uinput (is the uinput module loaded?)");
    ioctl(ui, UI_SET_EVBIT, EV_SYN);
    ioctl(ui, UI_SET_EVBIT, EV_KEY);
    ioctl(ui, UI_SET_EVBIT, EV_ABS);
    ioctl(ui, UI_SET_KEYBIT, BTN_TOUCH);
    ioctl(ui, UI_SET_KEYBIT, BTN_TOOL_FINGER);
    ioctl(ui, UI_SET_PROPBIT, INPUT_PROP_DIRECT);
    int axes[] = {ABS_X, ABS_Y, ABS_MT_SLOT, ABS_MT_TRACKING_ID, ABS_MT_POSITION_X, ABS_MT_POSITION_Y};
    for (unsigned i = 0; i < sizeof axes / sizeof axes[0]; i++) ioctl(ui, UI_SET_ABSBIT, axes[i]);
    abs_axis(ABS_X, width - 1);
    abs_axis(ABS_Y, height - 1);
    abs_axis(ABS_MT_POSITION_X, width - 1);
    abs_axis(ABS_MT_POSITION_Y, height - 1);
    abs_axis(ABS_MT_SLOT, 9);
    abs_axis(ABS_MT_TRACKING_ID, 65535);
    struct uinput_setup setup = {0};
    setup.id.bustype = BUS_VIRTUAL;
    setup.id.vendor = 0x5343;  /* "SC" */
    setup.id.product = 0x0001;
    snprintf(setup.name, sizeof setup.name, "Scanout test touchscreen");
    if (ioctl(ui, UI_DEV_SETUP, &setup) < 0) die("UI_DEV_SETUP");
    if (ioctl(ui, UI_DEV_CREATE) < 0) die("UI_DEV_CREATE");
    wait_for_udev(ui);
}

/* Evdev key codes (linux/input-event-codes.h) by the names the host uses. */
static const struct { const char *name; int code; } key_names[] = {
    {"q", KEY_Q}, {"w", KEY_W}, {"e", KEY_E}, {"r", KEY_R}, {"t", KEY_T}, {"y", KEY_Y}, {"u", KEY_U},
    {"i", KEY_I}, {"o", KEY_O}, {"p", KEY_P}, {"a", KEY_A}, {"s", KEY_S}, {"d", KEY_D}, {"f", KEY_F},
    {"g", KEY_G}, {"h", KEY_H}, {"j", KEY_J}, {"k", KEY_K}, {"l", KEY_L}, {"z", KEY_Z}, {"x", KEY_X},
    {"c", KEY_C}, {"v", KEY_V}, {"b", KEY_B}, {"n", KEY_N}, {"m", KEY_M}, {"1", KEY_1}, {"2", KEY_2},
    {"3", KEY_3}, {"4", KEY_4}, {"5", KEY_5}, {"6", KEY_6}, {"7", KEY_7}, {"8", KEY_8}, {"9", KEY_9},
    {"0", KEY_0}, {"space", KEY_SPACE}, {"enter", KEY_ENTER}, {"backspace", KEY_BACKSPACE}, {"tab", KEY_TAB},
    {"esc", KEY_ESC}, {"minus", KEY_MINUS}, {"equal", KEY_EQUAL}, {"apostrophe", KEY_APOSTROPHE},
    {"semicolon", KEY_SEMICOLON}, {"leftbrace", KEY_LEFTBRACE}, {"comma", KEY_COMMA}, {"dot", KEY_DOT},
    {"slash", KEY_SLASH}, {"left", KEY_LEFT}, {"right", KEY_RIGHT}, {"leftshift", KEY_LEFTSHIFT},
    {"rightalt", KEY_RIGHTALT}, {"leftctrl", KEY_LEFTCTRL},
};

static int key_code(const char *name, size_t n) {
    for (unsigned i = 0; i < sizeof key_names / sizeof key_names[0]; i++)
        if (strlen(key_names[i].name) == n && strncmp(key_names[i].name, name, n) == 0) return key_names[i].code;
    return -1;
}

/* A keyboard as a USB one looks to libinput: every key of a full keyboard, so it counts as one to type on. */
static void create_keyboard(void) {
    kb = open("/dev/uinput", O_WRONLY | O_CLOEXEC);
    if (kb < 0) die("open /dev/uinput");
    ioctl(kb, UI_SET_EVBIT, EV_SYN);
    ioctl(kb, UI_SET_EVBIT, EV_KEY);
    for (int code = KEY_ESC; code <= KEY_COMPOSE; code++) ioctl(kb, UI_SET_KEYBIT, code);
    struct uinput_setup setup = {0};
    setup.id.bustype = BUS_USB;
    setup.id.vendor = 0x5343;
    setup.id.product = 0x0002;
    snprintf(setup.name, sizeof setup.name, "Scanout test keyboard");
    if (ioctl(kb, UI_DEV_SETUP, &setup) < 0) die("UI_DEV_SETUP keyboard");
    if (ioctl(kb, UI_DEV_CREATE) < 0) die("UI_DEV_CREATE keyboard");
    wait_for_udev(kb);
}

static void key(int code, int down) {
    emit_to(kb, EV_KEY, code, down);
    emit_to(kb, EV_SYN, SYN_REPORT, 0);
    sleep_ms(30);
}

/* "a b rightalt+q": each key pressed and released; a modifier held around its key. */
static int press_keys(char *list) {
    for (char *token = strtok(list, " "); token; token = strtok(NULL, " ")) {
        char *plus = strchr(token, '+');
        int modifier = plus ? key_code(token, (size_t)(plus - token)) : 0;
        const char *name = plus ? plus + 1 : token;
        int code = key_code(name, strlen(name));
        if (code < 0 || modifier < 0) {
            printf("@@agent: unknown key %s\n", token);
            return 255;
        }
        if (modifier) key(modifier, 1);
        key(code, 1);
        key(code, 0);
        if (modifier) key(modifier, 0);
    }
    return 0;
}

/* sd_notify(READY=1) without libsystemd: one datagram to $NOTIFY_SOCKET (a path or @abstract). */
static void notify_ready(void) {
    const char *name = getenv("NOTIFY_SOCKET");
    if (!name || !*name) return;
    struct sockaddr_un a = {0};
    a.sun_family = AF_UNIX;
    size_t n = strlen(name);
    if (n >= sizeof a.sun_path) return;
    memcpy(a.sun_path, name, n);
    if (a.sun_path[0] == '@') a.sun_path[0] = 0;
    int fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return;
    const char msg[] = "READY=1";
    socklen_t len = (socklen_t)(offsetof(struct sockaddr_un, sun_path) + n + (name[0] == '@' ? 0 : 1));
    sendto(fd, msg, sizeof msg - 1, MSG_NOSIGNAL, (struct sockaddr *)&a, len);
    close(fd);
}

static double uptime(void) {
    struct timespec ts;
    clock_gettime(CLOCK_BOOTTIME, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

static int run_shell(const char *command) {
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        execl("/bin/sh", "sh", "-c", command, (char *)NULL);
        _exit(127);
    }
    if (pid < 0) return 254;
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

static int clamp(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }

static int handle(const char *id, char *rest) {
    int x1, y1, x2, y2, ms;
    if (strncmp(rest, "tap ", 4) == 0 && sscanf(rest + 4, "%d %d", &x1, &y1) == 2) {
        finger_down(clamp(x1, 0, width - 1), clamp(y1, 0, height - 1));
        sleep_ms(80);
        finger_up();
        return 0;
    }
    if (strncmp(rest, "drag ", 5) == 0 && sscanf(rest + 5, "%d %d %d %d %d", &x1, &y1, &x2, &y2, &ms) == 5) {
        int steps = ms / 10 < 1 ? 1 : ms / 10;
        finger_down(clamp(x1, 0, width - 1), clamp(y1, 0, height - 1));
        for (int i = 1; i <= steps; i++) {
            sleep_ms(10);
            finger_move(clamp(x1 + (x2 - x1) * i / steps, 0, width - 1), clamp(y1 + (y2 - y1) * i / steps, 0, height - 1));
        }
        finger_up();
        return 0;
    }
    if (strcmp(rest, "replug") == 0) {
        /* The touchscreen unplugged and plugged in again (a USB panel's cable): a new evdev node. */
        ioctl(ui, UI_DEV_DESTROY);
        close(ui);
        sleep_ms(500);
        create_touchscreen();
        return 0;
    }
    if (strcmp(rest, "keyboard") == 0) {
        if (kb < 0) create_keyboard();
        return 0;
    }
    if (strncmp(rest, "keys ", 5) == 0) {
        if (kb < 0) {
            printf("@@agent: no keyboard (send \"keyboard\" first)\n");
            return 255;
        }
        return press_keys(rest + 5);
    }
    if (strncmp(rest, "sh ", 3) == 0) return run_shell(rest + 3);
    printf("@@agent: cannot parse command %s: %s\n", id, rest);
    return 255;
}

int main(int argc, char **argv) {
    if (argc != 2 || sscanf(argv[1], "%dx%d", &width, &height) != 2 || width < 2 || height < 2) {
        fprintf(stderr, "usage: guest-agent WIDTHxHEIGHT\n");
        return 2;
    }
    setvbuf(stdout, NULL, _IOLBF, 0);
    /* The console echoes what the host types: turn that off so the serial log holds only our output. */
    struct termios t;
    if (tcgetattr(0, &t) == 0) {
        t.c_lflag &= ~(ECHO | ECHONL);
        tcsetattr(0, TCSANOW, &t);
    }
    create_touchscreen();
    printf("@@agent-up %.2f\n", uptime());
    char line[4096];
    if (!fgets(line, sizeof line, stdin)) return 1;
    printf("@@agent-go %.2f\n", uptime());
    notify_ready();
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\r\n")] = 0;
        char *space = strchr(line, ' ');
        if (!space) continue;
        *space = 0;
        int status = handle(line, space + 1);
        printf("@@done %s %d\n", line, status);
    }
    return 0;
}
