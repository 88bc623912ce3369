// SPDX-License-Identifier: GPL-3.0-or-later
// The one adapter between the core's edit commands and wxWidgets' undo machinery (architecture §2): a wxCommand
// that holds an edit::Edit and applies or reverts it on a map. Merging a stroke's edits into one undo step is done
// by MapEditor::submit through absorb(), since wxCommandProcessor has no notion of merging.
#pragma once

#include "etatmajor/edit/edit.hpp"
#include "etatmajor/map/map.hpp"

#include <wx/cmdproc.h>

namespace etatmajor::gui {

// Where edits land, and who hears about them.
class EditTarget {
public:
    virtual ~EditTarget() = default;
    virtual map::Map& editedMap() = 0;
    // Called after `edit` was applied (forward) or reverted.
    virtual void edited(const edit::Edit& edit, bool forward) = 0;
};

class EditCommand : public wxCommand {
public:
    EditCommand(EditTarget& target, edit::Edit edit);

    bool Do() override;
    bool Undo() override;

    const edit::Edit& edit() const { return m_edit; }
    // Applies `next`, a later application of the same stroke, and folds it into this command.
    // Precondition: edit().canMergeWith(next), and this command is the last one done.
    void absorb(edit::Edit next);

private:
    EditTarget& m_target;
    edit::Edit m_edit;
};

}  // namespace etatmajor::gui
