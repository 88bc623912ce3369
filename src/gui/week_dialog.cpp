// SPDX-License-Identifier: GPL-3.0-or-later
#include "week_dialog.hpp"

#include "frame_common.hpp"
#include "order_dialog.hpp"

#include "etatmajor/hex/offset.hpp"

#include <wx/button.h>
#include <wx/checklst.h>
#include <wx/choice.h>
#include <wx/combobox.h>
#include <wx/listbox.h>
#include <wx/panel.h>
#include <wx/simplebook.h>
#include <wx/sizer.h>
#include <wx/stattext.h>
#include <wx/textctrl.h>

#include <algorithm>
#include <sstream>

namespace etatmajor::gui {

namespace {

std::string text(const wxTextCtrl* c) { return c->GetValue().Trim().Trim(false).utf8_string(); }

std::string choiceId(const wxChoice* c, const std::vector<std::string>& ids) {
    const int i = c->GetSelection();
    return i >= 0 && static_cast<std::size_t>(i) < ids.size() ? ids[static_cast<std::size_t>(i)] : std::string();
}

// The MEs of the side as the choices list them: "b-webster  Webster's Bde".
wxString meLine(const view::MeView& me) { return utf8(me.id + "  " + me.label); }

// Selects the entry of a choice whose text starts with `value` (an id first in its line); false when none does.
bool selectStarting(wxChoice* c, const std::string& value) {
    for (unsigned i = 0; i < c->GetCount(); ++i) {
        const std::string entry = c->GetString(i).utf8_string();
        if (entry == value || entry.rfind(value + " ", 0) == 0) {
            c->SetSelection(static_cast<int>(i));
            return true;
        }
    }
    return false;
}

const std::vector<std::string>& spendKinds() {
    // The kinds `supply spend --on` takes (§9.1; engine::SpendRequest).
    static const std::vector<std::string> k{"works", "pontoon", "bridge", "transport"};
    return k;
}

struct BuyField {
    const char* key;
    const char* label;
    std::vector<std::string> suggestions;  // the purchase format's words (docs/formats/purchase.md), offered in a list
};

const std::vector<BuyField>& buyFields() {
    static const std::vector<BuyField> k{
        {"me-id", "New ME id", {}},
        {"label", "Counter label", {}},
        {"mode", "Mode", orderModes()},
        {"supply", "Supply source", {}},
        {"commander", "Commander (player)", {}},
        {"formation-id", "Formation id", {}},
        {"formation-name", "Formation name", {}},
        {"formation-kind", "Formation kind", {"brigade", "division", "corps", "army"}},
        {"general-id", "General id", {}},
        {"general-name", "General name", {}},
        {"general-nationality", "General nationality", {"british", "loyalist", "german", "american", "french", "spanish", "native"}},
        {"general-rank", "General rank", {"brigade", "division", "corps", "army_commander", "artillery_general"}},
        {"general-rating", "General rating", {"roll", "inept", "capable", "exceptional"}},
    };
    return k;
}

constexpr int kUnitRows = 3;
const char* const kUnitColumns[] = {"id", "name", "nationality", "type", "class", "stands"};

// A form's words on what it does, wrapped to the dialog's width.
wxStaticText* note(wxWindow* parent, const wxString& text) {
    auto* t = new wxStaticText(parent, wxID_ANY, text);
    t->Wrap(580);
    return t;
}

// A form page's column: it opens with the form's words on what it does.
wxBoxSizer* formSizer(wxWindow* page, const wxString& what) {
    auto* s = new wxBoxSizer(wxVERTICAL);
    s->Add(note(page, what), 0, wxALL, 4);
    return s;
}

std::string fieldValue(const wxWindow* w) {
    if (const auto* t = dynamic_cast<const wxTextCtrl*>(w)) return text(t);
    if (const auto* c = dynamic_cast<const wxComboBox*>(w)) return c->GetValue().Trim().Trim(false).utf8_string();
    return {};
}

}  // namespace

std::string moveWord(engine::MoveKind kind) {
    switch (kind) {
        case engine::MoveKind::SupplyAllocate: return "allocate";
        case engine::MoveKind::SupplySpend: return "spend";
        case engine::MoveKind::GrantBuy: return "buy";
        case engine::MoveKind::GrantReplace: return "replace";
        case engine::MoveKind::Reorganise: return "reorganise";
        case engine::MoveKind::DeclineInitiative: return "decline";
        case engine::MoveKind::AnswerTerms: return "answer";
    }
    return "?";
}

std::optional<engine::MoveKind> moveKindOf(const std::string& word) {
    for (const auto kind :
         {engine::MoveKind::SupplyAllocate, engine::MoveKind::SupplySpend, engine::MoveKind::GrantBuy, engine::MoveKind::GrantReplace,
          engine::MoveKind::Reorganise, engine::MoveKind::DeclineInitiative, engine::MoveKind::AnswerTerms})
        if (moveWord(kind) == word) return kind;
    return std::nullopt;
}

std::string weekText(const WeekContext& c) {
    std::ostringstream o;
    o << "Week " << c.week << ", before " << c.phase << "\n";
    if (c.stop)
        o << "The weekly stop before " << campaign::phaseString(c.stop->phase) << ": " << c.stop->title << " (" << c.stop->rule
          << ")\n";
    if (c.moves.empty()) o << c.side << " have none of the week's commands to give now\n";
    for (const auto& m : c.moves) o << "  " << m.command << ": " << m.what << "\n";
    o << "Sources:\n";
    for (const auto& s : c.sources) {
        o << "  " << s.id << " " << s.name << " " << s.weeklyValue << " SP; drawn on by";
        for (const auto& d : s.drawnOnBy) o << " " << d.me;
        o << "\n";
    }
    o << "MEs:\n";
    for (const auto& me : c.mes) {
        o << "  " << me.id << " " << me.label << ":";
        for (const auto& u : me.units) o << " " << u.id << " (" << u.name << ")";
        for (const auto& g : me.generals) o << " " << g.id << " (" << g.name << ", " << g.status << ")";
        o << "\n";
    }
    return o.str();
}

WeekDialog::WeekDialog(wxWindow* parent, WeekContext context)
    : wxDialog(parent, wxID_ANY, _("Weekly Decisions"), wxDefaultPosition, wxDefaultSize, wxDEFAULT_DIALOG_STYLE | wxRESIZE_BORDER),
      m_context(std::move(context)) {
    build();
    Bind(wxEVT_CLOSE_WINDOW, [this](wxCloseEvent&) {
        if (onClosed) onClosed();
        Destroy();
    });
}

void WeekDialog::build() {
    auto* top = new wxBoxSizer(wxVERTICAL);
    m_heading = new wxStaticText(this, wxID_ANY, wxEmptyString);
    m_heading->SetFont(m_heading->GetFont().Bold());
    top->Add(m_heading, 0, wxLEFT | wxRIGHT | wxTOP | wxEXPAND, 8);
    // A server's weekly stop: the side's word on it.
    auto* stopRow = new wxBoxSizer(wxHORIZONTAL);
    m_stopText = new wxStaticText(this, wxID_ANY, wxEmptyString);
    stopRow->Add(m_stopText, 1, wxALIGN_CENTER_VERTICAL | wxRIGHT, 6);
    m_doneButton = new wxButton(this, wxID_ANY, _("&Done with This Stop"));
    m_doneButton->SetToolTip(_("Tell the server the side is done with this weekly stop: the turn goes on once every side is"));
    m_reopenButton = new wxButton(this, wxID_ANY, _("&Reopen"));
    m_reopenButton->SetToolTip(_("Take back the word that the side is done, while the stop still waits"));
    stopRow->Add(m_doneButton, 0, wxALIGN_CENTER_VERTICAL | wxRIGHT, 4);
    stopRow->Add(m_reopenButton, 0, wxALIGN_CENTER_VERTICAL);
    top->Add(stopRow, 0, wxLEFT | wxRIGHT | wxTOP | wxEXPAND, 8);
    m_doneButton->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { sayWord(true); });
    m_reopenButton->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { sayWord(false); });
    top->Add(new wxStaticText(this, wxID_ANY, _("What the side may do now (choose one for its form):")), 0, wxLEFT | wxRIGHT, 8);
    m_moveList = new wxListBox(this, wxID_ANY, wxDefaultPosition, wxSize(600, 76));
    top->Add(m_moveList, 0, wxLEFT | wxRIGHT | wxBOTTOM | wxEXPAND, 8);

    m_book = new wxSimplebook(this);
    auto* nothing = new wxPanel(m_book);
    auto* nothingSizer = new wxBoxSizer(wxVERTICAL);
    nothingSizer->Add(new wxStaticText(nothing, wxID_ANY, _("Choose one of the moves above.")), 0, wxALL, 8);
    nothing->SetSizer(nothingSizer);
    m_book->AddPage(nothing, "none");
    const std::pair<engine::MoveKind, wxPanel* (WeekDialog::*)()> pages[] = {
        {engine::MoveKind::SupplyAllocate, &WeekDialog::buildAllocate},   {engine::MoveKind::SupplySpend, &WeekDialog::buildSpend},
        {engine::MoveKind::GrantReplace, &WeekDialog::buildReplace},      {engine::MoveKind::GrantBuy, &WeekDialog::buildBuy},
        {engine::MoveKind::DeclineInitiative, &WeekDialog::buildDecline}, {engine::MoveKind::AnswerTerms, &WeekDialog::buildAnswer}};
    for (const auto& [kind, make] : pages) {
        m_pages[kind] = static_cast<int>(m_book->GetPageCount());
        m_book->AddPage((this->*make)(), utf8(moveWord(kind)));
    }
    m_pages[engine::MoveKind::Reorganise] = static_cast<int>(m_book->GetPageCount());
    m_book->AddPage(buildReorganise(), "reorganise");
    top->Add(m_book, 1, wxLEFT | wxRIGHT | wxEXPAND, 8);

    m_message = new wxTextCtrl(this, wxID_ANY, wxEmptyString, wxDefaultPosition, wxSize(600, 64), wxTE_MULTILINE | wxTE_READONLY);
    top->Add(m_message, 0, wxLEFT | wxRIGHT | wxTOP | wxEXPAND, 8);
    auto* buttons = new wxBoxSizer(wxHORIZONTAL);
    m_checkButton = new wxButton(this, wxID_ANY, _("&Check"));
    m_checkButton->SetToolTip(_("Have the rules check the form: nothing is changed"));
    m_applyButton = new wxButton(this, wxID_APPLY, _("&Apply"));
    m_applyButton->SetToolTip(_("Give the command: checked first, then written to the campaign"));
    auto* close = new wxButton(this, wxID_CLOSE, _("Close"));
    buttons->Add(m_checkButton, 0, wxRIGHT, 6);
    buttons->Add(m_applyButton, 0, wxRIGHT, 6);
    buttons->AddStretchSpacer();
    buttons->Add(close);
    top->Add(buttons, 0, wxALL | wxEXPAND, 8);
    SetSizer(top);

    m_moveList->Bind(wxEVT_LISTBOX, [this](wxCommandEvent&) { moveSelected(); });
    m_checkButton->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { check(); });
    m_applyButton->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { apply(); });
    close->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { Close(); });
    fillLists();
    fillMoves();
    fillWord();
    // The lists' long lines would widen the dialog to the screen: it keeps its width, and they scroll.
    for (wxWindow* w : {static_cast<wxWindow*>(m_moveList), static_cast<wxWindow*>(m_book), static_cast<wxWindow*>(m_heading)})
        w->SetMaxSize(wxSize(FromDIP(700), -1));
    SetSizeHints(FromDIP(wxSize(560, 480)), FromDIP(wxSize(900, 1000)));
    SetSize(FromDIP(wxSize(720, 712)));
    Layout();
}

