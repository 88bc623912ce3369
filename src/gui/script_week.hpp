// SPDX-License-Identifier: GPL-3.0-or-later
// The Week dialog's words in the scripted GUI runs, the same in the local window's script (turn_script.hpp) and the
// server window's (server_script.hpp):
//
//   week-move KIND [SIEGE] | week-set KEY VALUE... | week-check | week-apply
//   week-check-refused TEXT | week-apply-refused TEXT | expect week-message TEXT
#pragma once

#include <functional>
#include <map>
#include <string>
#include <vector>

namespace etatmajor::gui {

class WeekDialog;

namespace script {

using Words = std::vector<std::string>;
using CommandMap = std::map<std::string, std::function<void(const Words&)>>;
using ExpectationMap = std::map<std::string, std::function<void(const Words&, const std::string& arg)>>;

// Adds the words above; `dialog` gives the dialog open now (or fails), `settle` waits for the window to paint.
void addWeekDialogCommands(CommandMap& commands, ExpectationMap& expectations, std::function<WeekDialog&()> dialog,
                           std::function<void()> settle);

}  // namespace script
}  // namespace etatmajor::gui
