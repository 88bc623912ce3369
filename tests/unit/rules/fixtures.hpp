// SPDX-License-Identifier: GPL-3.0-or-later
// Small hand-built campaign states for rule tests.
#pragma once

#include "etatmajor/campaign/state.hpp"

#include <string>

namespace etatmajor::test {

using namespace etatmajor::campaign;

inline UnitState unit(std::string id, std::string side, std::string formation, std::string me, UnitType type, int cls, int stands,
                      int figuresPerStand, Nationality nat = Nationality::British) {
    UnitState u;
    u.id = std::move(id);
    u.side = std::move(side);
    u.formation = std::move(formation);
    u.me = std::move(me);
    u.name = u.id;
    u.type = type;
    u.unitClass = cls;
    u.standsOriginal = u.standsCurrent = stands;
    u.figuresPerStand = figuresPerStand;
    u.figuresOriginal = u.figuresCurrent = stands * figuresPerStand;
    u.nationality = nat;
    u.bayonets = cls > 1;
    return u;
}

inline GeneralState general(std::string id, std::string side, std::string formation, std::string me, Rank rank, Arm arm,
                            Rating rating) {
    GeneralState g;
    g.id = std::move(id);
    g.side = std::move(side);
    g.formation = std::move(formation);
    g.me = std::move(me);
    g.name = g.id;
    g.rank = rank;
    g.arm = arm;
    g.rating = rating;
    return g;
}

inline FormationState formation(std::string id, std::string side, std::string parent, FormationKind kind) {
    return {std::move(id), std::move(side), std::move(parent), kind, ""};
}

inline MeState me(std::string id, std::string side, hex::Hex at, std::string source, Mode mode = Mode::March) {
    MeState m;
    m.id = std::move(id);
    m.side = std::move(side);
    m.label = m.id;
    m.hex = at;
    m.supplySource = std::move(source);
    m.mode = mode;
    return m;
}

}  // namespace etatmajor::test
