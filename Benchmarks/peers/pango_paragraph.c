/* pango_paragraph: the time Pango (HarfBuzz shaping, FriBidi, line breaking) and cairo take to lay out and
   draw one paragraph wrapped at WIDTH px in DejaVu Sans at SIZE px into an ARGB image, as scanout-text-bench's
   paragraph case does. Each run builds a fresh PangoLayout (shaping and breaking again; Pango's font and glyph
   caches stay warm, as Scanout's glyph masks do). Usage: pango_paragraph FILE [WIDTH SIZE RUNS] */
#include <pango/pangocairo.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec / 1e9; }
static int cmp(const void *a, const void *b) { double x = *(const double *)a, y = *(const double *)b; return (x > y) - (x < y); }

int main(int argc, char **argv) {
  if (argc < 2) { fprintf(stderr, "usage: pango_paragraph FILE [WIDTH SIZE RUNS]\n"); return 2; }
  FILE *f = fopen(argv[1], "rb");
  if (!f) { perror(argv[1]); return 1; }
  static char text[1 << 16];
  size_t n = fread(text, 1, sizeof text - 1, f);
  fclose(f);
  text[n] = 0;
  int width = argc > 2 ? atoi(argv[2]) : 760, runs = argc > 4 ? atoi(argv[4]) : 50;
  double size = argc > 3 ? atof(argv[3]) : 16;
  cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 800, 1200);
  cairo_t *cr = cairo_create(s);
  PangoFontDescription *desc = pango_font_description_from_string("DejaVu Sans");
  pango_font_description_set_absolute_size(desc, size * PANGO_SCALE);
  cairo_font_options_t *fo = cairo_font_options_create();
  cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_NONE);
  cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_OFF);
  cairo_font_options_set_antialias(fo, CAIRO_ANTIALIAS_GRAY);
  double *t = malloc(sizeof(double) * runs);
  int lines = 0;
  for (int i = 0; i < runs + 5; i++) {
    double t0 = now();
    PangoLayout *layout = pango_cairo_create_layout(cr);
    pango_cairo_context_set_font_options(pango_layout_get_context(layout), fo);
    pango_layout_set_font_description(layout, desc);
    pango_layout_set_width(layout, width * PANGO_SCALE);
    pango_layout_set_text(layout, text, (int)n);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_paint(cr);
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_move_to(cr, 20, 10);
    pango_cairo_show_layout(cr, layout);
    cairo_surface_flush(s);
    lines = pango_layout_get_line_count(layout);
    g_object_unref(layout);
    if (i >= 5) t[i - 5] = now() - t0;  /* five warm-up runs */
  }
  qsort(t, runs, sizeof(double), cmp);
  printf("pango+cairo %s: %zu bytes, %d lines at %d px: median %.3f ms, min %.3f ms over %d runs\n",
         pango_version_string(), n, lines, width, t[runs / 2] * 1000, t[0] * 1000, runs);
  return 0;
}
