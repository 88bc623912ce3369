// SPDX-License-Identifier: GPL-3.0-or-later
// Private: writes order-of-battle trees (formations, generals with their rating rolls, units, guns) into the
// campaign database; used by campaign creation and by purchases with the primary grant.
#pragma once

#include "etatmajor/campaign/options.hpp"
#include "etatmajor/campaign/scenario.hpp"
#include "etatmajor/dice/dice.hpp"

#include <SQLiteCpp/SQLiteCpp.h>

#include <map>
#include <set>
#include <string>
#include <vector>

namespace etatmajor::db {

class OobWriter {
public:
    OobWriter(SQLite::Database& db, dice::Dice& dice, const campaign::Options& options) : m_db(db), m_dice(dice), m_options(options) {}

    // Inserts f and everything below it; parent empty for an army's root. Returns f's id and every formation id
    // below it.
    std::vector<std::string> insertFormation(const std::string& side, const campaign::FormationDef& f, const std::string& parent,
                                             int& ord, int& unitOrd);
    // Rates the general (§1 item 8 player figures, §13.3 rolls, logged) and inserts him.
    void insertGeneral(const std::string& side, const campaign::GeneralDef& g, const std::string& formation);

    const std::set<std::string>& generalIds() const { return m_generalIds; }
    const std::vector<std::string>& subtree(const std::string& formation) { return m_subFormations[formation]; }

private:
    SQLite::Database& m_db;
    dice::Dice& m_dice;
    const campaign::Options& m_options;
    std::map<std::string, std::vector<std::string>> m_subFormations;
    std::set<std::string> m_generalIds;
};

}  // namespace etatmajor::db
