// SPDX-License-Identifier: GPL-3.0-or-later
// The commander's weekly decisions as a dialog (Campaign > Weekly Decisions...): what the side may do now with its
// commands between the phases (engine::weeklyMoves, at the stop engine::weeklyStop names), and a form for each:
// the split of a shared source's income (§9.6, G-86), SPs asked for works, pontoons, a bridge or water transport
// (§9.1), replacements from the grant (§9.7, G-80), new MEs bought with it (§9.4, §10.3), handing over the
// initiative (§7.1) and the answer to terms offered at a siege (§11.4).
//
// Every list a form offers comes from the side's own typed objects (its MEs in view::buildSideView, its sources in
// view::supplyReport). The dialog makes the core's command (engine::Command) from the form and hands it to the
// window, which has the core check it (engine::validate: a refusal is shown here and nothing changes) and apply it
// (engine::execute). No rule is decided here.
#pragma once

#include "turn_model.hpp"

#include "etatmajor/core/issue.hpp"
#include "etatmajor/engine/commands.hpp"
#include "etatmajor/engine/weekly_stops.hpp"
#include "etatmajor/view/side_view.hpp"
#include "etatmajor/view/supply_view.hpp"

#include <wx/dialog.h>

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

class wxButton;
class wxCheckListBox;
class wxChoice;
class wxComboBox;
class wxFlexGridSizer;
class wxListBox;
class wxPanel;
class wxSimplebook;
class wxStaticText;
class wxTextCtrl;

namespace etatmajor::gui {

// What the dialog shows of the side: all of it the side's own.
struct WeekContext {
    std::string side;
    int week = 0, day = 0;
    std::string phase;                       // the next phase to run
    std::optional<engine::WeeklyStop> stop;  // the stop the campaign stands at
    std::vector<engine::SideMove> moves;     // what the side may do now
    std::vector<view::MeView> mes;           // the side's own MEs (its view)
    std::vector<view::SourceView> sources;   // the side's own sources (its supply report)
    std::vector<view::PlayerView> players;   // the side's players, for a new ME's commander
    std::string nationality;                 // the side's first nationality, the purchase form's default
    // What dissolving each of the side's MEs moves (engine::dissolveMembers): the reorganisation form's dissolve is a
    // transfer of these. (On a server the server finds them: WeekCommand::dissolve.)
    std::map<std::string, std::vector<std::string>> dissolve;
    // Whether a form can be checked without giving it (the local window asks engine::validate; a server only answers
    // what is given), and who refuses in the dialog's words ("the rules", "the server").
    bool checkable = true;
    std::string judge = "the rules";
    // On a server, at a weekly stop that waits for the side: the stop, its deadline and the side's word, and whether
    // the side has said it is done (the dialog then offers Reopen, else Done with This Stop).
    struct StopWord {
        std::string text;
        bool done = false;
    };
    std::optional<StopWord> word;
};

// What a form gives: the core's command, and whether it is the dissolution of the command's ME (a TransferMembers of
// everything it has: the local window gives that transfer, a server is asked to dissolve the ME and finds its
// members itself, as `me dissolve --server` does).
struct WeekCommand {
    engine::Command command;
    bool dissolve = false;
};

// The short word of each kind of move, as the script commands name the forms: allocate, spend, replace, buy,
// reorganise, decline, answer.
std::string moveWord(engine::MoveKind kind);
std::optional<engine::MoveKind> moveKindOf(const std::string& word);
// The dialog's text for a side (the moves and what each form offers), for the fog-of-war audit's dump.
std::string weekText(const WeekContext& context);

class WeekDialog : public wxDialog {
public:
    WeekDialog(wxWindow* parent, WeekContext context);

    // After the campaign changed: the moves and lists again, the form shown kept when its move is still offered.
    void setContext(WeekContext context);
    const WeekContext& context() const { return m_context; }