wxPanel* WeekDialog::buildAllocate() {
    auto* p = new wxPanel(m_book);
    auto* s = formSizer(p, utf8("Split a source's income this week between the MEs drawing on it (\u00a79.6, G-86). A share left "
                                "empty: the ME shares what is left."));
    auto* row = new wxBoxSizer(wxHORIZONTAL);
    row->Add(note(p, _("Source")), 0, wxALIGN_CENTER_VERTICAL | wxRIGHT, 6);
    m_source = new wxChoice(p, wxID_ANY);
    row->Add(m_source, 1, wxRIGHT, 6);
    m_sourceInfo = new wxStaticText(p, wxID_ANY, wxEmptyString);
    row->Add(m_sourceInfo, 1, wxALIGN_CENTER_VERTICAL);
    s->Add(row, 0, wxALL | wxEXPAND, 4);
    m_sharePanel = new wxPanel(p);
    m_shareGrid = new wxFlexGridSizer(2, 4, 8);
    m_sharePanel->SetSizer(m_shareGrid);
    s->Add(m_sharePanel, 1, wxALL | wxEXPAND, 4);
    p->SetSizer(s);
    m_source->Bind(wxEVT_CHOICE, [this](wxCommandEvent&) { fillShares(); });
    return p;
}

wxPanel* WeekDialog::buildSpend() {
    auto* p = new wxPanel(m_book);
    auto* s = formSizer(p, utf8("Buy with an ME's SPs, paid at W4 after the replacements (\u00a79.1)."));
    auto* grid = new wxFlexGridSizer(2, 4, 8);
    auto label = [&](const wxString& t) { grid->Add(new wxStaticText(p, wxID_ANY, t), 0, wxALIGN_CENTER_VERTICAL | wxALIGN_RIGHT); };
    label(_("ME that pays"));
    m_spendMe = new wxChoice(p, wxID_ANY);
    grid->Add(m_spendMe, 1, wxEXPAND);
    label(_("On"));
    m_spendKind = new wxChoice(p, wxID_ANY);
    for (const auto& k : spendKinds()) m_spendKind->Append(utf8(k));
    m_spendKind->SetSelection(0);
    grid->Add(m_spendKind, 1, wxEXPAND);
    label(_("Count (works widths, pontoons)"));
    m_spendCount = new wxTextCtrl(p, wxID_ANY, "1");
    grid->Add(m_spendCount, 1, wxEXPAND);
    label(_("Works class"));
    m_spendClass = new wxChoice(p, wxID_ANY);
    m_spendClass->Append("heavy");
    m_spendClass->Append("light");
    m_spendClass->SetSelection(0);
    grid->Add(m_spendClass, 1, wxEXPAND);
    label(_("Bridge: hex across (col,row)"));
    m_spendAt = new wxTextCtrl(p, wxID_ANY);
    grid->Add(m_spendAt, 1, wxEXPAND);
    grid->AddGrowableCol(1);
    s->Add(grid, 0, wxALL | wxEXPAND, 4);
    p->SetSizer(s);
    return p;
}

