// SPDX-License-Identifier: GPL-3.0-or-later
#include "turn_script.hpp"

#include "order_dialog.hpp"
#include "script_words.hpp"
#include "turn_frame.hpp"

#include "etatmajor/io/atomic_file.hpp"

#include <wx/filefn.h>
#include <wx/time.h>

#include <algorithm>
#include <fstream>
#include <iostream>
#include <sstream>
#include <stdexcept>

namespace etatmajor::gui {

namespace {

constexpr long long kSettleMs = 300;
constexpr long long kSettleGiveUpMs = 15000;

using script::fail;
using script::need;
using script::number;
using script::rest;
using script::split;
using script::yes;

long long now() { return wxGetLocalTimeMillis().GetValue(); }

}  // namespace

TurnScript::TurnScript(TurnFrame& frame, const wxString& path) : m_frame(frame), m_path(path), m_timer(this) {
    Bind(wxEVT_TIMER, &TurnScript::onTick, this, m_timer.GetId());
}

TurnScript::~TurnScript() { m_timer.Stop(); }

void TurnScript::start(std::function<void(int)> done) {
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
    m_timer.Start(20);
}

void TurnScript::finish(int status) {
    m_timer.Stop();
    if (m_done) {
        auto done = std::move(m_done);
        done(status);
    }
}

void TurnScript::onTick(wxTimerEvent&) {
    if (m_waitUntil > 0) {
        if (now() < m_waitUntil) return;
        m_waitUntil = 0;
    }
    // The odds worker reports through the frame's own timer; the script waits until it has.
    if (m_frame.oddsRunning()) return;
    if (m_settling) {
        const long long t = now();
        const unsigned paints = m_frame.canvas().paintCount();
        if (paints != m_settlePaints) {
            m_settlePaints = paints;
            m_settleSince = t;
            return;
        }
        if (t - m_settleSince < kSettleMs && t - m_settleStart < kSettleGiveUpMs) return;
        m_settling = false;
        if (!m_pendingShot.empty() && !m_frame.saveScreenshot(wxString::FromUTF8(m_pendingShot.c_str()))) {
            finish(1);
            return;
        }
        m_pendingShot.clear();
    }
    if (m_next >= m_lines.size()) {
        std::cout << "etatmajor: turn manager script passed (" << m_lines.size() << " commands)\n";
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

void TurnScript::run(const std::vector<std::string>& w) {
    const std::string& cmd = w.at(0);
    MapCanvas& canvas = m_frame.canvas();
    auto hexOf = [&](const std::string& text) {
        const auto o = hex::parseOffset(text);
        if (!o) fail("'" + text + "' is not a hex (col,row)");
        const auto* doc = canvas.document();
        if (!doc) fail("no campaign is open");
        const hex::Hex h = doc->map().offsets().toHex(*o);
        if (!doc->map().contains(h)) fail("hex " + text + " is off the map");
        return h;
    };
    auto dialog = [&]() -> OrderDialog& {
        if (!m_frame.orderDialog()) fail("no order dialog is open");
        return *m_frame.orderDialog();
    };
    auto expectEqual = [&](const std::string& what, const std::string& found, const std::string& wanted) {
        if (found != wanted) fail(what + " is '" + found + "', expected '" + wanted + "'");
    };
    auto settle = [&](const std::string& shot) {
        m_settling = true;
        m_pendingShot = shot;
        canvas.Refresh();
        m_settlePaints = canvas.paintCount();
        m_settleStart = now();
        m_settleSince = m_settleStart;
    };

    if (cmd == "echo") {
        std::cout << "etatmajor: " << rest(w, 1) << "\n";
    } else if (cmd == "wait") {
        need(w, 2);
        m_waitUntil = now() + number(w[1]);
    } else if (cmd == "side") {
        // side ID|host [PASSPHRASE]: the passphrase, when given, answers the question the side is asked.
        need(w, 2);
        if (w.size() > 2) m_frame.queuePassphrase(rest(w, 2));
        if (w[1] == "none") m_frame.clearSide();
        else if (!m_frame.setSide(w[1] == "host" ? std::string() : w[1]))
            fail("cannot show the view of '" + w[1] + "': " + m_frame.lastMessage());
        settle({});
    } else if (cmd == "side-refused") {
        // side-refused ID|host PASSPHRASE TEXT...: the viewer is refused with that passphrase, and the message says TEXT;
        // no side is shown afterwards.
        need(w, 4);
        m_frame.queuePassphrase(w[2]);
        if (m_frame.setSide(w[1] == "host" ? std::string() : w[1]))
            fail("the view of '" + w[1] + "' was shown with a wrong passphrase");
        if (m_frame.lastMessage().find(rest(w, 3)) == std::string::npos)
            fail("the refusal reads '" + m_frame.lastMessage() + "', without '" + rest(w, 3) + "'");
        if (m_frame.viewer()) fail("a view is shown after the refusal");
        settle({});
    } else if (cmd == "show-chooser") {
        m_frame.showChooserForScript(true);
        settle({});
    } else if (cmd == "close-chooser") {
        m_frame.showChooserForScript(false);
        settle({});
    } else if (cmd == "show-passphrase") {
        need(w, 2);
        m_frame.showPassphraseForScript(w[1]);
        settle({});
    } else if (cmd == "close-passphrase") {
        m_frame.showPassphraseForScript(std::string());
        settle({});
    } else if (cmd == "show-print-menu") {
        m_frame.showPrintMenuForScript(true);
        settle({});
    } else if (cmd == "close-print-menu") {
        m_frame.showPrintMenuForScript(false);
        settle({});
    } else if (cmd == "tab") {
        need(w, 2);
        if (!m_frame.selectTab(rest(w, 1))) fail("no tab '" + rest(w, 1) + "'");
        settle({});
    } else if (cmd == "dump-panels") {
        // Every text the window shows now, panel by panel, written to a file for the test to search.
        need(w, 2);
        std::ofstream out(rest(w, 1), std::ios::binary);
        for (const auto& [title, text] : m_frame.panelTexts()) out << "==== " << title << "\n" << text << "\n";
        if (!out) fail("cannot write the panels' texts to " + rest(w, 1));
    } else if (cmd == "select") {
        need(w, 2);
        if (!m_frame.selectMe(w[1])) fail(m_frame.lastMessage());
    } else if (cmd == "order") {
        need(w, 2);
        if (!m_frame.editOrder(w[1])) fail("the order dialog did not open: " + m_frame.lastMessage());
        settle({});
    } else if (cmd == "set") {
        need(w, 3);
        std::string error;
        if (!dialog().setField(w[1], rest(w, 2), error)) fail(error);
    } else if (cmd == "click") {
        need(w, 2);
        const hex::Hex h = hexOf(w[1]);
        const auto* doc = canvas.document();
        const hex::Layout unit(doc->map().metadata().orientation, {1.0, 1.0});
        const wxPoint p = canvas.pixelAt(unit.toPixel(h));
        const wxSize size = canvas.GetClientSize();
        if (p.x < 0 || p.y < 0 || p.x >= size.x || p.y >= size.y) fail("hex " + w[1] + " is outside the map window");
        for (const auto type : {wxEVT_MOTION, wxEVT_LEFT_DOWN, wxEVT_LEFT_UP}) {
            wxMouseEvent ev(type);
            ev.SetPosition(p);
            ev.m_leftDown = type == wxEVT_LEFT_DOWN;
            ev.SetEventObject(&canvas);
            ev.SetId(canvas.GetId());
            canvas.GetEventHandler()->ProcessEvent(ev);
        }
    } else if (cmd == "accept") {
        if (!dialog().accept()) fail("the order was not accepted: " + dialog().lastMessage());
    } else if (cmd == "close-order") {
        dialog().Close();
    } else if (cmd == "submit") {
        if (!m_frame.submitOrders()) fail("the orders were not submitted: " + m_frame.lastMessage());
        settle({});
    } else if (cmd == "stand-fast") {
        if (!m_frame.standFast()) fail("stand fast failed: " + m_frame.lastMessage());
    } else if (cmd == "next-phase") {
        if (!m_frame.nextPhase()) fail("the next phase did not run: " + m_frame.lastMessage());
        settle({});
    } else if (cmd == "next-phase-refused") {
        // The phase must not run, and the message must say why.
        if (m_frame.nextPhase()) fail("the next phase ran although it should have been refused");
        if (m_frame.lastMessage().find(rest(w, 1)) == std::string::npos)
            fail("the refusal reads '" + m_frame.lastMessage() + "', without '" + rest(w, 1) + "'");
    } else if (cmd == "overlay") {
        need(w, 3);
        static const std::vector<std::pair<std::string, Overlay>> k{{"loc", Overlay::Loc},
                                                                    {"supply", Overlay::Supply},
                                                                    {"range", Overlay::Range},
                                                                    {"fog", Overlay::Fog},
                                                                    {"orders", Overlay::Orders}};
        bool found = false;
        for (const auto& [name, o] : k)
            if (name == w[1]) {
                m_frame.setOverlay(o, yes(w[2]));
                found = true;
            }
        if (!found) fail("unknown overlay '" + w[1] + "'");
        settle({});
    } else if (cmd == "zoom") {
        need(w, 2);
        if (w[1] == "in") canvas.zoomIn();
        else if (w[1] == "out") canvas.zoomOut();
        else if (w[1] == "fit") canvas.fitToWindow();
        else canvas.setHexSize(number(w[1]));
        settle({});
    } else if (cmd == "centre") {
        need(w, 2);
        canvas.centreOnHex(hexOf(w[1]));
        settle({});
    } else if (cmd == "log-filter") {
        std::string text, phase;
        for (std::size_t i = 1; i < w.size(); ++i) {
            if (w[i] == "phase" && i + 1 < w.size()) {
                phase = w[++i];
                continue;
            }
            text += (text.empty() ? "" : " ") + w[i];
        }
        m_frame.setLogFilter(text, phase);
    } else if (cmd == "battle-odds") {
        // Starts the odds on the worker thread; the script waits for them. When the side knows too little, the
        // refusal is kept for 'expect odds'.
        need(w, 3);
        m_frame.startOdds(number(w[1]), number(w[2]));
        if (w.size() > 3 && w[3] == "cancel") m_frame.cancelOdds();  // the Cancel button, pressed at once
    } else if (cmd == "battle-show") {
        need(w, 2);
        m_frame.showBattleSetup(number(w[1]));
        m_battleText = m_frame.battleTabText();
    } else if (cmd == "battle-resolve") {
        need(w, 2);
        if (!m_frame.resolveBattle(number(w[1]))) fail("the battle was not resolved: " + m_frame.lastMessage());
        m_battleText = m_frame.battleTabText();  // what the Battles tab shows after the fight
        settle({});
    } else if (cmd == "save-battle") {
        // The Battles tab's text, written to a file for the test to search (a side must not see enemy names).
        need(w, 2);
        std::ofstream out(rest(w, 1), std::ios::binary);
        out << m_frame.battleTabText();
        if (!out) fail("cannot write the Battles tab's text to " + rest(w, 1));
    } else if (cmd == "save-layout") {
        m_frame.saveLayout();
    } else if (cmd == "screenshot") {
        need(w, 2);
        // The order dialog stands over the window, as a person sees it.
        if (m_frame.orderDialog()) m_frame.orderDialog()->Raise();
        settle(rest(w, 1));
    } else if (cmd == "expect") {
        need(w, 2);
        const std::string& what = w[1];
        const std::string arg = rest(w, 2);
        if (what == "phase") expectEqual("the next phase", campaign::phaseString(m_frame.preview().phase), arg);
        else if (what == "week-day") {
            need(w, 4);
            expectEqual("the week and day", std::to_string(m_frame.preview().week) + " " + std::to_string(m_frame.preview().day), arg);
        } else if (what == "phase-bar") {
            if (m_frame.phaseBarLabel().find(arg) == std::string::npos)
                fail("the phase bar reads '" + m_frame.phaseBarLabel() + "', without '" + arg + "'");
        } else if (what == "message") {
            if (m_frame.lastMessage().find(arg) == std::string::npos)
                fail("the last message is '" + m_frame.lastMessage() + "', without '" + arg + "'");
        } else if (what == "path") expectEqual("the route", formatPath(dialog().order().path), arg);
        else if (what == "order-ok") {
            const auto& c = dialog().lastCheck();
            if (c.ok() != yes(arg)) fail("the order is " + std::string(c.ok() ? "valid" : "refused: " + c.errors.front()));
        } else if (what == "reached") {
            int n = 0;
            for (const auto& s : dialog().lastCheck().steps) n += s.reached ? 1 : 0;
            expectEqual("the steps within the allowance", std::to_string(n), arg);
        } else if (what == "allowance") expectEqual("the allowance", std::to_string(dialog().lastCheck().allowance), arg);
        else if (what == "own-mes" || what == "face-down" || what == "face-up") {
            int n = 0;
            const auto* shown = m_frame.sideView();
            if (!shown) fail("no side is shown");
            for (const auto& s : shown->sides) {
                if (what == "own-mes" && s.id == m_frame.side()) n += static_cast<int>(s.mes.size());
                for (const auto& c : s.counters)
                    if ((what == "face-down") == c.faceDown && what != "own-mes") ++n;
            }
            expectEqual("the number of " + what, std::to_string(n), arg);
        } else if (what == "range-at-least") {
            if (static_cast<int>(m_frame.movementRangeShown().size()) < number(arg))
                fail("the movement range holds " + std::to_string(m_frame.movementRangeShown().size()) + " hexes");
        } else if (what == "orders-open") {
            if (m_frame.ordersOpen() != yes(arg))
                fail(std::string("today's orders are ") + (m_frame.ordersOpen() ? "still open" : "closed"));
        } else if (what == "odds") {
            if (m_frame.oddsText().find(arg) == std::string::npos)
                fail("the odds read '" + m_frame.oddsText() + "', without '" + arg + "'");
        } else if (what == "battle") {
            if (m_battleText.find(arg) == std::string::npos) fail("the battle reads '" + m_battleText + "', without '" + arg + "'");
        } else if (what == "log-lines") expectEqual("the log lines shown", std::to_string(m_frame.logLinesShown()), arg);
        else if (what == "log-lines-at-least") {
            if (static_cast<int>(m_frame.logLinesShown()) < number(arg))
                fail("only " + std::to_string(m_frame.logLinesShown()) + " log lines are shown");
        } else if (what == "draft-path") {
            need(w, 3);
            const auto* d = m_frame.draft();
            if (!d) fail("there is no draft of orders");
            std::string found = "(no order)";
            for (const auto& o : d->orders)
                if (o.me == w[2]) found = formatPath(o.path);
            expectEqual("the draft route of " + w[2], found, rest(w, 3));
        } else if (what == "draft-has") {
            // Whether the shown draft has an order for the ME (none: no draft at all, as for the host).
            need(w, 4);
            const auto* d = m_frame.draft();
            const bool has = d && std::any_of(d->orders.begin(), d->orders.end(), [&](const auto& o) { return o.me == w[2]; });
            if (has != yes(w[3])) fail(std::string("the draft ") + (has ? "has" : "has no") + " order for " + w[2]);
        } else if (what == "orders-tab-lacks" || what == "orders-tab-has") {
            const std::string text = m_frame.ordersTabText();
            if ((text.find(arg) != std::string::npos) != (what == "orders-tab-has")) fail("the Orders tab reads '" + text + "'");
        } else if (what == "status") {
            if (m_frame.statusText().find(arg) == std::string::npos)
                fail("the status bar reads '" + m_frame.statusText() + "', without '" + arg + "'");
        } else if (what == "no-side") {
            if (m_frame.viewer()) fail("the view of " + m_frame.viewer()->name() + " is shown");
            if (m_frame.sideView()) fail("a side's view is kept");
            if (!m_frame.canvas().document() || !m_frame.canvas().document()->counters().empty()) fail("counters are on the map");
        } else if (what == "draft-file") {
            // Whether the shown side's draft is kept beside the database.
            const bool there = wxFileExists(wxString::FromUTF8(draftPath(m_frame.path(), m_frame.side()).c_str()));
            if (there != yes(arg)) fail(std::string("the draft file is ") + (there ? "there" : "not there"));
        } else fail("unknown expectation '" + what + "'");
    } else {
        fail("unknown command '" + cmd + "'");
    }
}

}  // namespace etatmajor::gui
