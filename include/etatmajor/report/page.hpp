// SPDX-License-Identifier: GPL-3.0-or-later
// The report layer's abstract page description (issue 7, printed papers). A paper is laid out once as pages of
// simple, positioned elements in points (1/72 inch, origin at the top left of the sheet); a backend renders the
// same description to PDF (cairo, headless) or, later, to a printer through the GUI. Nothing here knows about
// any drawing library.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace etatmajor::report {

enum class PaperSize { A4, Letter };

struct PageDimensions {
    double width = 0;   // points
    double height = 0;  // points
};
PageDimensions pageDimensions(PaperSize paper);
std::string_view paperSizeName(PaperSize paper);
std::optional<PaperSize> paperSizeFromName(std::string_view name);  // "a4" or "letter"

struct Colour {
    double r = 0, g = 0, b = 0;
};

struct Stroke {
    double width = 0.5;
    Colour colour{};
    bool dashed = false;
};

enum class FontFace { Serif, Sans, Mono };
struct Font {
    double size = 9;
    FontFace face = FontFace::Sans;
    bool bold = false;
    bool italic = false;
    // A narrower cut of the face (DejaVu Sans Condensed for Sans), for the hex numbers of the map print: a backend
    // without it sets the ordinary width.
    bool condensed = false;
};

enum class Align { Left, Centre, Right };

struct Point {
    double x = 0, y = 0;
};

// A filled and/or outlined rectangle.
struct Box {
    double x = 0, y = 0, w = 0, h = 0;
    std::optional<Stroke> stroke = Stroke{};
    std::optional<Colour> fill;
};

// A straight rule.
struct Rule {
    Point from, to;
    Stroke stroke{};
};

// Text set in the box (x, y, width, height). One line, cut with an ellipsis when too long, unless wrap is set;
// then it flows over lines and is cut at the box's height. Vertically centred when centred is set.
struct TextRun {
    double x = 0, y = 0, width = 0, height = 0;
    std::string text;
    Font font{};
    Align align = Align::Left;
    Colour colour{};
    bool wrap = false;
    bool centred = false;
};

// A polygon (closed) or polyline (open).
struct Shape {
    std::vector<Point> points;
    bool closed = true;
    std::optional<Stroke> stroke;
    std::optional<Colour> fill;
};

struct Circle {
    Point centre;
    double radius = 1;
    std::optional<Stroke> stroke;
    std::optional<Colour> fill;
};

using Element = std::variant<Box, Rule, TextRun, Shape, Circle>;

struct Page {
    std::vector<Element> elements;
};

// A table of a paper as data beside its drawing (the heading above it, the column titles, the rows' cells): for a
// screen to show it as a table with columns instead of laid-out text. Drawing ignores it.
struct TableData {
    std::string heading;
    std::vector<std::string> columns;
    std::vector<std::vector<std::string>> rows;
};

struct Document {
    std::string title;
    PaperSize paper = PaperSize::A4;
    std::vector<Page> pages;
    std::vector<TableData> tables;  // every table the pages draw, in order
};

}  // namespace etatmajor::report
