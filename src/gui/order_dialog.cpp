// SPDX-License-Identifier: GPL-3.0-or-later
#include "order_dialog.hpp"

#include "dialog_parts.hpp"
#include "frame_common.hpp"

#include <wx/button.h>
#include <wx/checkbox.h>
#include <wx/choice.h>
#include <wx/radiobox.h>
#include <wx/rearrangectrl.h>
#include <wx/sizer.h>
#include <wx/statbox.h>
#include <wx/stattext.h>
#include <wx/textctrl.h>
#include <wx/tglbtn.h>

#include <algorithm>
#include <sstream>

namespace etatmajor::gui {

namespace {

constexpr const char* kMovement = "movement";

// A value of the dialog's grid that cannot be changed, right of its label (addGridLabel).
void addValue(wxWindow* dialog, wxFlexGridSizer* grid, const wxString& s) {
    auto* t = new wxStaticText(dialog, wxID_ANY, s);
    t->SetFont(t->GetFont().Bold());
    grid->Add(t, 1, wxEXPAND);
}

}  // namespace

const std::vector<std::string>& orderModes() {
    static const std::vector<std::string> k{
        "march", "forced_march", "forage", "reorganisation", "scouting", "deployed_defensive", "deployed_offensive", "breakoff"};
    return k;
}

const std::vector<std::string>& orderActions() {
    static const std::vector<std::string> k{"reorganise", "build_earthworks", "destroy_transport", "destroy_ua", "embark",
                                            "disembark",  "lay_pontoon",      "take_up_pontoon",   "offer_terms"};
    return k;
}

OrderDialog::OrderDialog(wxWindow* parent, OrderContext context, const campaign::Order& order)
    : wxDialog(parent, wxID_ANY,
               wxString::Format(_("Order for %s"), utf8(context.me.label.empty() ? context.me.id : context.me.label)),
               wxDefaultPosition, wxDefaultSize, wxDEFAULT_DIALOG_STYLE | wxRESIZE_BORDER),
      m_ctx(std::move(context)),
      m_order(order) {
    build();
    Bind(wxEVT_CLOSE_WINDOW, [this](wxCloseEvent&) {
        if (onClosed) onClosed();
        Destroy();
    });
}

void OrderDialog::build() {
    auto* top = new wxBoxSizer(wxVERTICAL);
    auto* grid = new wxFlexGridSizer(2, wxSize(8, 5));
    grid->AddGrowableCol(1, 1);
    buildHeading(grid);
    wxButton* clear = buildRoute(grid);
    buildMarch(grid);

    top->Add(grid, 1, wxEXPAND | wxALL, 10);
    const DialogFoot foot = finishBesideMap(this, top);
    m_status = foot.status;
    bindControls(clear, foot.ok, foot.cancel);
}

// The rows of the turn, the ME's formations, its mode and supply point, its LOC and hex.
void OrderDialog::buildHeading(wxFlexGridSizer* grid) {
    addGridLabel(this, grid, _("Turn"));
    addValue(this, grid, wxString::Format(wxString::FromUTF8("week %d, day %d \u2014 %s"), m_ctx.week, m_ctx.day, utf8(m_ctx.side)));
    addGridLabel(this, grid, _("Corps"));
    m_corps = new wxTextCtrl(this, wxID_ANY, utf8(m_order.corps));
    grid->Add(m_corps, 1, wxEXPAND);
    addGridLabel(this, grid, _("Division"));
    m_division = new wxTextCtrl(this, wxID_ANY, utf8(m_order.division));
    grid->Add(m_division, 1, wxEXPAND);
    addGridLabel(this, grid, _("Brigade / other"));
    m_brigade = new wxTextCtrl(this, wxID_ANY, utf8(m_order.brigade));
    grid->Add(m_brigade, 1, wxEXPAND);

    addGridLabel(this, grid, _("Formation mode"));
    m_mode = new wxChoice(this, wxID_ANY);
    for (const auto& m : orderModes()) m_mode->Append(utf8(readable(m)));
    const std::string mode = m_order.mode ? std::string(campaign::modeName(*m_order.mode)) : "forage";
    m_mode->SetSelection(static_cast<int>(std::find(orderModes().begin(), orderModes().end(), mode) - orderModes().begin()));
    grid->Add(m_mode, 1, wxEXPAND);

    addGridLabel(this, grid, _("Supply point"));
    m_supply = new wxChoice(this, wxID_ANY);
    m_supply->Append(wxString::Format(_("keep %s"), utf8(m_ctx.me.supplySource)));
    int selected = 0;
    for (std::size_t i = 0; i < m_ctx.supplyPoints.size(); ++i) {
        m_supply->Append(utf8(m_ctx.supplyPoints[i].second + " (" + m_ctx.supplyPoints[i].first + ")"));
        if (!m_order.supply.empty() && m_order.supply != m_ctx.me.supplySource && m_ctx.supplyPoints[i].first == m_order.supply)
            selected = static_cast<int>(i) + 1;
    }
    m_supply->SetSelection(selected);
    grid->Add(m_supply, 1, wxEXPAND);

    addGridLabel(this, grid, _("LOC"));
    addValue(this, grid, utf8(m_ctx.loc));
    addGridLabel(this, grid, _("Hex"));
    addValue(this, grid, utf8(m_ctx.me.hex));
}

// The rows of the action and the route, with the rules' verdict on it; returns the button that clears the route.
wxButton* OrderDialog::buildRoute(wxFlexGridSizer* grid) {
    addGridLabel(this, grid, _("Movement or action"));
    auto* actionRow = new wxBoxSizer(wxHORIZONTAL);
    m_action = new wxChoice(this, wxID_ANY);
    m_action->Append(_("movement"));
    for (const auto& a : orderActions()) m_action->Append(utf8(readable(a)));
    int action = 0;
    if (!m_order.actions.empty()) {
        const auto it = std::find(orderActions().begin(), orderActions().end(), m_order.actions.front().kind);
        if (it != orderActions().end()) action = static_cast<int>(it - orderActions().begin()) + 1;
    }
    m_action->SetSelection(action);
    m_note = new wxTextCtrl(this, wxID_ANY, m_order.actions.empty() ? wxString() : utf8(m_order.actions.front().note),
                            wxDefaultPosition, wxSize(60, -1));
    m_note->SetHint(_("note on the action"));
    actionRow->Add(m_action, 0, wxRIGHT, 6);
    actionRow->Add(m_note, 1, wxEXPAND);
    grid->Add(actionRow, 1, wxEXPAND);

    const RouteRow route = addRouteRow(this, grid, _("Path (col,row ...)"),
                                       wxString::FromUTF8(
                                           "The hexes to enter in turn, starting next to the ME. Click hexes on the map while "
                                           "\u201cPick on map\u201d is down: the last hex again takes it back."),
                                       wxEmptyString);
    m_path = route.path;
    m_path->ChangeValue(utf8(formatPath(m_order.path)));
    m_pick = route.pick;
    auto* clear = route.clear;

    addGridLabel(this, grid, _("Route check"));
    m_checkText = new wxTextCtrl(this, wxID_ANY, wxEmptyString, wxDefaultPosition, wxSize(-1, 72),
                                 wxTE_MULTILINE | wxTE_READONLY | wxTE_RICH2);
    grid->Add(m_checkText, 1, wxEXPAND);
    return clear;
}

// The rows of the order of march, marching to the guns, what to do on contact, and the intentions.
void OrderDialog::buildMarch(wxFlexGridSizer* grid) {
    addGridLabel(this, grid, _("Order of march"));
    wxArrayString names;
    wxArrayInt order;
    std::vector<std::string> ids;
    for (const auto& id : m_order.marchOrder)
        for (const auto& u : m_ctx.me.units)
            if (u.id == id) ids.push_back(id);
    for (const auto& u : m_ctx.me.units)
        if (std::find(ids.begin(), ids.end(), u.id) == ids.end()) ids.push_back(u.id);
    for (std::size_t i = 0; i < ids.size(); ++i) {
        const auto it = std::find_if(m_ctx.me.units.begin(), m_ctx.me.units.end(),
                                     [&](const view::UnitView& u) { return u.id == ids[i]; });
        names.Add(utf8(it->name + " [" + it->id + "]"));
        const bool listed = std::find(m_order.marchOrder.begin(), m_order.marchOrder.end(), ids[i]) != m_order.marchOrder.end();
        order.Add(listed ? static_cast<int>(i) : ~static_cast<int>(i));
    }
    m_unitIds = ids;
    m_march = new wxRearrangeCtrl(this, wxID_ANY, wxDefaultPosition, wxSize(-1, 84), order, names);
    m_march->SetToolTip(_("Tick the units that march in a set order, leading unit first; move them with the arrows."));
    grid->Add(m_march, 1, wxEXPAND);

    addGridLabel(this, grid, _("March to the guns"));
    m_guns = new wxCheckBox(this, wxID_ANY, wxString::FromUTF8("march towards the sound of battle (\u00a78.9)"));
    m_guns->SetValue(m_order.marchToGuns);
    grid->Add(m_guns, 1, wxEXPAND);

    addGridLabel(this, grid, _("On contact"));
    const wxString contacts[] = {_("observe"), _("evade"), _("engage")};
    m_contact = new wxRadioBox(this, wxID_ANY, wxEmptyString, wxDefaultPosition, wxDefaultSize, 3, contacts, 3);
    m_contact->SetSelection(static_cast<int>(m_order.onScoutContact));
    grid->Add(m_contact, 1, wxEXPAND);

    addGridLabel(this, grid, _("Intentions"));
    m_intentions = new wxTextCtrl(this, wxID_ANY, utf8(m_order.intentions), wxDefaultPosition, wxSize(-1, 44), wxTE_MULTILINE);
    grid->Add(m_intentions, 1, wxEXPAND);
}

void OrderDialog::bindControls(wxButton* clear, wxButton* ok, wxButton* cancel) {
    auto onAny = [this](wxCommandEvent&) { changed(); };
    for (wxWindow* w : std::initializer_list<wxWindow*>{m_mode, m_supply, m_action}) w->Bind(wxEVT_CHOICE, onAny);
    m_guns->Bind(wxEVT_CHECKBOX, onAny);
    m_contact->Bind(wxEVT_RADIOBOX, onAny);
    m_march->GetList()->Bind(wxEVT_CHECKLISTBOX, onAny);
    m_path->Bind(wxEVT_TEXT_ENTER, onAny);
    m_path->Bind(wxEVT_KILL_FOCUS, [this](wxFocusEvent& e) {
        changed();
        e.Skip();
    });
    clear->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) {
        m_order.path.clear();
        fillPath();
        changed();
    });
    ok->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { accept(); });
    cancel->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { Close(); });
}