wxPanel* WeekDialog::buildReplace() {
    auto* p = new wxPanel(m_book);
    auto* s = formSizer(p, utf8("Replace lost guns, engineers, Guard troops and fallen generals of an ME from this week's grant "
                                "(\u00a79.7, G-80)."));
    auto* row = new wxBoxSizer(wxHORIZONTAL);
    row->Add(note(p, _("ME")), 0, wxALIGN_CENTER_VERTICAL | wxRIGHT, 6);
    m_replaceMe = new wxChoice(p, wxID_ANY);
    row->Add(m_replaceMe, 1);
    s->Add(row, 0, wxALL | wxEXPAND, 4);
    auto* lists = new wxBoxSizer(wxHORIZONTAL);
    auto* units = new wxBoxSizer(wxVERTICAL);
    units->Add(new wxStaticText(p, wxID_ANY, _("Units")));
    m_replaceUnits = new wxCheckListBox(p, wxID_ANY, wxDefaultPosition, wxSize(-1, 110));
    units->Add(m_replaceUnits, 1, wxEXPAND);
    auto* generals = new wxBoxSizer(wxVERTICAL);
    generals->Add(new wxStaticText(p, wxID_ANY, _("Generals")));
    m_replaceGenerals = new wxCheckListBox(p, wxID_ANY, wxDefaultPosition, wxSize(-1, 110));
    generals->Add(m_replaceGenerals, 1, wxEXPAND);
    lists->Add(units, 3, wxEXPAND | wxRIGHT, 6);
    lists->Add(generals, 2, wxEXPAND);
    s->Add(lists, 1, wxALL | wxEXPAND, 4);
    p->SetSizer(s);
    m_replaceMe->Bind(wxEVT_CHOICE, [this](wxCommandEvent&) { fillReplaceLists(); });
    return p;
}