    // Shows the form of a move of that kind (`siege` picks among the terms to answer); false when none is offered.
    bool showMove(engine::MoveKind kind, int siege = 0);
    std::optional<engine::MoveKind> shownKind() const;
    // For scripts: sets one field of the form shown by its name; false with `error` for a bad name or value.
    // allocate: source ID | share ME SP ("" shares the rest); spend: me on count class at; replace: me, unit ID,
    // general ID (each ticks one); buy: me-id label mode supply commander formation-id formation-name formation-kind
    // general-id general-name general-nationality general-rank general-rating unitN-id|name|nationality|type|class|stands
    // (N = 1..3); answer: reply accept|refuse; reorganise: action split|transfer|dissolve|provisional, me, member ID
    // (ticks it), to, new (the new ME or unit id), label (its label or name).
    bool setField(const std::string& key, const std::string& value, std::string& error);

    // The command of the form shown, or nothing with the form's own errors in `errors`.
    std::optional<WeekCommand> command(std::vector<std::string>& errors);
    // Check: the core's verdict, shown in the dialog (false, with nothing asked, where the context is not checkable).
    // Apply: checked first, then applied when it passes (on a server: given, and the server's answer shown).
    bool check();
    bool apply();
    // What the message box of the dialog says now.
    std::string messageText() const;

    // Hands the command to the window: checked only (apply false) or checked and applied; returns the refusal (nothing
    // changed) or warnings, and fills `lines` with what was done.
    std::function<core::IssueList(const WeekCommand&, bool apply, std::vector<std::string>& lines)> onCommand;
    std::function<void()> onClosed;
    // The side's word at the weekly stop (context().word): done, or taken back; returns what to show (the server's
    // answer, or its refusal with its code) and whether it was given.
    std::function<bool(bool done, std::string& said)> onWord;
    bool sayWord(bool done);

private:
    void build();
    wxPanel* buildAllocate();
    wxPanel* buildSpend();
    wxPanel* buildReplace();
    wxPanel* buildBuy();
    wxPanel* buildDecline();
    wxPanel* buildAnswer();
    wxPanel* buildReorganise();
    void fillReorgMembers();
    void fillMoves();
    void fillLists();
    void fillShares();
    void fillReplaceLists();
    void moveSelected();
    bool run(bool applyIt);
    void fillWord();
    void showMessage(const std::string& text);
    const engine::SideMove* selectedMove() const;

    WeekContext m_context;
    wxStaticText* m_heading = nullptr;
    wxStaticText* m_stopText = nullptr;
    wxButton* m_doneButton = nullptr;
    wxButton* m_reopenButton = nullptr;
    wxListBox* m_moveList = nullptr;
    wxSimplebook* m_book = nullptr;
    std::map<engine::MoveKind, int> m_pages;  // kind -> page of m_book
    wxTextCtrl* m_message = nullptr;
    wxButton* m_checkButton = nullptr;
    wxButton* m_applyButton = nullptr;
    // allocate
    wxChoice* m_source = nullptr;
    wxStaticText* m_sourceInfo = nullptr;
    wxFlexGridSizer* m_shareGrid = nullptr;
    wxPanel* m_sharePanel = nullptr;
    std::vector<std::pair<std::string, wxTextCtrl*>> m_shares;
    // spend
    wxChoice* m_spendMe = nullptr;
    wxChoice* m_spendKind = nullptr;
    wxTextCtrl* m_spendCount = nullptr;
    wxChoice* m_spendClass = nullptr;
    wxTextCtrl* m_spendAt = nullptr;
    // replace
    wxChoice* m_replaceMe = nullptr;
    wxCheckListBox* m_replaceUnits = nullptr;
    wxCheckListBox* m_replaceGenerals = nullptr;
    std::vector<std::string> m_replaceUnitIds, m_replaceGeneralIds;
    // buy
    std::map<std::string, wxWindow*> m_buyFields;  // key (as setField names it) -> wxTextCtrl or wxComboBox
    // answer
    wxChoice* m_answer = nullptr;
    // reorganise
    wxChoice* m_reorgAction = nullptr;
    wxChoice* m_reorgMe = nullptr;
    wxCheckListBox* m_reorgMembers = nullptr;
    std::vector<std::string> m_reorgMemberIds;
    wxChoice* m_reorgTo = nullptr;
    wxTextCtrl* m_reorgNew = nullptr;
    wxTextCtrl* m_reorgLabel = nullptr;
    std::string m_lastMessage;
};

}  // namespace etatmajor::gui
