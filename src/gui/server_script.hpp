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
#pragma once

#include <wx/event.h>
#include <wx/timer.h>

#include <functional>
#include <string>
#include <vector>

namespace etatmajor::gui {

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
    void onTick(wxTimerEvent& event);
    void run(const std::vector<std::string>& words);
    void finish(int status);

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
};

}  // namespace etatmajor::gui
