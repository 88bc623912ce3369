// SPDX-License-Identifier: GPL-3.0-or-later
// `etatmajor DATABASE --test-script FILE`: drives the turn manager from a script, one command per line, for the GUI
// tests. Clicks on the map are mouse events sent to the canvas, as a person's would be. Blank lines and lines
// starting with # are ignored; hexes are "col,row". The first failing command stops the script with exit status 1
// and a "FILE:LINE: error: ..." message on stderr.
//
//   side ID|host | select ME | order ME | set KEY VALUE... | click HEX | accept | close-order
//   submit | stand-fast | next-phase | next-phase-refused TEXT | overlay loc|supply|range|fog|orders on|off
//   zoom PIXELS|in|out|fit | centre HEX | log-filter [TEXT] [phase P] | wait MS | echo TEXT
//   battle-show ID | battle-odds ID RUNS [cancel] (waits for the worker) | battle-resolve ID
//   save-battle PATH (writes the Battles tab's text)
//   screenshot PATH | save-layout (writes the remembered layout, as closing the window does)
//   expect phase P | expect week-day W D | expect phase-bar TEXT | expect message TEXT
//   expect path TEXT | expect order-ok yes|no | expect reached N | expect allowance N | expect range-at-least N
//   expect own-mes N | expect map-decoys N | expect face-down N | expect face-up N | expect log-lines-at-least N | expect log-lines N
//   run-to-decision [TEXT in why it stopped] | run-to-decision-refused TEXT | close-summary
//   expect summary-has TEXT | expect summary-lacks TEXT (the last run's "What happened to us today")
//   reload (Campaign > Reload, F5) | expect shown-path ME TEXT (the route of today's order as shown: given or draft)
//   expect details-has TEXT (the ME panel)
//   week-open | reorganise ME (Edit > Reorganise ME...) | week-move allocate|spend|replace|buy|decline|answer [SIEGE]
//   week-no-move KIND | week-set KEY VALUE... (a field of the form shown: WeekDialog::setField) | week-check
//   week-apply | week-check-refused TEXT | week-apply-refused TEXT (refused, and the dialog says TEXT) | week-close
//   expect week-message TEXT | expect week-moves N
//   decoys | decoy-new [ID] | decoy-set KEY [VALUE...] | decoy-accept ... (the Decoys dialog: script_decoys.hpp)
//   expect draft-path ME TEXT | expect orders-open yes|no | expect odds TEXT | expect battle TEXT (the last battle-show,
//   or the tab after battle-resolve)
#pragma once

#include "etatmajor/hex/hex.hpp"

#include <wx/event.h>
#include <wx/timer.h>

#include <functional>
#include <map>
#include <string>
#include <vector>

namespace etatmajor::gui {

class OrderDialog;
class WeekDialog;
class TurnFrame;

class TurnScript : public wxEvtHandler {
public:
    TurnScript(TurnFrame& frame, const wxString& path);
    ~TurnScript() override;

    void start(std::function<void(int)> done);

private:
    struct Line {
        int number = 0;
        std::string text;
    };
    using Words = std::vector<std::string>;

    void onTick(wxTimerEvent& event);
    // Runs one command (its handler in m_commands); throws std::runtime_error with a message for a person when it fails.
    void run(const Words& words);
    void finish(int status);
    // The handlers of the commands, group by group, and of `expect`'s expectations.
    void addViewCommands();
    void addOrderCommands();
    void addMapCommands();
    void addBattleCommands();
    void addWeekCommands();
    void addDecoyCommands();
    void addTurnExpectations();
    void addOrderExpectations();
    void expect(const Words& words);
    // The hex "col,row" of the campaign's map; the order dialog open now; waiting for the window to finish painting
    // (then saving the screenshot `shot`, when one is named).
    hex::Hex hexOf(const std::string& text) const;
    OrderDialog& dialog() const;
    WeekDialog& weekDialog() const;
    void settle(const std::string& shot);

    TurnFrame& m_frame;
    wxString m_path;
    std::vector<Line> m_lines;
    std::size_t m_next = 0;
    wxTimer m_timer;
    std::function<void(int)> m_done;
    bool m_settling = false;
    unsigned m_settlePaints = 0;
    long long m_settleSince = 0;
    long long m_settleStart = 0;
    long long m_waitUntil = 0;
    std::string m_pendingShot;
    std::string m_battleText;  // the last battle-show or battle-resolve
    std::map<std::string, std::function<void(const Words&)>> m_commands;
    // expect WHAT ARG...: by WHAT, given the command's words and ARG (the words after WHAT).
    std::map<std::string, std::function<void(const Words&, const std::string& arg)>> m_expectations;
};

}  // namespace etatmajor::gui