wxPanel* WeekDialog::buildBuy() {
    auto* p = new wxPanel(m_book);
    auto* s = formSizer(p, utf8("Raise a new ME with this week's grant (\u00a79.4, \u00a710.3): one formation, its general and "
                                "units, as a purchase file holds them."));
    auto* grid = new wxFlexGridSizer(4, 3, 6);
    for (const auto& f : buyFields()) {
        grid->Add(new wxStaticText(p, wxID_ANY, utf8(f.label)), 0, wxALIGN_CENTER_VERTICAL | wxALIGN_RIGHT);
        wxWindow* w = nullptr;
        if (f.suggestions.empty() && std::string(f.key) != "supply" && std::string(f.key) != "commander") {
            w = new wxTextCtrl(p, wxID_ANY, wxEmptyString, wxDefaultPosition, wxSize(150, -1));
        } else {
            auto* c = new wxComboBox(p, wxID_ANY, wxEmptyString, wxDefaultPosition, wxSize(150, -1));
            for (const auto& v : f.suggestions) c->Append(utf8(v));
            if (!f.suggestions.empty()) c->SetValue(utf8(f.suggestions.front()));
            w = c;
        }
        m_buyFields[f.key] = w;
        grid->Add(w, 1, wxEXPAND);
    }
    grid->AddGrowableCol(1);
    grid->AddGrowableCol(3);
    s->Add(grid, 0, wxALL | wxEXPAND, 4);
    auto* units = new wxFlexGridSizer(7, 3, 4);
    units->Add(new wxStaticText(p, wxID_ANY, wxEmptyString));
    for (const char* column : kUnitColumns) units->Add(new wxStaticText(p, wxID_ANY, utf8(std::string("unit ") + column)));
    for (int row = 1; row <= kUnitRows; ++row) {
        units->Add(new wxStaticText(p, wxID_ANY, wxString::Format("%d", row)), 0, wxALIGN_CENTER_VERTICAL);
        for (const char* column : kUnitColumns) {
            const std::string key = "unit" + std::to_string(row) + "-" + column;
            wxWindow* w = nullptr;
            if (std::string(column) == "type") {
                auto* c = new wxComboBox(p, wxID_ANY, wxEmptyString, wxDefaultPosition, wxSize(120, -1));
                for (const char* t : {"line_infantry", "light_infantry", "irregular_infantry", "light_cavalry", "irregular_cavalry",
                                      "artillery", "engineers"})
                    c->Append(t);
                w = c;
            } else {
                const int width = std::string(column) == "name" ? 150 : std::string(column) == "id" ? 110 : 56;
                w = new wxTextCtrl(p, wxID_ANY, wxEmptyString, wxDefaultPosition, wxSize(width, -1));
            }
            m_buyFields[key] = w;
            units->Add(w, 0, wxEXPAND);
        }
    }
    s->Add(units, 0, wxALL | wxEXPAND, 4);
    p->SetSizer(s);
    return p;
}

wxPanel* WeekDialog::buildDecline() {
    auto* p = new wxPanel(m_book);
    auto* s = formSizer(p, utf8("Hand this week's strategic initiative to the other side (\u00a77.1). It may be done up to day 1's "
                                "orders; Apply gives it."));
    p->SetSizer(s);
    return p;
}

wxPanel* WeekDialog::buildAnswer() {
    auto* p = new wxPanel(m_book);
    auto* s = formSizer(p, utf8("Answer the terms offered to the side's garrison (\u00a711.4): accepted, the garrison surrenders; "
                                "refused, the siege goes on."));
    auto* row = new wxBoxSizer(wxHORIZONTAL);
    row->Add(note(p, _("Answer")), 0, wxALIGN_CENTER_VERTICAL | wxRIGHT, 6);
    m_answer = new wxChoice(p, wxID_ANY);
    m_answer->Append(_("refuse"));
    m_answer->Append(_("accept"));
    m_answer->SetSelection(0);
    row->Add(m_answer, 0);
    s->Add(row, 0, wxALL, 4);
    p->SetSizer(s);
    return p;
}

