// SPDX-License-Identifier: GPL-3.0-or-later
#include "test_script.hpp"

#include "main_frame.hpp"
#include "script_words.hpp"

#include "etatmajor/edit/map_edits.hpp"
#include "etatmajor/io/atomic_file.hpp"

#include <wx/menu.h>
#include <wx/statusbr.h>
#include <wx/time.h>

#include <algorithm>
#include <cmath>
#include <iostream>
#include <sstream>
#include <stdexcept>

namespace etatmajor::gui {

namespace {

using hex::Hex;
using hex::Point;

// How long the window must go without painting to count as settled, and the longest wait.
constexpr long long kSettleMs = 250;
constexpr long long kSettleGiveUpMs = 15000;

using script::expectEqual;
using script::fail;
using script::need;
using script::number;
using script::rest;
using script::split;
using script::yes;

template <typename E, typename F>
E named(const std::string& s, F&& parse, const char* what) {
    const auto v = parse(s);
    if (!v) fail("unknown " + std::string(what) + " '" + s + "'");
    return *v;
}

const map::Map& mapOf(const MapEditor& editor) {
    if (!editor.document()) fail("no map is open");
    return editor.document()->map();
}

Hex hexOf(const MapEditor& editor, const std::string& text) {
    const auto o = hex::parseOffset(text);
    if (!o) fail("'" + text + "' is not a hex (col,row)");
    const Hex h = mapOf(editor).offsets().toHex(*o);
    if (!mapOf(editor).contains(h)) fail("hex " + text + " is off the map");
    return h;
}

map::HexsideRef sideOf(const MapEditor& editor, const std::string& text) {
    const auto colon = text.find(':');
    if (colon == std::string::npos) fail("'" + text + "' is not a hexside (col,row:DIR)");
    const int dir = hex::parseDirection(mapOf(editor).metadata().orientation, text.substr(colon + 1));
    if (dir < 0) fail("'" + text.substr(colon + 1) + "' is not a direction of this map");
    return map::HexsideRef{hexOf(editor, text.substr(0, colon)), dir};
}

// The map's layout at a hex size of 1: the world coordinates the canvas converts to pixels.
hex::Layout unitLayout(const MapEditor& editor) {
    return hex::Layout(editor.document() ? mapOf(editor).metadata().orientation : hex::Orientation::Pointy, {1.0, 1.0});
}

wxPoint pixelOf(const MapCanvas& canvas, Point world) {
    const wxPoint p = canvas.pixelAt(world);
    const wxSize size = canvas.GetClientSize();
    if (p.x < 0 || p.y < 0 || p.x >= size.x || p.y >= size.y)
        fail("the point is outside the map window; use 'centre' or 'zoom' first");
    return p;
}

// A point just inside the hexside, towards the hex, so the nearest hexside is the one named.
Point sidePoint(const hex::Layout& unit, const map::HexsideRef& s) {
    const Point mid = unit.edgeMidpoint(s.hex, s.dir);
    const Point c = unit.toPixel(s.hex);
    return Point{mid.x + (c.x - mid.x) * 0.15, mid.y + (c.y - mid.y) * 0.15};
}

void mouse(MapCanvas& canvas, wxEventType type, const wxPoint& p, bool leftDown) {
    wxMouseEvent ev(type);
    ev.SetPosition(p);
    ev.m_leftDown = leftDown;
    ev.SetEventObject(&canvas);
    ev.SetId(canvas.GetId());
    canvas.GetEventHandler()->ProcessEvent(ev);
}

// The mouse pressed at the first point, dragged through the others in small steps, released at the last.
void stroke(MapCanvas& canvas, const std::vector<Point>& points) {
    std::vector<wxPoint> pixels;
    pixels.reserve(points.size());
    for (const Point& p : points) pixels.push_back(pixelOf(canvas, p));
    mouse(canvas, wxEVT_MOTION, pixels.front(), false);
    mouse(canvas, wxEVT_LEFT_DOWN, pixels.front(), true);
    for (std::size_t i = 1; i < pixels.size(); ++i) {
        const wxPoint a = pixels[i - 1];
        const wxPoint b = pixels[i];
        const int steps = std::max(1, static_cast<int>(std::hypot(b.x - a.x, b.y - a.y) / 3.0));
        for (int k = 1; k <= steps; ++k)
            mouse(canvas, wxEVT_MOTION, wxPoint(a.x + (b.x - a.x) * k / steps, a.y + (b.y - a.y) * k / steps), true);
    }
    mouse(canvas, wxEVT_LEFT_UP, pixels.back(), false);
}

// `tool NAME [ARG...]`: the tool's own setting from the words after its name (terrain, hexside mode, route kind,
// side and its mode); the eraser's class is set once the tool is chosen.
void setToolArgs(ToolSettings& s, Tool tool, const std::vector<std::string>& w) {
    switch (tool) {
        case Tool::Terrain:
        case Tool::Fill:
            if (w.size() > 2) s.terrain = named<map::Terrain>(w[2], map::terrainFromName, "terrain");
            break;
        case Tool::Hexside:
            if (w.size() > 2) {
                const std::vector<std::string> modes{"river", "stream", "ford", "bridge"};
                const auto it = std::find(modes.begin(), modes.end(), w[2]);
                if (it == modes.end()) fail("unknown hexside mode '" + w[2] + "'");
                s.hexsideMode = static_cast<HexsideMode>(it - modes.begin());
            }
            break;
        case Tool::Route:
            if (w.size() > 2) s.linkKind = named<map::LinkKind>(w[2], map::linkKindFromName, "route kind");
            break;
        case Tool::Sides:
            if (w.size() > 2) s.side = w[2];
            if (w.size() > 3) {
                const std::vector<std::string> modes{"primary", "secondary", "hq"};
                const auto it = std::find(modes.begin(), modes.end(), w[3]);
                if (it == modes.end()) fail("unknown sides mode '" + w[3] + "'");
                s.sideMode = static_cast<SideMode>(it - modes.begin());
            }
            break;
        default: break;
    }
}

}  // namespace

TestScript::TestScript(MainFrame& frame, const wxString& path) : m_frame(frame), m_path(path), m_timer(this) {
    Bind(wxEVT_TIMER, &TestScript::onTick, this, m_timer.GetId());
    addFileCommands();
    addToolCommands();
    addMapCommands();
    addMapExpectations();
    addEditorExpectations();
}

TestScript::~TestScript() { m_timer.Stop(); }

void TestScript::start(std::function<void(int)> done) {
    m_done = std::move(done);
    std::string text;
    try {
        text = io::readWholeFile(std::string(m_path.fn_str()));
    } catch (const std::exception& e) {
        std::cerr << e.what() << "\n";
        finish(1);
        return;
    }
    for (auto& [n, line] : script::commandLines(text)) m_lines.push_back({n, std::move(line)});

    // Dialogs cannot wait for a person: the script supplies the answers.
    auto& tools = m_frame.tools();
    tools.askUrbanArea = [this](map::UrbanArea& urban) {
        if (m_urbanAnswers.empty()) fail("the urban-area tool asked for a name and the script gave no 'answer urban'");
        const UrbanAnswer a = m_urbanAnswers.front();
        m_urbanAnswers.pop_front();
        urban.name = a.name;
        if (!a.size.empty()) urban.size = named<map::UrbanSize>(a.size, map::urbanSizeFromName, "urban size");
        if (!a.fortification.empty())
            urban.fortification = named<map::Fortification>(a.fortification, map::fortificationFromName, "fortification");
        return true;
    };
    tools.askText = [this](const std::string&, std::string& reply) {
        if (m_textAnswers.empty()) fail("the label tool asked for a text and the script gave no 'answer text'");
        reply = m_textAnswers.front();
        m_textAnswers.pop_front();
        return true;
    };
    m_frame.askPlace = [this](const std::string&, std::string& reply) {
        if (m_textAnswers.empty()) fail("the background asked which hex a place is and the script gave no 'answer text'");
        reply = m_textAnswers.front();
        m_textAnswers.pop_front();
        return true;
    };
    m_timer.Start(20);
}

void TestScript::finish(int status) {
    m_timer.Stop();
    if (m_done) {
        auto done = std::move(m_done);
        done(status);
    }
}

void TestScript::settleThen(bool screenshot, const std::string& path) {
    m_settling = true;
    m_pendingShot = screenshot ? path : std::string();
    m_frame.canvas().Refresh();
    m_settlePaints = m_frame.canvas().paintCount();
    m_settleStart = wxGetLocalTimeMillis().GetValue();
    m_settleSince = m_settleStart;
}

void TestScript::onTick(wxTimerEvent&) {
    if (m_settling) {
        const long long now = wxGetLocalTimeMillis().GetValue();
        const unsigned paints = m_frame.canvas().paintCount();
        if (paints != m_settlePaints) {
            m_settlePaints = paints;
            m_settleSince = now;
            return;
        }
        if (now - m_settleSince < kSettleMs && now - m_settleStart < kSettleGiveUpMs) return;
        m_settling = false;
        if (!m_pendingShot.empty() && !m_frame.saveScreenshot(wxString::FromUTF8(m_pendingShot.c_str()))) {
            finish(1);
            return;
        }
        m_pendingShot.clear();
    }
    if (m_next >= m_lines.size()) {
        std::cout << "etatmajor: test script passed (" << m_lines.size() << " commands)\n";
        finish(0);
        return;
    }
    const Line& line = m_lines[m_next++];
    try {
        run(split(line.text));
    } catch (const std::exception& e) {
        std::cerr << m_path.utf8_string() << ":" << line.number << ": error: " << e.what() << "\n  in: " << line.text << "\n";
        finish(1);
    }
}

void TestScript::run(const Words& w) {
    const std::string& cmd = w.at(0);
    const auto command = m_commands.find(cmd);
    if (command == m_commands.end()) fail("unknown command '" + cmd + "'");
    command->second(w);
}

// expect WHAT ARG...: the expectation's handler in m_expectations.
void TestScript::expect(const Words& w) {
    need(w, 3);
    const std::string& what = w[1];
    const auto expectation = m_expectations.find(what);
    if (expectation == m_expectations.end()) fail("unknown expectation '" + what + "'");
    expectation->second(w);
}

// Files, dialogs, undo, waiting and screenshots.
void TestScript::addFileCommands() {
    m_commands["echo"] = [](const Words& w) { std::cout << "etatmajor: " << rest(w, 1) << "\n"; };
    m_commands["open"] = [this](const Words& w) {
        need(w, 2);
        if (!m_frame.openFile(wxString::FromUTF8(rest(w, 1).c_str()))) fail("cannot open " + rest(w, 1));
    };
    m_commands["new"] = [this](const Words& w) {
        need(w, 2);
        const auto x = w[1].find('x');
        if (x == std::string::npos) fail("'new' wants COLSxROWS");
        map::MapMetadata meta;
        meta.id = "scripted";
        meta.name = "Scripted map";
        meta.width = number(w[1].substr(0, x));
        meta.height = number(w[1].substr(x + 1));
        if (w.size() > 2) meta.orientation = w[2] == "flat" ? hex::Orientation::Flat : hex::Orientation::Pointy;
        if (w.size() > 3) meta.parity = w[3] == "even" ? hex::OffsetParity::Even : hex::OffsetParity::Odd;
        if (w.size() > 4) meta.kmPerHex = number(w[4]);
        m_frame.newMap(meta, map::Terrain::Clear);
    };
    m_commands["save"] = [this](const Words& w) {
        need(w, 2);
        if (!m_frame.saveTo(wxString::FromUTF8(rest(w, 1).c_str()))) fail("cannot save " + rest(w, 1));
    };
    m_commands["show-dialog"] = [this](const Words& w) {
        need(w, 2);
        if (!m_frame.showDialogForReview(w[1])) fail("no dialog '" + w[1] + "' here");
    };
    m_commands["close-dialogs"] = [this](const Words&) { m_frame.closeReviewDialogs(); };
    m_commands["undo"] = [this](const Words&) {
        if (!m_frame.editor().undo()) fail("there is nothing to undo");
    };
    m_commands["redo"] = [this](const Words&) {
        if (!m_frame.editor().redo()) fail("there is nothing to redo");
    };
    m_commands["reset-tile-count"] = [this](const Words&) { m_frame.canvas().tiles().resetCounters(); };
    m_commands["screenshot"] = [this](const Words& w) {
        need(w, 2);
        settleThen(true, rest(w, 1));
    };
    m_commands["screenshot-now"] = [this](const Words& w) {
        // Without waiting for the tiles: shows what a person sees in the first frame after a change.
        need(w, 2);
        if (!m_frame.saveScreenshot(wxString::FromUTF8(rest(w, 1).c_str()))) fail("cannot save the screenshot");
    };
    m_commands["wait"] = [](const Words& w) {
        need(w, 2);
        wxMilliSleep(static_cast<unsigned long>(std::max(0, number(w[1]))));
    };
    m_commands["expect"] = [this](const Words& w) { expect(w); };
    m_commands["menu"] = [this](const Words& w) {
        // A menu item chosen as a person chooses it: "menu View>Layers>Labels" sends the item's command to the window.
        need(w, 2);
        const std::string path = rest(w, 1);
        wxMenuBar* bar = m_frame.GetMenuBar();
        if (!bar) fail("the window has no menu bar");
        std::vector<std::string> names;
        std::istringstream in(path);
        for (std::string part; std::getline(in, part, '>');) names.push_back(part);
        if (names.size() < 2) fail("'menu' wants MENU>ITEM");
        const int top = bar->FindMenu(wxString::FromUTF8(names[0].c_str()));
        if (top == wxNOT_FOUND) fail("no menu '" + names[0] + "'");
        wxMenu* menu = bar->GetMenu(static_cast<size_t>(top));
        wxMenuItem* item = nullptr;
        for (std::size_t i = 1; i < names.size(); ++i) {
            item = nullptr;
            for (wxMenuItem* candidate : menu->GetMenuItems())
                if (!candidate->IsSeparator() && candidate->GetItemLabelText().utf8_string() == names[i]) item = candidate;
            if (!item) fail("no menu item '" + names[i] + "' in " + path);
            if (i + 1 < names.size()) {
                if (!item->GetSubMenu()) fail("'" + names[i] + "' is not a submenu");
                menu = item->GetSubMenu();
            }
        }
        m_frame.UpdateWindowUI(wxUPDATE_UI_RECURSE);
        menu->UpdateUI(&m_frame);
        if (!item->IsEnabled()) fail("the menu item " + path + " is disabled");
        wxCommandEvent ev(wxEVT_MENU, item->GetId());
        ev.SetEventObject(menu);
        if (item->IsCheckable()) ev.SetInt(item->IsChecked() ? 0 : 1);
        m_frame.GetEventHandler()->ProcessEvent(ev);
    };
    m_commands["remember-background-pixel"] = [this](const Words& w) {
        // The picture's pixel under a hex's centre, kept under a name for a later 'expect background-pixel'.
        need(w, 3);
        if (!m_frame.background()) fail("there is no background image");
        const Point at = unitLayout(m_frame.editor()).toPixel(hexOf(m_frame.editor(), w[1]));
        double u = 0, v = 0;
        imagePixelAt(*m_frame.background(), at, u, v);
        m_pixels[w[2]] = {u, v};
    };
}

// The tools, their settings, and the answers their dialogs are given.
void TestScript::addToolCommands() {
    m_commands["tool"] = [this](const Words& w) {
        need(w, 2);
        ToolController& tools = m_frame.tools();
        const auto tool = toolFromName(w[1]);
        if (!tool) fail("unknown tool '" + w[1] + "'");
        auto& s = tools.settings();
        setToolArgs(s, *tool, w);
        m_frame.selectTool(*tool);
        if (*tool == Tool::Eraser && w.size() > 2) {
            const std::vector<std::string> classes{"terrain", "watercourse", "crossing", "route", "urban", "label", "loc", "hq"};
            const auto it = std::find(classes.begin(), classes.end(), w[2]);
            if (it == classes.end()) fail("unknown eraser class '" + w[2] + "'");
            s.eraseClass = static_cast<edit::FeatureClass>(it - classes.begin());
        }
        m_frame.syncTools();
        if (tools.tool() != *tool) fail("the tool '" + w[1] + "' is not available here");
    };
    m_commands["brush"] = [this](const Words& w) {
        need(w, 2);
        m_frame.tools().settings().radius = std::clamp(number(w[1]), 0, kMaxBrushRadius);
        m_frame.syncTools();
    };
    m_commands["set"] = [this](const Words& w) {
        need(w, 3);
        auto& s = m_frame.tools().settings();
        const std::string value = rest(w, 2);
        if (w[1] == "name") {
            s.watercourseName = s.crossingName = s.routeName = value;
        } else if (w[1] == "navigable") {
            s.navigable = yes(value);
        } else if (w[1] == "fordable") {
            s.fordable = yes(value);
        } else if (w[1] == "size") {
            s.urbanSize = named<map::UrbanSize>(value, map::urbanSizeFromName, "urban size");
        } else if (w[1] == "fortification") {
            s.fortification = named<map::Fortification>(value, map::fortificationFromName, "fortification");
        } else if (w[1] == "loc-name") {
            s.locName = value;
        } else {
            fail("unknown setting '" + w[1] + "'");
        }
        m_frame.syncTools();
    };
    m_commands["answer"] = [this](const Words& w) {
        need(w, 3);
        if (w[1] == "urban") {
            std::string all = rest(w, 2);
            UrbanAnswer a;
            const auto bar1 = all.find('|');
            a.name = all.substr(0, bar1);
            if (bar1 != std::string::npos) {
                const auto bar2 = all.find('|', bar1 + 1);
                a.size = all.substr(bar1 + 1, bar2 == std::string::npos ? std::string::npos : bar2 - bar1 - 1);
                if (bar2 != std::string::npos) a.fortification = all.substr(bar2 + 1);
            }
            m_urbanAnswers.push_back(a);
        } else if (w[1] == "text") {
            m_textAnswers.push_back(rest(w, 2) == "\"\"" ? std::string() : rest(w, 2));
        } else {
            fail("unknown answer kind '" + w[1] + "'");
        }
    };
    m_commands["key"] = [this](const Words& w) {
        need(w, 2);
        MapCanvas& canvas = m_frame.canvas();
        wxKeyEvent ev(wxEVT_KEY_DOWN);
        ev.m_keyCode = w[1] == "escape" ? static_cast<int>(WXK_ESCAPE)
                                        : static_cast<unsigned char>(std::toupper(static_cast<unsigned char>(w[1][0])));
        ev.SetEventObject(&canvas);
        canvas.GetEventHandler()->ProcessEvent(ev);
    };
}

// The mouse on the map, the view of it, and changes to the map made without the mouse.
void TestScript::addMapCommands() {
    m_commands["click"] = m_commands["drag"] = [this](const Words& w) {
        need(w, 2);
        const hex::Layout unit = unitLayout(m_frame.editor());
        std::vector<Point> points;
        for (std::size_t i = 1; i < w.size(); ++i) points.push_back(unit.toPixel(hexOf(m_frame.editor(), w[i])));
        stroke(m_frame.canvas(), points);
    };
    m_commands["click-side"] = m_commands["drag-sides"] = [this](const Words& w) {
        need(w, 2);
        const hex::Layout unit = unitLayout(m_frame.editor());
        std::vector<Point> points;
        for (std::size_t i = 1; i < w.size(); ++i) points.push_back(sidePoint(unit, sideOf(m_frame.editor(), w[i])));
        stroke(m_frame.canvas(), points);
    };
    m_commands["hover"] = m_commands["hover-side"] = [this](const Words& w) {
        // The mouse resting over a hex or a hexside, no button pressed: the tool shows what it would act on.
        need(w, 2);
        const MapEditor& editor = m_frame.editor();
        const hex::Layout unit = unitLayout(editor);
        MapCanvas& canvas = m_frame.canvas();
        mouse(canvas, wxEVT_MOTION,
              pixelOf(canvas, w[0] == "hover" ? unit.toPixel(hexOf(editor, w[1])) : sidePoint(unit, sideOf(editor, w[1]))), false);
    };
    m_commands["zoom"] = [this](const Words& w) {
        need(w, 2);
        MapCanvas& canvas = m_frame.canvas();
        if (w[1] == "fit") canvas.fitToWindow();
        else if (w[1] == "in") canvas.zoomIn();
        else if (w[1] == "out") canvas.zoomOut();
        else canvas.setHexSize(number(w[1]));
    };
    m_commands["centre"] = [this](const Words& w) {
        need(w, 2);
        m_frame.canvas().centreOnHex(hexOf(m_frame.editor(), w[1]));
    };
    m_commands["select-issue"] = [this](const Words& w) {
        need(w, 2);
        m_frame.refreshValidation();
        m_frame.validation().activate(number(w[1]));
    };
    m_commands["add-side"] = [this](const Words& w) {
        need(w, 2);
        if (!m_frame.editor().submit(edit::addSide(mapOf(m_frame.editor()), w[1]))) fail("cannot add side '" + w[1] + "'");
        m_frame.syncTools();
    };
    m_commands["home-edges"] = [this](const Words& w) {
        need(w, 3);
        std::vector<map::MapEdge> edges;
        if (w[2] != "none") {
            std::istringstream in(w[2]);
            std::string e;
            while (std::getline(in, e, ',')) edges.push_back(named<map::MapEdge>(e, map::mapEdgeFromName, "map edge"));
        }
        m_frame.editor().submit(edit::setHomeEdges(mapOf(m_frame.editor()), w[1], edges, w.size() > 3 && w[3] == "coast"));
    };
    m_commands["background"] = [this](const Words& w) {
        need(w, 2);
        if (w[1] == "off") {
            m_frame.setBackground(std::nullopt);
            return;
        }
        need(w, 3);
        BackgroundSettings s;
        s.image = w[1];
        s.opacity = number(w[2]) / 100.0;
        // Stretched over the map, as the editor does with a new picture.
        const wxImage probe(wxString::FromUTF8(s.image.c_str()));
        if (!probe.IsOk()) fail("cannot read the picture " + s.image);
        const wxRect2DDouble b = m_frame.canvas().painter()->worldBounds();
        s.scale = std::max(b.m_width / probe.GetWidth(), b.m_height / probe.GetHeight());
        s.x = b.m_x + (b.m_width - probe.GetWidth() * s.scale) / 2;
        s.y = b.m_y + (b.m_height - probe.GetHeight() * s.scale) / 2;
        if (!m_frame.setBackground(s)) fail("cannot show the background " + s.image);
    };
}

// expect WHAT ARG...: what the map holds.
void TestScript::addMapExpectations() {
    m_expectations["terrain"] = [this](const Words& w) {
        need(w, 4);
        const MapEditor& editor = m_frame.editor();
        expectEqual("the terrain of " + w[2], std::string(map::terrainName(mapOf(editor).terrain(hexOf(editor, w[2])))), w[3]);
    };
    m_expectations["urban"] = [this](const Words& w) {
        need(w, 4);
        const MapEditor& editor = m_frame.editor();
        const auto* u = mapOf(editor).urbanAreaAt(hexOf(editor, w[2]));
        expectEqual("the urban area on " + w[2],
                    u ? u->name + "|" + std::string(map::urbanSizeName(u->size)) + "|" +
                            std::string(map::fortificationName(u->fortification))
                      : "none",
                    rest(w, 3));
    };
    m_expectations["link"] = m_expectations["no-link"] = [this](const Words& w) {
        need(w, 5);
        const MapEditor& editor = m_frame.editor();
        const Hex a = hexOf(editor, w[2]);
        const Hex b = hexOf(editor, w[3]);
        const int dir = hex::directionTo(a, b);
        if (dir < 0) fail(w[2] + " and " + w[3] + " are not neighbours");
        const bool has = mapOf(editor).hasLink(a, dir, named<map::LinkKind>(w[4], map::linkKindFromName, "route kind"));
        if (has != (w[1] == "link")) fail(std::string("there is ") + (has ? "a " : "no ") + w[4] + " link");
    };
    m_expectations["watercourse"] = [this](const Words& w) {
        need(w, 4);
        const auto s = sideOf(m_frame.editor(), w[2]);
        const auto* hs = mapOf(m_frame.editor()).hexside(s.hex, s.dir);
        const auto kind = hs ? hs->watercourse : map::Watercourse::None;
        expectEqual("the watercourse on " + w[2],
                    kind == map::Watercourse::River    ? "river"
                    : kind == map::Watercourse::Stream ? "stream"
                                                       : "none",
                    w[3]);
    };
    m_expectations["crossing"] = [this](const Words& w) {
        need(w, 4);
        const auto s = sideOf(m_frame.editor(), w[2]);
        const auto* hs = mapOf(m_frame.editor()).hexside(s.hex, s.dir);
        const auto kind = hs ? hs->crossing : map::Crossing::None;
        expectEqual("the crossing on " + w[2],
                    kind == map::Crossing::Ford     ? "ford"
                    : kind == map::Crossing::Bridge ? "bridge"
                                                    : "none",
                    w[3]);
    };
    m_expectations["label"] = [this](const Words& w) {
        need(w, 4);
        const MapEditor& editor = m_frame.editor();
        std::string text = "none";
        for (const auto& l : mapOf(editor).labels())
            if (l.hex == hexOf(editor, w[2])) text = l.text;
        expectEqual("the label on " + w[2], text, rest(w, 3));
    };
    m_expectations["loc"] = [this](const Words& w) {
        need(w, 5);
        const MapEditor& editor = m_frame.editor();
        std::string kind = "none";
        if (const auto* s = mapOf(editor).side(w[2]))
            for (const auto& e : s->locEntries)
                if (e.hex == hexOf(editor, w[3])) kind = std::string(map::locKindName(e.kind));
        expectEqual("the LOC entry of " + w[2] + " on " + w[3], kind, w[4]);
    };
    m_expectations["hq"] = [this](const Words& w) {
        need(w, 5);
        const MapEditor& editor = m_frame.editor();
        bool has = false;
        if (const auto* s = mapOf(editor).side(w[2]))
            has = std::find(s->hqHexes.begin(), s->hqHexes.end(), hexOf(editor, w[3])) != s->hqHexes.end();
        expectEqual("an HQ of " + w[2] + " on " + w[3], has ? "yes" : "no", w[4]);
    };
}

// expect WHAT ARG...: the editor, the window, the tools and the tiles.
void TestScript::addEditorExpectations() {
    m_expectations["dirty"] = [this](const Words& w) { expectEqual("dirty", m_frame.editor().isDirty() ? "yes" : "no", w[2]); };
    m_expectations["title-dirty"] = [this](const Words& w) {
        const bool starred = m_frame.GetTitle().EndsWith(" *");
        expectEqual("a star in the title", starred ? "yes" : "no", w[2]);
    };
    m_expectations["read-only"] = [this](const Words& w) {
        expectEqual("read-only", m_frame.editor().editable() ? "no" : "yes", w[2]);
    };
    m_expectations["undo-steps"] = [this](const Words& w) {
        expectEqual("the number of undo steps", std::to_string(m_frame.editor().undoSteps()), w[2]);
    };
    m_expectations["undo-label"] = [this](const Words& w) { expectEqual("the undo label", m_frame.editor().undoLabel(), rest(w, 2)); };
    m_expectations["issue"] = m_expectations["no-issue"] = [this](const Words& w) {
        m_frame.refreshValidation();
        const bool has = m_frame.validation().issues().hasCode(w[2]);
        if (has != (w[1] == "issue")) fail(std::string("the map ") + (has ? "has" : "has no") + " issue " + w[2]);
    };
    m_expectations["picked"] = [this](const Words& w) {
        const std::string wanted = rest(w, 2);
        const auto& lines = m_frame.tools().picked();
        if (std::none_of(lines.begin(), lines.end(), [&](const std::string& l) { return l.find(wanted) != std::string::npos; }))
            fail("the picker did not report '" + wanted + "'");
    };
    m_expectations["tool"] = [this](const Words& w) { expectEqual("the tool", toolName(m_frame.tools().tool()), w[2]); };
    m_expectations["message"] = [this](const Words& w) {
        if (m_frame.lastMessage().find(rest(w, 2)) == std::string::npos) fail("the last message is '" + m_frame.lastMessage() + "'");
    };
    m_expectations["status"] = [this](const Words& w) {
        need(w, 4);
        const wxStatusBar* bar = m_frame.GetStatusBar();
        const int field = static_cast<int>(number(w[2]));
        if (!bar || field < 0 || field >= bar->GetFieldsCount()) fail("the status bar has no field " + w[2]);
        const std::string text = bar->GetStatusText(field).utf8_string();
        if (text.find(rest(w, 3)) == std::string::npos) fail("status field " + w[2] + " is '" + text + "'");
    };
    m_expectations["background"] = [this](const Words& w) { expectEqual("a background", m_frame.background() ? "yes" : "no", w[2]); };
    m_expectations["background-pixel"] = [this](const Words& w) {
        // expect background-pixel HEX NAME: the picture's pixel remembered as NAME now lies under HEX's centre.
        need(w, 4);
        if (!m_frame.background()) fail("there is no background image");
        const auto it = m_pixels.find(w[3]);
        if (it == m_pixels.end()) fail("no background pixel remembered as '" + w[3] + "'");
        const Point at = unitLayout(m_frame.editor()).toPixel(hexOf(m_frame.editor(), w[2]));
        double u = 0, v = 0;
        imagePixelAt(*m_frame.background(), at, u, v);
        const double off = std::hypot(u - it->second.first, v - it->second.second);
        std::cout << "etatmajor: the picture's pixel under " << w[2] << " is " << u << "," << v << " (" << off << " from " << w[3]
                  << ")\n";
        if (off > 1.0) fail("the picture's pixel under " + w[2] + " is " + std::to_string(off) + " pixels from " + w[3]);
    };
    m_expectations["layer"] = [this](const Words& w) {
        // expect layer terrain|rivers|roads|towns|labels|hex-numbers|background on|off
        need(w, 4);
        const LayerVisibility& l = m_frame.layers();
        bool on = false;
        if (w[2] == "terrain") on = l.terrain;
        else if (w[2] == "rivers") on = l.rivers;
        else if (w[2] == "roads") on = l.roads;
        else if (w[2] == "towns") on = l.towns;
        else if (w[2] == "labels") on = l.labels;
        else if (w[2] == "hex-numbers") on = l.hexNumbers;
        else if (w[2] == "background") on = m_frame.background() && m_frame.background()->visible;
        else fail("unknown layer '" + w[2] + "'");
        expectEqual("the layer " + w[2], on ? "on" : "off", w[3]);
    };
    m_expectations["georeferencing"] = [this](const Words& w) {
        expectEqual("placing the background", m_frame.georeferencing() ? "yes" : "no", w[2]);
    };
    m_expectations["tiles-rendered-at-most"] = m_expectations["tiles-rendered-at-least"] = [this](const Words& w) {
        const std::string& what = w[1];
        // Counted once everything on screen has been painted.
        if (!m_settling && m_tileMark != m_next) {
            m_tileMark = m_next;
            --m_next;  // come back to this command after settling
            settleThen(false, {});
            return;
        }
        const std::size_t rendered = m_frame.canvas().tiles().renderedTotal();
        const std::size_t limit = static_cast<std::size_t>(number(w[2]));
        std::cout << "etatmajor: " << rendered << " tile(s) rendered\n";
        if (what == "tiles-rendered-at-most" ? rendered > limit : rendered < limit)
            fail(std::to_string(rendered) + " tile(s) were rendered, expected " +
                 (what == "tiles-rendered-at-most" ? "at most " : "at least ") + w[2]);
    };
}

}  // namespace etatmajor::gui
