// SPDX-License-Identifier: GPL-3.0-or-later
#include "server_script.hpp"

#include "connect_dialog.hpp"
#include "order_dialog.hpp"
#include "script_words.hpp"
#include "server_frame.hpp"

#include "etatmajor/io/atomic_file.hpp"

#include <wx/time.h>

#include <iostream>

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

ServerScript::ServerScript(ServerFrame& frame, const wxString& path) : m_frame(frame), m_path(path), m_timer(this) {
    Bind(wxEVT_TIMER, &ServerScript::onTick, this, m_timer.GetId());
}

ServerScript::~ServerScript() { m_timer.Stop(); }

void ServerScript::start(std::function<void(int)> done) {
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

void ServerScript::finish(int status) {
    m_timer.Stop();
    if (m_done) {
        auto done = std::move(m_done);
        done(status);
    }
}

void ServerScript::onTick(wxTimerEvent&) {
    if (m_waitUntil > 0) {
        if (now() < m_waitUntil) return;
        m_waitUntil = 0;
    }
    if (m_waitDayUntil > 0) {
        // The window reads the server again by itself when the worker reports phases; nothing here asks it to.
        const auto& c = m_frame.calendar();
        if (!(c.week == m_waitWeek && c.day == m_waitDay) || m_frame.eventRefreshes() == 0) {
            if (now() < m_waitDayUntil) return;
            std::cerr << m_path.utf8_string() << ":" << m_waitLine << ": error: the window still shows week " << c.week << " day "
                      << c.day << ", not week " << m_waitWeek << " day " << m_waitDay << "\n";
            finish(1);
            return;
        }
        m_waitDayUntil = 0;
    }
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
        std::cout << "etatmajor: server window script passed (" << m_lines.size() << " commands)\n";
        finish(0);
        return;
    }
    const Line& line = m_lines[m_next++];
    try {
        m_waitLine = line.number;
        run(split(line.text));
    } catch (const std::exception& e) {
        std::cerr << m_path.utf8_string() << ":" << line.number << ": error: " << e.what() << "\n  in: " << line.text << "\n";
        finish(1);
    }
}

void ServerScript::run(const std::vector<std::string>& w) {
    const std::string& cmd = w.at(0);
    MapCanvas& canvas = m_frame.canvas();
    auto hexOf = [&](const std::string& text) {
        const auto o = hex::parseOffset(text);
        if (!o) fail("'" + text + "' is not a hex (col,row)");
        const auto* doc = canvas.document();
        if (!doc) fail("no campaign is shown");
        const hex::Hex h = doc->map().offsets().toHex(*o);
        if (!doc->map().contains(h)) fail("hex " + text + " is off the map");
        return h;
    };
    auto dialog = [&]() -> OrderDialog& {
        if (!m_frame.orderDialog()) fail("no order dialog is open");
        return *m_frame.orderDialog();
    };
    auto settle = [&](const std::string& shot) {
        m_settling = true;
        m_pendingShot = shot;
        canvas.Refresh();
        m_settlePaints = canvas.paintCount();
        m_settleStart = now();
        m_settleSince = m_settleStart;
    };
    auto expectEqual = [&](const std::string& what, const std::string& found, const std::string& wanted) {
        if (found != wanted) fail(what + " is '" + found + "', expected '" + wanted + "'");
    };
    auto expectHas = [&](const std::string& what, const std::string& found, const std::string& wanted) {
        if (found.find(wanted) == std::string::npos) fail(what + " does not say '" + wanted + "'; it says: " + found);
    };

    if (cmd == "echo") {
        // At once: whoever runs the script may be waiting for the line.
        std::cout << "etatmajor: " << rest(w, 1) << std::endl;
    } else if (cmd == "wait") {
        need(w, 2);
        m_waitUntil = now() + number(w[1]);
    } else if (cmd == "wait-day") {
        need(w, 3);
        m_waitWeek = number(w[1]);
        m_waitDay = number(w[2]);
        m_waitDayUntil = now() + 1000LL * (w.size() > 3 ? number(w[3]) : 60);
    } else if (cmd == "reload") {
        if (!m_frame.refresh()) fail("the window could not read the server: " + m_frame.lastMessage());
        settle({});
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
    } else if (cmd == "select") {
        need(w, 2);
        if (!m_frame.selectMe(w[1])) fail(m_frame.lastMessage());
        settle({});
    } else if (cmd == "tab") {
        need(w, 2);
        if (!m_frame.selectTab(rest(w, 1))) fail("there is no tab '" + rest(w, 1) + "'");
    } else if (cmd == "submit") {
        if (!m_frame.submitOrders()) fail("the orders were not submitted: " + m_frame.lastMessage());
        settle({});
    } else if (cmd == "submit-refused") {
        need(w, 2);
        if (m_frame.submitOrders()) fail("the server took the orders");
        expectHas("the refusal", m_frame.lastMessage(), rest(w, 1));
    } else if (cmd == "stand-fast") {
        if (!m_frame.standFast()) fail("stand fast failed: " + m_frame.lastMessage());
        settle({});
    } else if (cmd == "withdraw") {
        if (!m_frame.withdrawOrders()) fail("the orders were not withdrawn: " + m_frame.lastMessage());
        settle({});
    } else if (cmd == "show-connect") {
        ServerLogin login;
        login.passphrase = rest(w, 1);
        m_frame.showConnectForScript(login);
    } else if (cmd == "hide-connect") {
        m_frame.hideConnectForScript();
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
    } else if (cmd == "screenshot") {
        need(w, 2);
        if (m_frame.orderDialog()) m_frame.orderDialog()->Raise();
        settle(rest(w, 1));
    } else if (cmd == "expect") {
        need(w, 2);
        const std::string& what = w[1];
        const std::string arg = rest(w, 2);
        const auto& c = m_frame.calendar();
        if (what == "week-day") {
            need(w, 4);
            expectEqual("the week and day", std::to_string(c.week) + " " + std::to_string(c.day), arg);
        } else if (what == "phase") {
            expectEqual("the phase", c.phase, arg);
        } else if (what == "orders") {
            expectEqual("today's orders", m_frame.ordersStatus(), arg);
        } else if (what == "orders-open") {
            expectEqual("whether orders are open", m_frame.ordersOpen() ? "yes" : "no", yes(arg) ? "yes" : "no");
        } else if (what == "own-mes" || what == "face-down") {
            const auto* v = m_frame.sideView();
            if (!v) fail("no view is shown");
            int n = 0;
            for (const auto& s : v->sides) {
                if (what == "own-mes") n += static_cast<int>(s.mes.size());
                else
                    for (const auto& ctr : s.counters) n += ctr.faceDown ? 1 : 0;
            }
            expectEqual(what, std::to_string(n), arg);
        } else if (what == "message") {
            expectHas("the last message", m_frame.lastMessage(), arg);
        } else if (what == "report") {
            expectHas("the Day Report tab", m_frame.reportText(), arg);
        } else if (what == "turn") {
            expectHas("the Turn tab", m_frame.turnText(), arg);
        } else if (what == "phase-bar") {
            expectHas("the phase bar", m_frame.phaseBarLabel(), arg);
        } else if (what == "event-refreshes-at-least") {
            if (m_frame.eventRefreshes() < number(arg))
                fail("the window read the server again " + std::to_string(m_frame.eventRefreshes()) + " time(s) after events");
        } else {
            fail("unknown expectation '" + what + "'");
        }
    } else {
        fail("unknown command '" + cmd + "'");
    }
}

}  // namespace etatmajor::gui
