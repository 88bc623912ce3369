// SPDX-License-Identifier: GPL-3.0-or-later
#include "edit_command.hpp"

namespace etatmajor::gui {

EditCommand::EditCommand(EditTarget& target, edit::Edit edit)
    : wxCommand(true, wxString::FromUTF8(edit.label().c_str())), m_target(target), m_edit(std::move(edit)) {}

bool EditCommand::Do() {
    m_edit.apply(m_target.editedMap());
    m_target.edited(m_edit, true);
    return true;
}

bool EditCommand::Undo() {
    m_edit.revert(m_target.editedMap());
    m_target.edited(m_edit, false);
    return true;
}

void EditCommand::absorb(edit::Edit next) {
    next.apply(m_target.editedMap());
    m_target.edited(next, true);
    m_edit.mergeWith(std::move(next));
}

}  // namespace etatmajor::gui