wxPanel* WeekDialog::buildReorganise() {
    auto* p = new wxPanel(m_book);
    auto* s = formSizer(p, utf8("Split an ME, move units and generals to another, dissolve one into another (a transfer of everything "
                                "it has), or combine under-strength units into a provisional unit (\u00a710.1\u2013\u00a710.4, "
                                "G-94, G-95). A reorganised ME stays where it is today."));
    auto* grid = new wxFlexGridSizer(4, 3, 6);
    auto label = [&](const wxString& t) { grid->Add(new wxStaticText(p, wxID_ANY, t), 0, wxALIGN_CENTER_VERTICAL | wxALIGN_RIGHT); };
    label(_("Action"));
    m_reorgAction = new wxChoice(p, wxID_ANY);
    for (const char* a : {"split", "transfer", "dissolve", "provisional"}) m_reorgAction->Append(a);
    m_reorgAction->SetSelection(0);
    grid->Add(m_reorgAction, 1, wxEXPAND);
    label(_("ME"));
    m_reorgMe = new wxChoice(p, wxID_ANY);
    grid->Add(m_reorgMe, 1, wxEXPAND);
    label(_("Into ME"));
    m_reorgTo = new wxChoice(p, wxID_ANY);
    grid->Add(m_reorgTo, 1, wxEXPAND);
    label(_("New id"));
    m_reorgNew = new wxTextCtrl(p, wxID_ANY);
    m_reorgNew->SetHint(_("split: the new ME; provisional: the unit"));
    grid->Add(m_reorgNew, 1, wxEXPAND);
    label(_("Label or name"));
    m_reorgLabel = new wxTextCtrl(p, wxID_ANY);
    grid->Add(m_reorgLabel, 1, wxEXPAND);
    grid->AddGrowableCol(1);
    grid->AddGrowableCol(3);
    s->Add(grid, 0, wxALL | wxEXPAND, 4);
    s->Add(new wxStaticText(p, wxID_ANY, _("Units and generals (split, transfer: those that go; provisional: the units)")), 0,
           wxLEFT | wxTOP, 4);
    m_reorgMembers = new wxCheckListBox(p, wxID_ANY, wxDefaultPosition, wxSize(-1, 150));
    s->Add(m_reorgMembers, 1, wxALL | wxEXPAND, 4);
    p->SetSizer(s);
    m_reorgMe->Bind(wxEVT_CHOICE, [this](wxCommandEvent&) { fillReorgMembers(); });
    return p;
}

void WeekDialog::fillReorgMembers() {
    m_reorgMembers->Clear();
    m_reorgMemberIds.clear();
    const int i = m_reorgMe->GetSelection();
    if (i < 0 || static_cast<std::size_t>(i) >= m_context.mes.size()) return;
    const auto& me = m_context.mes[static_cast<std::size_t>(i)];
    for (const auto& u : me.units) {
        m_reorgMembers->Append(utf8(u.id + "  " + u.name + " (" + readable(u.type) + ", " + std::to_string(u.figures) + " of " +
                                    std::to_string(u.figuresOriginal) + " figures)"));
        m_reorgMemberIds.push_back(u.id);
    }
    for (const auto& g : me.generals) {
        m_reorgMembers->Append(utf8(g.id + "  " + g.name + " (" + readable(g.rank) + ", " + readable(g.status) + ")"));
        m_reorgMemberIds.push_back(g.id);
    }
}

void WeekDialog::setContext(WeekContext context) {
    const auto kind = shownKind();
    const auto* move = selectedMove();
    const int siege = move ? move->siege : 0;
    // The values typed into a form stay; the lists are made again from the side's objects.
    const std::string source = choiceId(m_source, [&] {
        std::vector<std::string> ids;
        for (const auto& src : m_context.sources) ids.push_back(src.id);
        return ids;
    }());
    m_context = std::move(context);
    fillLists();
    if (!source.empty()) {
        selectStarting(m_source, source);
        fillShares();
    }
    fillMoves();
    fillWord();
    if (kind) showMove(*kind, siege);
}

void WeekDialog::fillWord() {
    const bool shown = m_context.word.has_value();
    m_stopText->SetLabel(shown ? utf8(m_context.word->text) : wxString());
    m_stopText->Wrap(FromDIP(440));
    m_stopText->Show(shown);
    m_doneButton->Show(shown && !m_context.word->done);
    m_reopenButton->Show(shown && m_context.word->done);
    m_checkButton->Show(m_context.checkable);
    Layout();
}

bool WeekDialog::sayWord(bool done) {
    if (!m_context.word || !onWord) {
        showMessage("The campaign stands at no weekly stop that waits for " + m_context.side + ".");
        return false;
    }
    std::string said;
    const bool ok = onWord(done, said);
    showMessage(said);
    return ok;
}

void WeekDialog::fillMoves() {
    std::string heading = "Week " + std::to_string(m_context.week) + ", before " + m_context.phase + " \u00b7 " + m_context.side;
    if (m_context.stop) heading += " \u00b7 the weekly stop: " + m_context.stop->title + " (" + m_context.stop->rule + ")";
    m_heading->SetLabel(utf8(heading));
    m_heading->Wrap(600);
    m_moveList->Clear();
    for (const auto& m : m_context.moves) m_moveList->Append(utf8(m.command + ": " + m.what));
    if (m_context.moves.empty()) {
        m_moveList->Append(utf8(m_context.side + " have none of the week's commands to give now"));
        m_moveList->Enable(false);
    } else {
        m_moveList->Enable(true);
    }
    m_book->SetSelection(0);
    m_checkButton->Enable(false);
    m_applyButton->Enable(false);
}

