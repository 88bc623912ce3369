// SPDX-License-Identifier: GPL-3.0-or-later
// The side's decoy counters in today's orders (etat-major.md §2.3, G-41, G-42), as a dialog beside the map: the decoys
// the side has on the map, each given a route, and on the week's first day new ones put down in a hex of a friendly
// ME, a friendly town or the primary LOC entry, each designated infantry, cavalry or irregular cavalry (the rate it
// moves at). Places and routes are typed or clicked on the map; every change is checked by the core's rules
// (engine::checkDecoyOrders, through the window) and the verdict shown here. Nothing is written to the campaign until
// the side submits its orders, which carry the decoys' orders with its MEs'.
#pragma once

#include "etatmajor/campaign/orders.hpp"
#include "etatmajor/engine/decoy_orders.hpp"
#include "etatmajor/view/side_view.hpp"

#include <wx/dialog.h>

#include <functional>
#include <optional>
#include <string>
#include <vector>

class wxButton;
class wxChoice;
class wxListBox;
class wxStaticText;
class wxTextCtrl;
class wxToggleButton;

namespace etatmajor::gui {

struct DecoyContext {
    std::string side;
    int week = 0;
    int day = 0;
    engine::DecoyAllowance allowance;
    std::vector<view::DecoyView> onMap;  // the side's own decoys on the map, from its view
};

class DecoyDialog : public wxDialog {
public:
    // `decoys`: the decoys' orders of today's draft (those on the map with their routes, and new ones).
    DecoyDialog(wxWindow* parent, DecoyContext context, std::vector<campaign::DecoyOrder> decoys);

    const std::vector<campaign::DecoyOrder>& decoys() const { return m_decoys; }
    // The id of the decoy whose fields are shown (empty when there is none).
    std::string selected() const;
    bool select(const std::string& id);
    // "New Decoy": a new decoy to put down today, named `id` (empty: the side's next free "SIDE-decoy-N"). Refused, with
    // `error`, after the week's first day, beyond the week's allowance, or for an id already taken.
    bool addNew(const std::string& id, std::string& error);
    // "Remove": takes a new decoy out of the orders (a decoy on the map is only ever given a route).
    bool removeSelected(std::string& error);
    // A hex clicked on the map while picking: the place of a new decoy that has none yet, else the next hex of the
    // selected decoy's route (the last hex again takes it back).
    void hexClicked(hex::Offset at);
    bool picking() const;
    void setPicking(bool on);
    // The rules' verdict on the decoys' orders as they stand (engine::checkDecoyOrders, asked by the window).
    void showCheck(const std::vector<std::string>& errors);
    // For decoys written against a campaign server: the rules are not at hand, so the dialog says that the server checks
    // the decoys' orders when the side's orders are submitted (a refusal names the decoy and field).
    void showServerCheck();
    // For scripts: sets a field of the selected decoy (keys: id designated place path); false with `error`.
    bool setField(const std::string& key, const std::string& value, std::string& error);
    // "Put in Today's Orders": hands the decoys' orders to onAccept when the rules find nothing wrong, otherwise says
    // why and stays open.
    bool accept();
    // What the dialog says now (its status line), the list of decoys as shown, the rules' verdict: for scripts.
    const std::string& lastMessage() const { return m_message; }
    std::string listText() const;
    std::string checkText() const;

    std::function<void(const std::vector<campaign::DecoyOrder>&)> onChange;
    std::function<void(const std::vector<campaign::DecoyOrder>&)> onAccept;
    std::function<void()> onClosed;

private:
    void build();
    // Whether decoy `d` is a new one, put down by today's orders (not one of the side's decoys on the map).
    bool isNew(const campaign::DecoyOrder& d) const;
    // The hex a decoy starts today's route from: where it stands, or where a new one is put down.
    std::optional<hex::Offset> startOf(const campaign::DecoyOrder& d) const;
    void fillList();
    void fillFields();
    // Reads the selected decoy's fields into its order; false (and the status says why) for a field that does not read.
    bool readFields();
    void changed();
    void say(const std::string& text, bool problem);

    DecoyContext m_ctx;
    std::vector<campaign::DecoyOrder> m_decoys;
    int m_current = -1;
    std::vector<std::string> m_errors;
    std::string m_message;
    bool m_filling = false;

    wxStaticText* m_allowance = nullptr;
    wxListBox* m_list = nullptr;
    wxButton* m_new = nullptr;
    wxButton* m_remove = nullptr;
    wxTextCtrl* m_id = nullptr;
    wxChoice* m_designated = nullptr;
    wxTextCtrl* m_place = nullptr;
    wxTextCtrl* m_path = nullptr;
    wxToggleButton* m_pick = nullptr;
    wxTextCtrl* m_checkText = nullptr;
    wxStaticText* m_status = nullptr;
};

// The designations a decoy may carry (G-42 decoy_mr), in the order the dialog lists them.
const std::vector<std::string>& decoyDesignations();

}  // namespace etatmajor::gui
