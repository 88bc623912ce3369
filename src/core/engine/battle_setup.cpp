// SPDX-License-Identifier: GPL-3.0-or-later
// The resolver's set-up of a campaign battle (campaign → resolver): the MEs, formations, units and generals of each
// side, the hex's terrain and works, the table's size and terrain pieces; and the set-up one side pictures from its
// intelligence (sideViewSetup). Decisions are listed in docs/rules-mapping.md ("Battles in the campaign").
#include "engine/battles_impl.hpp"

#include "db/store_impl.hpp"
#include "engine/after_battle_db.hpp"
#include "engine/works_db.hpp"
#include "etatmajor/db/state_store.hpp"
#include "etatmajor/rules/weather.hpp"

#include <algorithm>
#include <iterator>
#include <map>

namespace etatmajor::engine {

using campaign::CampaignState;
using campaign::UnitState;

namespace {

battle::Nationality nationalityOf(const UnitState& u) {
    switch (u.nationality) {
        case campaign::Nationality::British: return battle::Nationality::British;
        case campaign::Nationality::Loyalist: return battle::Nationality::Loyalist;
        case campaign::Nationality::German: return battle::Nationality::German;
        case campaign::Nationality::French: return battle::Nationality::French;
        case campaign::Nationality::Spanish: return battle::Nationality::Spanish;
        case campaign::Nationality::Native: return battle::Nationality::Native;
        case campaign::Nationality::American: break;
    }
    // The campaign knows only "American": class 1 is militia, the rest Continentals (state troops fight alike).
    return u.unitClass <= 1 ? battle::Nationality::Militia : battle::Nationality::Continental;
}

battle::Nationality nationalityOf(campaign::Nationality n) {
    switch (n) {
        case campaign::Nationality::British: return battle::Nationality::British;
        case campaign::Nationality::Loyalist: return battle::Nationality::Loyalist;
        case campaign::Nationality::German: return battle::Nationality::German;
        case campaign::Nationality::French: return battle::Nationality::French;
        case campaign::Nationality::Spanish: return battle::Nationality::Spanish;
        case campaign::Nationality::Native: return battle::Nationality::Native;
        case campaign::Nationality::American: break;
    }
    return battle::Nationality::Continental;
}

std::optional<battle::UnitSpec> unitSpecOf(const UnitState& u) {
    battle::UnitSpec s;
    switch (u.type) {
        case campaign::UnitType::LineInfantry: s.type = battle::UnitType::LineInfantry; break;
        case campaign::UnitType::LightInfantry: s.type = battle::UnitType::LightInfantry; break;
        case campaign::UnitType::IrregularInfantry:
            s.type = u.nationality == campaign::Nationality::Native ? battle::UnitType::Native : battle::UnitType::IrregularInfantry;
            break;
        case campaign::UnitType::LightCavalry: s.type = battle::UnitType::LightCavalry; break;
        case campaign::UnitType::IrregularCavalry: s.type = battle::UnitType::IrregularCavalry; break;
        case campaign::UnitType::Artillery: s.type = battle::UnitType::FootArtillery; break;
        case campaign::UnitType::Engineers: return std::nullopt;  // engineers do not stand in the line
    }
    s.id = u.id;
    s.name = u.name;
    s.nationality = nationalityOf(u);
    s.unitClass = std::clamp(u.unitClass, 1, 5);
    s.stands = u.standsCurrent;
    s.figures = u.figuresCurrent;
    s.figuresPerStand = u.figuresPerStand;
    s.armament = u.armament == campaign::Armament::Rifle     ? battle::Armament::Rifle
                 : u.armament == campaign::Armament::Carbine ? battle::Armament::Carbine
                                                             : battle::Armament::Musket;
    s.bayonets = u.bayonets;
    s.guards = u.guard;
    s.militia = s.nationality == battle::Nationality::Militia;
    if (battle::isArtillery(s.type)) {
        for (const auto& g : u.guns)
            if (g.standsCurrent > 0) s.guns.push_back({g.calibre, false, g.standsCurrent});
        if (s.guns.empty()) return std::nullopt;  // crews without guns do not fight as a battery
        s.figures = 0;
        s.figuresPerStand = 0;
    }
    if (s.stands <= 0) return std::nullopt;
    return s;
}

battle::GeneralSpec generalSpecOf(const campaign::GeneralState& g) {
    battle::GeneralSpec s;
    s.id = g.id;
    s.name = g.name;
    s.nationality = nationalityOf(g.nationality);
    s.rank = g.rank;
    s.arm = g.arm;
    s.rating = g.rating;
    return s;
}

battle::HexTerrain hexTerrainOf(const CampaignState& s, hex::Hex h) {
    if (const auto* ua = s.urbanAt(h); ua && !ua->destroyed) {
        switch (ua->size) {
            case map::UrbanSize::Farm:
            case map::UrbanSize::Hamlet: return battle::HexTerrain::Hamlet;
            case map::UrbanSize::Village: return battle::HexTerrain::Village;
            case map::UrbanSize::Town: return battle::HexTerrain::Town;
            case map::UrbanSize::City: return battle::HexTerrain::City;
        }
    }
    if (!s.map.contains(h)) return battle::HexTerrain::Open;
    switch (s.map.terrain(h)) {
        case map::Terrain::Woods:
        case map::Terrain::HeavyWoods: return battle::HexTerrain::Woods;
        case map::Terrain::Marsh: return battle::HexTerrain::Marsh;
        case map::Terrain::Hills: return battle::HexTerrain::Hills;
        case map::Terrain::Difficult: return battle::HexTerrain::Rolling;
        default: return battle::HexTerrain::Open;
    }
}

// G-62 chart: each side places two terrain pieces a table (never roads, rivers or towns) in the enemy's half of the
// table, kinds and places from the battle's seed. The table is measured as the resolver measures it.
void chartTerrainPieces(battle::BattleSetup& setup, std::uint64_t seed, const campaign::Options& options) {
    int onTable[2] = {0, 0}, all = 0, mes[2] = {0, 0};
    for (int sd = 0; sd < 2; ++sd)
        for (const auto& me : setup.sides[static_cast<std::size_t>(sd)].mes) {
            ++all;
            ++mes[sd];
            if (me.arrivalTurn <= 1) ++onTable[sd];
        }
    const bool chartTable = setup.params.tableRule == battle::TableRule::EmChart;
    int width = 0, depth = 0;
    if (chartTable) {
        width = battle::kEmChartTableFiles * std::max(1, (all + battle::kEmChartMesPerTable - 1) / battle::kEmChartMesPerTable);
        depth = battle::kEmChartTableDepth;
    } else {
        const int larger = std::max(onTable[0], onTable[1]);
        width = battle::kTableFiles * std::max(1, (larger + battle::kMesPerTable - 1) / battle::kMesPerTable);
        depth = battle::kTableDepth;
    }
    const int tables = tablesNeeded(mes[0], mes[1], options);
    dice::SplitMix64 rng(dice::SplitMix64::mix(seed ^ 0x7465727261696eULL));  // "terrain"
    const auto d6 = [&] { return 1 + static_cast<int>(rng.next() % 6); };
    const int pieces = 2 * tables;
    for (int sd = 0; sd < 2; ++sd)
        for (int i = 0; i < pieces; ++i) {
            battle::FeatureSpec f;
            f.fromSide = sd;
            const int x0 = std::clamp((2 * i + 1) * width / (2 * pieces) - 2, 0, std::max(0, width - 4));
            const int yc = depth / 2 + 200 + 40 * (d6() - 1);  // from the placing side's own rear edge: the enemy's half
            f.x0 = x0;
            f.x1 = x0 + 4;
            f.y0 = yc - 60;
            f.y1 = yc + 60;
            switch (d6()) {
                case 1: f.kind = battle::FeatureKind::LightWood; break;
                case 2: f.kind = battle::FeatureKind::HeavyWood; break;
                case 3: f.kind = battle::FeatureKind::LowRise; break;
                case 4: f.kind = battle::FeatureKind::HighHill; break;
                case 5:
                    f.kind = battle::FeatureKind::LightWorks;  // walls and hedges
                    f.y0 = yc - 5;
                    f.y1 = yc + 5;
                    break;
                default: f.kind = battle::FeatureKind::Marsh; break;
            }
            setup.terrain.features.push_back(f);
        }
}

// A typical unit for one line of an intelligence report (nothing in the report says more).
std::optional<battle::UnitSpec> typicalUnit(const std::string& kind, const std::string& nationality, campaign::Nationality army,
                                            const std::string& id) {
    battle::UnitSpec u;
    u.id = id;
    u.name = kind;
    const auto nat = campaign::nationalityFromName(nationality);
    campaign::UnitState like;
    like.nationality = nat.value_or(army);
    like.unitClass = 3;
    // What each kind of an intelligence report's line is taken to be: type, class, stands, figures a stand.
    struct Typical {
        std::string_view kind;
        battle::UnitType type;
        int unitClass, stands, figuresPerStand;
    };
    static constexpr Typical kTypical[] = {
        {"militia battalions", battle::UnitType::LineInfantry, 1, 4, 4},
        {"line infantry battalions", battle::UnitType::LineInfantry, 3, 4, 4},
        {"light infantry battalions", battle::UnitType::LightInfantry, 3, 4, 4},
        {"irregular foot", battle::UnitType::IrregularInfantry, 2, 4, 4},
        {"cavalry regiments", battle::UnitType::LightCavalry, 3, 3, 2},
    };
    if (kind == "artillery batteries") {
        u.type = battle::UnitType::FootArtillery;
        u.stands = 2;
        u.guns.push_back({campaign::Calibre::Light, false, 2});
        u.unitClass = 3;
        u.nationality = nationalityOf(like);
        return u;
    }
    const auto* t = std::find_if(std::begin(kTypical), std::end(kTypical), [&](const Typical& x) { return x.kind == kind; });
    if (t == std::end(kTypical)) return std::nullopt;
    u.type = t->type;
    like.unitClass = t->unitClass;
    u.stands = t->stands;
    u.figuresPerStand = t->figuresPerStand;
    u.unitClass = like.unitClass;
    u.nationality = nationalityOf(like);
    u.militia = u.nationality == battle::Nationality::Militia;
    u.figures = u.stands * u.figuresPerStand;
    return u;
}

}  // namespace

battle::BattleSetup buildSetup(SQLite::Database& db, const CampaignState& s, const BattleRecord& b, hex::Hex h) {
    battle::BattleSetup setup;
    setup.id = "campaign-" + std::to_string(b.id);
    setup.name = "Battle " + std::to_string(b.id) + " at " + b.hex;
    setup.date = "week " + std::to_string(b.week) + ", day " + std::to_string(b.day);
    setup.season = campaign::seasonFromName(weatherOf(db, b.week, b.day).season).value_or(s.seasonOfWeek(b.week));
    setup.contact = battle::Contact::FullDay;
    setup.turns = std::max(1, b.daylight - b.startTurn + 1);
    if (const auto w = rules::weatherFromName(b.weather)) setup.weather = static_cast<battle::Weather>(*w);
    setup.terrain.hex = hexTerrainOf(s, h);
    // ¶284, §2.5: the map says whether the hex's woods are light or heavy (§15.8); table_woods = rolled leaves it to the
    // template's roll (1–4 heavy), as for a wood of no stated kind.
    if (setup.terrain.hex == battle::HexTerrain::Woods && s.map.contains(h) && s.options.is("table_woods", "map"))
        setup.terrain.woods = s.map.terrain(h) == map::Terrain::HeavyWoods ? battle::WoodKind::Heavy : battle::WoodKind::Light;
    setup.terrain.templateFeatures = true;
    setup.terrain.minorFeatures = true;
    // The campaign's resolver parameters (its tactical.* options), then the campaign keys that set them.
    setup.params = battle::Params::fromOptions(s.options);
    if (s.options.is("weather_artillery", "as_musketry")) setup.params.weatherOnArtillery = true;  // G-14, §8.1.3
    if (s.options.is("table_size", "chart")) setup.params.tableRule = battle::TableRule::EmChart;  // G-61, §8.10
    if (s.options.is("snow_table_move", "normal")) setup.params.snowHalvesMove = false;            // G-15
    // The side that stood in the hex (moved least) holds it (tactical-resolver §2.5).
    int leastMoved[2] = {1 << 20, 1 << 20};
    // Routers away at the rally point (G-69) are not with their ME.
    const auto away = detachedUnits(db);
    for (std::size_t i = 0; i < 2 && i < s.sides.size(); ++i) {
        auto& side = setup.sides[i];
        side.id = s.sides[i].id;
        side.name = s.sides[i].name;
        for (const auto& p : b.participants) {
            if (p.side != side.id) continue;
            leastMoved[i] = std::min(leastMoved[i], p.moved);
            const auto* me = s.me(p.me);
            if (!me) continue;
            side.supplyPoint = me->supplySource;
            battle::MeSpec m;
            m.id = me->id;
            m.name = me->label;
            m.mode = me->mode;
            m.arrivalTurn = std::max(1, p.arrivalTurn - b.startTurn + 1);
            // Formations of the ME, each with its general when he is with it; the ME's senior general leads the whole.
            std::map<std::string, battle::FormationSpec> byFormation;
            for (const auto* u : s.unitsOf(me->id)) {
                if (u->removed || u->figuresCurrent <= 0) continue;
                if (std::find(away.begin(), away.end(), u->id) != away.end()) continue;
                auto spec = unitSpecOf(*u);
                if (!spec) continue;
                auto& f = byFormation[u->formation];
                f.id = u->formation + "@" + me->id;
                f.name = u->formation;
                f.units.push_back(std::move(*spec));
            }
            const campaign::GeneralState* senior = nullptr;
            for (const auto* g : s.generalsOf(me->id)) {
                if (g->status != campaign::GeneralStatus::Active) continue;
                if (auto it = byFormation.find(g->formation); it != byFormation.end() && !it->second.general) {
                    it->second.general = generalSpecOf(*g);
                    continue;
                }
                if (!senior || static_cast<int>(g->rank) < static_cast<int>(senior->rank)) senior = g;
            }
            if (byFormation.empty()) continue;
            battle::FormationSpec top;
            top.id = me->id;
            top.name = me->label;
            if (senior) top.general = generalSpecOf(*senior);
            bool anyGeneral = senior != nullptr;
            for (const auto& [id, f] : byFormation) anyGeneral = anyGeneral || f.general.has_value();
            if (!anyGeneral) {
                // An ME with no general of its own (split off with troops alone, or its staff lost) is led on the table
                // by its senior officer, pictured as a capable brigadier; without anyone its units would stand out of
                // command all day [T ¶324] and the battle would be fought by nobody (docs/rules-mapping.md).
                battle::GeneralSpec acting;
                acting.id = me->id + "-acting-commander";
                acting.name = "the senior officer of " + me->label;
                const auto first = s.unitsOf(me->id);
                acting.nationality = first.empty() ? battle::Nationality::British : nationalityOf(first.front()->nationality);
                acting.rank = campaign::Rank::Brigade;
                acting.arm = campaign::Arm::Infantry;
                acting.rating = campaign::Rating::Capable;
                top.general = acting;
            }
            for (auto& [id, f] : byFormation) top.children.push_back(std::move(f));
            m.formations.push_back(std::move(top));
            side.mes.push_back(std::move(m));
        }
    }
    setup.holder = leastMoved[0] < leastMoved[1] ? battle::kSideA : leastMoved[1] < leastMoved[0] ? battle::kSideB : battle::kNoSide;
    // §8.11.4 item 11, G-72: a battle going on from yesterday keeps its table positions (persist): the side left
    // holding the field holds the ground again. Under redeploy both sides deploy afresh, as in a new battle.
    const auto table = b.id > 0 ? tableSetupOf(db, b.id) : nlohmann::json::object();
    if (table.contains("continues") && s.options.is("next_day_positions", "persist")) {
        const std::string held = table.value("holder", "");
        for (int i = 0; i < 2; ++i)
            if (!held.empty() && setup.sides[static_cast<std::size_t>(i)].id == held) setup.holder = i;
    }
    // §8.10 item 3, G-62 chart: two pieces a side a table in place of the body's pieces for each ME.
    if (s.options.is("terrain_placement", "chart")) {
        setup.terrain.minorFeatures = false;
        chartTerrainPieces(setup, b.seed, s.options);
    }
    // §11.5: earthworks dug or bought in the hex on earlier days stand on the table for the side that stayed there.
    for (const auto& w : battleWorks(db, s, h, {setup.sides[0].id, setup.sides[1].id})) setup.terrain.works.push_back(w);
    battle::canonicalise(setup);
    return setup;
}

battle::BattleSetup campaignBattleSetup(db::CampaignStore& store, int id) {
    auto& db = store.impl().db;
    const auto s = db::loadState(store);
    const auto b = readBattle(db, &s, id);
    return buildSetup(db, s, b, battleHex(db, id));
}

const std::vector<std::string>& assumableKinds() {
    // The kinds typicalUnit pictures (the lines of rules/intel.cpp's reports; engineers are not pictured).
    static const std::vector<std::string> kinds{"line infantry battalions", "light infantry battalions", "militia battalions",
                                                "irregular foot",           "cavalry regiments",         "artillery batteries"};
    return kinds;
}

battle::BattleSetup sideViewSetup(db::CampaignStore& store, int id, const std::string& side, std::vector<std::string>& missing) {
    auto picture = sidePicture(store, id, side, {});
    missing.insert(missing.end(), picture.missing.begin(), picture.missing.end());
    return std::move(picture.setup);
}

SidePicture sidePicture(db::CampaignStore& store, int id, const std::string& side, const std::vector<OddsAssumption>& assumptions) {
    auto& db = store.impl().db;
    const auto s = db::loadState(store);
    const auto b = readBattle(db, &s, id);
    SidePicture out;
    auto& setup = out.setup;
    setup = buildSetup(db, s, b, battleHex(db, id));
    for (auto& sd : setup.sides) {
        if (sd.id == side) continue;
        // A report that gives numbers only says nothing of nationality: take the enemy army's, as its generals show.
        std::map<campaign::Nationality, int> seen;
        for (const auto& g : s.generals)
            if (g.side == sd.id) ++seen[g.nationality];
        campaign::Nationality army = campaign::Nationality::British;
        int most = 0;
        for (const auto& [nat, count] : seen)
            if (count > most) {
                army = nat;
                most = count;
            }
        for (auto& m : sd.mes) {
            out.enemies.push_back(m.name);
            // The latest report of this side naming the ME, with a composition.
            nlohmann::json counts;
            try {
                SQLite::Statement q(db, "SELECT target_mes, reported FROM intel_report WHERE side_id = ? AND detail <> 'nothing' "
                                        "ORDER BY week DESC, day DESC, id DESC");
                q.bind(1, side);
                while (q.executeStep()) {
                    const std::string targets = " " + q.getColumn(0).getString() + " ";
                    if (targets.find(" " + m.id + " ") == std::string::npos) continue;
                    counts = nlohmann::json::parse(q.getColumn(1).getString(), nullptr, false);
                    break;
                }
            } catch (const SQLite::Exception&) {
                counts = nlohmann::json();  // no intelligence table in this database
            }
            const auto assumption = std::find_if(assumptions.begin(), assumptions.end(),
                                                 [&](const OddsAssumption& a) { return a.counter == m.name; });
            battle::FormationSpec f;
            f.id = m.id + "-as-reported";
            f.name = m.name + " (as reported)";
            // An unknown commander is pictured as a capable brigadier.
            battle::GeneralSpec g;
            g.id = m.id + "-reported-general";
            g.name = "commander of " + m.name;
            campaign::UnitState like;
            like.nationality = army;
            g.nationality = nationalityOf(like);
            g.rank = campaign::Rank::Brigade;
            g.arm = campaign::Arm::Infantry;
            g.rating = campaign::Rating::Capable;
            f.general = g;
            int n = 0;
            if (counts.is_array())
                for (const auto& c : counts) {
                    const std::string kind = c.value("kind", "");
                    const std::string nat = c.value("nationality", "");
                    for (int k = 0; k < c.value("count", 0); ++k)
                        if (auto u = typicalUnit(kind, nat, army, m.id + "-reported-" + std::to_string(++n)))
                            f.units.push_back(std::move(*u));
                }
            if (!f.units.empty() && assumption != assumptions.end()) out.setAside.push_back(m.name);
            if (f.units.empty() && assumption != assumptions.end()) {
                // What the side believes, in the reports' own terms and pictured as they are; the enemy army's
                // nationality as for a report that gives numbers only.
                f.id = m.id + "-as-assumed";
                f.name = m.name + " (as assumed)";
                for (const auto& a : assumption->units)
                    for (int k = 0; k < a.count; ++k)
                        if (auto u = typicalUnit(a.kind, "", army, m.id + "-assumed-" + std::to_string(++n)))
                            f.units.push_back(std::move(*u));
                if (!f.units.empty()) out.assumed.push_back(m.name);
            }
            m.formations.clear();
            if (f.units.empty()) out.missing.push_back(m.name);  // the counter as the side knows it, never its id
            else m.formations.push_back(std::move(f));
        }
    }
    battle::canonicalise(setup);
    return out;
}

}  // namespace etatmajor::engine
