// SPDX-License-Identifier: GPL-3.0-or-later
#include "turn_script.hpp"

#include "decoy_dialog.hpp"
#include "order_dialog.hpp"
#include "script_canvas.hpp"
#include "script_decoys.hpp"
#include "script_words.hpp"
#include "turn_frame.hpp"
#include "script_week.hpp"
#include "week_dialog.hpp"

#include "etatmajor/io/atomic_file.hpp"

#include <wx/filefn.h>
#include <wx/time.h>
#include <wx/utils.h>

#include <algorithm>
#include <fstream>
#include <iostream>
#include <sstream>
#include <stdexcept>

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

}  // namespace

TurnScript::TurnScript(TurnFrame& frame, const wxString& path) : m_frame(frame), m_path(path), m_timer(this) {
    Bind(wxEVT_TIMER, &TurnScript::onTick, this, m_timer.GetId());
    addViewCommands();
    addOrderCommands();
    addMapCommands();
    addBattleCommands();
    addWeekCommands();
    addDecoyCommands();
    addTurnExpectations();
    addOrderExpectations();
    m_commands["expect"] = [this](const Words& w) { expect(w); };
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

void TurnScript::run(const Words& w) {
    const std::string& cmd = w.at(0);
    const auto command = m_commands.find(cmd);
    if (command == m_commands.end()) fail("unknown command '" + cmd + "'");
    command->second(w);
}

// expect WHAT ARG...: the expectation's handler in m_expectations.
void TurnScript::expect(const Words& w) {
    need(w, 2);
    const std::string& what = w[1];
    const auto expectation = m_expectations.find(what);
    if (expectation == m_expectations.end()) fail("unknown expectation '" + what + "'");
    expectation->second(w, rest(w, 2));
}

hex::Hex TurnScript::hexOf(const std::string& text) const {
    return script::hexOnCanvas(m_frame.canvas(), text, "no campaign is open");
}

OrderDialog& TurnScript::dialog() const {
    if (!m_frame.orderDialog()) fail("no order dialog is open");
    return *m_frame.orderDialog();
}

WeekDialog& TurnScript::weekDialog() const {
    if (!m_frame.weekDialog()) fail("the Weekly Decisions dialog is not open");
    return *m_frame.weekDialog();
}

// The Weekly Decisions dialog: its moves, the fields of its forms, and the rules' verdict on them.
void TurnScript::addWeekCommands() {
    m_commands["week-open"] = [this](const Words&) {
        if (!m_frame.openWeekDialog()) fail("the Weekly Decisions dialog did not open: " + m_frame.lastMessage());
        settle({});
    };
    m_commands["reorganise"] = [this](const Words& w) {
        // reorganise ME: Edit > Reorganise ME... on that ME (the Week dialog's reorganisation form).
        need(w, 2);
        if (!m_frame.reorganiseMe(w[1]) || m_frame.weekDialog()->shownKind() != engine::MoveKind::Reorganise)
            fail("the reorganisation form did not open: " + m_frame.lastMessage());
        settle({});
    };
    m_commands["week-close"] = [this](const Words&) {
        weekDialog().Close();
        settle({});
    };
    auto kindOf = [](const std::string& word) {
        const auto kind = moveKindOf(word);
        if (!kind) fail("no kind of weekly move is called '" + word + "'");
        return *kind;
    };
    m_commands["week-no-move"] = [this, kindOf](const Words& w) {
        need(w, 2);
        const auto kind = kindOf(w[1]);
        for (const auto& m : m_frame.weeklyMoves())
            if (m.kind == kind) fail("the side may still " + m.command);
    };
    script::addWeekDialogCommands(
        m_commands, m_expectations, [this]() -> WeekDialog& { return weekDialog(); }, [this] { settle({}); });
    m_expectations["week-moves"] = [this](const Words&, const std::string& arg) {
        expectEqual("weekly moves", std::to_string(m_frame.weeklyMoves().size()), arg);
    };
}

// The Decoys dialog (Edit > Decoys...): new decoys and routes; `click HEX` places and routes while it picks.
void TurnScript::addDecoyCommands() {
    script::addDecoyDialogCommands(
        m_commands, m_expectations, [this] { return m_frame.editDecoys(); }, [this] { return m_frame.decoyDialog(); },
        [this] { return m_frame.lastMessage(); }, [this] { settle({}); });
}

void TurnScript::settle(const std::string& shot) {
    MapCanvas& canvas = m_frame.canvas();
    m_settling = true;
    m_pendingShot = shot;
    canvas.Refresh();
    m_settlePaints = canvas.paintCount();
    m_settleStart = now();
    m_settleSince = m_settleStart;
}

// Choosing the viewer, the questions shown for screenshots, the tabs.
void TurnScript::addViewCommands() {
    m_commands["echo"] = [](const Words& w) { std::cout << "etatmajor: " << rest(w, 1) << "\n"; };
    m_commands["wait"] = [this](const Words& w) {
        need(w, 2);
        m_waitUntil = now() + number(w[1]);
    };
    m_commands["side"] = [this](const Words& w) {
        // side ID|host [PASSPHRASE]: the passphrase, when given, answers the question the side is asked.
        need(w, 2);
        if (w.size() > 2) m_frame.queuePassphrase(rest(w, 2));
        if (w[1] == "none") m_frame.clearSide();
        else if (!m_frame.setSide(w[1] == "host" ? std::string() : w[1]))
            fail("cannot show the view of '" + w[1] + "': " + m_frame.lastMessage());
        settle({});
    };
    m_commands["side-refused"] = [this](const Words& w) {
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
    };
    m_commands["show-chooser"] = [this](const Words&) {
        m_frame.showChooserForScript(true);
        settle({});
    };
    m_commands["close-chooser"] = [this](const Words&) {
        m_frame.showChooserForScript(false);
        settle({});
    };
    m_commands["show-passphrase"] = [this](const Words& w) {
        need(w, 2);
        m_frame.showPassphraseForScript(w[1]);
        settle({});
    };
    m_commands["close-passphrase"] = [this](const Words&) {
        m_frame.showPassphraseForScript(std::string());
        settle({});
    };
    m_commands["show-print-menu"] = [this](const Words&) {
        m_frame.showPrintMenuForScript(true);
        settle({});
    };
    m_commands["close-print-menu"] = [this](const Words&) {
        m_frame.showPrintMenuForScript(false);
        settle({});
    };
    m_commands["tab"] = [this](const Words& w) {
        need(w, 2);
        if (!m_frame.selectTab(rest(w, 1))) fail("no tab '" + rest(w, 1) + "'");
        settle({});
    };
    m_commands["dump-panels"] = [this](const Words& w) {
        // Every text the window shows now, panel by panel, written to a file for the test to search.
        need(w, 2);
        std::ofstream out(rest(w, 1), std::ios::binary);
        for (const auto& [title, text] : m_frame.panelTexts()) out << "==== " << title << "\n" << text << "\n";
        if (!out) fail("cannot write the panels' texts to " + rest(w, 1));
    };
    m_commands["save-layout"] = [this](const Words&) { m_frame.saveLayout(); };
    // load-layout: the window's layout read back from the settings, as a launch reads it (scripts otherwise never do).
    m_commands["load-layout"] = [this](const Words&) {
        m_frame.loadLayout();
        settle({});
    };
    m_commands["set-pane"] = [this](const Words& w) {
        // set-pane NAME PIXELS: as if the sash had been dragged there.
        need(w, 3);
        if (m_frame.layout().paneSize(w[1]) < 0) fail("the window has no pane '" + w[1] + "'");
        m_frame.layout().setPaneSize(w[1], number(w[2]));
        settle({});
    };
    m_commands["run"] = [](const Words& w) {
        // run PROGRAM ARG...: another program run against the open campaign (etatmajor-cli from a shell), to its end.
        need(w, 2);
        std::vector<const char*> argv;
        for (std::size_t i = 1; i < w.size(); ++i) argv.push_back(w[i].c_str());
        argv.push_back(nullptr);
        // No event of this window is handled while it runs: what the window notices is what the program left.
        const long status = wxExecute(argv.data(), wxEXEC_BLOCK);
        if (status != 0) fail(w[1] + " ended with status " + std::to_string(status));
    };
    m_commands["look-for-changes"] = [this](const Words&) {
        // What the window's timer does every two seconds, at once.
        m_frame.checkOutsideChange();
        settle({});
    };
    m_commands["reload"] = [this](const Words&) {
        // Campaign > Reload (F5): everything read again from the database.
        m_frame.refresh();
        settle({});
    };
}

// Writing, giving and running: the order dialog, the side's orders, the phases.
void TurnScript::addOrderCommands() {
    m_commands["select"] = [this](const Words& w) {
        need(w, 2);
        if (!m_frame.selectMe(w[1])) fail(m_frame.lastMessage());
    };
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
    m_commands["stand-fast"] = [this](const Words&) {
        if (!m_frame.standFast()) fail("stand fast failed: " + m_frame.lastMessage());
    };
    m_commands["next-phase"] = [this](const Words&) {
        if (!m_frame.nextPhase()) fail("the next phase did not run: " + m_frame.lastMessage());
        settle({});
    };
    m_commands["run-to-decision"] = [this](const Words& w) {
        // run-to-decision [TEXT]: Run to the Next Decision runs some phases; TEXT, when given, is in why it stopped.
        if (!m_frame.runToDecision()) fail("no phase ran: " + m_frame.lastMessage());
        if (w.size() > 1 && m_frame.runStoppedBecause().find(rest(w, 1)) == std::string::npos)
            fail("the run stopped because '" + m_frame.runStoppedBecause() + "', without '" + rest(w, 1) + "'");
        settle({});
    };
    m_commands["run-to-decision-refused"] = [this](const Words& w) {
        // No phase may run, and the message must say why.
        if (m_frame.runToDecision()) fail("phases ran although the run should have been refused");
        if (m_frame.lastMessage().find(rest(w, 1)) == std::string::npos)
            fail("the refusal reads '" + m_frame.lastMessage() + "', without '" + rest(w, 1) + "'");
    };
    m_commands["close-summary"] = [this](const Words&) {
        m_frame.closeSummary();
        settle({});
    };
    m_commands["next-phase-refused"] = [this](const Words& w) {
        // The phase must not run, and the message must say why.
        if (m_frame.nextPhase()) fail("the next phase ran although it should have been refused");
        if (m_frame.lastMessage().find(rest(w, 1)) == std::string::npos)
            fail("the refusal reads '" + m_frame.lastMessage() + "', without '" + rest(w, 1) + "'");
    };
}

// The map and what is drawn over it, the event log's filter, screenshots.
void TurnScript::addMapCommands() {
    m_commands["overlay"] = [this](const Words& w) {
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
    };
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
    m_commands["log-filter"] = [this](const Words& w) {
        std::string text, phase;
        for (std::size_t i = 1; i < w.size(); ++i) {
            if (w[i] == "phase" && i + 1 < w.size()) {
                phase = w[++i];
                continue;
            }
            text += (text.empty() ? "" : " ") + w[i];
        }
        m_frame.setLogFilter(text, phase);
    };
    m_commands["screenshot"] = [this](const Words& w) {
        need(w, 2);
        // The order and decoy dialogs stand over the window, as a person sees them.
        if (m_frame.orderDialog()) m_frame.orderDialog()->Raise();
        if (m_frame.decoyDialog()) m_frame.decoyDialog()->Raise();
        settle(rest(w, 1));
    };
}

// The Battles tab: the set-up, the odds, resolving a battle.
void TurnScript::addBattleCommands() {
    m_commands["battle-odds"] = [this](const Words& w) {
        // Starts the odds on the worker thread; the script waits for them. When the side knows too little, the
        // refusal is kept for 'expect odds'.
        need(w, 3);
        m_frame.startOdds(number(w[1]), number(w[2]));
        if (w.size() > 3 && w[3] == "cancel") m_frame.cancelOdds();  // the Cancel button, pressed at once
    };
    m_commands["battle-assume"] = [this](const Words& w) {
        // A cell of the odds form: battle-assume ROW KIND N (ROW from 1, KIND the first word of the reports' kind);
        // without N the cell is emptied.
        need(w, 3);
        if (!m_frame.setAssumption(number(w[1]) - 1, w[2], rest(w, 3))) fail(m_frame.lastMessage());
    };
    m_commands["battle-show"] = [this](const Words& w) {
        need(w, 2);
        m_frame.showBattleSetup(number(w[1]));
        m_battleText = m_frame.battleTabText();
    };
    m_commands["battle-resolve"] = [this](const Words& w) {
        need(w, 2);
        if (!m_frame.resolveBattle(number(w[1]))) fail("the battle was not resolved: " + m_frame.lastMessage());
        m_battleText = m_frame.battleTabText();  // what the Battles tab shows after the fight
        settle({});
    };
    m_commands["save-battle"] = [this](const Words& w) {
        // The Battles tab's text, written to a file for the test to search (a side must not see enemy names).
        need(w, 2);
        std::ofstream out(rest(w, 1), std::ios::binary);
        out << m_frame.battleTabText();
        if (!out) fail("cannot write the Battles tab's text to " + rest(w, 1));
    };
}

// expect WHAT ARG...: where the turn stands, the messages, the log, the viewer.
void TurnScript::addTurnExpectations() {
    m_expectations["pane"] = [this](const Words& w, const std::string&) {
        // expect pane NAME MIN MAX: the pane's size in pixels.
        need(w, 5);
        const int size = m_frame.layout().paneSize(w[2]);
        if (size < number(w[3]) || size > number(w[4]))
            fail("the pane " + w[2] + " is " + std::to_string(size) + " pixels, not " + w[3] + " to " + w[4]);
    };
    m_expectations["phase"] = [this](const Words&, const std::string& arg) {
        expectEqual("the next phase", campaign::phaseString(m_frame.preview().phase), arg);
    };
    m_expectations["week-day"] = [this](const Words& w, const std::string& arg) {
        need(w, 4);
        expectEqual("the week and day", std::to_string(m_frame.preview().week) + " " + std::to_string(m_frame.preview().day), arg);
    };
    m_expectations["phase-bar"] = [this](const Words&, const std::string& arg) {
        if (m_frame.phaseBarLabel().find(arg) == std::string::npos)
            fail("the phase bar reads '" + m_frame.phaseBarLabel() + "', without '" + arg + "'");
    };
    m_expectations["message"] = [this](const Words&, const std::string& arg) {
        if (m_frame.lastMessage().find(arg) == std::string::npos)
            fail("the last message is '" + m_frame.lastMessage() + "', without '" + arg + "'");
    };
    m_expectations["status"] = [this](const Words&, const std::string& arg) {
        if (m_frame.statusText().find(arg) == std::string::npos)
            fail("the status bar reads '" + m_frame.statusText() + "', without '" + arg + "'");
    };
    m_expectations["log-lines"] = [this](const Words&, const std::string& arg) {
        expectEqual("the log lines shown", std::to_string(m_frame.logLinesShown()), arg);
    };
    m_expectations["log-lines-at-least"] = [this](const Words&, const std::string& arg) {
        if (static_cast<int>(m_frame.logLinesShown()) < number(arg))
            fail("only " + std::to_string(m_frame.logLinesShown()) + " log lines are shown");
    };
    m_expectations["own-mes"] = m_expectations["face-down"] = m_expectations["face-up"] = [this](const Words& w,
                                                                                                 const std::string& arg) {
        const std::string& what = w[1];
        int n = 0;
        const auto* shown = m_frame.sideView();
        if (!shown) fail("no side is shown");
        for (const auto& s : shown->sides) {
            if (what == "own-mes" && s.id == m_frame.side()) n += static_cast<int>(s.mes.size());
            for (const auto& c : s.counters)
                if ((what == "face-down") == c.faceDown && what != "own-mes") ++n;
        }
        expectEqual("the number of " + what, std::to_string(n), arg);
    };
    m_expectations["map-decoys"] = [this](const Words&, const std::string& arg) {
        // The side's own decoys drawn on the map.
        const auto* doc = m_frame.canvas().document();
        const auto n = doc ? std::count_if(doc->counters().begin(), doc->counters().end(), [](const Counter& c) { return c.decoy; })
                           : 0;
        expectEqual("the number of decoys on the map", std::to_string(n), arg);
    };
    m_expectations["range-at-least"] = [this](const Words&, const std::string& arg) {
        if (static_cast<int>(m_frame.movementRangeShown().size()) < number(arg))
            fail("the movement range holds " + std::to_string(m_frame.movementRangeShown().size()) + " hexes");
    };
    m_expectations["no-side"] = [this](const Words&, const std::string&) {
        if (m_frame.viewer()) fail("the view of " + m_frame.viewer()->name() + " is shown");
        if (m_frame.sideView()) fail("a side's view is kept");
        if (!m_frame.canvas().document() || !m_frame.canvas().document()->counters().empty()) fail("counters are on the map");
    };
    m_expectations["assumptions"] = [this](const Words&, const std::string& arg) {
        if (m_frame.assumptionsText().find(arg) == std::string::npos)
            fail("the odds form reads '" + m_frame.assumptionsText() + "', without '" + arg + "'");
    };
    m_expectations["report-table"] = [this](const Words&, const std::string& arg) {
        if (m_frame.reportTablesText().find(arg) == std::string::npos)
            fail("the battle report's tables read '" + m_frame.reportTablesText() + "', without '" + arg + "'");
    };
    m_expectations["no-assumptions"] = [this](const Words&, const std::string&) {
        if (!m_frame.assumptionsText().empty()) fail("the odds form still reads '" + m_frame.assumptionsText() + "'");
    };
    m_expectations["odds"] = [this](const Words&, const std::string& arg) {
        if (m_frame.oddsText().find(arg) == std::string::npos)
            fail("the odds read '" + m_frame.oddsText() + "', without '" + arg + "'");
    };
    m_expectations["summary-has"] = m_expectations["summary-lacks"] = [this](const Words& w, const std::string& arg) {
        // What the last run to the next decision told the viewer.
        const std::string& text = m_frame.runSummary();
        if ((text.find(arg) != std::string::npos) != (w[1] == "summary-has")) fail("the day's summary reads '" + text + "'");
    };
    m_expectations["battle"] = [this](const Words&, const std::string& arg) {
        if (m_battleText.find(arg) == std::string::npos) fail("the battle reads '" + m_battleText + "', without '" + arg + "'");
    };
}

// expect WHAT ARG...: the order being written and the side's draft of today's orders.
void TurnScript::addOrderExpectations() {
    m_expectations["path"] = [this](const Words&, const std::string& arg) {
        expectEqual("the route", formatPath(dialog().order().path), arg);
    };
    m_expectations["order-ok"] = [this](const Words&, const std::string& arg) {
        const auto& c = dialog().lastCheck();
        if (c.ok() != yes(arg)) fail("the order is " + std::string(c.ok() ? "valid" : "refused: " + c.errors.front()));
    };
    m_expectations["reached"] = [this](const Words&, const std::string& arg) {
        int n = 0;
        for (const auto& s : dialog().lastCheck().steps) n += s.reached ? 1 : 0;
        expectEqual("the steps within the allowance", std::to_string(n), arg);
    };
    m_expectations["allowance"] = [this](const Words&, const std::string& arg) {
        expectEqual("the allowance", std::to_string(dialog().lastCheck().allowance), arg);
    };
    m_expectations["orders-open"] = [this](const Words&, const std::string& arg) {
        if (m_frame.ordersOpen() != yes(arg))
            fail(std::string("today's orders are ") + (m_frame.ordersOpen() ? "still open" : "closed"));
    };
    m_expectations["draft-path"] = [this](const Words& w, const std::string&) {
        need(w, 3);
        const auto* d = m_frame.draft();
        if (!d) fail("there is no draft of orders");
        std::string found = "(no order)";
        for (const auto& o : d->orders)
            if (o.me == w[2]) found = formatPath(o.path);
        expectEqual("the draft route of " + w[2], found, rest(w, 3));
    };
    m_expectations["draft-has"] = [this](const Words& w, const std::string&) {
        // Whether the shown draft has an order for the ME (none: no draft at all, as for the host).
        need(w, 4);
        const auto* d = m_frame.draft();
        const bool has = d && std::any_of(d->orders.begin(), d->orders.end(), [&](const auto& o) { return o.me == w[2]; });
        if (has != yes(w[3])) fail(std::string("the draft ") + (has ? "has" : "has no") + " order for " + w[2]);
    };
    m_expectations["orders-tab-lacks"] = m_expectations["orders-tab-has"] = [this](const Words& w, const std::string& arg) {
        const std::string text = m_frame.ordersTabText();
        if ((text.find(arg) != std::string::npos) != (w[1] == "orders-tab-has")) fail("the Orders tab reads '" + text + "'");
    };
    m_expectations["shown-path"] = [this](const Words& w, const std::string&) {
        // The route of the ME's order as the Orders tab, the ME panel and the routes overlay show it today (the order
        // given, once given; the draft until then).
        need(w, 3);
        const auto* order = m_frame.shownOrder(w[2]);
        expectEqual("the route shown for " + w[2], order ? formatPath(order->path) : std::string("(no order)"), rest(w, 3));
    };
    m_expectations["details-has"] = [this](const Words&, const std::string& arg) {
        std::string details;
        for (const auto& [title, text] : m_frame.panelTexts())
            if (title == "ME details") details = text;
        if (details.find(arg) == std::string::npos) fail("the ME's details read '" + details + "', without '" + arg + "'");
    };
    m_expectations["draft-file"] = [this](const Words&, const std::string& arg) {
        // Whether the shown side's draft is kept beside the database.
        const bool there = wxFileExists(wxString::FromUTF8(draftPath(m_frame.path(), m_frame.side()).c_str()));
        if (there != yes(arg)) fail(std::string("the draft file is ") + (there ? "there" : "not there"));
    };
}

}  // namespace etatmajor::gui
