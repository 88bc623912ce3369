// SPDX-License-Identifier: GPL-3.0-or-later
// Small battle set-ups for the resolver tests.
#pragma once

#include "etatmajor/battle/engine.hpp"
#include "etatmajor/battle/setup.hpp"

#include <filesystem>
#include <optional>
#include <string>

namespace etatmajor::battle::test {

inline std::string sourcePath(const std::string& relative) {
    return (std::filesystem::path(ETATMAJOR_SOURCE_DIR) / relative).string();
}

inline UnitSpec unitSpec(const std::string& id, UnitType type, int cls, int stands, Nationality nat = Nationality::British) {
    UnitSpec u;
    u.id = id;
    u.name = id;
    u.type = type;
    u.unitClass = cls;
    u.stands = stands;
    u.nationality = nat;
    return u;
}

inline UnitSpec batterySpec(const std::string& id, int cls, int crewStands, Calibre calibre, int guns,
                            Nationality nat = Nationality::British) {
    UnitSpec u = unitSpec(id, UnitType::FootArtillery, cls, crewStands, nat);
    u.guns.push_back(GunSpec{calibre, false, guns});
    return u;
}

inline GeneralSpec generalSpec(const std::string& id, Rating r, Rank rank = Rank::Brigade) {
    GeneralSpec g;
    g.id = id;
    g.name = id;
    g.rating = r;
    g.rank = rank;
    g.aides = 0;  // no ADC unless a test wants one: nothing attaches by itself
    return g;
}

// One side: one ME holding one brigade of the given units under an optional brigade general.
inline SideSpec sideSpec(const std::string& id, Mode mode, std::vector<UnitSpec> units, std::optional<Rating> general) {
    SideSpec s;
    s.id = id;
    s.name = id;
    MeSpec me;
    me.id = id + "-me";
    me.mode = mode;
    FormationSpec f;
    f.id = id + "-bde";
    f.name = id + " brigade";
    if (general) f.general = generalSpec(id + "-gen", *general);
    f.units = std::move(units);
    me.formations.push_back(f);
    s.mes.push_back(me);
    return s;
}

inline BattleSetup battleOf(SideSpec a, SideSpec b, Season season = Season::Autumn) {
    BattleSetup s;
    s.id = "test";
    s.name = "test";
    s.season = season;
    s.sides = {std::move(a), std::move(b)};
    return s;
}

}  // namespace etatmajor::battle::test
