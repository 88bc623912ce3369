// SPDX-License-Identifier: GPL-3.0-or-later
// `etatmajor --connect URL ... --test-script FILE`: drives the server window (server_frame.hpp) from a script, one
// command a line, for the GUI tests; as the turn manager's script (turn_script.hpp), a failing command stops it with
// exit status 1 and "FILE:LINE: error: ..." on stderr.
//
//   order ME | set KEY VALUE... | click HEX | accept | close-order | select ME | tab TITLE
//   submit | submit-refused TEXT | stand-fast | withdraw | reload
//   wait-day WEEK DAY [SECONDS] (until the window, following the server's events by itself, shows that day)
//   show-connect [PASSPHRASE] | hide-connect | zoom PIXELS|in|out|fit | centre HEX | wait MS | echo TEXT
//   screenshot PATH
//   expect week-day W D | expect phase P | expect orders STATUS | expect orders-open yes|no | expect own-mes N
//   expect face-down N | expect message TEXT | expect report TEXT | expect turn TEXT | expect phase-bar TEXT
//   expect event-refreshes-at-least N
//   week-open | week-close | week-done | week-reopen | week-dump PATH | wait-phase PHASE [SECONDS] | expect week-moves N
//   expect stop TEXT, and the Week dialog's words (script_week.hpp): week-move, week-set, week-apply...
//   the Decoys dialog's words (script_decoys.hpp): decoys, decoy-new, decoy-set, decoy-accept...
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
class ServerFrame;

class ServerScript : public wxEvtHandler {
public:
    ServerScript(ServerFrame& frame, const wxString& path);
    ~ServerScript() override;
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
    void addWindowCommands();
    void addOrderCommands();
    void addWeekCommands();
    void addExpectations();
    void expect(const Words& words);
    // The hex "col,row" of the campaign's map; the order dialog open now; waiting for the window to finish painting
    // (then saving the screenshot `shot`, when one is named).
    hex::Hex hexOf(const std::string& text) const;
    OrderDialog& dialog() const;
    void settle(const std::string& shot);

    ServerFrame& m_frame;
    wxString m_path;
    std::vector<Line> m_lines;
    std::size_t m_next = 0;
    wxTimer m_timer;
    std::function<void(int)> m_done;
    bool m_settling = false;
    unsigned m_settlePaints = 0;
    long long m_settleSince = 0, m_settleStart = 0, m_waitUntil = 0;
    std::string m_pendingShot;
    // wait-day: the week and day waited for, and until when.
    int m_waitWeek = 0, m_waitDay = 0;
    long long m_waitDayUntil = 0;
    int m_waitLine = 0;
    std::string m_waitPhase;  // wait-phase: the phase waited for (then m_waitDayUntil says until when)
    std::map<std::string, std::function<void(const Words&)>> m_commands;
    // expect WHAT ARG...: by WHAT, given the command's words and ARG (the words after WHAT).
    std::map<std::string, std::function<void(const Words&, const std::string& arg)>> m_expectations;
};

}  // namespace etatmajor::gui