void WeekDialog::fillLists() {
    m_source->Clear();
    for (const auto& s : m_context.sources) m_source->Append(utf8(s.id + "  " + s.name));
    // The first source drawn on by more than one ME: the one a split is usually for.
    int first = m_context.sources.empty() ? -1 : 0;
    for (std::size_t i = 0; i < m_context.sources.size(); ++i)
        if (m_context.sources[i].drawnOnBy.size() > 1) {
            first = static_cast<int>(i);
            break;
        }
    m_source->SetSelection(first);
    fillShares();
    for (auto* c : {m_spendMe, m_replaceMe, m_reorgMe, m_reorgTo}) {
        c->Clear();
        for (const auto& me : m_context.mes) c->Append(meLine(me));
        if (!m_context.mes.empty()) c->SetSelection(0);
    }
    fillReplaceLists();
    fillReorgMembers();
    if (auto* supply = dynamic_cast<wxComboBox*>(m_buyFields["supply"])) {
        const wxString value = supply->GetValue();
        supply->Clear();
        for (const auto& s : m_context.sources) supply->Append(utf8(s.id));
        supply->SetValue(value.empty() && !m_context.sources.empty() ? utf8(m_context.sources.front().id) : value);
    }
    if (auto* commander = dynamic_cast<wxComboBox*>(m_buyFields["commander"])) {
        const wxString value = commander->GetValue();
        commander->Clear();
        for (const auto& p : m_context.players) commander->Append(utf8(p.id));
        commander->SetValue(value);
    }
    for (const char* key : {"general-nationality"}) {
        auto* c = dynamic_cast<wxComboBox*>(m_buyFields[key]);
        if (c && !m_context.nationality.empty() && c->GetValue() == "british") c->SetValue(utf8(m_context.nationality));
    }
}

void WeekDialog::fillShares() {
    m_sharePanel->DestroyChildren();
    m_shares.clear();
    const int i = m_source->GetSelection();
    if (i < 0 || static_cast<std::size_t>(i) >= m_context.sources.size()) {
        m_sourceInfo->SetLabel(wxEmptyString);
        return;
    }
    const auto& src = m_context.sources[static_cast<std::size_t>(i)];
    m_sourceInfo->SetLabel(utf8(std::to_string(src.weeklyValue) + " SP this week" + (src.rolled ? "" : " (not rolled yet)")));
    for (const auto& d : src.drawnOnBy) {
        m_shareGrid->Add(new wxStaticText(m_sharePanel, wxID_ANY, utf8(d.me + "  " + d.label + (d.canDraw ? "" : " (no LOC to it)"))),
                         0, wxALIGN_CENTER_VERTICAL);
        auto* value = new wxTextCtrl(m_sharePanel, wxID_ANY, wxEmptyString, wxDefaultPosition, wxSize(80, -1));
        value->SetHint(_("rest"));
        m_shareGrid->Add(value);
        m_shares.emplace_back(d.me, value);
    }
    if (src.drawnOnBy.empty())
        m_shareGrid->Add(new wxStaticText(m_sharePanel, wxID_ANY, _("No ME of the side draws on this source this week.")));
    m_sharePanel->Layout();
    if (auto* page = m_sharePanel->GetParent()) page->Layout();
}

void WeekDialog::fillReplaceLists() {
    m_replaceUnits->Clear();
    m_replaceGenerals->Clear();
    m_replaceUnitIds.clear();
    m_replaceGeneralIds.clear();
    const int i = m_replaceMe->GetSelection();
    if (i < 0 || static_cast<std::size_t>(i) >= m_context.mes.size()) return;
    const auto& me = m_context.mes[static_cast<std::size_t>(i)];
    for (const auto& u : me.units) {
        std::string line = u.id + "  " + u.name + " (" + readable(u.type) + ", " + std::to_string(u.figures) + " of " +
                           std::to_string(u.figuresOriginal) + " figures";
        if (const auto guns = gunsText(u); !guns.empty()) line += ", guns " + guns;
        m_replaceUnits->Append(utf8(line + ")"));
        m_replaceUnitIds.push_back(u.id);
    }
    for (const auto& g : me.generals) {
        m_replaceGenerals->Append(utf8(g.id + "  " + g.name + " (" + readable(g.status) + ")"));
        m_replaceGeneralIds.push_back(g.id);
    }
}

const engine::SideMove* WeekDialog::selectedMove() const {
    const int i = m_moveList->GetSelection();
    if (i < 0 || static_cast<std::size_t>(i) >= m_context.moves.size()) return nullptr;
    return &m_context.moves[static_cast<std::size_t>(i)];
}

std::optional<engine::MoveKind> WeekDialog::shownKind() const {
    const auto* m = selectedMove();
    return m ? std::optional(m->kind) : std::nullopt;
}

void WeekDialog::moveSelected() {
    const auto* m = selectedMove();
    if (!m) {
        m_book->SetSelection(0);
        return;
    }
    m_book->SetSelection(static_cast<std::size_t>(m_pages.at(m->kind)));
    m_checkButton->Enable(true);
    m_applyButton->Enable(true);
    std::string say = m->what;
    if (m->kind == engine::MoveKind::AnswerTerms) say = "Siege " + std::to_string(m->siege) + ": " + say;
    showMessage(say);
}

bool WeekDialog::showMove(engine::MoveKind kind, int siege) {
    for (std::size_t i = 0; i < m_context.moves.size(); ++i) {
        const auto& m = m_context.moves[i];
        if (m.kind != kind || (siege != 0 && m.siege != siege)) continue;
        m_moveList->SetSelection(static_cast<int>(i));
        moveSelected();
        return true;
    }
    return false;
}

