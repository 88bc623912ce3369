// SPDX-License-Identifier: GPL-3.0-or-later
// The layout a window is given at its first launch and remembers between launches (the user's settings, wxConfig):
// its place and size, whether it was maximised, and the size of each of its panes. The map editor, the turn manager
// and the server window each keep theirs under a group of their own.
//
// A pane's size is that of the pane that keeps its size when the window grows (the side panels, the tabs under the
// map): the map takes the rest. At the first launch the panes are sized from their content (lines of text, the width
// of the tool panel) once the window has its real size; a remembered size is used as it was left, always leaving
// the other pane its minimum. A remembered place that no longer fits the screens (a smaller screen, a screen gone)
// is moved and shrunk onto the screen it overlaps most.
#pragma once

#include <wx/gdicmn.h>

#include <functional>
#include <map>
#include <string>
#include <vector>

class wxConfigBase;
class wxSplitterWindow;
class wxTopLevelWindow;

namespace etatmajor::gui {

// The window's size when neither the command line (--size) nor the user's settings give one.
inline const wxSize kDefaultWindowSize{1280, 900};
// `given` when the command line gave a size, otherwise kDefaultWindowSize.
wxSize windowSizeOr(const wxSize& given);

// Where a window remembered at `remembered` goes on screens whose work areas (without panels and docks) are
// `workAreas`, the first the primary one: on the screen it overlaps most (the first when it overlaps none), no larger
// than that screen's work area, no smaller than `minimum` where the screen allows, and moved until it lies wholly on it.
wxRect fitOntoScreens(const wxRect& remembered, const std::vector<wxRect>& workAreas, const wxSize& minimum);

// Which pane of a splitter keeps its size when the window changes size: the first (left or top) or the second.
enum class PaneEnd { First, Second };

// The sash position giving the `end` pane `wanted` pixels in a splitter `total` pixels long with a sash `sash` wide,
// each pane keeping at least `minimum` (the kept pane gives way first when both cannot).
int sashPositionFor(int wanted, PaneEnd end, int total, int sash, int minimum);
// The size of the `end` pane at sash position `position` (the inverse of sashPositionFor).
int paneSizeAt(int position, PaneEnd end, int total, int sash);

class WindowLayout {
public:
    // `group`: the window's settings group, such as "/TurnManager".
    WindowLayout(wxTopLevelWindow& window, std::string group);

    // A pane kept at its size as the window changes size. `firstSize(total)` gives its size at the first launch from
    // its content, once the splitter is `total` pixels long. The splitter's gravity is set to match.
    void addPane(wxSplitterWindow& splitter, const std::string& key, PaneEnd end, std::function<int(int total)> firstSize);

    // Reads the remembered layout from `config`: the window's place and size (unless `keepSize`, when the command line
    // gave one), fitted onto the screens, then maximised if it was; the panes as soon as their splitters have their
    // size. With nothing remembered (or no config) the window keeps the size it was made with, fitted onto the screens,
    // and the panes are sized from their content.
    void restore(wxConfigBase* config, bool keepSize);
    // Writes the layout as it stands; `instead` gives a pane's size to remember in place of its size now (a pane
    // enlarged for a while, such as the turn manager's tabs while the Battles tab is shown).
    void save(wxConfigBase& config, const std::map<std::string, int>& instead = {}) const;

    // The size of a pane now (its wanted size while its splitter has not been laid out yet); -1 for an unknown key.
    int paneSize(const std::string& key) const;
    // Gives a pane a size now (scripts).
    void setPaneSize(const std::string& key, int size);
    // Sizes a pane from its content again, as at the first launch (its content has changed: the order of battle
    // filled once a side is chosen), unless its size was remembered, dragged or set.
    void fitToContent(const std::string& key);

private:
    struct Pane {
        wxSplitterWindow* splitter = nullptr;
        PaneEnd end = PaneEnd::First;
        std::function<int(int)> firstSize;
        int wanted = -1;          // remembered or set; -1: from the content at the first layout
        bool placed = false;      // laid out at a size that gave it all it wanted
        bool fromContent = true;  // its size is firstSize's, not remembered, dragged or set
        bool dragging = false;    // the user is dragging its sash
    };
    void place(Pane& pane);
    static int lengthOf(const wxSplitterWindow& splitter);

    wxTopLevelWindow& m_window;
    std::string m_group;
    std::map<std::string, Pane> m_panes;
};

}  // namespace etatmajor::gui
