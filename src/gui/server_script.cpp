// SPDX-License-Identifier: GPL-3.0-or-later
#include "server_script.hpp"

#include "connect_dialog.hpp"
#include "decoy_dialog.hpp"
#include "order_dialog.hpp"
#include "script_canvas.hpp"
#include "script_decoys.hpp"
#include "script_week.hpp"
#include "script_words.hpp"
#include "server_frame.hpp"
#include "week_dialog.hpp"

#include "etatmajor/io/atomic_file.hpp"

#include <wx/time.h>

#include <iostream>

namespace etatmajor::gui {

namespace {

constexpr long long kSettleMs = 300;
constexpr long long kSettleGiveUpMs = 15000;

using script::expectEqual;
using script::fail;
using script::need;
using script::number;
using script::rest;
using script::split;
using script::yes;

long long now() { return wxGetLocalTimeMillis().GetValue(); }

void expectHas(const std::string& what, const std::string& found, const std::string& wanted) {
    if (found.find(wanted) == std::string::npos) fail(what + " does not say '" + wanted + "'; it says: " + found);
}

}  // namespace

ServerScript::ServerScript(ServerFrame& frame, const wxString& path) : m_frame(frame), m_path(path), m_timer(this) {
    Bind(wxEVT_TIMER, &ServerScript::onTick, this, m_timer.GetId());
    addWindowCommands();
    addOrderCommands();
    addWeekCommands();
    addExpectations();
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
        const bool there = m_waitPhase.empty() ? c.week == m_waitWeek && c.day == m_waitDay : c.phase == m_waitPhase;
        if (!there || m_frame.eventRefreshes() == 0) {
            if (now() < m_waitDayUntil) return;
            std::cerr << m_path.utf8_string() << ":" << m_waitLine << ": error: the window still shows week " << c.week << " day "
                      << c.day << " before " << c.phase << ", not "
                      << (m_waitPhase.empty() ? "week " + std::to_string(m_waitWeek) + " day " + std::to_string(m_waitDay)
                                              : "the phase " + m_waitPhase)
                      << "\n";
            finish(1);
            return;
        }
        m_waitPhase.clear();
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

void ServerScript::run(const Words& w) {
    const std::string& cmd = w.at(0);
    const auto command = m_commands.find(cmd);
    if (command == m_commands.end()) fail("unknown command '" + cmd + "'");
    command->second(w);
}

// expect WHAT ARG...: the expectation's handler in m_expectations.
void ServerScript::expect(const Words& w) {
    need(w, 2);
    const std::string& what = w[1];
    const auto expectation = m_expectations.find(what);
    if (expectation == m_expectations.end()) fail("unknown expectation '" + what + "'");
    expectation->second(w, rest(w, 2));
}

hex::Hex ServerScript::hexOf(const std::string& text) const {
    return script::hexOnCanvas(m_frame.canvas(), text, "no campaign is shown");
}

OrderDialog& ServerScript::dialog() const {
    if (!m_frame.orderDialog()) fail("no order dialog is open");
    return *m_frame.orderDialog();
}

void ServerScript::settle(const std::string& shot) {
    MapCanvas& canvas = m_frame.canvas();
    m_settling = true;
    m_pendingShot = shot;
    canvas.Refresh();
    m_settlePaints = canvas.paintCount();
    m_settleStart = now();
    m_settleSince = m_settleStart;
}

// Waiting, following the turn, the connect dialog, the map and the tabs.
void ServerScript::addWindowCommands() {
    m_commands["echo"] = [](const Words& w) {
        // At once: whoever runs the script may be waiting for the line.
        std::cout << "etatmajor: " << rest(w, 1) << std::endl;
    };
    m_commands["wait"] = [this](const Words& w) {
        need(w, 2);
        m_waitUntil = now() + number(w[1]);
    };
    m_commands["wait-day"] = [this](const Words& w) {
        need(w, 3);
        m_waitWeek = number(w[1]);
        m_waitDay = number(w[2]);
        m_waitDayUntil = now() + 1000LL * (w.size() > 3 ? number(w[3]) : 60);
    };
    m_commands["wait-phase"] = [this](const Words& w) {
        // wait-phase PHASE [SECONDS]: until the window, following the server, stands before that phase.
        need(w, 2);
        m_waitPhase = w[1];
        m_waitDayUntil = now() + 1000LL * (w.size() > 2 ? number(w[2]) : 60);
    };
    m_commands["reload"] = [this](const Words&) {
        if (!m_frame.refresh()) fail("the window could not read the server: " + m_frame.lastMessage());
        settle({});
    };
    m_commands["select"] = [this](const Words& w) {
        need(w, 2);
        if (!m_frame.selectMe(w[1])) fail(m_frame.lastMessage());
        settle({});
    };
    m_commands["tab"] = [this](const Words& w) {
        need(w, 2);
        if (!m_frame.selectTab(rest(w, 1))) fail("there is no tab '" + rest(w, 1) + "'");
    };
    m_commands["show-connect"] = [this](const Words& w) {
        ServerLogin login;
        login.passphrase = rest(w, 1);
        m_frame.showConnectForScript(login);
    };
    m_commands["hide-connect"] = [this](const Words&) { m_frame.hideConnectForScript(); };
    m_commands["zoom"] = [this](const Words& w) {
        need(w, 2);
        MapCanvas& canvas = m_frame.canvas();
        if (w[1] == "in") canvas.zoomIn();
        else if (w[1] == "out") canvas.zoomOut();
        else if (w[1] == "fit") canvas.fitToWindow();
        else canvas.setHexSize(number(w[1]));
        settle({});
    };
    m_commands["centre"] = [this](const Words& w) {
        need(w, 2);
        m_frame.canvas().centreOnHex(hexOf(w[1]));
        settle({});
    };
    m_commands["screenshot"] = [this](const Words& w) {
        need(w, 2);
        if (m_frame.orderDialog()) m_frame.orderDialog()->Raise();
        if (m_frame.decoyDialog()) m_frame.decoyDialog()->Raise();
        if (m_frame.weekDialog()) m_frame.weekDialog()->Raise();
        settle(rest(w, 1));
    };
    m_commands["expect"] = [this](const Words& w) { expect(w); };
}

// The order dialog and the side's orders on the server.
void ServerScript::addOrderCommands() {
    m_commands["order"] = [this](const Words& w) {
        need(w, 2);
        if (!m_frame.editOrder(w[1])) fail("the order dialog did not open: " + m_frame.lastMessage());
        settle({});
    };
    m_commands["set"] = [this](const Words& w) {
        need(w, 3);
        std::string error;
        if (!dialog().setField(w[1], rest(w, 2), error)) fail(error);
    };
    m_commands["click"] = [this](const Words& w) {
        need(w, 2);
        script::clickHex(m_frame.canvas(), hexOf(w[1]), w[1]);
    };
    m_commands["accept"] = [this](const Words&) {
        if (!dialog().accept()) fail("the order was not accepted: " + dialog().lastMessage());
    };
    m_commands["close-order"] = [this](const Words&) { dialog().Close(); };
    m_commands["submit"] = [this](const Words&) {
        if (!m_frame.submitOrders()) fail("the orders were not submitted: " + m_frame.lastMessage());
        settle({});
    };
    m_commands["submit-refused"] = [this](const Words& w) {
        need(w, 2);
        if (m_frame.submitOrders()) fail("the server took the orders");
        expectHas("the refusal", m_frame.lastMessage(), rest(w, 1));
    };
    // A turn packet (docs/pbem.md): the orders packet and the reveal packet written to a file.
    m_commands["seal"] = [this](const Words& w) {
        need(w, 2);
        if (!m_frame.sealOrdersTo(rest(w, 1))) fail("the orders were not sealed: " + m_frame.lastMessage());
    };
    m_commands["reveal"] = [this](const Words& w) {
        need(w, 2);
        if (!m_frame.revealShareTo(rest(w, 1))) fail("no dice share was written: " + m_frame.lastMessage());
    };
    m_commands["stand-fast"] = [this](const Words&) {
        if (!m_frame.standFast()) fail("stand fast failed: " + m_frame.lastMessage());
        settle({});
    };
    m_commands["withdraw"] = [this](const Words&) {
        if (!m_frame.withdrawOrders()) fail("the orders were not withdrawn: " + m_frame.lastMessage());
        settle({});
    };
}

// The Week dialog on the server's answers, and the side's word at a weekly stop.
void ServerScript::addWeekCommands() {
    auto dialog = [this]() -> WeekDialog& {
        if (!m_frame.weekDialog()) fail("the Weekly Decisions dialog is not open");
        return *m_frame.weekDialog();
    };
    m_commands["week-open"] = [this](const Words&) {
        if (!m_frame.openWeekDialog()) fail("the Weekly Decisions dialog did not open: " + m_frame.lastMessage());
        settle({});
    };
    m_commands["week-close"] = [this, dialog](const Words&) {
        dialog().Close();
        settle({});
    };
    // week-done | week-reopen: the dialog's buttons when it is open, else the Week menu's.
    for (const bool done : {true, false})
        m_commands[done ? "week-done" : "week-reopen"] = [this, done](const Words&) {
            const bool ok = m_frame.weekDialog() ? m_frame.weekDialog()->sayWord(done) : m_frame.sayWeekWord(done);
            if (!ok) fail("the word was not given: " + m_frame.lastMessage());
            settle({});
        };
    m_commands["week-dump"] = [dialog](const Words& w) {
        // week-dump PATH: what the dialog shows of the side (weekText), for the test's secrecy check.
        need(w, 2);
        io::writeFileAtomically(rest(w, 1), weekText(dialog().context()));
    };
    script::addWeekDialogCommands(m_commands, m_expectations, dialog, [this] { settle({}); });
    script::addDecoyDialogCommands(
        m_commands, m_expectations, [this] { return m_frame.editDecoys(); }, [this] { return m_frame.decoyDialog(); },
        [this] { return m_frame.lastMessage(); }, [this] { settle({}); });
    m_expectations["week-moves"] = [this](const Words&, const std::string& arg) {
        expectEqual("weekly moves", std::to_string(m_frame.weeklyMoves().size()), arg);
    };
    m_expectations["stop"] = [this](const Words&, const std::string& arg) {
        expectHas("the weekly stop's line", m_frame.stopText(), arg);
    };
}

// expect WHAT ARG...
void ServerScript::addExpectations() {
    m_expectations["week-day"] = [this](const Words& w, const std::string& arg) {
        need(w, 4);
        const auto& c = m_frame.calendar();
        expectEqual("the week and day", std::to_string(c.week) + " " + std::to_string(c.day), arg);
    };
    m_expectations["phase"] = [this](const Words&, const std::string& arg) {
        expectEqual("the phase", m_frame.calendar().phase, arg);
    };
    m_expectations["orders"] = [this](const Words&, const std::string& arg) {
        expectEqual("today's orders", m_frame.ordersStatus(), arg);
    };
    m_expectations["orders-open"] = [this](const Words&, const std::string& arg) {
        expectEqual("whether orders are open", m_frame.ordersOpen() ? "yes" : "no", yes(arg) ? "yes" : "no");
    };
    m_expectations["own-mes"] = m_expectations["face-down"] = [this](const Words& w, const std::string& arg) {
        const std::string& what = w[1];
        const auto* v = m_frame.sideView();
        if (!v) fail("no view is shown");
        int n = 0;
        for (const auto& s : v->sides) {
            if (what == "own-mes") n += static_cast<int>(s.mes.size());
            else
                for (const auto& ctr : s.counters) n += ctr.faceDown ? 1 : 0;
        }
        expectEqual(what, std::to_string(n), arg);
    };
    m_expectations["message"] = [this](const Words&, const std::string& arg) {
        expectHas("the last message", m_frame.lastMessage(), arg);
    };
    m_expectations["report"] = [this](const Words&, const std::string& arg) {
        expectHas("the Day Report tab", m_frame.reportText(), arg);
    };
    m_expectations["turn"] = [this](const Words&, const std::string& arg) { expectHas("the Turn tab", m_frame.turnText(), arg); };
    m_expectations["phase-bar"] = [this](const Words&, const std::string& arg) {
        expectHas("the phase bar", m_frame.phaseBarLabel(), arg);
    };
    m_expectations["event-refreshes-at-least"] = [this](const Words&, const std::string& arg) {
        if (m_frame.eventRefreshes() < number(arg))
            fail("the window read the server again " + std::to_string(m_frame.eventRefreshes()) + " time(s) after events");
    };
}

}  // namespace etatmajor::gui