void OrderDialog::fillPath() {
    m_filling = true;
    m_path->ChangeValue(utf8(formatPath(m_order.path)));
    m_filling = false;
}

void OrderDialog::readControls() {
    m_order.corps = fieldText(m_corps);
    m_order.division = fieldText(m_division);
    m_order.brigade = fieldText(m_brigade);
    const int mode = m_mode->GetSelection();
    m_order.mode = campaign::modeFromName(orderModes().at(static_cast<std::size_t>(std::max(0, mode))));
    const int supply = m_supply->GetSelection();
    m_order.supply = supply <= 0 ? std::string() : m_ctx.supplyPoints.at(static_cast<std::size_t>(supply - 1)).first;
    m_order.actions.clear();
    const int action = m_action->GetSelection();
    if (action > 0) m_order.actions.push_back({orderActions().at(static_cast<std::size_t>(action - 1)), fieldText(m_note)});
    std::string error;
    if (auto path = parsePath(m_path->GetValue().utf8_string(), error)) {
        m_order.path = *path;
        m_message.clear();
    } else {
        m_message = "ME " + m_order.me + ", field path: " + error;
    }
    m_order.marchOrder.clear();
    const wxArrayInt& order = m_march->GetList()->GetCurrentOrder();
    for (const int i : order)
        if (i >= 0) m_order.marchOrder.push_back(m_unitIds.at(static_cast<std::size_t>(i)));
    m_order.marchToGuns = m_guns->GetValue();
    m_order.onScoutContact = static_cast<campaign::ScoutContact>(std::max(0, m_contact->GetSelection()));
    m_order.intentions = fieldText(m_intentions);
}

