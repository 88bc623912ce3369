// SPDX-License-Identifier: GPL-3.0-or-later
#include "oob_writer.hpp"

#include "etatmajor/campaign/points.hpp"
#include "etatmajor/rules/setup.hpp"

namespace etatmajor::db {

using namespace campaign;

// Returns the ids of f and every formation below it (for moving generals with their formation).
std::vector<std::string> OobWriter::insertFormation(const std::string& side, const FormationDef& f, const std::string& parent,
                                                    int& ord, int& unitOrd) {
    SQLite::Statement q(m_db, "INSERT INTO formation (id, side_id, parent_id, ord, kind, name) VALUES (?,?,?,?,?,?)");
    q.bind(1, f.id);
    q.bind(2, side);
    if (parent.empty()) q.bind(3);
    else q.bind(3, parent);
    q.bind(4, ord++);
    q.bind(5, std::string(formationKindName(f.kind)));
    q.bind(6, f.name);
    q.exec();
    if (f.general) insertGeneral(side, *f.general, f.id);
    SQLite::Statement u(m_db, "INSERT INTO unit (id, side_id, formation_id, ord, name, nationality, type, class, stands_original, "
                              "stands_current, figures_per_stand, figures_original, figures_current, armament, bayonets, "
                              "points_original, guard) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)");
    SQLite::Statement g(m_db, "INSERT INTO unit_gun (unit_id, calibre, stands_original, stands_current) VALUES (?,?,?,?)");
    for (const auto& unit : f.units) {
        const int figures = unit.stands * unit.figuresPerStand;
        u.bind(1, unit.id);
        u.bind(2, side);
        u.bind(3, f.id);
        u.bind(4, unitOrd++);
        u.bind(5, unit.name);
        u.bind(6, std::string(nationalityName(unit.nationality)));
        u.bind(7, std::string(unitTypeName(unit.type)));
        u.bind(8, unit.unitClass);
        u.bind(9, unit.stands);
        u.bind(10, unit.stands);
        u.bind(11, unit.figuresPerStand);
        u.bind(12, figures);
        u.bind(13, figures);
        u.bind(14, std::string(armamentName(unit.armament)));
        u.bind(15, unit.bayonets ? 1 : 0);
        u.bind(16, unitPoints(unit));
        u.bind(17, unit.guard ? 1 : 0);
        u.exec();
        u.reset();
        for (const auto& gun : unit.guns) {
            g.bind(1, unit.id);
            g.bind(2, std::string(calibreName(gun.calibre)));
            g.bind(3, gun.stands);
            g.bind(4, gun.stands);
            g.exec();
            g.reset();
        }
    }
    std::vector<std::string> all{f.id};
    for (const auto& c : f.children) {
        auto sub = insertFormation(side, c, f.id, ord, unitOrd);
        all.insert(all.end(), sub.begin(), sub.end());
    }
    m_subFormations[f.id] = all;
    return all;
}

void OobWriter::insertGeneral(const std::string& side, const GeneralDef& g, const std::string& formation) {
    m_generalIds.insert(g.id);
    Rating rating = g.rating.fixed;
    std::string source = "fixed";
    if (g.playerFigure) {
        rating = Rating::Capable;  // §1 item 8: player figures are always Capable
        source = "player_figure";
    } else if (g.rating.kind == RatingSpec::Kind::Roll) {
        // §13.3 staff quality roll on the general's nationality row.
        const auto roll = m_dice.roll({"staff quality of " + g.name, "etat-major.md §13.3", g.id, 1, 6, 0});
        rating = rules::staffQuality(staffRow(g.nationality), roll.result, m_options);
        m_dice.effect(roll, g.name + " is " + std::string(ratingName(rating)));
        source = "rolled";
    } else if (g.rating.alt) {
        // §13.3 historical rating with a special roll.
        const auto roll = m_dice.roll({"historical rating of " + g.name, "etat-major.md §13.3", g.id, 1, 6, 0});
        if (roll.result >= g.rating.altFrom && roll.result <= g.rating.altTo) rating = *g.rating.alt;
        m_dice.effect(roll, g.name + " is " + std::string(ratingName(rating)));
        source = "historical_roll";
    }
    SQLite::Statement q(m_db, "INSERT INTO general (id, side_id, formation_id, name, nationality, rank, arm, rating, rating_source, "
                              "player_figure, aides, escort) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)");
    q.bind(1, g.id);
    q.bind(2, side);
    q.bind(3, formation);
    q.bind(4, g.name);
    q.bind(5, std::string(nationalityName(g.nationality)));
    q.bind(6, std::string(rankName(g.rank)));
    q.bind(7, std::string(armName(g.arm)));
    q.bind(8, std::string(ratingName(rating)));
    q.bind(9, source);
    q.bind(10, g.playerFigure ? 1 : 0);
    q.bind(11, g.aides);
    q.bind(12, g.escort ? 1 : 0);
    q.exec();
}

}  // namespace etatmajor::db
