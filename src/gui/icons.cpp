// SPDX-License-Identifier: GPL-3.0-or-later
#include "icons.hpp"

#include "map_style.hpp"

#include <wx/brush.h>
#include <wx/graphics.h>
#include <wx/image.h>

#include <array>
#include <cmath>
#include <cstring>
#include <memory>

namespace etatmajor::gui {

namespace {

constexpr double kPi = 3.14159265358979323846;
const wxColour kInk(52, 56, 64);

// Draws into a transparent square; f works in a 24-unit box whatever the pixel size.
template <typename F>
wxBitmap drawIcon(int size, F&& f) {
    wxImage image(size, size);
    image.InitAlpha();
    std::memset(image.GetData(), 0, static_cast<std::size_t>(size) * size * 3);
    std::memset(image.GetAlpha(), 0, static_cast<std::size_t>(size) * size);
    {
        std::unique_ptr<wxGraphicsContext> gc(wxGraphicsContext::Create(image));
        if (gc) {
            gc->SetAntialiasMode(wxANTIALIAS_DEFAULT);
            gc->Scale(size / 24.0, size / 24.0);
            f(*gc);
        }
    }
    return wxBitmap(image);
}

wxGraphicsPen pen(wxGraphicsContext& gc, const wxColour& c, double w) {
    return gc.CreatePen(wxGraphicsPenInfo(c, w).Cap(wxCAP_ROUND).Join(wxJOIN_ROUND));
}

// A pointy-top hexagon centred at (cx, cy) with corner radius r.
wxGraphicsPath hexagon(wxGraphicsContext& gc, double cx, double cy, double r) {
    wxGraphicsPath p = gc.CreatePath();
    for (int i = 0; i < 6; ++i) {
        const double a = kPi / 180.0 * (60.0 * i - 30.0);
        const double x = cx + r * std::cos(a);
        const double y = cy + r * std::sin(a);
        if (i == 0) p.MoveToPoint(x, y);
        else p.AddLineToPoint(x, y);
    }
    p.CloseSubpath();
    return p;
}

std::array<wxPoint2DDouble, 6> hexCorners(double cx, double cy, double r) {
    std::array<wxPoint2DDouble, 6> out;
    for (int i = 0; i < 6; ++i) {
        const double a = kPi / 180.0 * (60.0 * i - 30.0);
        out[static_cast<std::size_t>(i)] = {cx + r * std::cos(a), cy + r * std::sin(a)};
    }
    return out;
}

void arrowHead(wxGraphicsPath& p, double x, double y, double dx, double dy) {
    // A small open chevron pointing along (dx, dy) with its tip at (x, y).
    const double nx = -dy;
    const double ny = dx;
    p.MoveToPoint(x - dx * 3 + nx * 3, y - dy * 3 + ny * 3);
    p.AddLineToPoint(x, y);
    p.AddLineToPoint(x - dx * 3 - nx * 3, y - dy * 3 - ny * 3);
}

void magnifier(wxGraphicsContext& gc, int sign) {
    gc.SetPen(pen(gc, kInk, 2.2));
    gc.SetBrush(gc.CreateBrush(wxBrush(wxColour(255, 255, 255, 200))));
    gc.DrawEllipse(3.5, 3.5, 12, 12);
    gc.SetPen(pen(gc, kInk, 3.2));
    gc.StrokeLine(14.2, 14.2, 20, 20);
    gc.SetPen(pen(gc, kInk, 1.8));
    gc.StrokeLine(6.5, 9.5, 12.5, 9.5);
    if (sign > 0) gc.StrokeLine(9.5, 6.5, 9.5, 12.5);
}

}  // namespace

wxBitmap Icons::tool(Tool tool, int size) {
    return drawIcon(size, [tool](wxGraphicsContext& gc) {
        switch (tool) {
            case Tool::Pan: {
                wxGraphicsPath p = gc.CreatePath();
                p.MoveToPoint(12, 3);
                p.AddLineToPoint(12, 21);
                p.MoveToPoint(3, 12);
                p.AddLineToPoint(21, 12);
                arrowHead(p, 12, 3, 0, -1);
                arrowHead(p, 12, 21, 0, 1);
                arrowHead(p, 3, 12, -1, 0);
                arrowHead(p, 21, 12, 1, 0);
                gc.SetPen(pen(gc, kInk, 2.0));
                gc.StrokePath(p);
                break;
            }
            case Tool::Terrain: {
                const wxGraphicsPath h = hexagon(gc, 12, 12, 10);
                gc.SetBrush(gc.CreateBrush(wxBrush(MapStyle::terrainFill(map::Terrain::Woods))));
                gc.SetPen(pen(gc, MapStyle::terrainInk(map::Terrain::HeavyWoods), 1.6));
                gc.DrawPath(h);
                gc.SetPen(wxNullGraphicsPen);
                gc.SetBrush(gc.CreateBrush(wxBrush(MapStyle::terrainInk(map::Terrain::HeavyWoods))));
                gc.DrawEllipse(6.5, 8, 5, 5);
                gc.DrawEllipse(12.5, 6, 5, 5);
                gc.DrawEllipse(10, 12.5, 5, 5);
                break;
            }
            case Tool::Hexside: {
                const auto c = hexCorners(12, 12, 10);
                gc.SetBrush(gc.CreateBrush(wxBrush(MapStyle::terrainFill(map::Terrain::Clear))));
                gc.SetPen(pen(gc, wxColour(150, 150, 140), 1.2));
                gc.DrawPath(hexagon(gc, 12, 12, 10));
                wxGraphicsPath river = gc.CreatePath();
                river.MoveToPoint(c[5].m_x, c[5].m_y);
                river.AddLineToPoint(c[0].m_x, c[0].m_y);
                river.AddLineToPoint(c[1].m_x, c[1].m_y);
                river.AddLineToPoint(c[2].m_x, c[2].m_y);
                gc.SetPen(pen(gc, MapStyle::river(), 3.2));
                gc.StrokePath(river);
                break;
            }
            case Tool::Route: {
                gc.SetPen(pen(gc, wxColour(250, 240, 214), 5.0));
                wxGraphicsPath road = gc.CreatePath();
                road.MoveToPoint(4, 19);
                road.AddLineToPoint(10, 13);
                road.AddLineToPoint(15, 14);
                road.AddLineToPoint(20, 5);
                gc.StrokePath(road);
                gc.SetPen(pen(gc, MapStyle::majorRoad(), 2.6));
                gc.StrokePath(road);
                gc.SetPen(wxNullGraphicsPen);
                gc.SetBrush(gc.CreateBrush(wxBrush(kInk)));
                for (const auto& [x, y] : {std::pair{4.0, 19.0}, {10.0, 13.0}, {15.0, 14.0}, {20.0, 5.0}})
                    gc.DrawEllipse(x - 1.8, y - 1.8, 3.6, 3.6);
                break;
            }
            case Tool::Urban: {
                gc.SetPen(pen(gc, MapStyle::urban(), 1.4));
                gc.SetBrush(wxNullGraphicsBrush);
                gc.DrawRectangle(4, 4, 16, 16);
                gc.SetPen(wxNullGraphicsPen);
                gc.SetBrush(gc.CreateBrush(wxBrush(MapStyle::urban())));
                gc.DrawRectangle(7.5, 7.5, 9, 9);
                break;
            }
            case Tool::Label: {
                gc.SetFont(gc.CreateFont(17.0, "Serif", wxFONTFLAG_ITALIC | wxFONTFLAG_BOLD, MapStyle::labelText()));
                double w = 0, h = 0;
                gc.GetTextExtent("Aa", &w, &h);
                gc.DrawText("Aa", (24 - w) / 2, (24 - h) / 2);
                break;
            }
            case Tool::Sides: {
                gc.SetPen(pen(gc, kInk, 2.0));
                gc.StrokeLine(6, 21, 6, 3);
                gc.SetPen(pen(gc, wxColour(255, 255, 255), 1.0));
                gc.SetBrush(gc.CreateBrush(wxBrush(MapStyle::sideFill(Allegiance::Crown))));
                wxGraphicsPath flag = gc.CreatePath();
                flag.MoveToPoint(7, 4);
                flag.AddLineToPoint(20, 4);
                flag.AddLineToPoint(17, 8);
                flag.AddLineToPoint(20, 12);
                flag.AddLineToPoint(7, 12);
                flag.CloseSubpath();
                gc.DrawPath(flag);
                break;
            }
            case Tool::Eraser: {
                gc.Translate(12, 12);
                gc.Rotate(-kPi / 4);
                gc.SetPen(pen(gc, wxColour(120, 40, 50), 1.4));
                gc.SetBrush(gc.CreateBrush(wxBrush(wxColour(236, 120, 130))));
                gc.DrawRoundedRectangle(-9, -5, 18, 10, 2);
                gc.SetBrush(gc.CreateBrush(wxBrush(wxColour(245, 245, 245))));
                gc.DrawRoundedRectangle(-9, -5, 7, 10, 2);
                break;
            }
            case Tool::Picker: {
                gc.SetPen(pen(gc, kInk, 2.0));
                gc.StrokeLine(4.5, 19.5, 13, 11);
                gc.SetPen(pen(gc, kInk, 4.2));
                gc.StrokeLine(13, 11, 16, 8);
                gc.SetPen(wxNullGraphicsPen);
                gc.SetBrush(gc.CreateBrush(wxBrush(kInk)));
                gc.DrawEllipse(14.5, 3.5, 6, 6);
                gc.SetBrush(gc.CreateBrush(wxBrush(MapStyle::river())));
                gc.DrawEllipse(2.5, 18, 3.5, 3.5);
                break;
            }
            case Tool::Fill: {
                // A tipped bucket pouring terrain colour into a hex.
                gc.SetBrush(gc.CreateBrush(wxBrush(MapStyle::terrainFill(map::Terrain::Woods))));
                gc.SetPen(pen(gc, MapStyle::terrainInk(map::Terrain::HeavyWoods), 1.4));
                gc.DrawPath(hexagon(gc, 14, 15, 8));
                gc.PushState();
                gc.Translate(8, 8);
                gc.Rotate(-kPi / 5);
                gc.SetPen(pen(gc, kInk, 1.6));
                gc.SetBrush(gc.CreateBrush(wxBrush(wxColour(235, 235, 228))));
                gc.DrawRectangle(-5, -5, 10, 9);
                gc.PopState();
                break;
            }
            case Tool::Stamp: {
                // Two overlapping blocks of hexes: the copy and where it is put down.
                gc.SetPen(pen(gc, kInk, 1.2));
                gc.SetBrush(gc.CreateBrush(wxBrush(MapStyle::terrainFill(map::Terrain::Hills))));
                gc.DrawPath(hexagon(gc, 8, 8, 6));
                gc.SetBrush(gc.CreateBrush(wxBrush(MapStyle::terrainFill(map::Terrain::Woods))));
                gc.DrawPath(hexagon(gc, 16, 16, 6));
                gc.SetPen(pen(gc, MapStyle::river(), 1.6));
                gc.StrokeLine(10, 12, 13, 15);
                break;
            }
        }
    });
}

wxBitmap Icons::action(ActionIcon icon, int size) {
    return drawIcon(size, [icon](wxGraphicsContext& gc) {
        switch (icon) {
            case ActionIcon::ZoomIn: magnifier(gc, 1); break;
            case ActionIcon::ZoomOut: magnifier(gc, -1); break;
            case ActionIcon::Fit: {
                wxGraphicsPath p = gc.CreatePath();
                for (const auto& [x, y, dx, dy] : {std::array{3.0, 3.0, 1.0, 1.0}, std::array{21.0, 3.0, -1.0, 1.0},
                                                   std::array{3.0, 21.0, 1.0, -1.0}, std::array{21.0, 21.0, -1.0, -1.0}}) {
                    p.MoveToPoint(x + dx * 6, y);
                    p.AddLineToPoint(x, y);
                    p.AddLineToPoint(x, y + dy * 6);
                }
                gc.SetPen(pen(gc, kInk, 2.0));
                gc.StrokePath(p);
                gc.SetBrush(gc.CreateBrush(wxBrush(MapStyle::terrainFill(map::Terrain::Woods))));
                gc.SetPen(pen(gc, MapStyle::terrainInk(map::Terrain::HeavyWoods), 1.2));
                gc.DrawPath(hexagon(gc, 12, 12, 5.5));
                break;
            }
            case ActionIcon::HexNumbers: {
                gc.SetBrush(gc.CreateBrush(wxBrush(MapStyle::terrainFill(map::Terrain::Clear))));
                gc.SetPen(pen(gc, kInk, 1.2));
                gc.DrawPath(hexagon(gc, 12, 12, 10.5));
                wxFont font(wxFontInfo(wxSize(0, 8)).Family(wxFONTFAMILY_SWISS).Bold());
                gc.SetFont(font, kInk);
                double w = 0, h = 0;
                gc.GetTextExtent("3,7", &w, &h);
                gc.DrawText("3,7", 12 - w / 2, 12 - h / 2);
                break;
            }
            case ActionIcon::Background: {
                gc.SetPen(pen(gc, kInk, 1.4));
                gc.SetBrush(gc.CreateBrush(wxBrush(wxColour(236, 226, 196))));
                gc.DrawRectangle(3, 5, 18, 14);
                gc.SetPen(pen(gc, wxColour(120, 100, 70), 1.2));
                wxGraphicsPath p = gc.CreatePath();
                p.MoveToPoint(5, 16);
                p.AddCurveToPoint(9, 9, 13, 17, 19, 8);
                gc.StrokePath(p);
                break;
            }
        }
    });
}

wxBitmap Icons::severity(core::Severity severity, int size) {
    return drawIcon(size, [severity](wxGraphicsContext& gc) {
        if (severity == core::Severity::Error) {
            gc.SetPen(wxNullGraphicsPen);
            gc.SetBrush(gc.CreateBrush(wxBrush(wxColour(200, 40, 40))));
            gc.DrawEllipse(2, 2, 20, 20);
            gc.SetPen(pen(gc, *wxWHITE, 3.0));
            gc.StrokeLine(8, 8, 16, 16);
            gc.StrokeLine(16, 8, 8, 16);
        } else {
            wxGraphicsPath t = gc.CreatePath();
            t.MoveToPoint(12, 2.5);
            t.AddLineToPoint(22, 20.5);
            t.AddLineToPoint(2, 20.5);
            t.CloseSubpath();
            gc.SetPen(pen(gc, wxColour(160, 110, 0), 1.2));
            gc.SetBrush(gc.CreateBrush(wxBrush(wxColour(242, 184, 40))));
            gc.DrawPath(t);
            gc.SetPen(pen(gc, wxColour(60, 40, 0), 2.6));
            gc.StrokeLine(12, 8.5, 12, 13.5);
            gc.StrokeLine(12, 17.2, 12, 17.3);
        }
    });
}

wxBitmap Icons::terrain(map::Terrain terrain, int size) {
    return drawIcon(size, [terrain](wxGraphicsContext& gc) {
        gc.SetBrush(gc.CreateBrush(wxBrush(MapStyle::terrainFill(terrain))));
        gc.SetPen(pen(gc, MapStyle::terrainInk(terrain), 1.3));
        gc.DrawPath(hexagon(gc, 12, 12, 10.5));
    });
}

}  // namespace etatmajor::gui
