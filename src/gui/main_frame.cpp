// SPDX-License-Identifier: GPL-3.0-or-later
#include "main_frame.hpp"

#include "icons.hpp"
#include "print_papers.hpp"
#include "test_script.hpp"
#include "packet_open.hpp"
#include "server_frame.hpp"
#include "turn_frame.hpp"
#include "window_capture.hpp"

#include "etatmajor/core/issue.hpp"
#include "etatmajor/edit/map_edits.hpp"
#include "etatmajor/version.hpp"

#include <wx/aboutdlg.h>
#include <wx/artprov.h>
#include <wx/config.h>
#include <wx/filedlg.h>
#include <wx/filename.h>
#include <wx/log.h>
#include <wx/menu.h>
#include <wx/msgdlg.h>
#include <wx/sizer.h>
#include <wx/splitter.h>
#include <wx/statline.h>
#include <wx/stattext.h>
#include <wx/statusbr.h>
#include <wx/textdlg.h>
#include <wx/time.h>
#include <wx/toolbar.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <iostream>

namespace etatmajor::gui {

namespace {

enum MenuId {
    kIdConnectServer = wxID_HIGHEST + 90,
    kIdOpenPacket = wxID_HIGHEST + 91,
    kIdZoomIn = wxID_HIGHEST + 1,
    kIdZoomOut,
    kIdFit,
    kIdMapProperties,
    kIdAddSide,
    kIdBackground,
    kIdShowBackground,
    kIdBrushBigger,
    kIdBrushSmaller,
    kIdToolFirst,
    kIdToolLast = kIdToolFirst + kToolCount - 1,
    kIdCopyArea,
    kIdStampCopy,
    kIdGeoreference,
    kIdHexNumbers,
    kIdLayerTerrain,
    kIdLayerRivers,
    kIdLayerRoads,
    kIdLayerTowns,
    kIdLayerLabels,
};

bool* layerFlag(LayerVisibility& l, int id) {
    switch (id) {
        case kIdLayerTerrain: return &l.terrain;
        case kIdLayerRivers: return &l.rivers;
        case kIdLayerRoads: return &l.roads;
        case kIdLayerTowns: return &l.towns;
        case kIdLayerLabels: return &l.labels;
        case kIdHexNumbers: return &l.hexNumbers;
        default: return nullptr;
    }
}

// Placing the background image as one step of the undo history, beside the edits of the map.
class BackgroundCommand : public wxCommand {
public:
    BackgroundCommand(std::function<void(const BackgroundSettings&)> place, BackgroundSettings before, BackgroundSettings after)
        : wxCommand(true, _("Place Background Image")),
          m_place(std::move(place)),
          m_before(std::move(before)),
          m_after(std::move(after)) {}
    bool Do() override {
        m_place(m_after);
        return true;
    }
    bool Undo() override {
        m_place(m_before);
        return true;
    }

private:
    std::function<void(const BackgroundSettings&)> m_place;
    BackgroundSettings m_before;
    BackgroundSettings m_after;
};

// How long the picture must stay unchanged before --screenshot takes it, and how long to wait at most.
constexpr long kSettleMs = 400;
constexpr long kGiveUpMs = 20000;
// Validation runs this long after the last edit of a burst.
constexpr int kValidationDelayMs = 150;

const wxString kFileTypes = _("Maps and campaigns (*.xml;*.db)|*.xml;*.db|"
                              "Map and campaign files (*.xml)|*.xml|"
                              "Campaign databases (*.db)|*.db|"
                              "All files (*)|*");

const wxString kToolLabels[kToolCount] = {_("&Pan"),
                                          _("&Terrain Brush"),
                                          _("&Rivers, Fords, Bridges"),
                                          _("R&oads and Waterways"),
                                          _("&Urban Areas"),
                                          _("&Labels"),
                                          _("&Sides"),
                                          _("&Eraser"),
                                          _("P&icker"),
                                          _("&Bucket Fill"),
                                          _("&Copy and Stamp")};
const wxString kToolHelp[kToolCount] = {_("Move the map by dragging it (H)"),
                                        _("Paint terrain; [ and ] change the brush size (T)"),
                                        _("Draw rivers and streams along hexsides, place fords and bridges (R)"),
                                        _("Draw major roads, minor roads and navigable waterways from hex to hex (D)"),
                                        _("Add or edit urban areas with their size and fortification (U)"),
                                        _("Add, change or remove labels (L)"),
                                        _("Home edges, LOC entry hexes and HQ hexes of each side (S)"),
                                        _("Remove the feature under the mouse (E)"),
                                        _("Show everything on a hex and take its terrain or feature for the brush (I)"),
                                        _("Fill an area of one terrain, joined hex to hex, with another terrain (F)"),
                                        _("Copy a block of hexes (C) and stamp it elsewhere (V)")};

wxString utf8(const std::string& s) { return wxString::FromUTF8(s.c_str()); }

wxBitmap art(const wxArtID& id) { return wxArtProvider::GetBitmap(id, wxART_TOOLBAR, wxSize(24, 24)); }

}  // namespace

MainFrame::MainFrame(const wxSize& size, bool interactive)
    : wxFrame(nullptr, wxID_ANY, wxString::FromUTF8(kProductName), wxDefaultPosition, windowSizeOr(size)),
      m_interactive(interactive),
      m_layout(*this, "/Editor"),
      m_recent(9, wxID_FILE1),
      m_validationTimer(this),
      m_captureTimer(this) {
    buildMenus();
    buildToolBar();
    CreateStatusBar(3);
    // The first field holds the hex under the mouse and, on a map drawn from real geography, its latitude and longitude.
    const int widths[] = {250, 150, -1};
    SetStatusWidths(3, widths);
    buildPanels();

    m_editor.setChangeHandler([this](const edit::Edit& e) { mapEdited(e); });
    m_editor.setMessageHandler([this](const std::string& message) {
        m_lastMessage = message;
        SetStatusText(utf8(message), 2);
        if (!m_interactive) std::cout << "etatmajor: " << message << "\n";
    });
    m_tools.askUrbanArea = [this](map::UrbanArea& urban) {
        const bool existing = !urban.id.empty();
        UrbanAreaDialog dialog(this, urban, existing);
        if (dialog.ShowModal() != wxID_OK) return false;
        dialog.apply(urban);
        return true;
    };
    m_tools.askText = [this](const std::string& prompt, std::string& text) {
        wxTextEntryDialog dialog(this, utf8(prompt), _("Label"), utf8(text));
        if (dialog.ShowModal() != wxID_OK) return false;
        text = dialog.GetValue().Trim().Trim(false).utf8_string();
        return true;
    };
    m_tools.onSettingsChanged = [this] { syncTools(); };
    m_tools.onHint = [this](const std::string& hint) {
        m_toolHint = hint;
        tell(hint);
    };
    askPlace = [this](const std::string& prompt, std::string& text) {
        wxTextEntryDialog dialog(this, utf8(prompt), _("Place the Background Image"), utf8(text));
        if (dialog.ShowModal() != wxID_OK) return false;
        text = dialog.GetValue().Trim().Trim(false).utf8_string();
        return true;
    };

    Bind(wxEVT_TIMER, &MainFrame::onCaptureTick, this, m_captureTimer.GetId());
    Bind(
        wxEVT_TIMER, [this](wxTimerEvent&) { refreshValidation(); }, m_validationTimer.GetId());
    Bind(wxEVT_CLOSE_WINDOW, &MainFrame::onClose, this);

    // The tools' panel as wide as its widest page (the terrain buttons' names, the hints wrapped to it), the problems
    // under the map a few lines tall; the map takes the rest.
    wxWindow* side = m_toolPanel->GetParent();
    m_layout.addPane(*m_mainSplit, "SidePanel", PaneEnd::Second, [this, side](int total) {
        return std::clamp(side->GetBestSize().x + FromDIP(12), FromDIP(280), std::max(FromDIP(280), total * 2 / 5));
    });
    const int line = GetCharHeight();
    m_layout.addPane(*m_mapSplit, "ValidationPane", PaneEnd::Second,
                     [line](int total) { return std::clamp(8 * line + 16, 0, total / 3); });
    // Test runs never read nor write the user's settings.
    m_layout.restore(m_interactive ? wxConfigBase::Get() : nullptr, size.IsFullySpecified());
    if (m_interactive) {
        m_recent.Load(*wxConfigBase::Get());
        m_recent.AddFilesToMenu();
        loadLayers();
    }
    updateTitle();
    syncTools();
}

MainFrame::~MainFrame() {
    if (m_interactive) m_recent.Save(*wxConfigBase::Get());
    m_canvas->setToolController(nullptr);
    // The panels refer to the editor and the tools, which are members: the windows go first.
    DestroyChildren();
}

// ---- building the window ---------------------------------------------------------------------------------------

void MainFrame::buildMenus() {
    auto* file = new wxMenu;
    file->Append(wxID_NEW, _("&New Map...\tCtrl+N"), _("Start a new hex map"));
    file->Append(wxID_OPEN, _("&Open...\tCtrl+O"), _("Open a map for editing, or a campaign or database to view"));
    m_recentMenu = new wxMenu;
    file->AppendSubMenu(m_recentMenu, _("Open &Recent"), _("Files opened lately"));
    m_recent.UseMenu(m_recentMenu);
    file->AppendSeparator();
    file->Append(wxID_SAVE, _("&Save\tCtrl+S"), _("Save the map"));
    file->Append(wxID_SAVEAS, _("Save &As...\tCtrl+Shift+S"), _("Save the map under another name"));
    file->AppendSeparator();
    file->Append(wxID_PREVIEW, _("Print Pre&view..."), _("See a side's papers of the open campaign before printing"));
    file->Append(wxID_PRINT, _("&Print...\tCtrl+P"), _("Print a side's papers of the open campaign"));
    file->AppendSeparator();
    file->Append(kIdConnectServer, _("Connect to a Campaign &Server..."), _("Play one side of a campaign hosted by etatmajor-server"));
    file->Append(kIdOpenPacket, _("Open Turn &Packet..."),
                 _("Read your side's turn packet from the host and write its orders (play by e-mail)"));
    file->AppendSeparator();
    file->Append(wxID_EXIT, _("&Quit\tCtrl+Q"), _("Quit Etat-Major"));

    m_editMenu = new wxMenu;
    m_editMenu->Append(wxID_UNDO, _("&Undo\tCtrl+Z"), _("Take back the last edit"));
    m_editMenu->Append(wxID_REDO, _("&Redo\tCtrl+Y"), _("Do again what was taken back"));
    m_editMenu->AppendSeparator();
    m_editMenu->Append(kIdMapProperties, _("Map &Properties..."), _("Id, name, description and scale of the map"));
    m_editMenu->Append(kIdAddSide, _("Add &Side..."), _("Describe another side's geography on this map"));
    m_editMenu->AppendSeparator();
    // Plain keys on the map rather than Ctrl+C and Ctrl+V, which the text boxes of the tool panel keep for text.
    m_editMenu->Append(kIdCopyArea, _("&Copy Area"), _("Drag over a block of hexes to copy it for the stamp (C on the map)"));
    m_editMenu->Append(kIdStampCopy, _("S&tamp Copy"), _("Click where the copied block goes (V on the map)"));
    m_editor.processor().SetEditMenu(m_editMenu);
    m_editor.processor().SetUndoAccelerator("\tCtrl+Z");
    m_editor.processor().SetRedoAccelerator("\tCtrl+Y");

    auto* view = new wxMenu;
    view->Append(kIdZoomIn, _("Zoom &In\tCtrl+="), _("Show the map larger"));
    view->Append(kIdZoomOut, _("Zoom &Out\tCtrl+-"), _("Show more of the map"));
    view->Append(kIdFit, _("&Fit to Window\tCtrl+0"), _("Show the whole map"));
    view->AppendSeparator();
    auto* layers = new wxMenu;
    layers->AppendCheckItem(kIdLayerTerrain, _("&Terrain"), _("Show the terrain, or every hex as clear ground"));
    layers->AppendCheckItem(kIdLayerRivers, _("&Rivers, Fords and Bridges"), _("Show or hide rivers, streams, fords and bridges"));
    layers->AppendCheckItem(kIdLayerRoads, _("R&oads and Waterways"), _("Show or hide roads, tracks and waterways"));
    layers->AppendCheckItem(kIdLayerTowns, _("&Urban Areas"), _("Show or hide urban areas and their names"));
    layers->AppendCheckItem(kIdLayerLabels, _("&Labels"), _("Show or hide the map's labels"));
    layers->AppendCheckItem(kIdShowBackground, _("Back&ground Image"), _("Show or hide the background image"));
    view->AppendSubMenu(layers, _("&Layers"), _("What the map shows; the map file is not changed"));
    view->AppendCheckItem(kIdHexNumbers, _("&Hex Numbers\tCtrl+H"), _("Write col,row in every hex large enough to read it"));
    view->AppendSeparator();
    view->Append(kIdBackground, _("&Background Image..."),
                 _("Show a scanned map under the grid, and set its scale, position and opacity"));
    view->Append(kIdGeoreference, _("&Place Background by Two Places..."),
                 _("Click two places you know on the background image and say which hex each is"));

    auto* tools = new wxMenu;
    for (int i = 0; i < kToolCount; ++i) tools->AppendRadioItem(kIdToolFirst + i, kToolLabels[i], kToolHelp[i]);
    tools->AppendSeparator();
    tools->Append(kIdBrushBigger, _("&Bigger Brush"), _("Paint more hexes at once (])"));
    tools->Append(kIdBrushSmaller, _("S&maller Brush"), _("Paint fewer hexes at once ([)"));

    auto* help = new wxMenu;
    help->Append(wxID_ABOUT, _("&About Etat-Major"), _("Version and credits"));

    auto* bar = new wxMenuBar;
    bar->Append(file, _("&File"));
    bar->Append(m_editMenu, _("&Edit"));
    bar->Append(view, _("&View"));
    bar->Append(tools, _("&Tools"));
    bar->Append(help, _("&Help"));
    SetMenuBar(bar);

    Bind(wxEVT_MENU, &MainFrame::onNew, this, wxID_NEW);
    Bind(wxEVT_MENU, &MainFrame::onOpen, this, wxID_OPEN);
    Bind(
        wxEVT_MENU, [this](wxCommandEvent&) { connectToServer(this, GetSize()); }, kIdConnectServer);
    Bind(
        wxEVT_MENU, [this](wxCommandEvent&) { askAndOpenTurnPacket(this, GetSize()); }, kIdOpenPacket);
    Bind(wxEVT_MENU, &MainFrame::onOpenRecent, this, wxID_FILE1, wxID_FILE9);
    Bind(wxEVT_MENU, &MainFrame::onSave, this, wxID_SAVE);
    Bind(wxEVT_MENU, &MainFrame::onSaveAs, this, wxID_SAVEAS);
    // Papers are a side's, printed from its view in the turn manager; the map window has no campaign to print.
    Bind(
        wxEVT_MENU, [this](wxCommandEvent&) { printPapers(this, std::string(), nullptr, true); }, wxID_PREVIEW);
    Bind(
        wxEVT_MENU, [this](wxCommandEvent&) { printPapers(this, std::string(), nullptr, false); }, wxID_PRINT);
    Bind(wxEVT_MENU, &MainFrame::onQuit, this, wxID_EXIT);
    Bind(wxEVT_MENU, &MainFrame::onUndo, this, wxID_UNDO);
    Bind(wxEVT_MENU, &MainFrame::onRedo, this, wxID_REDO);
    Bind(wxEVT_MENU, &MainFrame::onMapProperties, this, kIdMapProperties);
    Bind(wxEVT_MENU, &MainFrame::onAddSide, this, kIdAddSide);
    Bind(
        wxEVT_MENU, [this](wxCommandEvent&) { m_canvas->zoomIn(); }, kIdZoomIn);
    Bind(
        wxEVT_MENU, [this](wxCommandEvent&) { m_canvas->zoomOut(); }, kIdZoomOut);
    Bind(
        wxEVT_MENU, [this](wxCommandEvent&) { m_canvas->fitToWindow(); }, kIdFit);
    Bind(wxEVT_MENU, &MainFrame::onBackground, this, kIdBackground);
    Bind(wxEVT_MENU, &MainFrame::onToggleBackground, this, kIdShowBackground);
    Bind(wxEVT_MENU, &MainFrame::onTool, this, kIdToolFirst, kIdToolLast);
    Bind(
        wxEVT_MENU, [this](wxCommandEvent&) { toolKey('C'); }, kIdCopyArea);
    Bind(
        wxEVT_MENU, [this](wxCommandEvent&) { toolKey('V'); }, kIdStampCopy);
    Bind(
        wxEVT_MENU, [this](wxCommandEvent&) { startGeoreference(); }, kIdGeoreference);
    Bind(
        wxEVT_MENU, [this](wxCommandEvent& e) { toggleLayer(e.GetId()); }, kIdHexNumbers, kIdLayerLabels);
    Bind(
        wxEVT_MENU, [this](wxCommandEvent&) { toolKey(']'); }, kIdBrushBigger);
    Bind(
        wxEVT_MENU, [this](wxCommandEvent&) { toolKey('['); }, kIdBrushSmaller);
    Bind(wxEVT_MENU, &MainFrame::onAbout, this, wxID_ABOUT);
    for (const int id :
         {static_cast<int>(wxID_SAVE), static_cast<int>(wxID_SAVEAS), static_cast<int>(wxID_UNDO), static_cast<int>(wxID_REDO),
          static_cast<int>(kIdMapProperties), static_cast<int>(kIdAddSide), static_cast<int>(kIdBackground),
          static_cast<int>(kIdShowBackground), static_cast<int>(kIdBrushBigger), static_cast<int>(kIdBrushSmaller),
          static_cast<int>(kIdZoomIn), static_cast<int>(kIdZoomOut), static_cast<int>(kIdFit), static_cast<int>(kIdCopyArea),
          static_cast<int>(kIdStampCopy), static_cast<int>(kIdGeoreference)})
        Bind(wxEVT_UPDATE_UI, &MainFrame::onUpdateUi, this, id);
    Bind(wxEVT_UPDATE_UI, &MainFrame::onUpdateUi, this, kIdHexNumbers, kIdLayerLabels);
    Bind(wxEVT_UPDATE_UI, &MainFrame::onUpdateUi, this, kIdToolFirst, kIdToolLast);
}

void MainFrame::buildToolBar() {
    m_toolBar = CreateToolBar(wxTB_HORIZONTAL | wxTB_FLAT);
    m_toolBar->SetToolBitmapSize(wxSize(24, 24));
    m_toolBar->AddTool(wxID_NEW, _("New"), art(wxART_NEW), _("New map (Ctrl+N)"));
    m_toolBar->AddTool(wxID_OPEN, _("Open"), art(wxART_FILE_OPEN), _("Open a map or campaign (Ctrl+O)"));
    m_toolBar->AddTool(wxID_SAVE, _("Save"), art(wxART_FILE_SAVE), _("Save the map (Ctrl+S)"));
    m_toolBar->AddSeparator();
    m_toolBar->AddTool(wxID_UNDO, _("Undo"), art(wxART_UNDO), _("Undo (Ctrl+Z)"));
    m_toolBar->AddTool(wxID_REDO, _("Redo"), art(wxART_REDO), _("Redo (Ctrl+Y)"));
    m_toolBar->AddSeparator();
    m_toolBar->AddTool(kIdZoomIn, _("Zoom in"), Icons::action(ActionIcon::ZoomIn), _("Zoom in (Ctrl+=)"));
    m_toolBar->AddTool(kIdZoomOut, _("Zoom out"), Icons::action(ActionIcon::ZoomOut), _("Zoom out (Ctrl+-)"));
    m_toolBar->AddTool(kIdFit, _("Fit"), Icons::action(ActionIcon::Fit), _("Show the whole map (Ctrl+0)"));
    m_toolBar->AddSeparator();
    for (int i = 0; i < kToolCount; ++i) {
        wxString label = kToolLabels[i];
        label.Replace("&", "");
        m_toolBar->AddRadioTool(kIdToolFirst + i, label, Icons::tool(static_cast<Tool>(i)), wxNullBitmap,
                                label + " \u2014 " + kToolHelp[i]);
    }
    m_toolBar->AddSeparator();
    m_toolBar->AddTool(kIdBackground, _("Background"), Icons::action(ActionIcon::Background), _("Background image under the grid"));
    m_toolBar->AddCheckTool(kIdHexNumbers, _("Hex numbers"), Icons::action(ActionIcon::HexNumbers), wxNullBitmap,
                            _("Hex numbers: col,row in every hex (Ctrl+H)"));
    m_toolBar->Realize();
}

void MainFrame::buildPanels() {
    m_mainSplit = new wxSplitterWindow(this, wxID_ANY, wxDefaultPosition, wxDefaultSize,
                                       wxSP_LIVE_UPDATE | wxSP_3DSASH | wxSP_NO_XP_THEME);
    m_mainSplit->SetMinimumPaneSize(160);
    m_mainSplit->SetSashGravity(1.0);

    m_mapSplit = new wxSplitterWindow(m_mainSplit, wxID_ANY, wxDefaultPosition, wxDefaultSize,
                                      wxSP_LIVE_UPDATE | wxSP_3DSASH | wxSP_NO_XP_THEME);
    m_mapSplit->SetMinimumPaneSize(80);
    m_mapSplit->SetSashGravity(1.0);
    m_canvas = new MapCanvas(m_mapSplit);
    m_canvas->setToolController(&m_tools);
    m_canvas->setHoverHandler([this](const std::optional<HoverInfo>& info) { onHover(info); });
    m_canvas->setKeyHandler([this](int key) {
        toolKey(key);
        return key == '[' || key == ']' || std::isalpha(key) != 0;
    });
    m_validation = new ValidationPanel(m_mapSplit);
    m_validation->onActivate = [this](const core::Issue& issue, std::optional<hex::Hex> h) {
        SetStatusText(utf8(issue.message), 2);
        if (h) {
            m_canvas->centreOnHex(*h);
            m_canvas->setHighlight(h);
        }
    };
    m_mapSplit->SplitHorizontally(m_canvas, m_validation, -150);

    auto* side = new wxPanel(m_mainSplit);
    m_toolPanel = new ToolPanel(side, m_tools);
    m_toolPanel->onAddSide = [this] {
        wxCommandEvent none;
        onAddSide(none);
    };
    m_toolPanel->onHomeEdges = [this](const std::string& sideId, const std::vector<map::MapEdge>& edges, bool coast) {
        if (m_editor.document()) m_editor.submit(edit::setHomeEdges(m_editor.document()->map(), sideId, edges, coast));
    };
    m_minimap = new Minimap(side, *m_canvas);
    auto* overview = new wxStaticText(side, wxID_ANY, _("Overview"));
    overview->SetFont(overview->GetFont().Bold());
    auto* sideSizer = new wxBoxSizer(wxVERTICAL);
    sideSizer->Add(m_toolPanel, 1, wxEXPAND);
    sideSizer->Add(new wxStaticLine(side), 0, wxEXPAND | wxLEFT | wxRIGHT | wxTOP, 8);
    sideSizer->Add(overview, 0, wxLEFT | wxTOP, 10);
    sideSizer->Add(m_minimap, 0, wxEXPAND | wxALL, 8);
    side->SetSizer(sideSizer);
    m_canvas->setViewHandler([this] {
        if (m_minimap) m_minimap->viewChanged();
    });

    m_mainSplit->SplitVertically(m_mapSplit, side, -280);
    auto* sizer = new wxBoxSizer(wxVERTICAL);
    sizer->Add(m_mainSplit, 1, wxEXPAND);
    SetSizer(sizer);
}

// ---- documents -------------------------------------------------------------------------------------------------

void MainFrame::updateTitle() {
    wxString title = wxString::FromUTF8(kProductName);
    const MapDocument* doc = m_editor.document();
    if (doc) {
        wxString name = utf8(doc->title());
        if (name.empty()) name = doc->path().empty() ? _("Untitled map") : wxFileName(utf8(doc->path())).GetFullName();
        title += wxString::FromUTF8(" \u2014 ") + name;
        if (!doc->editable()) title += _(" (read-only)");
        if (modified()) title += " *";
    }
    if (GetTitle() != title) SetTitle(title);
}

void MainFrame::updateSummary() {
    const MapDocument* doc = m_editor.document();
    if (!doc) {
        SetStatusText(wxEmptyString, 2);
        return;
    }
    const auto& m = doc->map();
    wxString summary = wxString::Format(_("%d x %d hexes, %zu urban areas"), m.width(), m.height(), m.urbanAreas().size());
    if (!doc->counters().empty()) summary += wxString::Format(_(", %zu MEs"), doc->counters().size());
    if (!doc->editable()) summary += _("; read-only: campaigns are changed by turns, not by the map editor");
    SetStatusText(summary, 2);
}

void MainFrame::showDocument(std::shared_ptr<MapDocument> document) {
    m_validationTimer.Stop();
    cancelGeoreference();
    m_editor.setDocument(document);
    m_canvas->setDocument(document);
    if (!m_editor.editable()) m_tools.setTool(Tool::Pan);
    m_toolPanel->setMap(document ? &document->map() : nullptr);
    m_background.reset();
    m_backgroundBitmap = wxGraphicsBitmap();
    m_canvas->setUnderlay(std::nullopt);
    loadViewSettings();
    m_viewDirty = false;
    m_minimap->mapChanged();
    refreshValidation();
    m_editor.processor().SetMenuStrings();
    SetStatusText(wxEmptyString, 0);
    SetStatusText(wxEmptyString, 1);
    updateSummary();
    updateTitle();
    syncTools();
}

void MainFrame::report(const wxString& title, const wxString& message) {
    if (m_interactive) wxMessageBox(message, title, wxOK | wxICON_ERROR, this);
    else std::cerr << message.utf8_string() << "\n";
}

bool MainFrame::openFile(const wxString& path) {
    // Campaign databases are played in the turn manager; this window stays for maps and campaign files.
    if (m_interactive) {
        bool database = false;
        try {
            database = MapDocument::detectKind(std::string(path.fn_str())) == DocumentKind::CampaignDatabase;
        } catch (const LoadError&) {
        }
        if (database) {
            auto* turns = new TurnFrame(GetSize(), true);
            if (!turns->openCampaign(path)) {
                turns->Destroy();
                return false;
            }
            turns->Show();
            m_recent.AddFileToHistory(path);
            if (!m_editor.document()) Close(true);
            return true;
        }
    }
    try {
        auto document = std::make_shared<MapDocument>(MapDocument::load(std::string(path.fn_str())));
        for (const auto& warning : document->warnings()) {
            if (m_interactive) wxLogWarning("%s", utf8(warning));
            else std::cerr << warning << "\n";
        }
        showDocument(std::move(document));
        if (m_interactive) m_recent.AddFileToHistory(path);
        return true;
    } catch (const LoadError& e) {
        report(_("Cannot open the file"), utf8(e.what()));
        return false;
    }
}

void MainFrame::newMap(const map::MapMetadata& meta, map::Terrain fill) {
    showDocument(std::make_shared<MapDocument>(MapDocument::createNew(meta, fill)));
    selectTool(Tool::Terrain);
}

bool MainFrame::saveTo(const wxString& path) {
    if (!m_editor.editable()) return false;
    try {
        m_editor.save(std::string(path.fn_str()));
    } catch (const core::FileError& e) {
        report(_("Cannot save the map"), utf8(e.toIssue().format()));
        return false;
    } catch (const std::exception& e) {
        report(_("Cannot save the map"), utf8(e.what()));
        return false;
    }
    saveViewSettings();
    m_viewDirty = false;
    if (m_interactive) m_recent.AddFileToHistory(path);
    SetStatusText(wxString::Format(_("Saved %s"), path), 2);
    updateTitle();
    return true;
}

bool MainFrame::saveInteractively(bool askPath) {
    const MapDocument* doc = m_editor.document();
    if (!doc || !doc->editable()) return false;
    wxString path = utf8(doc->path());
    if (askPath || path.empty()) {
        const wxString suggested = doc->path().empty() ? utf8(doc->map().metadata().id + ".xml") : wxFileName(path).GetFullName();
        wxFileDialog dialog(this, _("Save the map as"), wxFileName(path).GetPath(), suggested, _("Map files (*.xml)|*.xml"),
                            wxFD_SAVE | wxFD_OVERWRITE_PROMPT);
        if (dialog.ShowModal() != wxID_OK) return false;
        path = dialog.GetPath();
        if (wxFileName(path).GetExt().empty()) path += ".xml";
    }
    return saveTo(path);
}

// "Save changes?" before something would throw the edits away. True when it may go ahead.
bool MainFrame::confirmDiscardChanges(const wxString& action) {
    if (!m_interactive || !m_editor.editable() || !modified()) return true;
    wxMessageDialog ask(this,
                        wxString::Format(_("Save the changes to \u201c%s\u201d before %s?"), utf8(m_editor.document()->title()),
                                         action),
                        _("Save changes?"), wxYES_NO | wxCANCEL | wxICON_QUESTION);
    ask.SetYesNoCancelLabels(_("&Save"), _("&Discard"), _("&Cancel"));
    switch (ask.ShowModal()) {
        case wxID_YES: return saveInteractively(false);
        case wxID_NO: return true;
        default: return false;
    }
}

void MainFrame::loadViewSettings() {
    const MapDocument* doc = m_editor.document();
    if (!doc || !doc->editable() || doc->path().empty()) return;
    try {
        const auto settings = ViewSettingsFile::read(doc->path());
        if (settings.background) setBackground(settings.background, true);
    } catch (const std::exception& e) {
        if (m_interactive) wxLogWarning("%s", utf8(e.what()));
        else std::cerr << e.what() << "\n";
    }
}

void MainFrame::saveViewSettings() {
    const MapDocument* doc = m_editor.document();
    if (!doc || !doc->editable() || doc->path().empty()) return;
    try {
        ViewSettings settings;
        settings.background = m_background;
        ViewSettingsFile::write(doc->path(), settings);
    } catch (const core::FileError& e) {
        report(_("Cannot save the view settings"), utf8(e.toIssue().format()));
    }
}

bool MainFrame::setBackground(std::optional<BackgroundSettings> settings, bool fromFile) {
    if (!settings) {
        m_viewDirty = m_viewDirty || m_background.has_value();
        m_background.reset();
        m_backgroundBitmap = wxGraphicsBitmap();
        m_canvas->setUnderlay(std::nullopt);
        updateTitle();
        return true;
    }
    const bool newImage = !m_background || m_background->image != settings->image || m_backgroundBitmap.IsNull();
    if (newImage) {
        wxImage image;
        {
            wxLogNull quiet;
            if (!image.LoadFile(utf8(settings->image))) {
                report(_("Cannot show the background image"),
                       wxString::Format(_("%s: error: cannot read this picture (PNG or JPEG expected)"), utf8(settings->image)));
                return false;
            }
        }
        m_backgroundPixels = image.GetSize();
        m_backgroundBitmap = wxGraphicsRenderer::GetDefaultRenderer()->CreateBitmapFromImage(image);
    }
    m_background = settings;
    if (settings->visible) {
        Underlay u;
        u.bitmap = m_backgroundBitmap;
        u.pixels = m_backgroundPixels;
        u.x = settings->x;
        u.y = settings->y;
        u.scale = settings->scale;
        u.opacity = settings->opacity;
        m_canvas->setUnderlay(u);
    } else {
        m_canvas->setUnderlay(std::nullopt);
    }
    if (!fromFile) m_viewDirty = true;
    updateTitle();
    return true;
}

void MainFrame::chooseBackgroundImage() {
    wxFileDialog dialog(this, _("Choose a background image"), wxEmptyString, wxEmptyString,
                        _("Pictures (*.png;*.jpg;*.jpeg)|*.png;*.jpg;*.jpeg;*.PNG;*.JPG;*.JPEG|All files (*)|*"),
                        wxFD_OPEN | wxFD_FILE_MUST_EXIST);
    if (dialog.ShowModal() != wxID_OK) return;
    BackgroundSettings s = m_background.value_or(BackgroundSettings{});
    s.image = dialog.GetPath().utf8_string();
    s.visible = true;
    const bool first = !m_background;
    if (!setBackground(s)) return;
    // A new picture starts stretched over the map.
    if (first && m_canvas->painter() && m_backgroundPixels.x > 0) {
        const wxRect2DDouble b = m_canvas->painter()->worldBounds();
        s.scale = std::max(b.m_width / m_backgroundPixels.x, b.m_height / m_backgroundPixels.y);
        s.x = b.m_x + (b.m_width - m_backgroundPixels.x * s.scale) / 2;
        s.y = b.m_y + (b.m_height - m_backgroundPixels.y * s.scale) / 2;
        setBackground(s);
    }
    wxCommandEvent none;
    onBackground(none);
}

// ---- editing ---------------------------------------------------------------------------------------------------

void MainFrame::mapEdited(const edit::Edit& e) {
    m_canvas->mapChanged(e.touchedHexes());
    m_minimap->mapChanged();
    const bool sides = std::any_of(e.changes().begin(), e.changes().end(),
                                   [](const edit::Change& c) { return std::holds_alternative<edit::SideChange>(c); });
    if (sides && m_editor.document()) m_toolPanel->setMap(&m_editor.document()->map());
    m_validationTimer.StartOnce(kValidationDelayMs);
    if (e.touchesMetadata()) updateSummary();
    updateTitle();
}

void MainFrame::refreshValidation() {
    m_validationTimer.Stop();
    const MapDocument* doc = m_editor.document();
    m_validation->update(doc ? &doc->map() : nullptr);
}

void MainFrame::syncTools() {
    m_toolPanel->sync();
    for (int i = 0; i < kToolCount; ++i) m_toolBar->ToggleTool(kIdToolFirst + i, static_cast<int>(m_tools.tool()) == i);
    if (auto* bar = GetMenuBar())
        if (auto* item = bar->FindItem(kIdToolFirst + static_cast<int>(m_tools.tool()))) item->Check(true);
    m_canvas->Refresh();
}

void MainFrame::selectTool(Tool tool) {
    if (tool != m_tools.tool()) {
        cancelGeoreference();
        // The last tool's hint goes with it; the new tool gives its own, if it has one.
        m_toolHint.clear();
        SetStatusText(wxEmptyString, 2);
    }
    m_tools.setTool(tool);
    syncTools();
}

void MainFrame::toolKey(int key) {
    const int k = std::toupper(key);
    auto& s = m_tools.settings();
    switch (k) {
        case 'H': selectTool(Tool::Pan); break;
        case 'T': selectTool(Tool::Terrain); break;
        case 'R': selectTool(Tool::Hexside); break;
        case 'D': selectTool(Tool::Route); break;
        case 'U': selectTool(Tool::Urban); break;
        case 'L': selectTool(Tool::Label); break;
        case 'S': selectTool(Tool::Sides); break;
        case 'E': selectTool(Tool::Eraser); break;
        case 'I': selectTool(Tool::Picker); break;
        case 'F': selectTool(Tool::Fill); break;
        case 'C':
        case 'V': {
            // C: copy a block; V: stamp the copy (or copy first, when nothing is held).
            m_tools.setStampMode(k == 'V' && !m_tools.piece().empty() ? StampMode::Paste : StampMode::Copy);
            selectTool(Tool::Stamp);
            break;
        }
        case WXK_ESCAPE: cancelGeoreference(); break;
        case '[':
            s.radius = std::max(0, s.radius - 1);
            syncTools();
            break;
        case ']':
            s.radius = std::min(kMaxBrushRadius, s.radius + 1);
            syncTools();
            break;
        default: break;
    }
}

// ---- menu commands ---------------------------------------------------------------------------------------------

void MainFrame::onNew(wxCommandEvent&) {
    if (!confirmDiscardChanges(_("starting a new map"))) return;
    NewMapDialog dialog(this);
    if (dialog.ShowModal() != wxID_OK) return;
    newMap(dialog.metadata(), dialog.fill());
}

void MainFrame::onOpen(wxCommandEvent&) {
    if (!confirmDiscardChanges(_("opening another file"))) return;
    wxFileDialog dialog(this, _("Open a map or a campaign"), wxEmptyString, wxEmptyString, kFileTypes,
                        wxFD_OPEN | wxFD_FILE_MUST_EXIST);
    if (dialog.ShowModal() == wxID_OK) openFile(dialog.GetPath());
}

void MainFrame::onOpenRecent(wxCommandEvent& event) {
    const wxString path = m_recent.GetHistoryFile(static_cast<size_t>(event.GetId() - wxID_FILE1));
    if (path.empty() || !confirmDiscardChanges(_("opening another file"))) return;
    if (!wxFileName::FileExists(path)) {
        m_recent.RemoveFileFromHistory(static_cast<size_t>(event.GetId() - wxID_FILE1));
        report(_("Cannot open the file"), wxString::Format(_("%s: error: no such file"), path));
        return;
    }
    openFile(path);
}

void MainFrame::onSave(wxCommandEvent&) { saveInteractively(false); }

void MainFrame::onSaveAs(wxCommandEvent&) { saveInteractively(true); }

void MainFrame::onQuit(wxCommandEvent&) { Close(false); }

void MainFrame::onClose(wxCloseEvent& event) {
    if (event.CanVeto() && !confirmDiscardChanges(_("closing"))) {
        event.Veto();
        return;
    }
    if (m_backgroundDialog) m_backgroundDialog->Destroy();
    m_backgroundDialog = nullptr;
    if (m_interactive) m_layout.save(*wxConfigBase::Get());
    Destroy();
}

void MainFrame::onUndo(wxCommandEvent&) {
    cancelGeoreference();
    m_editor.undo();
    updateTitle();
}

void MainFrame::onRedo(wxCommandEvent&) {
    m_editor.redo();
    updateTitle();
}

void MainFrame::onMapProperties(wxCommandEvent&) {
    if (!m_editor.editable()) return;
    MapPropertiesDialog dialog(this, m_editor.document()->map().metadata());
    if (dialog.ShowModal() != wxID_OK) return;
    m_editor.submit(edit::setMetadata(m_editor.document()->map(), dialog.metadata()));
}

void MainFrame::onAddSide(wxCommandEvent&) {
    if (!m_editor.editable()) return;
    wxTextEntryDialog dialog(this, _("Id of the side, as the campaign names it (for example \"british\"):"), _("Add Side"));
    if (dialog.ShowModal() != wxID_OK) return;
    edit::Edit e = edit::addSide(m_editor.document()->map(), dialog.GetValue().utf8_string());
    const std::string id = e.subject();
    if (m_editor.submit(std::move(e))) {
        m_tools.settings().side = id;
        syncTools();
    }
}

void MainFrame::onTool(wxCommandEvent& event) { selectTool(static_cast<Tool>(event.GetId() - kIdToolFirst)); }

void MainFrame::onBackground(wxCommandEvent&) {
    if (!m_editor.editable()) return;
    if (!m_background) {
        chooseBackgroundImage();
        return;
    }
    if (!m_backgroundDialog) {
        m_backgroundDialog = new BackgroundDialog(
            this, [this](const BackgroundSettings& s) { setBackground(s); }, [this] { chooseBackgroundImage(); },
            [this] {
                setBackground(std::nullopt);
                if (m_backgroundDialog) m_backgroundDialog->Hide();
            },
            [this] { startGeoreference(); });
    }
    const auto& m = m_editor.document()->map();
    m_backgroundDialog->show(*m_background, m.metadata().kmPerHex,
                             m_canvas->painter() ? m_canvas->painter()->worldBounds() : wxRect2DDouble(), m_backgroundPixels);
}

void MainFrame::onToggleBackground(wxCommandEvent&) {
    if (!m_background) return;
    BackgroundSettings s = *m_background;
    s.visible = !s.visible;
    setBackground(s);
}

void MainFrame::onAbout(wxCommandEvent&) {
    wxAboutDialogInfo info;
    info.SetName(wxString::FromUTF8(kProductName));
    info.SetVersion(wxString::FromUTF8(kVersion));
    info.SetDescription(_("Umpire-less campaigns of the American War of Independence."));
    wxAboutBox(info, this);
}

void MainFrame::onUpdateUi(wxUpdateUIEvent& event) {
    const int id = event.GetId();
    const bool editable = m_editor.editable();
    const bool any = m_editor.document() != nullptr;
    if (id >= kIdToolFirst && id <= kIdToolLast) {
        event.Enable(id == kIdToolFirst || editable);
        event.Check(static_cast<int>(m_tools.tool()) == id - kIdToolFirst);
        return;
    }
    switch (id) {
        case wxID_SAVE:
        case wxID_SAVEAS:
        case kIdMapProperties:
        case kIdAddSide:
        case kIdBackground: event.Enable(editable); break;
        case kIdBrushBigger:
        case kIdBrushSmaller: event.Enable(editable); break;
        case kIdCopyArea:
        case kIdGeoreference: event.Enable(editable); break;
        case kIdStampCopy: event.Enable(editable && !m_tools.piece().empty()); break;
        case kIdHexNumbers:
        case kIdLayerTerrain:
        case kIdLayerRivers:
        case kIdLayerRoads:
        case kIdLayerTowns:
        case kIdLayerLabels: {
            LayerVisibility l = m_canvas->layers();
            event.Enable(any);
            event.Check(*layerFlag(l, id));
            break;
        }
        case wxID_UNDO: event.Enable(editable && m_editor.canUndo()); break;
        case wxID_REDO: event.Enable(editable && m_editor.canRedo()); break;
        case kIdShowBackground:
            event.Enable(editable && m_background.has_value());
            event.Check(m_background && m_background->visible);
            break;
        case kIdZoomIn:
        case kIdZoomOut:
        case kIdFit: event.Enable(any); break;
        default: break;
    }
}

void MainFrame::onHover(const std::optional<HoverInfo>& info) {
    SetStatusText(info ? info->place() : wxString(), 0);
    SetStatusText(info ? info->terrain : wxString(), 1);
    // The urban area under the mouse, or else what the tool expects next.
    if (info) SetStatusText(info->urban.empty() ? utf8(m_georeferencing ? m_placeHint : m_toolHint) : info->urban, 2);
}

// ---- messages, layers and the placing of the background image --------------------------------------------------

void MainFrame::tell(const std::string& message) {
    m_lastMessage = message;
    SetStatusText(utf8(message), 2);
    if (!m_interactive) std::cout << "etatmajor: " << message << "\n";
}

void MainFrame::refuse(const wxString& title, const std::string& message) {
    tell(message);
    if (m_interactive) wxMessageBox(utf8(message), title, wxOK | wxICON_INFORMATION, this);
}

void MainFrame::setLayers(const LayerVisibility& layers) {
    m_canvas->setLayers(layers);
    m_toolBar->ToggleTool(kIdHexNumbers, layers.hexNumbers);
    if (m_interactive) saveLayers();
}

void MainFrame::toggleLayer(int id) {
    LayerVisibility l = m_canvas->layers();
    bool* flag = layerFlag(l, id);
    if (!flag) return;
    *flag = !*flag;
    setLayers(l);
}

void MainFrame::loadLayers() { setLayers(readLayers(*wxConfigBase::Get())); }

void MainFrame::saveLayers() const { writeLayers(*wxConfigBase::Get(), m_canvas->layers()); }

bool MainFrame::startGeoreference() {
    if (!m_editor.editable()) return false;
    if (!m_background) {
        refuse(_("Place the Background Image"),
               "There is no background image to place. Choose one first with View > Background Image..., then click "
               "two places you know on it.");
        return false;
    }
    if (!m_background->visible) {
        BackgroundSettings shown = *m_background;
        shown.visible = true;
        setBackground(shown);
    }
    // The panel would cover the picture the user is about to click on; it shows the new placing when opened again.
    if (m_backgroundDialog) m_backgroundDialog->Hide();
    m_georeferencing = true;
    m_places.clear();
    m_canvas->setPointPicker([this](hex::Point at) { georeferenceClick(at); });
    m_placeHint = "Placing the background image: click the first of two places you know on the picture (Esc stops).";
    tell(m_placeHint);
    return true;
}

void MainFrame::cancelGeoreference() {
    if (!m_georeferencing) return;
    m_georeferencing = false;
    m_places.clear();
    m_canvas->setPointPicker(nullptr);
    tell("The background image was left where it was.");
}

void MainFrame::georeferenceClick(hex::Point at) {
    if (!m_background || m_backgroundPixels.x <= 0) {
        cancelGeoreference();
        return;
    }
    KnownPlace place;
    imagePixelAt(*m_background, at, place.u, place.v);
    if (place.u < 0 || place.v < 0 || place.u > m_backgroundPixels.x || place.v > m_backgroundPixels.y) {
        refuse(_("Place the Background Image"), "That point is not on the background image: click a place on the picture.");
        return;
    }
    if (!m_places.empty() && std::hypot(place.u - m_places[0].u, place.v - m_places[0].v) < 8.0) {
        refuse(_("Place the Background Image"),
               "That is the point clicked first. Click a second place, far from the first (the farther apart, the better).");
        return;
    }
    const map::Map& m = m_editor.document()->map();
    const std::string which = m_places.empty() ? "first" : "second";
    const std::string prompt = "Which hex is the " + which + " place? Type it as col,row (for example 12,7)" +
                               (m.geoGrid() ? ", or its latitude and longitude (for example 34.2468 N, 80.6070 W)." : ".");
    std::string text;
    if (!askPlace || !askPlace(prompt, text)) {
        cancelGeoreference();
        return;
    }
    try {
        place.target = knownPlaceOnMap(m, text);
        place.given = text;
    } catch (const GeoreferenceError& e) {
        refuse(_("Place the Background Image"), std::string(e.what()) + " Click the " + which + " place again.");
        return;
    }
    m_places.push_back(place);
    if (m_places.size() < 2) {
        m_placeHint = "Placing the background image: the first place is " + text +
                      ". Now click a second place you know, far from the first (Esc stops).";
        tell(m_placeHint);
        return;
    }
    Placement p;
    try {
        p = placeByTwoPlaces(m_places[0], m_places[1]);
    } catch (const GeoreferenceError& e) {
        m_places.clear();
        m_placeHint = "Placing the background image: click the first of two places you know on the picture (Esc stops).";
        refuse(_("Place the Background Image"), std::string(e.what()) + " Start again with the first place.");
        return;
    }
    const std::string first = m_places[0].given;
    const std::string second = m_places[1].given;
    m_georeferencing = false;
    m_places.clear();
    m_canvas->setPointPicker(nullptr);
    BackgroundSettings after = *m_background;
    after.x = p.x;
    after.y = p.y;
    after.scale = p.scale;
    after.visible = true;
    m_editor.submitCommand(new BackgroundCommand([this](const BackgroundSettings& s) { placeBackground(s); }, *m_background, after));
    std::string done = "The background image now lies with its two places on " + first + " and " + second + ".";
    if (p.misfitHexes >= 0.25)
        done += " They disagree by " + wxString::Format("%.1f", p.misfitHexes).utf8_string() +
                " hexes each: the scan may be turned or stretched.";
    tell(done);
    updateTitle();
}

void MainFrame::placeBackground(const BackgroundSettings& settings) {
    // The undo history counts this change: the sidecar's own flag is left alone.
    setBackground(settings, true);
    if (m_backgroundDialog && m_backgroundDialog->IsShown() && m_editor.document()) {
        const auto& m = m_editor.document()->map();
        m_backgroundDialog->show(settings, m.metadata().kmPerHex,
                                 m_canvas->painter() ? m_canvas->painter()->worldBounds() : wxRect2DDouble(), m_backgroundPixels);
    }
    updateTitle();
}

// ---- non-interactive modes -------------------------------------------------------------------------------------

bool MainFrame::showDialogForReview(const std::string& name) {
    wxDialog* dialog = nullptr;
    if (name == "new-map") {
        dialog = new NewMapDialog(this);
    } else if (name == "urban") {
        map::UrbanArea u;
        u.name = "Camden";
        u.size = map::UrbanSize::Town;
        u.fortification = map::Fortification::Light;
        dialog = new UrbanAreaDialog(this, u, true);
    } else if (name == "properties" && m_editor.editable()) {
        dialog = new MapPropertiesDialog(this, m_editor.document()->map().metadata());
    } else if (name == "background" && m_editor.editable() && m_background) {
        wxCommandEvent none;
        onBackground(none);
        return true;
    } else {
        return false;
    }
    m_reviewDialogs.push_back(dialog);
    dialog->Show();
    return true;
}

void MainFrame::closeReviewDialogs() {
    for (auto* d : m_reviewDialogs) d->Destroy();
    m_reviewDialogs.clear();
    if (m_backgroundDialog) m_backgroundDialog->Hide();
}

void MainFrame::captureWhenReady(const wxString& pngPath, std::function<void(int)> done) {
    m_capturePath = pngPath;
    m_captureDone = std::move(done);
    m_canvas->fitToWindow();
    m_captureStart = wxGetLocalTimeMillis();
    m_lastPaintChange = m_captureStart;
    m_lastPaintCount = m_canvas->paintCount();
    m_captureTimer.Start(50);
}

void MainFrame::runScriptWhenReady(const wxString& scriptPath, std::function<void(int)> done) {
    m_script = std::make_unique<TestScript>(*this, scriptPath);
    m_captureDone = std::move(done);
    m_captureStart = wxGetLocalTimeMillis();
    m_lastPaintChange = m_captureStart;
    m_lastPaintCount = m_canvas->paintCount();
    m_captureTimer.Start(50);
}

void MainFrame::onCaptureTick(wxTimerEvent&) {
    const wxLongLong now = wxGetLocalTimeMillis();
    const unsigned paints = m_canvas->paintCount();
    if (paints != m_lastPaintCount) {
        m_lastPaintCount = paints;
        m_lastPaintChange = now;
    }
    const bool givenUp = now - m_captureStart > kGiveUpMs;
    const bool settled = IsShownOnScreen() && paints > 0 && now - m_lastPaintChange >= kSettleMs;
    if (!settled && !givenUp) return;
    m_captureTimer.Stop();
    if (m_script) {
        m_script->start([this](int status) {
            auto done = std::move(m_captureDone);
            Destroy();
            if (done) done(status);
        });
        return;
    }
    captureNow();
}

bool MainFrame::saveScreenshot(const wxString& pngPath) {
    Update();
    const auto result = WindowCapture::capture(*this, *m_canvas);
    const wxFileName target(pngPath);
    if (!target.GetPath().empty() && !wxFileName::DirExists(target.GetPath()))
        wxFileName::Mkdir(target.GetPath(), wxS_DIR_DEFAULT, wxPATH_MKDIR_FULL);
    if (!result.image.IsOk() || !result.image.SaveFile(pngPath, wxBITMAP_TYPE_PNG)) {
        std::cerr << pngPath.utf8_string() << ": error: cannot write the screenshot\n";
        return false;
    }
    std::cout << "etatmajor: wrote " << pngPath.utf8_string() << " (" << result.image.GetWidth() << "x" << result.image.GetHeight()
              << ", from the " << WindowCapture::methodName(result.method) << ")\n";
    return true;
}

void MainFrame::captureNow() {
    const int status = saveScreenshot(m_capturePath) ? 0 : 1;
    auto done = std::move(m_captureDone);
    Destroy();
    if (done) done(status);
}

}  // namespace etatmajor::gui
