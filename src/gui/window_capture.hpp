// SPDX-License-Identifier: GPL-3.0-or-later
// Captures a top-level window as a person sees it, for --screenshot.
#pragma once

#include <wx/image.h>

#include <initializer_list>

class wxTopLevelWindow;

namespace etatmajor::gui {

class MapCanvas;

class WindowCapture {
public:
    enum class Method { XServer, WindowDC, ScreenDC, Rendered };

    struct Result {
        wxImage image;
        Method method = Method::Rendered;
    };

    // Tries, in order: the pixels the X server holds for the window (read afresh every time), the window's own
    // device context, the screen under the window, and finally the canvas's paint routine drawn off-screen into a
    // frame-sized picture. The first picture that is not blank wins. (The screen device context alone is not
    // enough: cairo keeps a snapshot of the root window, so a second capture would repeat the first.)
    static Result capture(wxTopLevelWindow& frame, const MapCanvas& canvas);

    // True for a picture that cannot be a real rendering: one flat colour, or mostly pure black.
    static bool looksBlank(const wxImage& image);

    static const char* methodName(Method method);

    // Pastes each window of `shown` (the dialogs standing over `frame`; null ones are left out) onto `image`, the
    // frame's picture, where it stands over the frame. Each is read from the X server, else from its own device
    // context; one that reads blank is left out.
    static void pasteOver(wxImage& image, const wxTopLevelWindow& frame, std::initializer_list<wxTopLevelWindow*> shown);
    // Writes `image` to `pngPath` as a PNG file, making its folder first; says so on stderr when it cannot.
    static bool savePng(const wxImage& image, const wxString& pngPath);

    // The single methods, each returning an invalid or blank image when it does not work here.
    static wxImage fromXServer(wxTopLevelWindow& frame);
    static wxImage fromWindowDC(wxTopLevelWindow& frame);
    static wxImage fromScreenDC(wxTopLevelWindow& frame);
    static wxImage rendered(wxTopLevelWindow& frame, const MapCanvas& canvas);
};

}  // namespace etatmajor::gui
