// SPDX-License-Identifier: GPL-3.0-or-later
// The turn manager's window: what scripts and screenshots show without waiting, and the screenshots themselves.
#include "turn_frame.hpp"

#include "decoy_dialog.hpp"
#include "turn_frame_parts.hpp"

#include "order_dialog.hpp"
#include "print_papers.hpp"
#include "side_chooser.hpp"
#include "turn_script.hpp"
#include "week_dialog.hpp"
#include "window_capture.hpp"

#include <wx/choicdlg.h>
#include <wx/notebook.h>
#include <wx/textdlg.h>

#include <iostream>

namespace etatmajor::gui {

using namespace detail;

namespace {

constexpr long kSettleMs = 400;
constexpr long kGiveUpMs = 20000;

}  // namespace

// ---- scripts and screenshots -----------------------------------------------------------------------------------

void TurnFrame::showPassphraseForScript(const std::string& side) {
    showPrintMenuForScript(false);
    if (side.empty()) return;
    if (m_viewer) clearSide();
    const auto who = side == "host" ? view::Viewer::host() : view::Viewer::ofSide(side);
    auto* ask = new wxPasswordEntryDialog(this, utf8("The passphrase of " + viewerTitle(who) + ":"), _("Passphrase"));
    m_askingWindow = ask;
    ask->Show();
    ask->Raise();
}

void TurnFrame::showChooserForScript(bool show) {
    if (m_chooser) {
        m_chooser->Destroy();
        m_chooser = nullptr;
    }
    if (!show) return;
    if (m_viewer) clearSide();
    m_chooser = new SideChooser(this, utf8(m_document ? m_document->title() : m_path), m_sides);
    m_chooser->Show();
    m_chooser->Raise();
}

void TurnFrame::showPrintMenuForScript(bool show) {
    if (m_askingWindow) {
        m_askingWindow->Destroy();
        m_askingWindow = nullptr;
    }
    if (!show || !m_view) return;
    m_askingWindow = newPaperChooser(this, *m_view, _("Print"));
    if (!m_askingWindow) return;
    m_askingWindow->Show();
    m_askingWindow->Raise();
}

bool TurnFrame::selectTab(const std::string& title) { return selectTabByTitle(*m_notebook, title); }

void TurnFrame::runScriptWhenReady(const wxString& scriptPath, std::function<void(int)> done) {
    m_script = std::make_unique<TurnScript>(*this, scriptPath);
    m_captureDone = std::move(done);
    m_captureStart = nowMs();
    m_lastPaintChange = m_captureStart;
    m_lastPaintCount = m_canvas->paintCount();
    m_captureTimer.Start(50);
}

void TurnFrame::captureWhenReady(const wxString& pngPath, std::function<void(int)> done) {
    m_capturePath = pngPath;
    m_captureDone = std::move(done);
    m_captureStart = nowMs();
    m_lastPaintChange = m_captureStart;
    m_lastPaintCount = m_canvas->paintCount();
    m_captureTimer.Start(50);
}

void TurnFrame::onCaptureTick(wxTimerEvent&) {
    const long long now = nowMs();
    const unsigned paints = m_canvas->paintCount();
    if (paints != m_lastPaintCount) {
        m_lastPaintCount = paints;
        m_lastPaintChange = now;
    }
    const bool settled = IsShownOnScreen() && paints > 0 && now - m_lastPaintChange >= kSettleMs;
    if (!settled && now - m_captureStart <= kGiveUpMs) return;
    m_captureTimer.Stop();
    if (m_script) {
        m_script->start([this](int status) {
            auto done = std::move(m_captureDone);
            Close(true);
            if (done) done(status);
        });
        return;
    }
    const int status = saveScreenshot(m_capturePath) ? 0 : 1;
    auto done = std::move(m_captureDone);
    Close(true);
    if (done) done(status);
}

bool TurnFrame::saveScreenshot(const wxString& pngPath) {
    Update();
    if (m_orderDialog) m_orderDialog->Update();
    if (m_decoyDialog) m_decoyDialog->Update();
    if (m_weekDialog) m_weekDialog->Update();
    auto result = WindowCapture::capture(*this, *m_canvas);
    wxImage image = result.image;
    // The order dialog, the side chooser, the passphrase question and the day's summary are windows of their own: each is pasted where
    // it stands over the frame.
    WindowCapture::pasteOver(image, *this, {m_orderDialog, m_decoyDialog, m_weekDialog, m_chooser, m_askingWindow, m_summaryDialog});
    if (!WindowCapture::savePng(image, pngPath)) return false;
    std::cout << "etatmajor: wrote " << pngPath.utf8_string() << " (" << image.GetWidth() << "x" << image.GetHeight() << ", from the "
              << WindowCapture::methodName(result.method) << ")\n";
    return true;
}

}  // namespace etatmajor::gui
