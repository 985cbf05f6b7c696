#include "server/preview/png.h"

#include <algorithm>
#include <memory>

#include <cairo.h>

namespace tabuleiro::server::preview {

namespace {

constexpr rgb background = 0x0b0e1c, text_colour = 0xf1f5f9, soft_text = 0xa5b4cb;
constexpr rgb seat_colour[3] = {0x94a3b8, 0x22d3ee, 0xfb7185};  // nobody, seat 1, seat 2
constexpr rgb seat_deep[3] = {0x334155, 0x0e7490, 0xbe123c};
constexpr double margin = 45;

void set_colour(cairo_t* cr, rgb c) {
  cairo_set_source_rgb(cr, ((c >> 16) & 0xff) / 255.0, ((c >> 8) & 0xff) / 255.0, (c & 0xff) / 255.0);
}

// Writes text with its left end at (x, y) (the baseline) in a sans-serif face of size px.
void write(cairo_t* cr, const std::string& text, double x, double y, double px, bool bold, rgb colour) {
  cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL,
                         bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size(cr, px);
  set_colour(cr, colour);
  cairo_move_to(cr, x, y);
  cairo_show_text(cr, text.c_str());
}

// Writes text centred on (cx, cy).
void write_centred(cairo_t* cr, const std::string& text, double cx, double cy, double px, rgb colour) {
  cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
  cairo_set_font_size(cr, px);
  cairo_text_extents_t e;
  cairo_text_extents(cr, text.c_str(), &e);
  set_colour(cr, colour);
  cairo_move_to(cr, cx - e.width / 2 - e.x_bearing, cy - e.height / 2 - e.y_bearing);
  cairo_show_text(cr, text.c_str());
}

// Draws p's squares in a square area of side size with its top-left corner at (x, y).
void draw_board(cairo_t* cr, const board_picture& p, double x, double y, double size) {
  const double cell = size / std::max(p.files, p.ranks);
  for (int r = 0; r < p.ranks; ++r)
    for (int f = 0; f < p.files; ++f) {
      const picture_square& sq = p.squares[static_cast<std::size_t>(r * p.files + f)];
      const double left = x + f * cell, top = y + (p.ranks - 1 - r) * cell;  // rank 1 at the bottom
      set_colour(cr, sq.ground);
      cairo_rectangle(cr, left, top, cell, cell);
      cairo_fill(cr);
      if (sq.piece) {
        const int owner = std::clamp(sq.piece->owner, 0, 2);
        const double cx = left + cell / 2, cy = top + cell / 2, radius = cell * 0.36;
        cairo_arc(cr, cx, cy, radius, 0, 6.283185307179586);
        set_colour(cr, seat_deep[owner]);
        cairo_fill_preserve(cr);
        set_colour(cr, seat_colour[owner]);
        cairo_set_line_width(cr, sq.piece->ringed ? cell * 0.08 : cell * 0.04);
        cairo_stroke(cr);
        if (!sq.piece->mark.empty())
          write_centred(cr, sq.piece->mark, cx, cy, cell * (sq.piece->mark.size() > 1 ? 0.28 : 0.36), text_colour);
      }
      if (!sq.label.empty()) write(cr, sq.label, left + cell * 0.08, top + cell * 0.3, cell * 0.24, true, text_colour);
    }
  set_colour(cr, 0x475569);
  cairo_set_line_width(cr, 2);
  cairo_rectangle(cr, x, y, cell * p.files, cell * p.ranks);
  cairo_stroke(cr);
}

// Appends cairo's PNG bytes to the std::string closure points to.
cairo_status_t append(void* closure, const unsigned char* data, unsigned int length) {
  static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
  return CAIRO_STATUS_SUCCESS;
}

}  // namespace

std::string draw_png(const board_picture& p) {
  if (p.files <= 0 || p.ranks <= 0 || p.squares.size() != static_cast<std::size_t>(p.files * p.ranks)) return {};
  std::unique_ptr<cairo_surface_t, decltype(&cairo_surface_destroy)> surface(
      cairo_image_surface_create(CAIRO_FORMAT_RGB24, png_width, png_height), &cairo_surface_destroy);
  if (cairo_surface_status(surface.get()) != CAIRO_STATUS_SUCCESS) return {};
  std::unique_ptr<cairo_t, decltype(&cairo_destroy)> cr(cairo_create(surface.get()), &cairo_destroy);
  set_colour(cr.get(), background);
  cairo_paint(cr.get());
  const double board = png_height - 2 * margin;
  draw_board(cr.get(), p, margin, margin, board);
  const double text_x = 2 * margin + board;
  write(cr.get(), p.title, text_x, 150, 64, true, text_colour);
  write(cr.get(), p.caption, text_x, 220, 30, false, soft_text);
  write(cr.get(), "Tabuleiro", text_x, png_height - margin - 10, 34, true, seat_colour[1]);
  cairo_surface_flush(surface.get());
  std::string out;
  if (cairo_surface_write_to_png_stream(surface.get(), append, &out) != CAIRO_STATUS_SUCCESS) return {};
  return out;
}

}  // namespace tabuleiro::server::preview
