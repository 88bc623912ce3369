// SPDX-License-Identifier: GPL-3.0-or-later
// The order sheet of one ME as a dialog (etat-major.md §8.2, §15.12): turn, corps, division, brigade or other,
// formation mode, supply point, LOC and hex, movement or action, the route, order of march, march to the guns and
// what to do on contact. It stays open beside the map so the route can be drawn by clicking hexes; every change is
// checked by the core's rules (view::checkOrder) and the result shown here and on the map. Nothing is written to
// the campaign until the side submits its orders.
#pragma once

#include "turn_model.hpp"

#include "etatmajor/campaign/orders.hpp"
#include "etatmajor/view/side_view.hpp"
#include "etatmajor/view/turn_view.hpp"

#include <wx/dialog.h>

#include <functional>
#include <string>
#include <utility>
#include <vector>

class wxButton;
class wxCheckBox;
class wxChoice;
class wxFlexGridSizer;
class wxRadioBox;
class wxRearrangeCtrl;
class wxStaticText;
class wxTextCtrl;
class wxToggleButton;

namespace etatmajor::gui {

struct OrderContext {
    std::string side;
    int week = 0;
    int day = 0;
    view::MeView me;                                                // one of the side's own MEs, from its view (view::buildSideView)
    std::string loc;                                                // the ME's LOC in words
    std::vector<std::pair<std::string, std::string>> supplyPoints;  // id, name of every urban area
};

class OrderDialog : public wxDialog {
public:
    OrderDialog(wxWindow* parent, OrderContext context, const campaign::Order& order);

    const campaign::Order& order() const { return m_order; }
    const std::string& meId() const { return m_order.me; }
    // A hex clicked on the map while picking: appended to the route (see clickRoute).
    void hexClicked(hex::Offset at);
    bool picking() const;
    void setPicking(bool on);
    // Shows the rules' verdict on the order as it stands.
    void showCheck(const view::PathCheck& check);
    const view::PathCheck& lastCheck() const { return m_check; }
    // For an order written against a campaign server: the rules are not at hand here, so the dialog says that the
    // server checks the order when the side's orders are submitted (and names any problem with its line).
    void showServerCheck();

    // For scripts: sets one field by its name (turn manager test scripts); false with `error` for a bad name or
    // value. Keys: corps division brigade mode supply action note path march-order guns contact intentions.
    bool setField(const std::string& key, const std::string& value, std::string& error);
    // "Put in the orders": hands the order to onAccept when it has no error, otherwise says why and stays open.
    bool accept();
    const std::string& lastMessage() const { return m_message; }

    std::function<void(const campaign::Order&)> onChange;
    std::function<void(const campaign::Order&)> onAccept;
    std::function<void()> onClosed;

private:
    void build();
    void buildHeading(wxFlexGridSizer* grid);
    wxButton* buildRoute(wxFlexGridSizer* grid);
    void buildMarch(wxFlexGridSizer* grid);
    void bindControls(wxButton* clear, wxButton* ok, wxButton* cancel);
    void readControls();
    void changed();
    void fillPath();

    OrderContext m_ctx;
    campaign::Order m_order;
    view::PathCheck m_check;
    std::string m_message;
    bool m_filling = false;

    wxTextCtrl* m_corps = nullptr;
    wxTextCtrl* m_division = nullptr;
    wxTextCtrl* m_brigade = nullptr;
    wxChoice* m_mode = nullptr;
    wxChoice* m_supply = nullptr;
    wxChoice* m_action = nullptr;
    wxTextCtrl* m_note = nullptr;
    wxTextCtrl* m_path = nullptr;
    wxToggleButton* m_pick = nullptr;
    wxTextCtrl* m_checkText = nullptr;
    wxRearrangeCtrl* m_march = nullptr;
    wxCheckBox* m_guns = nullptr;
    wxRadioBox* m_contact = nullptr;
    wxTextCtrl* m_intentions = nullptr;
    wxStaticText* m_status = nullptr;
    std::vector<std::string> m_unitIds;  // in the order-of-march list's original order
};

// The §5 modes as the order sheet lists them, forage included.
const std::vector<std::string>& orderModes();
// The actions an order may carry instead of (or besides) a move.
const std::vector<std::string>& orderActions();

}  // namespace etatmajor::gui
