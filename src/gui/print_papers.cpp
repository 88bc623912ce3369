// SPDX-License-Identifier: GPL-3.0-or-later
#include "print_papers.hpp"

#include "etatmajor/db/campaign_store.hpp"
#include "etatmajor/report/papers.hpp"
#include "etatmajor/report/pdf.hpp"

#include <wx/choicdlg.h>
#include <wx/dc.h>
#include <wx/filedlg.h>
#include <wx/frame.h>
#include <wx/graphics.h>
#include <wx/msgdlg.h>
#include <wx/printdlg.h>

#include <algorithm>
#include <memory>
#include <optional>
#include <type_traits>
#include <variant>
#include <vector>

namespace etatmajor::gui {
namespace {

wxColour colour(const report::Colour& c) {
    return wxColour(static_cast<unsigned char>(c.r * 255), static_cast<unsigned char>(c.g * 255),
                    static_cast<unsigned char>(c.b * 255));
}

wxGraphicsPen pen(wxGraphicsContext& gc, const std::optional<report::Stroke>& s) {
    if (!s) return gc.CreatePen(wxGraphicsPenInfo(*wxBLACK, 0).Style(wxPENSTYLE_TRANSPARENT));
    return gc.CreatePen(wxGraphicsPenInfo(colour(s->colour), s->width).Style(s->dashed ? wxPENSTYLE_SHORT_DASH : wxPENSTYLE_SOLID));
}

wxGraphicsBrush brush(wxGraphicsContext& gc, const std::optional<report::Colour>& c) {
    return c ? gc.CreateBrush(wxBrush(colour(*c))) : gc.CreateBrush(*wxTRANSPARENT_BRUSH);
}

wxString fit(wxGraphicsContext& gc, const wxString& s, double width) {
    double w = 0, h = 0;
    gc.GetTextExtent(s, &w, &h);
    if (width <= 0 || w <= width) return s;
    wxString t = s;
    while (!t.empty()) {
        t.RemoveLast();
        gc.GetTextExtent(t + wxString::FromUTF8("\u2026"), &w, &h);
        if (w <= width) break;
    }
    return t + wxString::FromUTF8("\u2026");
}

void drawText(wxGraphicsContext& gc, const report::TextRun& t) {
    if (t.text.empty()) return;
    const wxString face = t.font.face == report::FontFace::Serif  ? "DejaVu Serif"
                          : t.font.face == report::FontFace::Mono ? "DejaVu Sans Mono"
                          : t.font.condensed                      ? "DejaVu Sans Condensed"
                                                                  : "DejaVu Sans";
    int flags = wxFONTFLAG_DEFAULT;
    if (t.font.bold) flags |= wxFONTFLAG_BOLD;
    if (t.font.italic) flags |= wxFONTFLAG_ITALIC;
    gc.SetFont(gc.CreateFont(t.font.size, face, flags, colour(t.colour)));
    // Lines: the text's own line breaks, then (when wrapping) words carried over to fit the width.
    std::vector<wxString> lines;
    for (const auto& para : wxSplit(wxString::FromUTF8(t.text), '\n', '\0')) {
        if (!t.wrap) {
            lines.push_back(fit(gc, para, t.width));
            continue;
        }
        wxString line;
        for (const auto& word : wxSplit(para, ' ', '\0')) {
            const wxString next = line.empty() ? word : line + " " + word;
            double w = 0, h = 0;
            gc.GetTextExtent(next, &w, &h);
            if (w > t.width && !line.empty()) {
                lines.push_back(line);
                line = word;
            } else {
                line = next;
            }
        }
        lines.push_back(line);
    }
    double lw = 0, lh = 0;
    gc.GetTextExtent("Ag", &lw, &lh);
    double y = t.y;
    const double total = lh * static_cast<double>(lines.size());
    if (t.centred && t.height > 0) y += (t.height - total) / 2;
    for (const auto& line : lines) {
        if (t.wrap && t.height > 0 && y + lh > t.y + t.height + 0.5) break;
        double w = 0, h = 0;
        gc.GetTextExtent(line, &w, &h);
        double x = t.x;
        if (t.align == report::Align::Centre) x += (t.width - w) / 2;
        else if (t.align == report::Align::Right) x += t.width - w;
        gc.DrawText(line, x, y);
        y += lh;
    }
}

void draw(wxGraphicsContext& gc, const report::Element& e) {
    std::visit(
        [&gc](const auto& el) {
            using T = std::decay_t<decltype(el)>;
            if constexpr (std::is_same_v<T, report::Box>) {
                gc.SetPen(pen(gc, el.stroke));
                gc.SetBrush(brush(gc, el.fill));
                gc.DrawRectangle(el.x, el.y, el.w, el.h);
            } else if constexpr (std::is_same_v<T, report::Rule>) {
                gc.SetPen(pen(gc, el.stroke));
                gc.StrokeLine(el.from.x, el.from.y, el.to.x, el.to.y);
            } else if constexpr (std::is_same_v<T, report::TextRun>) {
                drawText(gc, el);
            } else if constexpr (std::is_same_v<T, report::Shape>) {
                if (el.points.empty()) return;
                wxGraphicsPath path = gc.CreatePath();
                path.MoveToPoint(el.points[0].x, el.points[0].y);
                for (std::size_t i = 1; i < el.points.size(); ++i) path.AddLineToPoint(el.points[i].x, el.points[i].y);
                if (el.closed) path.CloseSubpath();
                gc.SetPen(pen(gc, el.stroke));
                gc.SetBrush(brush(gc, el.closed ? el.fill : std::nullopt));
                if (el.closed && el.fill) gc.FillPath(path);
                if (el.stroke) gc.StrokePath(path);
            } else if constexpr (std::is_same_v<T, report::Circle>) {
                gc.SetPen(pen(gc, el.stroke));
                gc.SetBrush(brush(gc, el.fill));
                gc.DrawEllipse(el.centre.x - el.radius, el.centre.y - el.radius, 2 * el.radius, 2 * el.radius);
            }
        },
        e);
}

}  // namespace

wxString paperTitle(report::PaperKind kind) {
    switch (kind) {
        case report::PaperKind::Orders: return _("Order sheets");
        case report::PaperKind::BlankOrders: return _("Blank order sheet");
        case report::PaperKind::Supply: return _("Supply summary");
        case report::PaperKind::Summary: return _("Weekly turn and supply summary");
        case report::PaperKind::Roster: return _("Order of battle roster");
        case report::PaperKind::Map: return _("Map");
        case report::PaperKind::Intel: return _("Intelligence reports");
        case report::PaperKind::Battle: return _("Battle reports (every battle the side fought)");
    }
    return wxString::FromUTF8(std::string(report::paperKindName(kind)));
}

PaperPrintout::PaperPrintout(report::Document document)
    : wxPrintout(wxString::FromUTF8(document.title)), m_document(std::move(document)) {}

bool PaperPrintout::HasPage(int page) { return page >= 1 && page <= static_cast<int>(m_document.pages.size()); }

void PaperPrintout::GetPageInfo(int* minPage, int* maxPage, int* pageFrom, int* pageTo) {
    *minPage = *pageFrom = 1;
    *maxPage = *pageTo = static_cast<int>(m_document.pages.size());
}

bool PaperPrintout::OnPrintPage(int page) {
    wxDC* dc = GetDC();
    if (!dc || !HasPage(page)) return false;
    const auto dim = report::pageDimensions(m_document.paper);
    // The whole sheet, in points, onto the paper.
    FitThisSizeToPaper(wxSize(static_cast<int>(dim.width), static_cast<int>(dim.height)));
    const wxRect paper = GetLogicalPaperRect();
    double sx = 1, sy = 1;
    dc->GetUserScale(&sx, &sy);
    const wxPoint origin = dc->GetDeviceOrigin();
    const wxPoint logical = dc->GetLogicalOrigin();
    // The graphics context gets the whole transformation itself (points -> device), so the DC's is reset first.
    dc->SetUserScale(1, 1);
    dc->SetDeviceOrigin(0, 0);
    dc->SetLogicalOrigin(0, 0);
    std::unique_ptr<wxGraphicsContext> gc(wxGraphicsContext::CreateFromUnknownDC(*dc));
    if (!gc) return false;
    gc->SetAntialiasMode(wxANTIALIAS_DEFAULT);
    gc->Translate(origin.x, origin.y);
    gc->Scale(sx, sy);
    gc->Translate(paper.x - logical.x, paper.y - logical.y);
    for (const auto& e : m_document.pages[static_cast<std::size_t>(page - 1)].elements) draw(*gc, e);
    return true;
}

std::vector<PaperOffer> paperOffers(const view::SideView& view) {
    std::vector<PaperOffer> out;
    for (const auto& side : view.sides) {
        if (!view.viewer.knows(side.id)) continue;  // a side's view: its own papers only
        for (const auto kind : report::allPaperKinds()) out.push_back({side.id, side.name, kind});
    }
    return out;
}

wxString offerTitle(const PaperOffer& offer) { return paperTitle(offer.kind) + wxString::FromUTF8(" \u2014 " + offer.sideName); }

wxSingleChoiceDialog* newPaperChooser(wxWindow* parent, const view::SideView& view, const wxString& caption) {
    const auto offers = paperOffers(view);
    if (offers.empty()) return nullptr;
    wxArrayString names;
    for (const auto& o : offers) names.Add(offerTitle(o));
    const wxString question = view.viewer.isHost() ? _("Which paper? The host may print any side's.")
                                                   : _("Which paper? Your side's papers show only what it may know.");
    return new wxSingleChoiceDialog(parent, question, caption, names);
}

namespace {

// Asks which of the papers the viewer may have; nothing when there is none to offer or the user cancels.
std::optional<PaperOffer> choosePaper(wxWindow* parent, const view::SideView& view, const wxString& caption) {
    const auto offers = paperOffers(view);
    std::unique_ptr<wxSingleChoiceDialog> dialog(newPaperChooser(parent, view, caption));
    if (!dialog || dialog->ShowModal() != wxID_OK) return std::nullopt;
    const int i = dialog->GetSelection();
    if (i < 0 || i >= static_cast<int>(offers.size())) return std::nullopt;
    return offers[static_cast<std::size_t>(i)];
}

// Papers come from a running campaign, in a viewer's view.
bool mayPrint(wxWindow* parent, const std::string& dbPath, const view::SideView* view, const wxString& caption) {
    if (dbPath.empty()) {
        wxMessageBox(_("Open a campaign database (.db) in the turn manager first: the papers are printed from a running "
                       "campaign."),
                     caption, wxOK | wxICON_INFORMATION, parent);
        return false;
    }
    if (!view) {
        wxMessageBox(_("Choose a side first: each side prints only its own papers."), caption, wxOK | wxICON_INFORMATION, parent);
        return false;
    }
    return true;
}

}  // namespace

void printPapers(wxWindow* parent, const std::string& dbPath, const view::SideView* view, bool preview) {
    if (!mayPrint(parent, dbPath, view, preview ? _("Print Preview") : _("Print"))) return;
    try {
        const auto choice = choosePaper(parent, *view, preview ? _("Print Preview") : _("Print"));
        if (!choice) return;
        const auto store = db::CampaignStore::open(dbPath, true);
        static wxPrintData printData;
        report::PrintOptions options;
        options.paper = printData.GetPaperId() == wxPAPER_LETTER ? report::PaperSize::Letter : report::PaperSize::A4;
        printData.SetPaperId(options.paper == report::PaperSize::Letter ? wxPAPER_LETTER : wxPAPER_A4);
        auto doc = report::buildPaper(store, choice->kind, choice->side, options);
        wxPrintDialogData dialogData(printData);
        if (preview) {
            auto* p = new wxPrintPreview(new PaperPrintout(doc), new PaperPrintout(doc), &dialogData);
            if (!p->IsOk()) {
                delete p;
                wxMessageBox(_("The print preview could not be made (is a printer set up?)."), _("Print Preview"), wxOK | wxICON_ERROR,
                             parent);
                return;
            }
            auto* frame = new wxPreviewFrame(p, parent, wxString::FromUTF8(doc.title), wxDefaultPosition, wxSize(900, 1000));
            frame->Centre(wxBOTH);
            frame->Initialize();
            frame->Show();
        } else {
            wxPrinter printer(&dialogData);
            PaperPrintout printout(std::move(doc));
            if (printer.Print(parent, &printout, true)) printData = printer.GetPrintDialogData().GetPrintData();
            else if (wxPrinter::GetLastError() == wxPRINTER_ERROR)
                wxMessageBox(_("Printing failed."), _("Print"), wxOK | wxICON_ERROR, parent);
        }
    } catch (const std::exception& e) {
        wxMessageBox(wxString::FromUTF8(e.what()), _("Print"), wxOK | wxICON_ERROR, parent);
    }
}

void exportPapersPdf(wxWindow* parent, const std::string& dbPath, const view::SideView* view) {
    if (!mayPrint(parent, dbPath, view, _("Export PDF"))) return;
    try {
        const auto choice = choosePaper(parent, *view, _("Export PDF"));
        if (!choice) return;
        const auto store = db::CampaignStore::open(dbPath, true);
        const wxString suggested = wxString::FromUTF8(choice->side + "-" + std::string(report::paperKindName(choice->kind)) + ".pdf");
        const wxString file = wxFileSelector(_("Export the paper as PDF"), wxEmptyString, suggested, "pdf",
                                             _("PDF files (*.pdf)|*.pdf"), wxFD_SAVE | wxFD_OVERWRITE_PROMPT, parent);
        if (file.empty()) return;
        report::renderPdf(report::buildPaper(store, choice->kind, choice->side, {}), file.utf8_string());
    } catch (const std::exception& e) {
        wxMessageBox(wxString::FromUTF8(e.what()), _("Export PDF"), wxOK | wxICON_ERROR, parent);
    }
}

std::string documentText(const report::Document& document) {
    std::string out;
    for (const auto& page : document.pages) {
        std::vector<const report::TextRun*> runs;
        for (const auto& e : page.elements)
            if (const auto* t = std::get_if<report::TextRun>(&e); t && !t->text.empty()) runs.push_back(t);
        // Top to bottom; runs whose tops are within two points of each other share a line, left to right.
        std::stable_sort(runs.begin(), runs.end(), [](const report::TextRun* a, const report::TextRun* b) { return a->y < b->y; });
        std::size_t i = 0;
        while (i < runs.size()) {
            std::size_t j = i + 1;
            while (j < runs.size() && runs[j]->y - runs[i]->y < 2.0) ++j;
            std::vector<const report::TextRun*> line(runs.begin() + static_cast<std::ptrdiff_t>(i),
                                                     runs.begin() + static_cast<std::ptrdiff_t>(j));
            std::stable_sort(line.begin(), line.end(), [](const report::TextRun* a, const report::TextRun* b) { return a->x < b->x; });
            for (std::size_t k = 0; k < line.size(); ++k) out += (k ? "  " : "") + line[k]->text;
            out += "\n";
            i = j;
        }
        out += "\n";
    }
    return out;
}

}  // namespace etatmajor::gui
