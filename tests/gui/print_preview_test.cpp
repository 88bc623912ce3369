// SPDX-License-Identifier: GPL-3.0-or-later
// The printed papers through the application's printing path (gui/print_papers), under Xvfb: a campaign of the
// bundled scenario played through a day with a battle; every paper of both sides drawn page by page by the
// application's printout onto a bitmap the size of the sheet (as the printer or the preview draws it) and checked for
// ink; then the battle report opened in the print preview window, which is captured to PNG.
//   etatmajor_print_preview_test SCENARIO OUTDIR
// Exit status 0 when every check passes; the PNGs are left in OUTDIR for a look.
#include "print_papers.hpp"
#include "window_capture.hpp"

#include "etatmajor/db/campaign_store.hpp"
#include "etatmajor/db/new_campaign.hpp"
#include "etatmajor/db/state_checksum.hpp"
#include "etatmajor/engine/turn.hpp"
#include "etatmajor/report/papers.hpp"

#include <SQLiteCpp/SQLiteCpp.h>

#include <wx/app.h>
#include <wx/dcmemory.h>
#include <wx/image.h>
#include <wx/init.h>
#include <wx/prntbase.h>
#include <wx/utils.h>

#include <filesystem>
#include <iostream>
#include <string>

using namespace etatmajor;
namespace fs = std::filesystem;

