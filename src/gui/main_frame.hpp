// SPDX-License-Identifier: GPL-3.0-or-later
// The application's main window: menus and toolbar, the map canvas, the tool panel with the overview beside it,
// the validation list below it, and a status bar describing the hex under the mouse.
//
// Map files open for editing; campaign files and databases open read-only with the editing tools disabled.
#pragma once

#include "dialogs.hpp"
#include "georeference.hpp"
#include "map_canvas.hpp"
#include "map_document.hpp"
#include "map_editor.hpp"
#include "minimap.hpp"
#include "tool_controller.hpp"
#include "tool_panel.hpp"
#include "validation_panel.hpp"
#include "view_settings.hpp"
#include "window_layout.hpp"

#include <wx/docview.h>
#include <wx/frame.h>
#include <wx/timer.h>

#include <functional>
#include <memory>
#include <optional>
#include <string>

class wxSplitterWindow;
class wxToolBar;

namespace etatmajor::gui {

class TestScript;

class MainFrame : public wxFrame {
public:
    // `interactive` false: nothing may wait for a person (screenshot and test-script modes): no dialogs, no
    // "save changes?" question, no recent-files list in the user's settings; problems go to stderr.
    explicit MainFrame(const wxSize& size, bool interactive = true);
    ~MainFrame() override;

    // Shows a loaded document (nullptr: none) for editing or, if it is a campaign, read-only.
    void showDocument(std::shared_ptr<MapDocument> document);
    // Loads and shows FILE; a file that cannot be shown leaves the window as it was and is reported (message box,
    // or stderr when not interactive). Returns whether the file is now shown.
    bool openFile(const wxString& path);
    bool openInteractively(const wxString& path) { return openFile(path); }
    // Saves the map to PATH (with its view-settings sidecar) and reports failures. Returns whether it was saved.
    bool saveTo(const wxString& path);
    // Starts a new, unsaved map.
    void newMap(const map::MapMetadata& meta, map::Terrain fill);

    // Once the window is on screen and its first complete paint has settled, saves what it shows to PNG,
    // destroys the window and calls `done` with the exit status (0 saved, 1 failed).
    void captureWhenReady(const wxString& pngPath, std::function<void(int)> done);
    // Once the window has settled, runs the test script FILE (see test_script.hpp), destroys the window and
    // calls `done` with the exit status (0 every step passed, 1 a step failed).
    void runScriptWhenReady(const wxString& scriptPath, std::function<void(int)> done);

    // Shows one of the editor's dialogs without waiting for it ("new-map", "urban", "properties", "background"),
    // so a test can look at it; closeReviewDialogs() takes them away. False for an unknown name.
    bool showDialogForReview(const std::string& name);
    void closeReviewDialogs();

    // Saves a picture of the window as it is now; false (with a message on stderr) on failure.
    bool saveScreenshot(const wxString& pngPath);

    // Shows, moves or removes the background image. The settings go to the map's sidecar file when the map is
    // saved; until then the window counts as modified. `fromFile`: they were just read from the sidecar.
    bool setBackground(std::optional<BackgroundSettings> settings, bool fromFile = false);
    const std::optional<BackgroundSettings>& background() const { return m_background; }
    // The picture's pixel size, (0, 0) without a picture.
    wxSize backgroundPixels() const { return m_backgroundPixels; }

    // Placing the background image by two places the user knows: the next two clicks on the map are points of the
    // picture, and for each `askPlace` asks which hex (or latitude and longitude) it is. The placement is one undo
    // step. Refused, with a message, without an editable map or a background image.
    bool startGeoreference();
    void cancelGeoreference();
    bool georeferencing() const { return m_georeferencing; }
    std::function<bool(const std::string& prompt, std::string& text)> askPlace;

    // Which features the map shows; remembered with the user's settings when interactive.
    void setLayers(const LayerVisibility& layers);
    const LayerVisibility& layers() const { return m_canvas->layers(); }

