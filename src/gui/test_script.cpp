// SPDX-License-Identifier: GPL-3.0-or-later
#include "test_script.hpp"

#include "main_frame.hpp"
#include "script_words.hpp"

#include "etatmajor/edit/map_edits.hpp"
#include "etatmajor/io/atomic_file.hpp"

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

}  // namespace

TestScript::TestScript(MainFrame& frame, const wxString& path) : m_frame(frame), m_path(path), m_timer(this) {
    Bind(wxEVT_TIMER, &TestScript::onTick, this, m_timer.GetId());
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

void TestScript::run(const std::vector<std::string>& w) {
    const std::string& cmd = w.at(0);
    MapEditor& editor = m_frame.editor();
    ToolController& tools = m_frame.tools();
    MapCanvas& canvas = m_frame.canvas();

    auto doc = [&]() -> const MapDocument& {
        if (!editor.document()) fail("no map is open");
        return *editor.document();
    };
    auto mapRef = [&]() -> const map::Map& { return doc().map(); };
    auto hexOf = [&](const std::string& text) {
        const auto o = hex::parseOffset(text);
        if (!o) fail("'" + text + "' is not a hex (col,row)");
        const Hex h = mapRef().offsets().toHex(*o);
        if (!mapRef().contains(h)) fail("hex " + text + " is off the map");
        return h;
    };
    auto sideOf = [&](const std::string& text) {
        const auto colon = text.find(':');
        if (colon == std::string::npos) fail("'" + text + "' is not a hexside (col,row:DIR)");
        const int dir = hex::parseDirection(mapRef().metadata().orientation, text.substr(colon + 1));
        if (dir < 0) fail("'" + text.substr(colon + 1) + "' is not a direction of this map");
        return map::HexsideRef{hexOf(text.substr(0, colon)), dir};
    };
    const hex::Layout unit(editor.document() ? mapRef().metadata().orientation : hex::Orientation::Pointy, {1.0, 1.0});
    auto pixelOf = [&](Point world) {
        const wxPoint p = canvas.pixelAt(world);
        const wxSize size = canvas.GetClientSize();
        if (p.x < 0 || p.y < 0 || p.x >= size.x || p.y >= size.y)
            fail("the point is outside the map window; use 'centre' or 'zoom' first");
        return p;
    };
    // A point just inside the hexside, towards the hex, so the nearest hexside is the one named.
    auto sidePoint = [&](const map::HexsideRef& s) {
        const Point mid = unit.edgeMidpoint(s.hex, s.dir);
        const Point c = unit.toPixel(s.hex);
        return Point{mid.x + (c.x - mid.x) * 0.15, mid.y + (c.y - mid.y) * 0.15};
    };
    auto mouse = [&](wxEventType type, const wxPoint& p, bool leftDown) {
        wxMouseEvent ev(type);
        ev.SetPosition(p);
        ev.m_leftDown = leftDown;
        ev.SetEventObject(&canvas);
        ev.SetId(canvas.GetId());
        canvas.GetEventHandler()->ProcessEvent(ev);
    };
    auto stroke = [&](const std::vector<Point>& points) {
        std::vector<wxPoint> pixels;
        for (const Point& p : points) pixels.push_back(pixelOf(p));
        mouse(wxEVT_MOTION, pixels.front(), false);
        mouse(wxEVT_LEFT_DOWN, pixels.front(), true);
        for (std::size_t i = 1; i < pixels.size(); ++i) {
            const wxPoint a = pixels[i - 1];
            const wxPoint b = pixels[i];
            const int steps = std::max(1, static_cast<int>(std::hypot(b.x - a.x, b.y - a.y) / 3.0));
            for (int k = 1; k <= steps; ++k)
                mouse(wxEVT_MOTION, wxPoint(a.x + (b.x - a.x) * k / steps, a.y + (b.y - a.y) * k / steps), true);
        }
        mouse(wxEVT_LEFT_UP, pixels.back(), false);
    };
    auto expectEqual = [&](const std::string& what, const std::string& found, const std::string& wanted) {
        if (found != wanted) fail(what + " is '" + found + "', expected '" + wanted + "'");
    };

    if (cmd == "echo") {
        std::cout << "etatmajor: " << rest(w, 1) << "\n";
    } else if (cmd == "open") {
        need(w, 2);
        if (!m_frame.openFile(wxString::FromUTF8(rest(w, 1).c_str()))) fail("cannot open " + rest(w, 1));
    } else if (cmd == "new") {
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
    } else if (cmd == "save") {
        need(w, 2);
        if (!m_frame.saveTo(wxString::FromUTF8(rest(w, 1).c_str()))) fail("cannot save " + rest(w, 1));
    } else if (cmd == "tool") {
        need(w, 2);
        const auto tool = toolFromName(w[1]);
        if (!tool) fail("unknown tool '" + w[1] + "'");
        auto& s = tools.settings();
        switch (*tool) {
            case Tool::Terrain:
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
        m_frame.selectTool(*tool);
        if (*tool == Tool::Eraser && w.size() > 2) {
            const std::vector<std::string> classes{"terrain", "watercourse", "crossing", "route", "urban", "label", "loc", "hq"};
            const auto it = std::find(classes.begin(), classes.end(), w[2]);
            if (it == classes.end()) fail("unknown eraser class '" + w[2] + "'");
            s.eraseClass = static_cast<edit::FeatureClass>(it - classes.begin());
        }
        m_frame.syncTools();
        if (tools.tool() != *tool) fail("the tool '" + w[1] + "' is not available here");
    } else if (cmd == "brush") {
        need(w, 2);
        tools.settings().radius = std::clamp(number(w[1]), 0, kMaxBrushRadius);
        m_frame.syncTools();
    } else if (cmd == "set") {
        need(w, 3);
        auto& s = tools.settings();
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
    } else if (cmd == "answer") {
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
    } else if (cmd == "click" || cmd == "drag") {
        need(w, 2);
        std::vector<Point> points;
        for (std::size_t i = 1; i < w.size(); ++i) points.push_back(unit.toPixel(hexOf(w[i])));
        stroke(points);
    } else if (cmd == "click-side" || cmd == "drag-sides") {
        need(w, 2);
        std::vector<Point> points;
        for (std::size_t i = 1; i < w.size(); ++i) points.push_back(sidePoint(sideOf(w[i])));
        stroke(points);
    } else if (cmd == "hover" || cmd == "hover-side") {
        // The mouse resting over a hex or a hexside, no button pressed: the tool shows what it would act on.
        need(w, 2);
        mouse(wxEVT_MOTION, pixelOf(cmd == "hover" ? unit.toPixel(hexOf(w[1])) : sidePoint(sideOf(w[1]))), false);
    } else if (cmd == "show-dialog") {
        need(w, 2);
        if (!m_frame.showDialogForReview(w[1])) fail("no dialog '" + w[1] + "' here");
    } else if (cmd == "close-dialogs") {
        m_frame.closeReviewDialogs();
    } else if (cmd == "key") {
        need(w, 2);
        wxKeyEvent ev(wxEVT_KEY_DOWN);
        ev.m_keyCode = static_cast<unsigned char>(std::toupper(static_cast<unsigned char>(w[1][0])));
        ev.SetEventObject(&canvas);
        canvas.GetEventHandler()->ProcessEvent(ev);
    } else if (cmd == "undo") {
        if (!editor.undo()) fail("there is nothing to undo");
    } else if (cmd == "redo") {
        if (!editor.redo()) fail("there is nothing to redo");
    } else if (cmd == "zoom") {
        need(w, 2);
        if (w[1] == "fit") canvas.fitToWindow();
        else if (w[1] == "in") canvas.zoomIn();
        else if (w[1] == "out") canvas.zoomOut();
        else canvas.setHexSize(number(w[1]));
    } else if (cmd == "centre") {
        need(w, 2);
        canvas.centreOnHex(hexOf(w[1]));
    } else if (cmd == "select-issue") {
        need(w, 2);
        m_frame.refreshValidation();
        m_frame.validation().activate(number(w[1]));
    } else if (cmd == "add-side") {
        need(w, 2);
        if (!editor.submit(edit::addSide(mapRef(), w[1]))) fail("cannot add side '" + w[1] + "'");
        m_frame.syncTools();
    } else if (cmd == "home-edges") {
        need(w, 3);
        std::vector<map::MapEdge> edges;
        if (w[2] != "none") {
            std::istringstream in(w[2]);
            std::string e;
            while (std::getline(in, e, ',')) edges.push_back(named<map::MapEdge>(e, map::mapEdgeFromName, "map edge"));
        }
        editor.submit(edit::setHomeEdges(mapRef(), w[1], edges, w.size() > 3 && w[3] == "coast"));
    } else if (cmd == "background") {
        need(w, 2);
        if (w[1] == "off") {
            m_frame.setBackground(std::nullopt);
        } else {
            need(w, 3);
            BackgroundSettings s;
            s.image = w[1];
            s.opacity = number(w[2]) / 100.0;
            // Stretched over the map, as the editor does with a new picture.
            const wxImage probe(wxString::FromUTF8(s.image.c_str()));
            if (!probe.IsOk()) fail("cannot read the picture " + s.image);
            const wxRect2DDouble b = canvas.painter()->worldBounds();
            s.scale = std::max(b.m_width / probe.GetWidth(), b.m_height / probe.GetHeight());
            s.x = b.m_x + (b.m_width - probe.GetWidth() * s.scale) / 2;
            s.y = b.m_y + (b.m_height - probe.GetHeight() * s.scale) / 2;
            if (!m_frame.setBackground(s)) fail("cannot show the background " + s.image);
        }
    } else if (cmd == "reset-tile-count") {
        canvas.tiles().resetCounters();
    } else if (cmd == "screenshot") {
        need(w, 2);
        settleThen(true, rest(w, 1));
    } else if (cmd == "screenshot-now") {
        // Without waiting for the tiles: shows what a person sees in the first frame after a change.
        need(w, 2);
        if (!m_frame.saveScreenshot(wxString::FromUTF8(rest(w, 1).c_str()))) fail("cannot save the screenshot");
    } else if (cmd == "wait") {
        need(w, 2);
        wxMilliSleep(static_cast<unsigned long>(std::max(0, number(w[1]))));
    } else if (cmd == "expect") {
        need(w, 3);
        const std::string& what = w[1];
        if (what == "terrain") {
            need(w, 4);
            expectEqual("the terrain of " + w[2], std::string(map::terrainName(mapRef().terrain(hexOf(w[2])))), w[3]);
        } else if (what == "dirty") {
            expectEqual("dirty", editor.isDirty() ? "yes" : "no", w[2]);
        } else if (what == "title-dirty") {
            const bool starred = m_frame.GetTitle().EndsWith(" *");
            expectEqual("a star in the title", starred ? "yes" : "no", w[2]);
        } else if (what == "read-only") {
            expectEqual("read-only", editor.editable() ? "no" : "yes", w[2]);
        } else if (what == "undo-steps") {
            expectEqual("the number of undo steps", std::to_string(editor.undoSteps()), w[2]);
        } else if (what == "undo-label") {
            expectEqual("the undo label", editor.undoLabel(), rest(w, 2));
        } else if (what == "issue" || what == "no-issue") {
            m_frame.refreshValidation();
            const bool has = m_frame.validation().issues().hasCode(w[2]);
            if (has != (what == "issue")) fail(std::string("the map ") + (has ? "has" : "has no") + " issue " + w[2]);
        } else if (what == "urban") {
            need(w, 4);
            const auto* u = mapRef().urbanAreaAt(hexOf(w[2]));
            expectEqual("the urban area on " + w[2],
                        u ? u->name + "|" + std::string(map::urbanSizeName(u->size)) + "|" +
                                std::string(map::fortificationName(u->fortification))
                          : "none",
                        rest(w, 3));
        } else if (what == "link" || what == "no-link") {
            need(w, 5);
            const Hex a = hexOf(w[2]);
            const Hex b = hexOf(w[3]);
            const int dir = hex::directionTo(a, b);
            if (dir < 0) fail(w[2] + " and " + w[3] + " are not neighbours");
            const bool has = mapRef().hasLink(a, dir, named<map::LinkKind>(w[4], map::linkKindFromName, "route kind"));
            if (has != (what == "link")) fail(std::string("there is ") + (has ? "a " : "no ") + w[4] + " link");
        } else if (what == "watercourse") {
            need(w, 4);
            const auto s = sideOf(w[2]);
            const auto* hs = mapRef().hexside(s.hex, s.dir);
            const auto kind = hs ? hs->watercourse : map::Watercourse::None;
            expectEqual("the watercourse on " + w[2],
                        kind == map::Watercourse::River    ? "river"
                        : kind == map::Watercourse::Stream ? "stream"
                                                           : "none",
                        w[3]);
        } else if (what == "crossing") {
            need(w, 4);
            const auto s = sideOf(w[2]);
            const auto* hs = mapRef().hexside(s.hex, s.dir);
            const auto kind = hs ? hs->crossing : map::Crossing::None;
            expectEqual("the crossing on " + w[2],
                        kind == map::Crossing::Ford     ? "ford"
                        : kind == map::Crossing::Bridge ? "bridge"
                                                        : "none",
                        w[3]);
        } else if (what == "label") {
            need(w, 4);
            std::string text = "none";
            for (const auto& l : mapRef().labels())
                if (l.hex == hexOf(w[2])) text = l.text;
            expectEqual("the label on " + w[2], text, rest(w, 3));
        } else if (what == "loc") {
            need(w, 5);
            std::string kind = "none";
            if (const auto* s = mapRef().side(w[2]))
                for (const auto& e : s->locEntries)
                    if (e.hex == hexOf(w[3])) kind = std::string(map::locKindName(e.kind));
            expectEqual("the LOC entry of " + w[2] + " on " + w[3], kind, w[4]);
        } else if (what == "hq") {
            need(w, 5);
            bool has = false;
            if (const auto* s = mapRef().side(w[2]))
                has = std::find(s->hqHexes.begin(), s->hqHexes.end(), hexOf(w[3])) != s->hqHexes.end();
            expectEqual("an HQ of " + w[2] + " on " + w[3], has ? "yes" : "no", w[4]);
        } else if (what == "picked") {
            const std::string wanted = rest(w, 2);
            const auto& lines = tools.picked();
            if (std::none_of(lines.begin(), lines.end(), [&](const std::string& l) { return l.find(wanted) != std::string::npos; }))
                fail("the picker did not report '" + wanted + "'");
        } else if (what == "tool") {
            expectEqual("the tool", toolName(tools.tool()), w[2]);
        } else if (what == "message") {
            if (m_frame.lastMessage().find(rest(w, 2)) == std::string::npos)
                fail("the last message is '" + m_frame.lastMessage() + "'");
        } else if (what == "background") {
            expectEqual("a background", m_frame.background() ? "yes" : "no", w[2]);
        } else if (what == "tiles-rendered-at-most" || what == "tiles-rendered-at-least") {
            // Counted once everything on screen has been painted.
            if (!m_settling && m_tileMark != m_next) {
                m_tileMark = m_next;
                --m_next;  // come back to this command after settling
                settleThen(false, {});
                return;
            }
            const std::size_t rendered = canvas.tiles().renderedTotal();
            const std::size_t limit = static_cast<std::size_t>(number(w[2]));
            std::cout << "etatmajor: " << rendered << " tile(s) rendered\n";
            if (what == "tiles-rendered-at-most" ? rendered > limit : rendered < limit)
                fail(std::to_string(rendered) + " tile(s) were rendered, expected " +
                     (what == "tiles-rendered-at-most" ? "at most " : "at least ") + w[2]);
        } else {
            fail("unknown expectation '" + what + "'");
        }
    } else {
        fail("unknown command '" + cmd + "'");
    }
}

}  // namespace etatmajor::gui