bool WeekDialog::setField(const std::string& key, const std::string& value, std::string& error) {
    const auto kind = shownKind();
    if (!kind) {
        error = "no move is chosen";
        return false;
    }
    auto pick = [&](wxChoice* c, const char* what) {
        if (selectStarting(c, value)) return true;
        error = std::string("no ") + what + " '" + value + "' to choose";
        return false;
    };
    auto tick = [&](wxCheckListBox* list, const std::vector<std::string>& ids, const char* what) {
        const auto at = std::find(ids.begin(), ids.end(), value);
        if (at == ids.end()) {
            error = std::string("no ") + what + " '" + value + "' in the list";
            return false;
        }
        list->Check(static_cast<unsigned>(at - ids.begin()), true);
        return true;
    };
    switch (*kind) {
        case engine::MoveKind::SupplyAllocate:
            if (key == "source") {
                if (!pick(m_source, "source")) return false;
                fillShares();
                return true;
            }
            if (key == "share") {
                const auto space = value.find(' ');
                const std::string me = value.substr(0, space);
                for (auto& [id, ctrl] : m_shares)
                    if (id == me) {
                        ctrl->SetValue(utf8(space == std::string::npos ? std::string() : value.substr(space + 1)));
                        return true;
                    }
                error = "ME '" + me + "' does not draw on the source shown";
                return false;
            }
            break;
        case engine::MoveKind::SupplySpend:
            if (key == "me") return pick(m_spendMe, "ME");
            if (key == "on") return pick(m_spendKind, "kind");
            if (key == "class") return pick(m_spendClass, "class");
            if (key == "count") return m_spendCount->SetValue(utf8(value)), true;
            if (key == "at") return m_spendAt->SetValue(utf8(value)), true;
            break;
        case engine::MoveKind::GrantReplace:
            if (key == "me") {
                if (!pick(m_replaceMe, "ME")) return false;
                fillReplaceLists();
                return true;
            }
            if (key == "unit") return tick(m_replaceUnits, m_replaceUnitIds, "unit");
            if (key == "general") return tick(m_replaceGenerals, m_replaceGeneralIds, "general");
            break;
        case engine::MoveKind::GrantBuy:
            if (const auto f = m_buyFields.find(key); f != m_buyFields.end()) {
                if (auto* t = dynamic_cast<wxTextCtrl*>(f->second)) t->SetValue(utf8(value));
                else if (auto* c = dynamic_cast<wxComboBox*>(f->second)) c->SetValue(utf8(value));
                return true;
            }
            break;
        case engine::MoveKind::AnswerTerms:
            if (key == "reply") return pick(m_answer, "answer");
            break;
        case engine::MoveKind::Reorganise:
            if (key == "action") return pick(m_reorgAction, "action");
            if (key == "me") {
                if (!pick(m_reorgMe, "ME")) return false;
                fillReorgMembers();
                return true;
            }
            if (key == "to") return pick(m_reorgTo, "ME");
            if (key == "member") return tick(m_reorgMembers, m_reorgMemberIds, "unit or general");
            if (key == "new") return m_reorgNew->SetValue(utf8(value)), true;
            if (key == "label") return m_reorgLabel->SetValue(utf8(value)), true;
            break;
        case engine::MoveKind::DeclineInitiative: break;
    }
    error = "the " + moveWord(*kind) + " form has no field '" + key + "'";
    return false;
}