    MapEditor& editor() { return m_editor; }
    ToolController& tools() { return m_tools; }
    MapCanvas& canvas() { return *m_canvas; }
    ValidationPanel& validation() { return *m_validation; }
    // The panels follow the tool and its settings after they were changed in code.
    void syncTools();
    void selectTool(Tool tool);
    // Checks the map again now rather than after the short delay that follows an edit.
    void refreshValidation();
    // The last message the editor gave (a refused edit, what a tool expects next, a placing of the background), for
    // the status bar and tests.
    const std::string& lastMessage() const { return m_lastMessage; }

private:
    void buildMenus();
    void buildToolBar();
    void buildPanels();
    void updateTitle();
    void updateSummary();
    bool confirmDiscardChanges(const wxString& action);
    bool saveInteractively(bool askPath);
    void loadViewSettings();
    void saveViewSettings();
    bool modified() const { return m_editor.isDirty() || m_viewDirty; }
    void report(const wxString& title, const wxString& message);
    void mapEdited(const edit::Edit& edit);
    void toolKey(int key);

    void onNew(wxCommandEvent& event);
    void onOpen(wxCommandEvent& event);
    void onOpenRecent(wxCommandEvent& event);
    void onSave(wxCommandEvent& event);
    void onSaveAs(wxCommandEvent& event);
    void onQuit(wxCommandEvent& event);
    void onClose(wxCloseEvent& event);
    void onUndo(wxCommandEvent& event);
    void onRedo(wxCommandEvent& event);
    void onMapProperties(wxCommandEvent& event);
    void onAddSide(wxCommandEvent& event);
    void onTool(wxCommandEvent& event);
    void onBackground(wxCommandEvent& event);
    void onToggleBackground(wxCommandEvent& event);
    void onAbout(wxCommandEvent& event);
    void onUpdateUi(wxUpdateUIEvent& event);
    void onCaptureTick(wxTimerEvent& event);
    void onHover(const std::optional<HoverInfo>& info);
    void chooseBackgroundImage();
    void captureNow();
    void tell(const std::string& message);
    void refuse(const wxString& title, const std::string& message);
    void georeferenceClick(hex::Point at);
    void placeBackground(const BackgroundSettings& settings);
    void toggleLayer(int id);
    void loadLayers();
    void saveLayers() const;

    bool m_interactive;
    // "SidePanel" (the tools' width) and "ValidationPane" (the problems' height under the map).
    WindowLayout m_layout;
    MapEditor m_editor;
    ToolController m_tools{m_editor};

    wxToolBar* m_toolBar = nullptr;
    wxMenu* m_editMenu = nullptr;
    wxMenu* m_recentMenu = nullptr;
    wxSplitterWindow* m_mainSplit = nullptr;
    wxSplitterWindow* m_mapSplit = nullptr;
    MapCanvas* m_canvas = nullptr;
    ToolPanel* m_toolPanel = nullptr;
    ValidationPanel* m_validation = nullptr;
    Minimap* m_minimap = nullptr;
    BackgroundDialog* m_backgroundDialog = nullptr;
    std::vector<wxDialog*> m_reviewDialogs;
    wxFileHistory m_recent;

    std::optional<BackgroundSettings> m_background;
    bool m_viewDirty = false;  // the background changed since the map was opened or saved
    wxSize m_backgroundPixels;
    wxGraphicsBitmap m_backgroundBitmap;

    wxTimer m_validationTimer;
    std::string m_lastMessage;
    // What the tool, or the placing of the background while it lasts, expects next; shown in the status bar when the
    // mouse is not over an urban area.
    std::string m_toolHint;
    std::string m_placeHint;

    bool m_georeferencing = false;
    std::vector<KnownPlace> m_places;

    wxTimer m_captureTimer;
    wxString m_capturePath;
    std::function<void(int)> m_captureDone;
    std::unique_ptr<TestScript> m_script;
    wxLongLong m_captureStart;
    wxLongLong m_lastPaintChange;
    unsigned m_lastPaintCount = 0;
};

}  // namespace etatmajor::gui
