// The application's main window: menus, the map canvas and a status bar describing the hex under the mouse.
#pragma once

#include "map_canvas.hpp"
#include "map_document.hpp"

#include <wx/frame.h>
#include <wx/timer.h>

#include <functional>
#include <memory>

namespace etatmajor::gui {

class MainFrame : public wxFrame {
public:
    explicit MainFrame(const wxSize& size);

    // Shows a loaded document (nullptr: none) and names it in the title bar.
    void showDocument(std::shared_ptr<const MapDocument> document);
    // Loads and shows FILE; a file that cannot be shown leaves the window as it was and is reported in a
    // message box. Returns whether the file is now shown.
    bool openInteractively(const wxString& path);

    // Once the window is on screen and its first complete paint has settled, saves what it shows to PNG,
    // destroys the window and calls `done` with the exit status (0 saved, 1 failed).
    void captureWhenReady(const wxString& pngPath, std::function<void(int)> done);

private:
    void buildMenus();
    void updateTitle();
    void onOpen(wxCommandEvent& event);
    void onQuit(wxCommandEvent& event);
    void onZoomIn(wxCommandEvent& event);
    void onZoomOut(wxCommandEvent& event);
    void onFit(wxCommandEvent& event);
    void onAbout(wxCommandEvent& event);
    void onCaptureTick(wxTimerEvent& event);
    void onHover(const std::optional<HoverInfo>& info);
    void captureNow();

    MapCanvas* m_canvas = nullptr;
    std::shared_ptr<const MapDocument> m_document;

    wxTimer m_captureTimer;
    wxString m_capturePath;
    std::function<void(int)> m_captureDone;
    wxLongLong m_captureStart;
    wxLongLong m_lastPaintChange;
    unsigned m_lastPaintCount = 0;
};

}  // namespace etatmajor::gui
