// SPDX-License-Identifier: GPL-3.0-or-later
// The cairo + pango backend of the report layer: one PDF page per laid-out page.
#include "etatmajor/report/pdf.hpp"

#include <cairo-pdf.h>
#include <cairo.h>
#include <pango/pangocairo.h>

#include <memory>
#include <type_traits>

namespace etatmajor::report {
namespace {

void setColour(cairo_t* cr, const Colour& c) { cairo_set_source_rgb(cr, c.r, c.g, c.b); }

void applyStroke(cairo_t* cr, const Stroke& s) {
    setColour(cr, s.colour);
    cairo_set_line_width(cr, s.width);
    if (s.dashed) {
        const double dash[] = {3.0 * s.width + 1.5, 2.0 * s.width + 1.0};
        cairo_set_dash(cr, dash, 2, 0);
    } else {
        cairo_set_dash(cr, nullptr, 0, 0);
    }
    cairo_stroke(cr);
}

void fillAndStroke(cairo_t* cr, const std::optional<Colour>& fill, const std::optional<Stroke>& stroke) {
    if (fill) {
        setColour(cr, *fill);
        if (stroke) cairo_fill_preserve(cr);
        else cairo_fill(cr);
    }
    if (stroke) applyStroke(cr, *stroke);
    cairo_new_path(cr);
}

const char* family(FontFace f) {
    switch (f) {
        case FontFace::Serif: return "DejaVu Serif";
        case FontFace::Mono: return "DejaVu Sans Mono";
        case FontFace::Sans: break;
    }
    return "DejaVu Sans";
}

void drawText(cairo_t* cr, const TextRun& t) {
    if (t.text.empty()) return;
    std::unique_ptr<PangoLayout, decltype(&g_object_unref)> layout(pango_cairo_create_layout(cr), &g_object_unref);
    PangoFontDescription* fd = pango_font_description_new();
    pango_font_description_set_family(fd, family(t.font.face));
    pango_font_description_set_absolute_size(fd, t.font.size * PANGO_SCALE);
    pango_font_description_set_weight(fd, t.font.bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
    pango_font_description_set_style(fd, t.font.italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL);
    if (t.font.condensed) pango_font_description_set_stretch(fd, PANGO_STRETCH_CONDENSED);
    pango_layout_set_font_description(layout.get(), fd);
    pango_font_description_free(fd);
    if (t.width > 0) pango_layout_set_width(layout.get(), static_cast<int>(t.width * PANGO_SCALE));
    if (t.wrap) {
        pango_layout_set_wrap(layout.get(), PANGO_WRAP_WORD_CHAR);
        if (t.height > 0) {
            pango_layout_set_height(layout.get(), static_cast<int>(t.height * PANGO_SCALE));
            pango_layout_set_ellipsize(layout.get(), PANGO_ELLIPSIZE_END);
        }
    } else if (t.width > 0) {
        pango_layout_set_ellipsize(layout.get(), PANGO_ELLIPSIZE_END);
        pango_layout_set_height(layout.get(), -1);
    }
    pango_layout_set_alignment(layout.get(), t.align == Align::Centre  ? PANGO_ALIGN_CENTER
                                             : t.align == Align::Right ? PANGO_ALIGN_RIGHT
                                                                       : PANGO_ALIGN_LEFT);
    pango_layout_set_text(layout.get(), t.text.c_str(), -1);
    double y = t.y;
    if (t.centred && t.height > 0) {
        int w = 0, h = 0;
        pango_layout_get_size(layout.get(), &w, &h);
        y += (t.height - static_cast<double>(h) / PANGO_SCALE) / 2.0;
    }
    setColour(cr, t.colour);
    cairo_move_to(cr, t.x, y);
    pango_cairo_show_layout(cr, layout.get());
    cairo_new_path(cr);
}

void draw(cairo_t* cr, const Element& e) {
    std::visit(
        [cr](const auto& el) {
            using T = std::decay_t<decltype(el)>;
            if constexpr (std::is_same_v<T, Box>) {
                cairo_rectangle(cr, el.x, el.y, el.w, el.h);
                fillAndStroke(cr, el.fill, el.stroke);
            } else if constexpr (std::is_same_v<T, Rule>) {
                cairo_move_to(cr, el.from.x, el.from.y);
                cairo_line_to(cr, el.to.x, el.to.y);
                applyStroke(cr, el.stroke);
                cairo_new_path(cr);
            } else if constexpr (std::is_same_v<T, TextRun>) {
                drawText(cr, el);
            } else if constexpr (std::is_same_v<T, Shape>) {
                if (el.points.empty()) return;
                cairo_move_to(cr, el.points[0].x, el.points[0].y);
                for (std::size_t i = 1; i < el.points.size(); ++i) cairo_line_to(cr, el.points[i].x, el.points[i].y);
                if (el.closed) cairo_close_path(cr);
                cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
                cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
                fillAndStroke(cr, el.closed ? el.fill : std::nullopt, el.stroke);
                cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
            } else if constexpr (std::is_same_v<T, Circle>) {
                cairo_new_sub_path(cr);
                cairo_arc(cr, el.centre.x, el.centre.y, el.radius, 0, 6.283185307179586);
                fillAndStroke(cr, el.fill, el.stroke);
            }
        },
        e);
}

}  // namespace

void renderPdf(const Document& document, const std::string& path) {
    const auto dim = pageDimensions(document.paper);
    cairo_surface_t* surface = cairo_pdf_surface_create(path.c_str(), dim.width, dim.height);
    if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) {
        cairo_surface_destroy(surface);
        throw RenderError("cannot write '" + path + "'");
    }
    if (!document.title.empty()) cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, document.title.c_str());
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "Etat-Major");
    cairo_t* cr = cairo_create(surface);
    for (const auto& page : document.pages) {
        for (const auto& e : page.elements) draw(cr, e);
        cairo_show_page(cr);
    }
    const cairo_status_t status = cairo_status(cr);
    cairo_destroy(cr);
    cairo_surface_finish(surface);
    const cairo_status_t surfaceStatus = cairo_surface_status(surface);
    cairo_surface_destroy(surface);
    if (status != CAIRO_STATUS_SUCCESS || surfaceStatus != CAIRO_STATUS_SUCCESS)
        throw RenderError("cannot write '" + path +
                          "': " + cairo_status_to_string(status != CAIRO_STATUS_SUCCESS ? status : surfaceStatus));
}

}  // namespace etatmajor::report
