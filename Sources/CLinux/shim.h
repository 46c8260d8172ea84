// Linux event descriptors the main loop is built on (not in Swift's Glibc module): epoll, eventfd,
// timerfd, signalfd.
#include <poll.h>
#include <signal.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/signalfd.h>
#include <sys/timerfd.h>
