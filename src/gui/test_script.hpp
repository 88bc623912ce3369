// SPDX-License-Identifier: GPL-3.0-or-later
// `etatmajor --test-script FILE`: drives the real window from a script, one command per line, for the GUI tests.
// Clicks and drags become mouse events sent to the canvas, so they take the same path as a person's mouse.
// Blank lines and lines starting with # are ignored. Hexes are offset coordinates "col,row"; hexsides are
// "col,row:DIR" with the map's compass names. The first command that fails stops the script with exit status 1
// and a "FILE:LINE: error: ..." message on stderr.
//
//   open PATH | new COLSxROWS [pointy|flat] [odd|even] [KM] | save PATH
//   tool NAME [ARG]       pan | terrain TERRAIN | fill TERRAIN | stamp | hexside river|stream|ford|bridge | route
//   major_road|minor_road|
//                         navigable_river | urban | label | sides SIDE primary|secondary|hq | eraser CLASS | picker
//                         (eraser classes: terrain watercourse crossing route urban label loc hq)
//   brush RADIUS          0..3
//   set KEY VALUE         name, navigable, fordable (yes|no), size, fortification, loc-name
//   answer urban NAME|SIZE|FORTIFICATION    the reply to the next urban-area dialog
//   answer text TEXT      the reply to the next text dialog
//   click HEX | drag HEX HEX... | click-side SIDE | drag-sides SIDE SIDE... | hover HEX | hover-side SIDE
//   key K                 a tool shortcut typed on the map ([ ] H T R D U L S E I F C V, or escape)
//   menu MENU>ITEM[>ITEM]  a menu item chosen, by its label without & and shortcut ("menu View>Layers>Labels")
//   remember-background-pixel HEX NAME   the background picture's pixel under HEX, kept as NAME
//   show-dialog new-map|urban|properties|background | close-dialogs   (shown without waiting, for screenshots)
//   undo | redo
//   zoom PIXELS|in|out|fit | centre HEX | select-issue N
//   add-side ID | home-edges SIDE EDGE[,EDGE...]|none [coast]
//   background PATH OPACITY | background off
//   reset-tile-count | screenshot PATH | screenshot-now PATH | wait MS | echo TEXT
//   expect terrain HEX TERRAIN | expect dirty yes|no | expect title-dirty yes|no | expect undo-steps N
//   expect undo-label TEXT | expect issue CODE | expect no-issue CODE | expect urban HEX NAME
//   expect link HEX HEX KIND | expect no-link HEX HEX KIND | expect watercourse SIDE river|stream|none
//   expect crossing SIDE ford|bridge|none | expect label HEX TEXT | expect loc SIDE HEX primary|secondary|none
//   expect hq SIDE HEX yes|no | expect picked TEXT | expect tool NAME | expect message TEXT
//   expect tiles-rendered-at-most N | expect tiles-rendered-at-least N | expect read-only yes|no
//   expect status FIELD TEXT (the status bar's field FIELD, from 0, holds TEXT)
//   expect background yes|no | expect background-pixel HEX NAME (NAME's pixel now lies under HEX)
//   expect layer terrain|rivers|roads|towns|labels|hex-numbers|background on|off | expect georeferencing yes|no
#pragma once

#include <wx/event.h>
#include <wx/timer.h>

#include <deque>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace etatmajor::gui {

class MainFrame;

class TestScript : public wxEvtHandler {
public:
    TestScript(MainFrame& frame, const wxString& path);
    ~TestScript() override;

    // Runs the script a command at a time from the event loop, then calls `done` with the exit status.
    void start(std::function<void(int)> done);

private:
    struct Line {
        int number = 0;
        std::string text;
    };
    struct UrbanAnswer {
        std::string name;
        std::string size;
        std::string fortification;
    };

    using Words = std::vector<std::string>;

    void onTick(wxTimerEvent& event);
    // Runs one command (its handler in m_commands); throws std::runtime_error with a message for a person when it fails.
    void run(const Words& words);
    // The handlers of the commands, group by group, and of `expect`'s expectations.
    void addFileCommands();
    void addToolCommands();
    void addMapCommands();
    void addMapExpectations();
    void addEditorExpectations();
    void expect(const Words& words);
    void finish(int status);
    void settleThen(bool screenshot, const std::string& path);

    MainFrame& m_frame;
    wxString m_path;
    std::vector<Line> m_lines;
    std::size_t m_next = 0;
    wxTimer m_timer;
    std::function<void(int)> m_done;
    std::deque<UrbanAnswer> m_urbanAnswers;
    std::deque<std::string> m_textAnswers;
    std::size_t m_tileMark = 0;
    std::map<std::string, std::pair<double, double>> m_pixels;  // remember-background-pixel
    std::map<std::string, std::function<void(const Words&)>> m_commands;
    std::map<std::string, std::function<void(const Words&)>> m_expectations;  // expect WHAT ARG...: by WHAT

    // Waiting for the window to finish painting before a screenshot or a tile count.
    bool m_settling = false;
    unsigned m_settlePaints = 0;
    long long m_settleSince = 0;
    long long m_settleStart = 0;
    std::string m_pendingShot;
};

}  // namespace etatmajor::gui
