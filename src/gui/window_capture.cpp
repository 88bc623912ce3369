// SPDX-License-Identifier: GPL-3.0-or-later
#include "window_capture.hpp"

#include "map_canvas.hpp"

#include <wx/dcclient.h>
#include <wx/dcmemory.h>
#include <wx/dcscreen.h>
#include <wx/filename.h>
#include <wx/settings.h>
#include <wx/toplevel.h>

#include <algorithm>
#include <iostream>
#include <map>

#ifdef ETATMAJOR_HAVE_X11
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#endif

namespace etatmajor::gui {

wxImage WindowCapture::fromXServer(wxTopLevelWindow& frame) {
#ifdef ETATMAJOR_HAVE_X11
    const wxRect rect = frame.GetScreenRect();
    if (rect.width <= 0 || rect.height <= 0) return {};
    // A connection of our own: what the server holds now, after everything GTK has sent it.
    Display* display = XOpenDisplay(nullptr);
    if (!display) return {};
    const Window root = DefaultRootWindow(display);
    XWindowAttributes attributes;
    XGetWindowAttributes(display, root, &attributes);
    const int x = std::max(0, rect.x);
    const int y = std::max(0, rect.y);
    const int w = std::min(rect.width, attributes.width - x);
    const int h = std::min(rect.height, attributes.height - y);
    wxImage out;
    if (w > 0 && h > 0) {
        if (XImage* image = XGetImage(display, root, x, y, static_cast<unsigned>(w), static_cast<unsigned>(h), AllPlanes, ZPixmap)) {
            out.Create(rect.width, rect.height);
            const auto shift = [](unsigned long mask) {
                int s = 0;
                while (mask && !(mask & 1)) {
                    mask >>= 1;
                    ++s;
                }
                return s;
            };
            const int rs = shift(image->red_mask);
            const int gs = shift(image->green_mask);
            const int bs = shift(image->blue_mask);
            for (int row = 0; row < h; ++row)
                for (int col = 0; col < w; ++col) {
                    const unsigned long p = XGetPixel(image, col, row);
                    out.SetRGB(col, row, static_cast<unsigned char>((p & image->red_mask) >> rs),
                               static_cast<unsigned char>((p & image->green_mask) >> gs),
                               static_cast<unsigned char>((p & image->blue_mask) >> bs));
                }
            XDestroyImage(image);
        }
    }
    XCloseDisplay(display);
    return out;
#else
    (void)frame;
    return {};
#endif
}

wxImage WindowCapture::fromWindowDC(wxTopLevelWindow& frame) {
    const wxSize size = frame.GetSize();
    if (size.x <= 0 || size.y <= 0) return {};
    wxWindowDC source(&frame);
    if (!source.IsOk()) return {};
    wxBitmap bitmap(size.x, size.y, 24);
    wxMemoryDC target(bitmap);
    target.SetBackground(*wxBLACK_BRUSH);
    target.Clear();
    const bool ok = target.Blit(0, 0, size.x, size.y, &source, 0, 0);
    target.SelectObject(wxNullBitmap);
    return ok ? bitmap.ConvertToImage() : wxImage();
}

wxImage WindowCapture::fromScreenDC(wxTopLevelWindow& frame) {
    const wxRect rect = frame.GetScreenRect();
    if (rect.width <= 0 || rect.height <= 0) return {};
    wxScreenDC source;
    wxBitmap bitmap(rect.width, rect.height, 24);
    wxMemoryDC target(bitmap);
    target.SetBackground(*wxBLACK_BRUSH);
    target.Clear();
    const bool ok = target.Blit(0, 0, rect.width, rect.height, &source, rect.x, rect.y);
    target.SelectObject(wxNullBitmap);
    return ok ? bitmap.ConvertToImage() : wxImage();
}

wxImage WindowCapture::rendered(wxTopLevelWindow& frame, const MapCanvas& canvas) {
    const wxSize size = frame.GetSize();
    wxBitmap bitmap(std::max(1, size.x), std::max(1, size.y), 24);
    wxMemoryDC target(bitmap);
    target.SetBackground(wxBrush(wxSystemSettings::GetColour(wxSYS_COLOUR_BTNFACE)));
    target.Clear();
    const wxPoint at = canvas.GetScreenPosition() - frame.GetScreenPosition();
    target.DrawBitmap(canvas.renderToBitmap(), at.x, at.y);
    target.SelectObject(wxNullBitmap);
    return bitmap.ConvertToImage();
}

void WindowCapture::pasteOver(wxImage& image, const wxTopLevelWindow& frame, std::initializer_list<wxTopLevelWindow*> shown) {
    for (wxTopLevelWindow* window : shown) {
        if (!window || !image.IsOk()) continue;
        window->Update();
        wxImage dialog = fromXServer(*window);
        if (!dialog.IsOk() || looksBlank(dialog)) dialog = fromWindowDC(*window);
        if (dialog.IsOk() && !looksBlank(dialog)) {
            const wxPoint at = window->GetScreenPosition() - frame.GetScreenPosition();
            image.Paste(dialog, at.x, at.y);
        }
    }
}

bool WindowCapture::savePng(const wxImage& image, const wxString& pngPath) {
    const wxFileName target(pngPath);
    if (!target.GetPath().empty() && !wxFileName::DirExists(target.GetPath()))
        wxFileName::Mkdir(target.GetPath(), wxS_DIR_DEFAULT, wxPATH_MKDIR_FULL);
    if (!image.IsOk() || !image.SaveFile(pngPath, wxBITMAP_TYPE_PNG)) {
        std::cerr << pngPath.utf8_string() << ": error: cannot write the screenshot\n";
        return false;
    }
    return true;
}

bool WindowCapture::looksBlank(const wxImage& image) {
    if (!image.IsOk() || image.GetWidth() < 2 || image.GetHeight() < 2) return true;
    // Sample a grid; a real map has no dominant colour and hardly any pure black.
    std::map<unsigned long, int> counts;
    int samples = 0;
    int black = 0;
    const int stepX = std::max(1, image.GetWidth() / 97);
    const int stepY = std::max(1, image.GetHeight() / 89);
    for (int y = 0; y < image.GetHeight(); y += stepY) {
        for (int x = 0; x < image.GetWidth(); x += stepX) {
            const unsigned char r = image.GetRed(x, y);
            const unsigned char g = image.GetGreen(x, y);
            const unsigned char b = image.GetBlue(x, y);
            ++counts[(static_cast<unsigned long>(r) << 16) | (static_cast<unsigned long>(g) << 8) | b];
            if (r < 8 && g < 8 && b < 8) ++black;
            ++samples;
        }
    }
    int top = 0;
    for (const auto& [colour, n] : counts) top = std::max(top, n);
    if (top * 100 > samples * 97 || black * 100 > samples * 25) return true;

    // A band of pure black rows or columns means part of the window was not copied (for instance a device
    // context that covers only the client area): not what a person sees.
    const auto blackPixel = [&](int x, int y) {
        return image.GetRed(x, y) < 8 && image.GetGreen(x, y) < 8 && image.GetBlue(x, y) < 8;
    };
    int blackRows = 0;
    for (int y = 0; y < image.GetHeight(); ++y) {
        bool all = true;
        for (int x = 0; x < image.GetWidth() && all; x += stepX) all = blackPixel(x, y);
        blackRows += all ? 1 : 0;
    }
    int blackColumns = 0;
    for (int x = 0; x < image.GetWidth(); ++x) {
        bool all = true;
        for (int y = 0; y < image.GetHeight() && all; y += stepY) all = blackPixel(x, y);
        blackColumns += all ? 1 : 0;
    }
    return blackRows > 3 || blackColumns > 3;
}

WindowCapture::Result WindowCapture::capture(wxTopLevelWindow& frame, const MapCanvas& canvas) {
    if (wxImage image = fromXServer(frame); !looksBlank(image)) return {image, Method::XServer};
    if (wxImage image = fromWindowDC(frame); !looksBlank(image)) return {image, Method::WindowDC};
    if (wxImage image = fromScreenDC(frame); !looksBlank(image)) return {image, Method::ScreenDC};
    return {rendered(frame, canvas), Method::Rendered};
}

const char* WindowCapture::methodName(Method method) {
    switch (method) {
        case Method::XServer: return "X server";
        case Method::WindowDC: return "window device context";
        case Method::ScreenDC: return "screen device context";
        case Method::Rendered: return "off-screen rendering of the canvas";
    }
    return "?";
}

}  // namespace etatmajor::gui
