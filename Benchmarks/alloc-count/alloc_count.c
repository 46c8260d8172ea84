/* Counts heap allocations of a process (LD_PRELOAD), printing the total to stderr at exit.
   Used by scripts/bench-allocs to show that steady-state frames allocate nothing. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdatomic.h>

static atomic_long count;
static void *(*real_malloc)(size_t);
static void *(*real_calloc)(size_t, size_t);
static void *(*real_realloc)(void *, size_t);
static int (*real_posix_memalign)(void **, size_t, size_t);
static void *(*real_aligned_alloc)(size_t, size_t);
/* dlsym may call calloc before real_calloc is known: serve it from a small static pool. */
static char pool[4096];
static size_t pool_used;

static void init(void) {
  real_malloc = dlsym(RTLD_NEXT, "malloc");
  real_calloc = dlsym(RTLD_NEXT, "calloc");
  real_realloc = dlsym(RTLD_NEXT, "realloc");
  real_posix_memalign = dlsym(RTLD_NEXT, "posix_memalign");
  real_aligned_alloc = dlsym(RTLD_NEXT, "aligned_alloc");
}

void *malloc(size_t n) { if (!real_malloc) init(); atomic_fetch_add(&count, 1); return real_malloc(n); }
void *calloc(size_t a, size_t b) {
  if (!real_calloc) {
    size_t n = (a * b + 15) & ~(size_t)15;
    if (pool_used + n > sizeof pool) return NULL;
    void *p = pool + pool_used; pool_used += n; return p;
  }
  atomic_fetch_add(&count, 1); return real_calloc(a, b);
}
void *realloc(void *p, size_t n) { if (!real_realloc) init(); atomic_fetch_add(&count, 1); return real_realloc(p, n); }
int posix_memalign(void **p, size_t a, size_t n) { if (!real_posix_memalign) init(); atomic_fetch_add(&count, 1); return real_posix_memalign(p, a, n); }
void *aligned_alloc(size_t a, size_t n) { if (!real_aligned_alloc) init(); atomic_fetch_add(&count, 1); return real_aligned_alloc(a, n); }
void free(void *p) {
  static void (*real_free)(void *);
  if ((char *)p >= pool && (char *)p < pool + sizeof pool) return;
  if (!real_free) real_free = dlsym(RTLD_NEXT, "free");
  real_free(p);
}
__attribute__((destructor)) static void report(void) { fprintf(stderr, "alloc-count: %ld\n", atomic_load(&count)); }