void OrderDialog::changed() {
    if (m_filling) return;
    readControls();
    if (!m_message.empty()) {
        m_status->SetLabel(utf8(m_message));
        m_status->SetForegroundColour(wxColour(180, 20, 20));
        return;
    }
    if (onChange) onChange(m_order);
}

bool OrderDialog::picking() const { return m_pick && m_pick->GetValue(); }

void OrderDialog::setPicking(bool on) { m_pick->SetValue(on); }

void OrderDialog::hexClicked(hex::Offset at) {
    readControls();
    m_order.path = clickRoute(m_order.path, m_ctx.me.offset, at);
    fillPath();
    m_message.clear();
    if (onChange) onChange(m_order);
}

void OrderDialog::showCheck(const view::PathCheck& check) {
    m_check = check;
    std::ostringstream o;
    o << "Base rate " << check.baseRate << ", today's allowance " << check.allowance << " hex(es)";
    std::size_t reached = 0;
    for (const auto& s : check.steps) reached += s.reached ? 1 : 0;
    if (!check.steps.empty()) o << "; " << reached << " of " << check.steps.size() << " step(s) within it";
    o << ".\n";
    for (const auto& m : check.modifiers) o << "  \u2022 " << m << "\n";
    for (const auto& e : check.errors) o << "Refused: " << e << "\n";
    for (const auto& w : check.warnings) o << "Warning: " << w << "\n";
    m_checkText->SetValue(utf8(o.str()));
    if (!check.errors.empty()) {
        m_status->SetLabel(wxString::Format(_("%zu problem(s): the order would be refused."), check.errors.size()));
        m_status->SetForegroundColour(wxColour(180, 20, 20));
    } else if (!check.warnings.empty()) {
        m_status->SetLabel(_("The order is valid, with warnings."));
        m_status->SetForegroundColour(wxColour(170, 100, 0));
    } else {
        m_status->SetLabel(_("The order is valid."));
        m_status->SetForegroundColour(wxColour(20, 120, 40));
    }
    m_message = m_status->GetLabel().utf8_string();
}

