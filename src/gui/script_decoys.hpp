// SPDX-License-Identifier: GPL-3.0-or-later
// The Decoys dialog's words in the scripted GUI runs, the same in the local window's script (turn_script.hpp) and the
// server window's (server_script.hpp); `click HEX` places and routes while the dialog picks:
//
//   decoys (Edit or Orders > Decoys...) | decoy-new [ID] | decoy-new-refused TEXT | decoy-select ID
//   decoy-set KEY [VALUE...] (id designated place path; without a value the field is emptied) | decoy-remove
//   decoy-accept | decoy-accept-refused TEXT | decoy-close | expect decoys-has TEXT | expect decoy-check TEXT
#pragma once

#include "script_week.hpp"

#include <functional>

namespace etatmajor::gui {

class DecoyDialog;

namespace script {

// Adds the words above: `open` opens the dialog (nullptr, having said why, when it cannot), `current` gives the
// dialog open now (or nullptr), `why` what the window said last, `settle` waits for the window to paint.
void addDecoyDialogCommands(CommandMap& commands, ExpectationMap& expectations, std::function<DecoyDialog*()> open,
                            std::function<DecoyDialog*()> current, std::function<std::string()> why, std::function<void()> settle);

}  // namespace script
}  // namespace etatmajor::gui
