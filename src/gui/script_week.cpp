// SPDX-License-Identifier: GPL-3.0-or-later
#include "script_week.hpp"

#include "script_words.hpp"
#include "week_dialog.hpp"

namespace etatmajor::gui::script {

void addWeekDialogCommands(CommandMap& commands, ExpectationMap& expectations, std::function<WeekDialog&()> dialog,
                           std::function<void()> settle) {
    auto kindOf = [](const std::string& word) {
        const auto kind = moveKindOf(word);
        if (!kind) fail("no kind of weekly move is called '" + word + "'");
        return *kind;
    };
    commands["week-move"] = [dialog, settle, kindOf](const Words& w) {
        need(w, 2);
        if (!dialog().showMove(kindOf(w[1]), w.size() > 2 ? number(w[2]) : 0))
            fail("the dialog offers no move '" + rest(w, 1) + "':\n" + weekText(dialog().context()));
        settle();
    };
    commands["week-set"] = [dialog](const Words& w) {
        need(w, 3);
        std::string error;
        if (!dialog().setField(w[1], rest(w, 2), error)) fail(error);
    };
    auto verdict = [dialog, settle](bool applyIt, bool wanted, const std::string& text) {
        auto& d = dialog();
        const bool ok = applyIt ? d.apply() : d.check();
        if (ok != wanted) fail(std::string(wanted ? "refused" : "accepted") + ": " + d.messageText());
        if (!text.empty() && d.messageText().find(text) == std::string::npos)
            fail("the dialog says '" + d.messageText() + "', without '" + text + "'");
        settle();
    };
    commands["week-check"] = [verdict](const Words&) { verdict(false, true, {}); };
    commands["week-apply"] = [verdict](const Words&) { verdict(true, true, {}); };
    commands["week-check-refused"] = [verdict](const Words& w) {
        need(w, 2);
        verdict(false, false, rest(w, 1));
    };
    commands["week-apply-refused"] = [verdict](const Words& w) {
        need(w, 2);
        verdict(true, false, rest(w, 1));
    };
    expectations["week-message"] = [dialog](const Words&, const std::string& arg) {
        if (dialog().messageText().find(arg) == std::string::npos)
            fail("the dialog says '" + dialog().messageText() + "', without '" + arg + "'");
    };
}

}  // namespace etatmajor::gui::script
