// SPDX-License-Identifier: GPL-3.0-or-later
#include "script_decoys.hpp"

#include "decoy_dialog.hpp"
#include "script_words.hpp"

namespace etatmajor::gui::script {

void addDecoyDialogCommands(CommandMap& commands, ExpectationMap& expectations, std::function<DecoyDialog*()> open,
                            std::function<DecoyDialog*()> current, std::function<std::string()> why, std::function<void()> settle) {
    const auto decoys = [current]() -> DecoyDialog& {
        DecoyDialog* d = current();
        if (!d) fail("the Decoys dialog is not open");
        return *d;
    };
    commands["decoys"] = [open, why, settle](const Words&) {
        if (!open()) fail("the Decoys dialog did not open: " + why());
        settle();
    };
    commands["decoy-new"] = [decoys](const Words& w) {
        std::string error;
        if (!decoys().addNew(w.size() > 1 ? w[1] : std::string(), error)) fail("no new decoy: " + error);
    };
    commands["decoy-new-refused"] = [decoys](const Words& w) {
        need(w, 2);
        std::string error;
        if (decoys().addNew("", error)) fail("a new decoy was taken");
        if (error.find(rest(w, 1)) == std::string::npos) fail("the refusal '" + error + "' does not say '" + rest(w, 1) + "'");
    };
    commands["decoy-select"] = [decoys](const Words& w) {
        need(w, 2);
        if (!decoys().select(w[1])) fail("no decoy '" + w[1] + "' in the dialog: " + decoys().lastMessage());
    };
    commands["decoy-set"] = [decoys](const Words& w) {
        need(w, 2);
        std::string error;
        if (!decoys().setField(w[1], rest(w, 2), error)) fail(error);
    };
    commands["decoy-remove"] = [decoys](const Words&) {
        std::string error;
        if (!decoys().removeSelected(error)) fail(error);
    };
    commands["decoy-accept"] = [decoys, settle](const Words&) {
        if (!decoys().accept()) fail("the decoys were not put in the orders: " + decoys().lastMessage());
        settle();
    };
    commands["decoy-accept-refused"] = [decoys](const Words& w) {
        need(w, 2);
        if (decoys().accept()) fail("the decoys were put in the orders");
        if (decoys().lastMessage().find(rest(w, 1)) == std::string::npos)
            fail("the dialog says '" + decoys().lastMessage() + "', without '" + rest(w, 1) + "'");
    };
    commands["decoy-close"] = [decoys, settle](const Words&) {
        decoys().Close();
        settle();
    };
    expectations["decoys-has"] = [decoys](const Words&, const std::string& arg) {
        if (decoys().listText().find(arg) == std::string::npos) fail("the decoys listed are:\n" + decoys().listText());
    };
    expectations["decoy-check"] = [decoys](const Words&, const std::string& arg) {
        if (decoys().checkText().find(arg) == std::string::npos) fail("the rules say:\n" + decoys().checkText());
    };
}

}  // namespace etatmajor::gui::script