void OrderDialog::showServerCheck() {
    m_check = view::PathCheck{};
    m_checkText->SetValue(_("The campaign server checks this order against the rules when the side's orders are submitted; "
                            "a refusal names the order's line in the orders file."));
    m_status->SetLabel(_("Checked by the server on submission."));
    m_status->SetForegroundColour(wxColour(60, 60, 60));
    m_message = m_status->GetLabel().utf8_string();
}

bool OrderDialog::setField(const std::string& key, const std::string& value, std::string& error) {
    auto choose = [&](wxChoice* c, const std::vector<std::string>& names, int offset) {
        const auto it = std::find(names.begin(), names.end(), value);
        if (it == names.end()) {
            error = "'" + value + "' is no " + key;
            return false;
        }
        c->SetSelection(static_cast<int>(it - names.begin()) + offset);
        return true;
    };
    if (key == "corps") m_corps->SetValue(utf8(value));
    else if (key == "division") m_division->SetValue(utf8(value));
    else if (key == "brigade") m_brigade->SetValue(utf8(value));
    else if (key == "mode") {
        if (!choose(m_mode, orderModes(), 0)) return false;
    } else if (key == "supply") {
        if (value == "keep") m_supply->SetSelection(0);
        else {
            std::vector<std::string> ids;
            for (const auto& p : m_ctx.supplyPoints) ids.push_back(p.first);
            if (!choose(m_supply, ids, 1)) return false;
        }
    } else if (key == "action") {
        if (value == kMovement) m_action->SetSelection(0);
        else if (!choose(m_action, orderActions(), 1)) return false;
    } else if (key == "note") m_note->SetValue(utf8(value));
    else if (key == "path") m_path->SetValue(utf8(value));
    else if (key == "march-order") {
        std::istringstream in(value);
        std::vector<std::string> wanted;
        for (std::string id; in >> id;) wanted.push_back(id);
        auto* list = m_march->GetList();
        for (unsigned i = 0; i < list->GetCount(); ++i) list->Check(i, false);
        // Moves each wanted unit up into place, leading unit first.
        for (std::size_t k = 0; k < wanted.size(); ++k) {
            const auto it = std::find(m_unitIds.begin(), m_unitIds.end(), wanted[k]);
            if (it == m_unitIds.end()) {
                error = "'" + wanted[k] + "' is no unit of ME " + m_order.me;
                return false;
            }
            const int original = static_cast<int>(it - m_unitIds.begin());
            int pos = -1;
            const wxArrayInt& cur = list->GetCurrentOrder();
            for (std::size_t j = 0; j < cur.size(); ++j)
                if (cur[j] == original || cur[j] == ~original) pos = static_cast<int>(j);
            list->SetSelection(pos);
            while (pos > static_cast<int>(k) && list->MoveCurrentUp()) --pos;
            list->Check(static_cast<unsigned>(k), true);
        }
    } else if (key == "guns") m_guns->SetValue(value == "yes");
    else if (key == "contact") {
        static const std::vector<std::string> k{"observe", "evade", "engage"};
        const auto it = std::find(k.begin(), k.end(), value);
        if (it == k.end()) {
            error = "'" + value + "' is none of observe, evade, engage";
            return false;
        }
        m_contact->SetSelection(static_cast<int>(it - k.begin()));
    } else if (key == "intentions") m_intentions->SetValue(utf8(value));
    else {
        error = "unknown order field '" + key + "'";
        return false;
    }
    changed();
    return true;
}

bool OrderDialog::accept() {
    readControls();
    if (!m_message.empty() && m_message.rfind("ME ", 0) == 0) {
        m_status->SetLabel(utf8(m_message));
        return false;
    }
    if (onChange) onChange(m_order);
    if (!m_check.errors.empty()) {
        m_message = "ME " + m_order.me + ": " + m_check.errors.front();
        m_status->SetLabel(utf8(m_message));
        m_status->SetForegroundColour(wxColour(180, 20, 20));
        return false;
    }
    if (onAccept) onAccept(m_order);
    Close();
    return true;
}

}  // namespace etatmajor::gui
