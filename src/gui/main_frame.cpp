#include "main_frame.hpp"

#include "window_capture.hpp"

#include "etatmajor/version.hpp"

#include <wx/aboutdlg.h>
#include <wx/filedlg.h>
#include <wx/filename.h>
#include <wx/log.h>
#include <wx/menu.h>
#include <wx/msgdlg.h>
#include <wx/sizer.h>
#include <wx/statusbr.h>
#include <wx/time.h>

#include <iostream>

namespace etatmajor::gui {

namespace {

enum MenuId { kIdZoomIn = wxID_HIGHEST + 1, kIdZoomOut, kIdFit };

// How long the picture must stay unchanged before --screenshot takes it, and how long to wait at most.
constexpr long kSettleMs = 400;
constexpr long kGiveUpMs = 20000;

const wxString kFileTypes =
    _("Maps and campaigns (*.xml;*.db)|*.xml;*.db|"
      "Map and campaign files (*.xml)|*.xml|"
      "Campaign databases (*.db)|*.db|"
      "All files (*)|*");

}  // namespace

MainFrame::MainFrame(const wxSize& size)
    : wxFrame(nullptr, wxID_ANY, wxString::FromUTF8(kProductName), wxDefaultPosition, size), m_captureTimer(this) {
    buildMenus();
    CreateStatusBar(3);
    const int widths[] = {90, 150, -1};
    SetStatusWidths(3, widths);

    m_canvas = new MapCanvas(this);
    m_canvas->setHoverHandler([this](const std::optional<HoverInfo>& info) { onHover(info); });
    auto* sizer = new wxBoxSizer(wxVERTICAL);
    sizer->Add(m_canvas, 1, wxEXPAND);
    SetSizer(sizer);

    Bind(wxEVT_TIMER, &MainFrame::onCaptureTick, this, m_captureTimer.GetId());
    updateTitle();
}

void MainFrame::buildMenus() {
    auto* file = new wxMenu;
    file->Append(wxID_OPEN, _("&Open...\tCtrl+O"), _("Open a map, a campaign file or a campaign database"));
    file->AppendSeparator();
    file->Append(wxID_EXIT, _("&Quit\tCtrl+Q"), _("Quit Etat-Major"));

    auto* view = new wxMenu;
    view->Append(kIdZoomIn, _("Zoom &In\tCtrl+="), _("Show the map larger"));
    view->Append(kIdZoomOut, _("Zoom &Out\tCtrl+-"), _("Show more of the map"));
    view->Append(kIdFit, _("&Fit to Window\tCtrl+0"), _("Show the whole map"));

    auto* help = new wxMenu;
    help->Append(wxID_ABOUT, _("&About Etat-Major"), _("Version and credits"));

    auto* bar = new wxMenuBar;
    bar->Append(file, _("&File"));
    bar->Append(view, _("&View"));
    bar->Append(help, _("&Help"));
    SetMenuBar(bar);

    Bind(wxEVT_MENU, &MainFrame::onOpen, this, wxID_OPEN);
    Bind(wxEVT_MENU, &MainFrame::onQuit, this, wxID_EXIT);
    Bind(wxEVT_MENU, &MainFrame::onZoomIn, this, kIdZoomIn);
    Bind(wxEVT_MENU, &MainFrame::onZoomOut, this, kIdZoomOut);
    Bind(wxEVT_MENU, &MainFrame::onFit, this, kIdFit);
    Bind(wxEVT_MENU, &MainFrame::onAbout, this, wxID_ABOUT);
}

void MainFrame::updateTitle() {
    wxString title = wxString::FromUTF8(kProductName);
    if (m_document && !m_document->title().empty())
        title += wxString::FromUTF8(" \u2014 ") + wxString::FromUTF8(m_document->title().c_str());
    SetTitle(title);
}

void MainFrame::showDocument(std::shared_ptr<const MapDocument> document) {
    m_document = std::move(document);
    m_canvas->setDocument(m_document);
    updateTitle();
    SetStatusText(wxEmptyString, 0);
    SetStatusText(wxEmptyString, 1);
    if (m_document) {
        const auto& m = m_document->map();
        wxString summary =
            wxString::Format(_("%d x %d hexes, %zu urban areas"), m.width(), m.height(), m.urbanAreas().size());
        if (!m_document->counters().empty()) summary += wxString::Format(_(", %zu MEs"), m_document->counters().size());
        SetStatusText(summary, 2);
    } else {
        SetStatusText(wxEmptyString, 2);
    }
}

bool MainFrame::openInteractively(const wxString& path) {
    try {
        auto document = std::make_shared<const MapDocument>(MapDocument::load(std::string(path.fn_str())));
        for (const auto& warning : document->warnings()) wxLogWarning("%s", wxString::FromUTF8(warning.c_str()));
        showDocument(std::move(document));
        return true;
    } catch (const LoadError& e) {
        wxMessageBox(wxString::FromUTF8(e.what()), _("Cannot open the file"), wxOK | wxICON_ERROR, this);
        return false;
    }
}

void MainFrame::onOpen(wxCommandEvent&) {
    wxFileDialog dialog(this, _("Open a map or a campaign"), wxEmptyString, wxEmptyString, kFileTypes,
                        wxFD_OPEN | wxFD_FILE_MUST_EXIST);
    if (dialog.ShowModal() == wxID_OK) openInteractively(dialog.GetPath());
}

void MainFrame::onQuit(wxCommandEvent&) {
    Close(true);
}
void MainFrame::onZoomIn(wxCommandEvent&) {
    m_canvas->zoomIn();
}
void MainFrame::onZoomOut(wxCommandEvent&) {
    m_canvas->zoomOut();
}
void MainFrame::onFit(wxCommandEvent&) {
    m_canvas->fitToWindow();
}

void MainFrame::onAbout(wxCommandEvent&) {
    wxAboutDialogInfo info;
    info.SetName(wxString::FromUTF8(kProductName));
    info.SetVersion(wxString::FromUTF8(kVersion));
    info.SetDescription(_("Umpire-less campaigns of the American War of Independence."));
    wxAboutBox(info, this);
}

void MainFrame::onHover(const std::optional<HoverInfo>& info) {
    SetStatusText(info ? info->hex : wxString(), 0);
    SetStatusText(info ? info->terrain : wxString(), 1);
    SetStatusText(info ? info->urban : wxString(), 2);
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
    captureNow();
}

void MainFrame::captureNow() {
    Update();
    const auto result = WindowCapture::capture(*this, *m_canvas);
    int status = 0;
    const wxFileName target(m_capturePath);
    if (!target.GetPath().empty() && !wxFileName::DirExists(target.GetPath()))
        wxFileName::Mkdir(target.GetPath(), wxS_DIR_DEFAULT, wxPATH_MKDIR_FULL);
    if (!result.image.IsOk() || !result.image.SaveFile(m_capturePath, wxBITMAP_TYPE_PNG)) {
        std::cerr << m_capturePath.utf8_string() << ": error: cannot write the screenshot\n";
        status = 1;
    } else {
        std::cout << "etatmajor: wrote " << m_capturePath.utf8_string() << " (" << result.image.GetWidth() << "x"
                  << result.image.GetHeight() << ", from the " << WindowCapture::methodName(result.method) << ")\n";
    }
    auto done = std::move(m_captureDone);
    Destroy();
    if (done) done(status);
}

}  // namespace etatmajor::gui