namespace {

int failures = 0;

void check(bool ok, const std::string& what) {
    std::cout << (ok ? "ok: " : "FAIL: ") << what << "\n";
    if (!ok) ++failures;
}

// Share of pixels that are not (nearly) white.
double inked(const wxImage& image) {
    if (!image.IsOk()) return 0;
    const unsigned char* p = image.GetData();
    const long n = static_cast<long>(image.GetWidth()) * image.GetHeight();
    long dark = 0;
    for (long i = 0; i < n; ++i, p += 3)
        if (p[0] < 200 || p[1] < 200 || p[2] < 200) ++dark;
    return n > 0 ? static_cast<double>(dark) / static_cast<double>(n) : 0;
}

// One page drawn by the application's printout on a memory DC at `ppi`, as a printer of that resolution would.
wxImage drawPage(const report::Document& doc, int page, int ppi) {
    const auto dim = report::pageDimensions(doc.paper);
    const int w = static_cast<int>(dim.width * ppi / 72.0), h = static_cast<int>(dim.height * ppi / 72.0);
    wxBitmap bitmap(w, h, 24);
    wxMemoryDC dc(bitmap);
    dc.SetBackground(*wxWHITE_BRUSH);
    dc.Clear();
    gui::PaperPrintout printout(doc);
    printout.SetDC(&dc);
    printout.SetPPIScreen(ppi, ppi);
    printout.SetPPIPrinter(ppi, ppi);
    printout.SetPageSizePixels(w, h);
    printout.SetPaperRectPixels(wxRect(0, 0, w, h));
    printout.SetPageSizeMM(static_cast<int>(dim.width * 25.4 / 72.0), static_cast<int>(dim.height * 25.4 / 72.0));
    printout.OnPreparePrinting();
    printout.OnBeginPrinting();
    printout.OnBeginDocument(1, static_cast<int>(doc.pages.size()));
    const bool drawn = printout.OnPrintPage(page);
    printout.OnEndDocument();
    printout.OnEndPrinting();
    dc.SelectObject(wxNullBitmap);
    return drawn ? bitmap.ConvertToImage() : wxImage();
}

// The bundled campaign with the Maryland division and Tarleton's reserve sharing 34,34, played through day 1:
// battle 1 is fought at D9.
std::string playedCampaign(const std::string& scenario, const fs::path& dir) {
    const auto path = (dir / "print-preview.db").string();
    for (const char* suffix : {"", "-wal", "-shm"}) fs::remove(path + suffix);
    db::NewCampaignRequest req;
    req.scenarioPath = scenario;
    req.dbPath = path;
    req.seed = 4;
    const auto made = db::createCampaign(req);
    for (const auto& i : made.issues.items()) std::cout << i.format() << "\n";
    if (!made.ok) return {};
    {
        SQLite::Database raw(path, SQLite::OPEN_READWRITE);
        raw.exec("UPDATE me SET q = (SELECT q FROM map_hex WHERE col = 34 AND row = 34), "
                 "r = (SELECT r FROM map_hex WHERE col = 34 AND row = 34) WHERE id IN ('a-maryland', 'b-tarleton')");
        raw.exec("UPDATE me SET mode = 'deployed_offensive' WHERE id = 'a-maryland'");
        raw.exec("UPDATE me SET mode = 'deployed_defensive' WHERE id = 'b-tarleton'");
    }
    {
        // Staged by hand: the host accepts the state as it stands (campaign check --accept), or the campaign would be
        // refused as changed outside Etat-Major.
        auto staged = db::CampaignStore::open(path, false, db::CampaignStore::OpenCheck::SkipChecksum);
        db::acceptState(staged);
    }
    auto store = db::CampaignStore::open(path);
    engine::AdvanceOptions options;
    options.standFastMissing = true;
    if (!engine::advance(store, engine::Step::Day, options).ok) return {};
    return path;
}

int run(const std::string& scenario, const fs::path& out) {
    fs::create_directories(out);
    const auto path = playedCampaign(scenario, out);
    check(!path.empty(), "campaign played through day 1");
    if (path.empty()) return 1;
    const auto store = db::CampaignStore::open(path, true);

    // Every paper of both sides through the printout, every page; the first page of each kept as a PNG.
    for (const std::string side : {"british", "american"})
        for (const auto kind : report::allPaperKinds()) {
            const std::string name = side + "-" + std::string(report::paperKindName(kind));
            const auto doc = report::buildPaper(store, kind, side, {});
            for (int page = 1; page <= static_cast<int>(doc.pages.size()); ++page) {
                const auto image = drawPage(doc, page, page == 1 ? 110 : 40);
                const double ink = inked(image);
                if (page == 1) {
                    image.SaveFile(wxString::FromUTF8((out / (name + ".png")).string()), wxBITMAP_TYPE_PNG);
                    check(ink > 0.004 && ink < 0.9, name + " page 1 drawn by the printout (ink " + std::to_string(ink) + ")");
                } else if (ink <= 0.002) {  // every page has at least its running head and foot
                    check(false, name + " page " + std::to_string(page) + " is blank (ink " + std::to_string(ink) + ")");
                }
            }
        }
    check(!gui::paperTitle(report::PaperKind::Battle).empty() && !gui::paperTitle(report::PaperKind::Intel).empty(),
          "the print dialog lists the intelligence and battle reports");

    // The battle report in the print preview window, as File > Print Preview shows it.
    const auto doc = report::buildPaper(store, report::PaperKind::Battle, "british", {});
    wxPrintData printData;
    printData.SetPaperId(wxPAPER_A4);
    wxPrintDialogData dialogData(printData);
    auto* preview = new wxPrintPreview(new gui::PaperPrintout(doc), new gui::PaperPrintout(doc), &dialogData);
    check(preview->IsOk(), "the print preview is made");
    if (!preview->IsOk()) {
        delete preview;
        return 1;
    }
    auto* frame = new wxPreviewFrame(preview, nullptr, wxString::FromUTF8(doc.title), wxPoint(0, 0), wxSize(900, 1050));
    frame->Initialize();
    const int last = static_cast<int>(doc.pages.size());
    check(last >= 2 && preview->SetCurrentPage(last) && preview->GetCurrentPage() == last &&
              !preview->GetPrintout()->HasPage(last + 1),
          "the preview turns to the last page of the battle report (page " + std::to_string(last) + ")");
    preview->SetCurrentPage(1);
    preview->SetZoom(90);
    frame->Show();
    frame->Raise();
    for (int i = 0; i < 40; ++i) {
        wxTheApp->Yield(true);
        wxMilliSleep(50);
    }
    wxImage shot = gui::WindowCapture::fromXServer(*frame);
    if (!shot.IsOk() || gui::WindowCapture::looksBlank(shot)) shot = gui::WindowCapture::fromWindowDC(*frame);
    check(shot.IsOk() && !gui::WindowCapture::looksBlank(shot), "the preview window is captured");
    if (shot.IsOk()) shot.SaveFile(wxString::FromUTF8((out / "preview-british-battle.png").string()), wxBITMAP_TYPE_PNG);
    // The page shows in the window: white paper with ink on it, over the preview's grey background.
    check(inked(shot) > 0.05 && inked(shot) < 0.98, "the preview window shows the page (ink " + std::to_string(inked(shot)) + ")");
    frame->Destroy();
    for (int i = 0; i < 5; ++i) wxTheApp->Yield(true);
    return failures == 0 ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 3) {
        std::cerr << "usage: etatmajor_print_preview_test SCENARIO OUTDIR\n";
        return 2;
    }
    const std::string scenario = argv[1], out = argv[2];
    int wxArgc = 1;  // the arguments are ours, not wxWidgets' command line
    wxApp::SetInstance(new wxApp());
    if (!wxEntryStart(wxArgc, argv) || !wxTheApp->CallOnInit()) {
        std::cerr << "cannot start wxWidgets (no display?)\n";
        return 1;
    }
    wxInitAllImageHandlers();
    int status = 1;
    try {
        status = run(scenario, out);
    } catch (const std::exception& e) {
        std::cerr << "error: " << e.what() << "\n";
    }
    wxTheApp->OnExit();
    wxEntryCleanup();
    return status;
}
