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
//   expect own-mes N | expect face-down N | expect face-up N | expect log-lines-at-least N | expect log-lines N
//   expect draft-path ME TEXT | expect orders-open yes|no | expect odds TEXT | expect battle TEXT (the last battle-show, or the tab
//   after battle-resolve)
#pragma once

#include <wx/event.h>
#include <wx/timer.h>

#include <functional>
#include <string>
#include <vector>

namespace etatmajor::gui {

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
    void onTick(wxTimerEvent& event);
    void run(const std::vector<std::string>& words);
    void finish(int status);

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
};

}  // namespace etatmajor::gui
