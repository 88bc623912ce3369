// SPDX-License-Identifier: GPL-3.0-or-later
// File ▸ Print and Print Preview: a side's papers of an open campaign database, through wxWidgets' printing
// framework. The pages are the report layer's (etatmajor/report): laid out once in the core, drawn here on the
// printer's or the preview's device context instead of cairo's PDF surface.
#pragma once

#include "etatmajor/report/page.hpp"
#include "etatmajor/report/papers.hpp"
#include "etatmajor/view/side_view.hpp"

#include <wx/print.h>

#include <string>
#include <vector>

class wxSingleChoiceDialog;
class wxWindow;

namespace etatmajor::gui {

// One laid-out document as a wxPrintout: every page scaled to the paper.
class PaperPrintout : public wxPrintout {
public:
    explicit PaperPrintout(report::Document document);

    bool HasPage(int page) override;
    void GetPageInfo(int* minPage, int* maxPage, int* pageFrom, int* pageTo) override;
    bool OnPrintPage(int page) override;

private:
    report::Document m_document;
};

// The words of a laid-out document as plain text, for a text panel: its text runs in reading order (page by page,
// top to bottom, runs on one line left to right, separated by two spaces). Pictures and rules are left out.
std::string documentText(const report::Document& document);

// The paper's name in the print dialog's list (every kind of report::allPaperKinds()).
wxString paperTitle(report::PaperKind kind);

// One paper File ▸ Print offers: which paper, of whose side.
struct PaperOffer {
    std::string side, sideName;
    report::PaperKind kind = report::PaperKind::Orders;
};

// The papers the viewer of `view` may print (docs/secrecy.md): a side's view offers that side's papers only; the
// host's view every side's. Printing never offers a free choice of side.
std::vector<PaperOffer> paperOffers(const view::SideView& view);
// The offer's line in the print dialog's list: "Order sheets — British Army".
wxString offerTitle(const PaperOffer& offer);

// The list File > Print asks from: the viewer's papers (paperOffers) in that order; nullptr when there is none.
wxSingleChoiceDialog* newPaperChooser(wxWindow* parent, const view::SideView& view, const wxString& caption);

// Asks which of the viewer's papers (paperOffers), then prints (or previews) it. Explains itself when no campaign
// database is open (`dbPath` empty) or no side has been chosen (`view` null).
void printPapers(wxWindow* parent, const std::string& dbPath, const view::SideView* view, bool preview);

// Asks which of the viewer's papers and a file, and writes the paper there as PDF through the headless backend (the
// same pages the print preview shows; A4).
void exportPapersPdf(wxWindow* parent, const std::string& dbPath, const view::SideView* view);

}  // namespace etatmajor::gui
