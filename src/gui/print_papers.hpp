// File ▸ Print and Print Preview: a side's papers of an open campaign database, through wxWidgets' printing
// framework. The pages are the report layer's (etatmajor/report): laid out once in the core, drawn here on the
// printer's or the preview's device context instead of cairo's PDF surface.
#pragma once

#include "etatmajor/report/page.hpp"
#include "etatmajor/report/papers.hpp"

#include <wx/print.h>

#include <string>

class wxWindow;

namespace etatmajor::gui {

class MapDocument;

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

// Asks for the side and the paper, then prints (or previews) it. Explains itself when no campaign database is open.
void printPapers(wxWindow* parent, const MapDocument* document, bool preview);

// Asks for the side, the paper and a file, and writes the paper there as PDF through the headless backend (the same
// pages the print preview shows; A4).
void exportPapersPdf(wxWindow* parent, const MapDocument* document);

}  // namespace etatmajor::gui