std::optional<WeekCommand> WeekDialog::command(std::vector<std::string>& errors) {
    const auto* m = selectedMove();
    if (!m) {
        errors.push_back("choose one of the moves first");
        return std::nullopt;
    }
    const std::string& side = m_context.side;
    std::vector<std::string> meIds;
    for (const auto& me : m_context.mes) meIds.push_back(me.id);
    switch (m->kind) {
        case engine::MoveKind::SupplyAllocate: {
            std::vector<std::string> sourceIds;
            for (const auto& s : m_context.sources) sourceIds.push_back(s.id);
            engine::AllocateSupply c{side, choiceId(m_source, sourceIds), {}};
            if (c.source.empty()) errors.push_back("source: choose the source whose income is split");
            std::vector<std::pair<std::string, std::string>> typed;
            for (const auto& [me, ctrl] : m_shares) typed.emplace_back(me, text(ctrl));
            c.shares = parseShares(typed, errors);
            if (errors.empty() && c.shares.empty())
                errors.push_back("shares: give at least one ME its SP (the rest share what is left)");
            if (!errors.empty()) return std::nullopt;
            return WeekCommand{c};
        }
        case engine::MoveKind::SupplySpend: {
            engine::RequestSpending c;
            c.side = side;
            c.me = choiceId(m_spendMe, meIds);
            c.kind = spendKinds()[static_cast<std::size_t>(std::max(0, m_spendKind->GetSelection()))];
            c.workClass = m_spendClass->GetStringSelection().utf8_string();
            const std::string count = text(m_spendCount);
            try {
                std::size_t used = 0;
                c.count = std::stoi(count, &used);
                if (used != count.size()) throw std::invalid_argument(count);
            } catch (const std::exception&) {
                errors.push_back(c.me + ".count: '" + count + "' is not a whole number");
            }
            if (const std::string at = text(m_spendAt); !at.empty()) {
                c.at = hex::parseOffset(at);
                if (!c.at) errors.push_back(c.me + ".at: '" + at + "' is not a hex of the form col,row");
            }
            if (c.me.empty()) errors.push_back("me: choose the ME that pays");
            if (!errors.empty()) return std::nullopt;
            return WeekCommand{c};
        }
        case engine::MoveKind::GrantReplace: {
            engine::ReplaceFromGrant c;
            c.side = side;
            c.me = choiceId(m_replaceMe, meIds);
            for (unsigned i = 0; i < m_replaceUnits->GetCount(); ++i)
                if (m_replaceUnits->IsChecked(i)) c.units.push_back(m_replaceUnitIds[i]);
            for (unsigned i = 0; i < m_replaceGenerals->GetCount(); ++i)
                if (m_replaceGenerals->IsChecked(i)) c.generals.push_back(m_replaceGeneralIds[i]);
            if (c.me.empty()) errors.push_back("me: choose the ME the replacements march to");
            if (!errors.empty()) return std::nullopt;
            return WeekCommand{c};
        }
        case engine::MoveKind::GrantBuy: {
            auto value = [&](const std::string& key) { return fieldValue(m_buyFields.at(key)); };
            PurchaseForm f;
            f.side = side;
            f.meId = value("me-id");
            f.label = value("label");
            f.mode = value("mode");
            f.supply = value("supply");
            f.commander = value("commander");
            f.formationId = value("formation-id");
            f.formationName = value("formation-name");
            f.formationKind = value("formation-kind");
            f.generalId = value("general-id");
            f.generalName = value("general-name");
            f.generalNationality = value("general-nationality");
            f.generalRank = value("general-rank");
            f.generalRating = value("general-rating");
            for (int row = 1; row <= kUnitRows; ++row) {
                const std::string p = "unit" + std::to_string(row) + "-";
                f.units.push_back({value(p + "id"), value(p + "name"), value(p + "nationality"), value(p + "type"), value(p + "class"),
                                   value(p + "stands")});
            }
            return WeekCommand{engine::BuyWithGrant{"purchase form", purchaseText(f)}};
        }
        case engine::MoveKind::DeclineInitiative: return WeekCommand{engine::DeclineInitiative{side}};
        case engine::MoveKind::AnswerTerms:
            return WeekCommand{engine::AnswerTerms{side, m->siege, m_answer->GetStringSelection().utf8_string() == "accept"}};
        case engine::MoveKind::Reorganise: {
            const std::string action = m_reorgAction->GetStringSelection().utf8_string();
            const std::string me = choiceId(m_reorgMe, meIds);
            const std::string to = choiceId(m_reorgTo, meIds);
            std::vector<std::string> members;
            for (unsigned i = 0; i < m_reorgMembers->GetCount(); ++i)
                if (m_reorgMembers->IsChecked(i)) members.push_back(m_reorgMemberIds[i]);
            if (me.empty()) errors.push_back("me: choose the ME to reorganise");
            if (!errors.empty()) return std::nullopt;
            if (action == "split") return WeekCommand{engine::SplitMe{side, me, text(m_reorgNew), text(m_reorgLabel), members}};
            if (action == "transfer") return WeekCommand{engine::TransferMembers{side, me, to, members}};
            if (action == "provisional")
                return WeekCommand{engine::FormProvisional{side, me, members, text(m_reorgNew), text(m_reorgLabel)}};
            // Dissolving is a transfer of everything the ME has, as the core counts it (engine::dissolveMembers).
            const auto all = m_context.dissolve.find(me);
            return WeekCommand{engine::TransferMembers{side, me, to,
                                                       all == m_context.dissolve.end() ? std::vector<std::string>{} : all->second},
                               true};
        }
    }
    return std::nullopt;
}

bool WeekDialog::run(bool applyIt) {
    std::vector<std::string> errors;
    const auto c = command(errors);
    if (!c) {
        std::string say = "Not given: the form is not complete:\n";
        for (const auto& e : errors) say += "  \u2022 " + e + "\n";
        showMessage(say);
        return false;
    }
    if (!onCommand) return false;
    std::vector<std::string> lines;
    const auto issues = onCommand(*c, applyIt, lines);
    std::string say;
    if (issues.hasErrors()) {
        say = "Refused by " + m_context.judge + ", nothing changed:\n";
        for (const auto& i : issues.items()) say += "  \u2022 " + i.format() + "\n";
        showMessage(say);
        return false;
    }
    say = applyIt ? "Given: " + engine::commandName(c->command) + "\n" : "The rules accept it: Apply gives it.\n";
    for (const auto& i : issues.items()) say += "  \u2022 " + i.format() + "\n";
    for (const auto& l : lines) say += "  " + l + "\n";
    showMessage(say);
    return true;
}

bool WeekDialog::check() {
    if (!m_context.checkable) {
        // A server answers only what is given (the dialog shows no Check there).
        showMessage("Not checked: " + m_context.judge + " checks a command only when it is given (Apply).");
        return false;
    }
    return run(false);
}
bool WeekDialog::apply() { return run(true); }

void WeekDialog::showMessage(const std::string& text) {
    m_lastMessage = text;
    m_message->SetValue(utf8(text));
}

std::string WeekDialog::messageText() const { return m_lastMessage; }

}  // namespace etatmajor::gui
