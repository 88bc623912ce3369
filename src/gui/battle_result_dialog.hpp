// SPDX-License-Identifier: GPL-3.0-or-later
// The form for a battle fought on the table (etat-major.md §8.8, docs/formats/battle-result.md): the winner, each
// unit's losses (stands, figures, guns, routed, captured), each general's fate, and notes. It writes a battle-result
// file that engine::enterBattleResult checks and records, exactly as `battle enter` does.
#pragma once

#include <wx/dialog.h>

#include <string>
#include <vector>

class wxCheckBox;
class wxChoice;
class wxSpinCtrl;
class wxTextCtrl;

namespace etatmajor::gui {

struct ResultUnit {
    std::string id, name, me;
    int stands = 0;
    int gunStands = 0;
    // Entered losses.
    int standsLost = 0;
    int figuresLost = -1;  // -1: by the stands lost
    int gunsLost = 0;
    bool routed = false;
    bool captured = false;
};

struct ResultGeneral {
    std::string id, name;
    std::string fate = "unhurt";  // unhurt | wounded | killed | captured
};

// The battle-result document (format version 1) for these entries; units and generals with nothing to report are
// left out, as the format allows. `winner` empty: a draw.
std::string battleResultXml(int battle, const std::string& winner, const std::vector<ResultUnit>& units,
                            const std::vector<ResultGeneral>& generals, const std::string& notes);

class BattleResultDialog : public wxDialog {
public:
    BattleResultDialog(wxWindow* parent, int battle, const std::vector<std::string>& sides, std::vector<ResultUnit> units,
                       std::vector<ResultGeneral> generals);
    std::string xml() const;

private:
    int m_battle;
    std::vector<std::string> m_sides;
    std::vector<ResultUnit> m_units;
    std::vector<ResultGeneral> m_generals;
    wxChoice* m_winner = nullptr;
    std::vector<wxSpinCtrl*> m_stands, m_guns;
    std::vector<wxCheckBox*> m_routed, m_captured;
    std::vector<wxChoice*> m_fates;
    wxTextCtrl* m_notes = nullptr;
};

}  // namespace etatmajor::gui
