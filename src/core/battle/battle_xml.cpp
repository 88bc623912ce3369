// SPDX-License-Identifier: GPL-3.0-or-later
// Reading battle files (docs/formats/battle.md). Every problem is reported in one core::FileError, each with its
// file and line.
#include "etatmajor/battle/battle_xml.hpp"

#include "etatmajor/io/atomic_file.hpp"
#include "etatmajor/io/limits.hpp"
#include "io/xml_util.hpp"

#include <algorithm>
#include <functional>
#include <map>
#include <set>

namespace etatmajor::battle {

using tinyxml2::XMLElement;

namespace {

std::optional<Ammunition> ammunitionFromName(std::string_view s) {
    if (s == "default") return Ammunition::Default;
    if (s == "guns") return Ammunition::Guns;
    if (s == "guns_and_infantry") return Ammunition::GunsAndInfantry;
    return std::nullopt;
}

std::optional<ArrivalTrigger> triggerFromName(std::string_view s) {
    if (s == "none") return ArrivalTrigger::None;
    if (s == "first_assault_fails") return ArrivalTrigger::FirstAssaultFails;
    return std::nullopt;
}

class BattleParser {
public:
    explicit BattleParser(std::string file) : m_r(std::move(file)) {}

    BattleSetup parse(std::string_view text) {
        tinyxml2::XMLDocument doc;
        m_r.parse(doc, text);
        const XMLElement& root = m_r.root(doc, "battle", kBattleFormatVersion);
        m_r.allow(root, {"formatVersion", "id", "name", "date", "season", "contact", "turns", "weather", "width", "depth", "holder"},
                  {"description", "terrain", "params", "side", "calibration"});
        // Each block but <side> is written once (docs/formats/battle.md); a second one is refused, not ignored.
        const XMLElement* description = m_r.single(root, "description");
        const XMLElement* terrain = m_r.single(root, "terrain");
        const XMLElement* params = m_r.single(root, "params");
        const XMLElement* calibration = m_r.single(root, "calibration");
        BattleSetup b;
        b.file = m_r.file();
        m_r.attempt([&] { readHeader(root, b); });
        if (description && description->GetText()) b.description = description->GetText();

        int sideCount = 0;
        for (const auto* s = root.FirstChildElement("side"); s; s = s->NextSiblingElement("side")) {
            if (sideCount == 2) {
                m_r.note(*s, "BATTLE-SIDES", "a battle has exactly two sides");
                break;
            }
            m_r.attempt([&] { b.sides[static_cast<std::size_t>(sideCount)] = side(*s); });
            ++sideCount;
        }
        if (sideCount < 2) {
            // Without both sides nothing else can be checked: what was found so far is all that is reported.
            m_r.note(root, "BATTLE-SIDES", "a battle has exactly two sides");
            m_r.finish();
        }
        if (!b.sides[0].id.empty() && b.sides[0].id == b.sides[1].id)
            m_r.note(root, "BATTLE-SIDES", "the two sides need different ids");
        auto sideIndex = [&](const XMLElement& e, const char* attr) {
            const std::string id = m_r.str(e, attr);
            for (int i = 0; i < 2; ++i)
                if (b.sides[static_cast<std::size_t>(i)].id == id) return i;
            m_r.fail(e, "BATTLE-UNKNOWN-SIDE",
                     std::string("attribute '") + attr + "' names no side of the battle: '" + core::shorten(id) + "'");
        };
        m_r.attempt([&] {
            if (root.Attribute("holder")) b.holder = sideIndex(root, "holder");
        });

        if (const auto* t = terrain) {
            m_r.allow(*t, {"hex", "woods", "template", "minorFeatures"}, {"feature", "works"});
            m_r.attempt([&] {
                b.terrain.hex = m_r.enumeration(*t, "hex", hexTerrainFromName, HexTerrain::Open);
                b.terrain.woods = m_r.enumeration(*t, "woods", woodKindFromName, WoodKind::Unknown);
                b.terrain.templateFeatures = m_r.boolean(*t, "template", false);
                b.terrain.minorFeatures = m_r.boolean(*t, "minorFeatures", false);
            });
            m_r.each(t, "feature", [&](const XMLElement& f) {
                m_r.allow(f, {"kind", "x0", "x1", "y0", "y1", "side", "key", "difficult"});
                FeatureSpec fs;
                fs.line = f.GetLineNum();
                fs.kind = m_r.enumeration(f, "kind", featureKindFromName);
                fs.x0 = m_r.integer(f, "x0");
                fs.x1 = m_r.integer(f, "x1");
                fs.y0 = m_r.integer(f, "y0");
                fs.y1 = m_r.integer(f, "y1");
                if (f.Attribute("side")) fs.fromSide = sideIndex(f, "side");
                fs.key = m_r.boolean(f, "key", false);
                fs.difficult = m_r.boolean(f, "difficult", false);
                if (fs.x1 <= fs.x0 || fs.y1 <= fs.y0 || fs.x0 < 0 || fs.y0 < 0)
                    m_r.fail(f, "BATTLE-FEATURE", "a feature needs 0 <= x0 < x1 and 0 <= y0 < y1");
                b.terrain.features.push_back(fs);
            });
            m_r.each(t, "works", [&](const XMLElement& w) {
                m_r.allow(w, {"side", "heavy", "redoubts", "restLight", "guns"});
                WorksSpec ws;
                ws.line = w.GetLineNum();
                ws.side = sideIndex(w, "side");
                ws.heavy = m_r.boolean(w, "heavy", true);
                ws.redoubts = m_r.integer(w, "redoubts", 0);
                ws.restLight = m_r.boolean(w, "restLight", false);
                ws.guns = m_r.boolean(w, "guns", true);
                if (ws.redoubts < 0 || ws.redoubts > 20) m_r.fail(w, "BATTLE-WORKS", "redoubts must be 0 to 20");
                b.terrain.works.push_back(ws);
            });
        }
        if (const auto* p = params) {
            m_r.allow(*p, {}, {"param"});
            m_r.each(p, "param", [&](const XMLElement& e) {
                m_r.allow(e, {"key", "value"});
                if (auto err = b.params.set(m_r.str(e, "key"), m_r.str(e, "value"))) m_r.fail(e, "BATTLE-PARAM", *err);
            });
        }
        if (const auto* cal = calibration) {
            m_r.allow(*cal, {}, {"history", "historical", "target"});
            if (const auto* h = m_r.single(*cal, "history"); h && h->GetText()) b.history = h->GetText();
            m_r.each(cal, "historical", [&](const XMLElement& h) { historical(h, b); });
            m_r.each(cal, "target", [&](const XMLElement& t) {
                m_r.allow(t, {"id", "metric", "side", "other", "event", "given", "class", "count", "min", "max", "text"});
                CalibrationTarget ct;
                ct.line = t.GetLineNum();
                ct.id = m_r.str(t, "id");
                ct.metric = m_r.str(t, "metric");
                ct.side = m_r.str(t, "side", "");
                ct.other = m_r.str(t, "other", "");
                ct.event = m_r.str(t, "event", "");
                ct.given = m_r.str(t, "given", "");
                ct.unitClass = m_r.integer(t, "class", 0);
                ct.count = m_r.integer(t, "count", 1);
                if (t.Attribute("min")) ct.min = thousandths(t, "min");
                if (t.Attribute("max")) ct.max = thousandths(t, "max");
                ct.text = m_r.str(t, "text", "");
                for (const std::string& sid : {ct.side, ct.other, ct.given})
                    if (!sid.empty() && sid != b.sides[0].id && sid != b.sides[1].id)
                        m_r.fail(t, "BATTLE-UNKNOWN-SIDE", "the target names no side of the battle: '" + core::shorten(sid) + "'");
                b.targets.push_back(ct);
            });
        }
        checkIds(b);
        m_r.finish();  // every problem of the file at once
        return b;
    }

private:
    // <historical side heldField strength strengthHigh menLost menLostHigh prisoners prisonersHigh guns source>: one
    // side's strength and losses in the real battle, as the named source gives them (calibration only).
    void historical(const XMLElement& e, BattleSetup& b) {
        m_r.allow(e, {"side", "heldField", "strength", "strengthHigh", "menLost", "menLostHigh", "prisoners", "prisonersHigh", "guns",
                      "source"});
        const std::string id = m_r.str(e, "side");
        int s = kNoSide;
        for (int i = 0; i < 2; ++i)
            if (b.sides[static_cast<std::size_t>(i)].id == id) s = i;
        if (s == kNoSide)
            m_r.fail(e, "BATTLE-UNKNOWN-SIDE", "attribute 'side' names no side of the battle: '" + core::shorten(id) + "'");
        auto& slot = b.historical[static_cast<std::size_t>(s)];
        if (slot) m_r.fail(e, "BATTLE-HISTORICAL", "side '" + core::shorten(id) + "' has a second <historical> element");
        HistoricalFigures h;
        h.line = e.GetLineNum();
        h.heldField = m_r.boolean(e, "heldField", false);
        auto count = [&](const char* attr) -> std::optional<int> {
            if (!e.Attribute(attr)) return std::nullopt;
            const int v = m_r.integer(e, attr);
            if (v < 0 || v > 1000000) m_r.fail(e, "BATTLE-HISTORICAL", std::string("'") + attr + "' must be 0 to 1000000");
            return v;
        };
        h.menLost = count("menLost");
        h.menLostHigh = count("menLostHigh");
        h.prisoners = count("prisoners");
        h.prisonersHigh = count("prisonersHigh");
        h.guns = count("guns");
        h.strength = count("strength");
        h.strengthHigh = count("strengthHigh");
        h.source = m_r.str(e, "source");
        auto range = [&](const char* low, const std::optional<int>& lo, const char* high, const std::optional<int>& hi) {
            if (!hi) return;
            if (!lo) m_r.fail(e, "BATTLE-HISTORICAL", std::string(high) + " needs " + low + " (the lowest figure)");
            if (*hi < *lo)
                m_r.fail(e, "BATTLE-HISTORICAL",
                         std::string(high) + " (" + std::to_string(*hi) + ") is below " + low + " (" + std::to_string(*lo) + ")");
        };
        range("menLost", h.menLost, "menLostHigh", h.menLostHigh);
        range("prisoners", h.prisoners, "prisonersHigh", h.prisonersHigh);
        range("strength", h.strength, "strengthHigh", h.strengthHigh);
        if (h.strength && *h.strength == 0) m_r.fail(e, "BATTLE-HISTORICAL", "strength must be at least 1");
        if (h.strength && h.menLost && *h.menLost > h.strengthHigh.value_or(*h.strength))
            m_r.fail(e, "BATTLE-HISTORICAL",
                     "menLost (" + std::to_string(*h.menLost) + ") is more than the side brought (strength " +
                         std::to_string(h.strengthHigh.value_or(*h.strength)) + ")");
        if (h.prisoners && h.menLost && *h.prisoners > h.menLostHigh.value_or(*h.menLost))
            m_r.fail(e, "BATTLE-HISTORICAL",
                     "prisoners (" + std::to_string(*h.prisoners) + ") are part of the men lost and cannot exceed them (" +
                         std::to_string(h.menLostHigh.value_or(*h.menLost)) + ")");
        const auto& other = b.historical[static_cast<std::size_t>(1 - s)];
        if (h.heldField && other && other->heldField)
            m_r.fail(e, "BATTLE-HISTORICAL", "only one side can have held the field (heldField)");
        slot = std::move(h);
    }

    void readHeader(const XMLElement& root, BattleSetup& b) {
        b.id = m_r.str(root, "id");
        b.name = m_r.str(root, "name", b.id);
        b.date = m_r.str(root, "date", "");
        b.season = m_r.enumeration(root, "season", campaign::seasonFromName);
        b.contact = m_r.enumeration(root, "contact", contactFromName, Contact::FullDay);
        b.turns = m_r.integer(root, "turns", 0);
        if (b.turns < 0 || b.turns > 24) m_r.fail(root, "BATTLE-TURNS", "turns must be 1 to 24 (or left out)");
        b.weather = m_r.enumeration(root, "weather", weatherFromName, Weather::Fine);
        b.fieldWidth = m_r.integer(root, "width", 0);
        b.fieldDepth = m_r.integer(root, "depth", 0);
        if (b.fieldWidth < 0 || b.fieldWidth > 400) m_r.fail(root, "BATTLE-FIELD", "width must be 1 to 400 files");
        if (b.fieldDepth != 0 && (b.fieldDepth < 600 || b.fieldDepth > 6000))
            m_r.fail(root, "BATTLE-FIELD", "depth must be 600 to 6000 paces");
    }

    // "0.75" → 750, "2" → 2000: calibration values in thousandths, parsed without floating point.
    int thousandths(const XMLElement& e, const char* attr) {
        const std::string v = m_r.str(e, attr);
        int whole = 0, frac = 0, digits = 0;
        std::size_t i = 0;
        bool any = false;
        for (; i < v.size() && v[i] >= '0' && v[i] <= '9'; ++i, any = true) whole = whole * 10 + (v[i] - '0');
        if (i < v.size() && v[i] == '.') {
            for (++i; i < v.size() && v[i] >= '0' && v[i] <= '9'; ++i, any = true)
                if (digits < 3) {
                    frac = frac * 10 + (v[i] - '0');
                    ++digits;
                }
        }
        if (!any || i != v.size() || whole > 1000000)
            m_r.fail(e, "XML-ATTR-VALUE",
                     std::string("attribute '") + attr + "' must be a decimal number, not '" + core::shorten(v) + "'");
        while (digits < 3) {
            frac *= 10;
            ++digits;
        }
        return whole * 1000 + frac;
    }

    GeneralSpec general(const XMLElement& e, Nationality nat, Rank defaultRank) {
        m_r.allow(e, {"id", "name", "nationality", "rank", "arm", "rating", "aides", "escort", "neverAttach", "minBehind"});
        GeneralSpec g;
        g.line = e.GetLineNum();
        g.id = m_r.str(e, "id");
        g.name = m_r.str(e, "name", g.id);
        g.nationality = m_r.enumeration(e, "nationality", nationalityFromName, nat);
        g.rank = m_r.enumeration(e, "rank", campaign::rankFromName, defaultRank);
        g.arm = m_r.enumeration(e, "arm", campaign::armFromName, Arm::Mixed);
        g.rating = m_r.enumeration(e, "rating", campaign::ratingFromName);
        g.aides = m_r.integer(e, "aides", g.rank == Rank::Brigade ? 1 : 2);
        g.escort = m_r.boolean(e, "escort", g.rank != Rank::Brigade);
        g.neverAttach = m_r.boolean(e, "neverAttach", false);
        g.minBehind = m_r.integer(e, "minBehind", 0);
        if (g.aides < 0 || g.aides > 6) m_r.fail(e, "BATTLE-STAFF", "aides must be 0 to 6");
        return g;
    }

    UnitSpec unit(const XMLElement& e, Nationality nat) {
        m_r.allow(e, {"id",
                      "name",
                      "nationality",
                      "type",
                      "class",
                      "stands",
                      "figures",
                      "figuresPerStand",
                      "armament",
                      "bayonets",
                      "colours",
                      "highlander",
                      "militia",
                      "legionDragoons",
                      "guards",
                      "independentLight",
                      "alwaysInCommand",
                      "hidden",
                      "screen",
                      "inCommandNear",
                      "slot",
                      "depth",
                      "file",
                      "inFilesOf"},
                  {"guns", "battalionGun"});
        UnitSpec u;
        u.line = e.GetLineNum();
        u.id = m_r.str(e, "id");
        u.name = m_r.str(e, "name", u.id);
        u.nationality = m_r.enumeration(e, "nationality", nationalityFromName, nat);
        u.type = m_r.enumeration(e, "type", unitTypeFromName);
        u.unitClass = m_r.integer(e, "class");
        if (u.unitClass < 1 || u.unitClass > 5) m_r.fail(e, "BATTLE-CLASS", "class must be 1 to 5 (§1.3)");
        u.stands = m_r.integer(e, "stands");
        u.figures = m_r.integer(e, "figures", 0);
        u.figuresPerStand = m_r.integer(e, "figuresPerStand", 0);
        if (u.stands < 1 || u.stands > 40) m_r.fail(e, "BATTLE-STANDS", "stands must be 1 to 40");
        if (u.figures < 0 || u.figuresPerStand < 0 || u.figuresPerStand > 6)
            m_r.fail(e, "BATTLE-STANDS", "figures and figuresPerStand must be small positive numbers");
        u.armament = m_r.enumeration(e, "armament", armamentFromName, Armament::Musket);
        if (e.Attribute("bayonets")) u.bayonets = m_r.boolean(e, "bayonets", true);
        if (e.Attribute("colours")) u.colours = m_r.boolean(e, "colours", true);
        u.highlander = m_r.boolean(e, "highlander", false);
        u.militia = m_r.boolean(e, "militia", false);
        u.legionDragoons = m_r.boolean(e, "legionDragoons", false);
        u.guards = m_r.boolean(e, "guards", false);
        u.independentLight = m_r.boolean(e, "independentLight", false);
        u.alwaysInCommand = m_r.boolean(e, "alwaysInCommand", false);
        u.hidden = m_r.boolean(e, "hidden", false);
        u.screen = m_r.boolean(e, "screen", false);
        u.inCommandNear = m_r.str(e, "inCommandNear", "");
        u.slot = m_r.enumeration(e, "slot", slotFromName, Slot::Auto);
        u.depth = m_r.integer(e, "depth", -1);
        u.file = m_r.integer(e, "file", -1);
        u.inFilesOf = m_r.str(e, "inFilesOf", "");
        m_r.each(&e, "guns", [&](const XMLElement& g) {
            m_r.allow(g, {"calibre", "count", "howitzer"});
            GunSpec gs;
            gs.calibre = m_r.enumeration(g, "calibre", campaign::calibreFromName);
            gs.count = m_r.integer(g, "count", 1);
            gs.howitzer = m_r.boolean(g, "howitzer", false);
            if (gs.count < 1 || gs.count > 20) m_r.fail(g, "BATTLE-GUNS", "count must be 1 to 20 gun stands");
            u.guns.push_back(gs);
        });
        m_r.each(&e, "battalionGun", [&](const XMLElement& g) {
            m_r.allow(g, {"calibre", "count"});
            GunSpec gs;
            gs.calibre = m_r.enumeration(g, "calibre", campaign::calibreFromName);
            gs.count = m_r.integer(g, "count", 1);
            if (gs.count < 1 || gs.count > 4) m_r.fail(g, "BATTLE-GUNS", "a battalion has 1 to 4 battalion gun stands");
            u.battalionGuns.push_back(gs);
        });
        if (!u.battalionGuns.empty() && u.type != UnitType::LineInfantry && u.type != UnitType::LightInfantry)
            m_r.fail(e, "BATTLE-BATTALION-GUN", "only line or light infantry battalions have battalion guns");
        if (isArtillery(u.type) && u.guns.empty()) m_r.fail(e, "BATTLE-ARTILLERY-NO-GUNS", "artillery needs <guns>");
        if (!isArtillery(u.type) && !u.guns.empty()) m_r.fail(e, "BATTLE-GUNS-NOT-ARTILLERY", "only artillery has <guns>");
        return u;
    }

    FormationSpec formation(const XMLElement& e, Nationality nat) {
        m_r.allow(e, {"id", "name", "slot", "inFilesOf"}, {"general", "formation", "unit"});
        FormationSpec f;
        f.line = e.GetLineNum();
        f.id = m_r.str(e, "id");
        f.name = m_r.str(e, "name", f.id);
        f.slot = m_r.enumeration(e, "slot", slotFromName, Slot::Auto);
        f.inFilesOf = m_r.str(e, "inFilesOf", "");
        int generals = 0;
        for (const auto* g = e.FirstChildElement("general"); g; g = g->NextSiblingElement("general")) {
            if (++generals > 1) {
                m_r.note(*g, "BATTLE-STAFF", "a formation has at most one general");
                continue;
            }
            m_r.attempt([&] { f.general = general(*g, nat, Rank::Brigade); });
        }
        m_r.each(&e, "formation", [&](const XMLElement& c) { f.children.push_back(formation(c, nat)); });
        m_r.each(&e, "unit", [&](const XMLElement& u) { f.units.push_back(unit(u, nat)); });
        if (!e.FirstChildElement("formation") && !e.FirstChildElement("unit"))
            m_r.fail(e, "BATTLE-EMPTY", "a formation needs units or formations");
        return f;
    }

    SideSpec side(const XMLElement& e) {
        m_r.allow(e,
                  {"id", "name", "nationality", "initiativeTurn1", "forcedMarch", "ammunition", "supply", "withdrawTurn",
                   "withdrawLoss"},
                  {"commander", "me"});
        SideSpec s;
        s.line = e.GetLineNum();
        s.id = m_r.str(e, "id");
        s.name = m_r.str(e, "name", s.id);
        const auto nat = m_r.enumeration(e, "nationality", nationalityFromName, Nationality::British);
        s.initiativeTurn1 = m_r.boolean(e, "initiativeTurn1", false);
        s.forcedMarch = m_r.boolean(e, "forcedMarch", false);
        s.ammunition = m_r.enumeration(e, "ammunition", ammunitionFromName, Ammunition::Default);
        s.supplyPoint = m_r.str(e, "supply", "");
        if (e.Attribute("withdrawTurn")) {
            s.withdrawTurn = m_r.integer(e, "withdrawTurn", 1);
            if (*s.withdrawTurn < 1 || *s.withdrawTurn > 24) m_r.fail(e, "BATTLE-WITHDRAW", "withdrawTurn must be turn 1 to 24");
        }
        if (e.Attribute("withdrawLoss")) {
            s.withdrawLoss = m_r.integer(e, "withdrawLoss", 1);
            if (*s.withdrawLoss < 1 || *s.withdrawLoss > 100)
                m_r.fail(e, "BATTLE-WITHDRAW", "withdrawLoss must be a percentage from 1 to 100");
        }
        if (const auto* c = m_r.single(e, "commander")) m_r.attempt([&] { s.commander = general(*c, nat, Rank::ArmyCommander); });
        m_r.each(&e, "me", [&](const XMLElement& m) {
            m_r.allow(m, {"id", "name", "mode", "arrival", "trigger", "entry", "sector"}, {"formation"});
            MeSpec me;
            me.line = m.GetLineNum();
            me.id = m_r.str(m, "id");
            me.name = m_r.str(m, "name", me.id);
            me.mode = m_r.enumeration(m, "mode", campaign::modeFromName);
            me.arrivalTurn = m_r.integer(m, "arrival", 1);
            me.trigger = m_r.enumeration(m, "trigger", triggerFromName, ArrivalTrigger::None);
            me.entry = m_r.enumeration(m, "entry", edgeFromName, Edge::OwnRear);
            if (me.arrivalTurn < 1 || me.arrivalTurn > 24) m_r.fail(m, "BATTLE-ARRIVAL", "arrival must be turn 1 to 24");
            if (me.entry != Edge::OwnRear && me.arrivalTurn < 2)
                m_r.fail(m, "BATTLE-ARRIVAL", "a flank arrival never comes on turn 1 (¶368)");
            me.sector = m_r.enumeration(m, "sector", sectorFromName, Sector::Line);
            if (me.sector != Sector::Line && me.entry != Edge::OwnRear)
                m_r.fail(m, "BATTLE-ARRIVAL", "a sector is for an ME coming on by its own rear edge, not a flank march");
            if (me.sector != Sector::Line && me.arrivalTurn < 2 && me.trigger == ArrivalTrigger::None)
                m_r.fail(m, "BATTLE-ARRIVAL", "a sector is for an ME that arrives after turn 1");
            m_r.each(&m, "formation", [&](const XMLElement& f) { me.formations.push_back(formation(f, nat)); });
            if (!m.FirstChildElement("formation")) m_r.fail(m, "BATTLE-EMPTY", "an ME needs at least one formation");
            s.mes.push_back(std::move(me));
        });
        if (!e.FirstChildElement("me")) m_r.fail(e, "BATTLE-EMPTY", "a side needs at least one <me>");
        return s;
    }

    void checkIds(const BattleSetup& b) {
        std::set<std::string> ids;
        std::set<std::string> unitIds;
        auto add = [&](const std::string& id, int line, const char* what) {
            if (!ids.insert(id).second)
                m_r.attempt(
                    [&] { throw core::FileError(m_r.file(), line, what, "BATTLE-DUP-ID", "the id '" + id + "' is used twice"); });
        };
        std::function<void(const FormationSpec&)> walk = [&](const FormationSpec& f) {
            add(f.id, f.line, "formation");
            if (f.general) add(f.general->id, f.general->line, "general");
            for (const auto& u : f.units) {
                add(u.id, u.line, "unit");
                unitIds.insert(u.id);
            }
            for (const auto& c : f.children) walk(c);
        };
        for (const auto& s : b.sides) {
            add(s.id, s.line, "side");
            if (s.commander) add(s.commander->id, s.commander->line, "commander");
            for (const auto& me : s.mes) {
                add(me.id, me.line, "me");
                for (const auto& f : me.formations) walk(f);
            }
        }
        std::function<void(const FormationSpec&)> refs = [&](const FormationSpec& f) {
            for (const auto& u : f.units)
                if (!u.inCommandNear.empty() && !unitIds.count(u.inCommandNear))
                    m_r.attempt([&] {
                        throw core::FileError(m_r.file(), u.line, "unit", "BATTLE-UNKNOWN-UNIT",
                                              "inCommandNear names no unit of the battle: '" + u.inCommandNear + "'");
                    });
            for (const auto& c : f.children) refs(c);
        };
        for (const auto& s : b.sides)
            for (const auto& me : s.mes)
                for (const auto& f : me.formations) refs(f);
        checkLinesInDepth(b);
    }

    // `inFilesOf` (a line in depth) names a unit or formation of the same side, on the table at turn 1 like the
    // element naming it, that is neither inside the element nor encloses it, and that does not stand in another
    // line's files itself (one step: name the line laid out along the front).
    void checkLinesInDepth(const BattleSetup& b) {
        struct Element {
            int side = 0;
            bool atStart = true;            // on the table at turn 1
            std::vector<std::string> path;  // enclosing formations' ids, outermost first, then its own
            bool follows = false;           // it or an enclosing formation names a line
        };
        std::map<std::string, Element> elements;
        struct Reference {
            std::string from, to;
            int line;
            const char* what;
        };
        std::vector<Reference> refs;
        std::function<void(const FormationSpec&, Element)> walk = [&](const FormationSpec& f, Element parent) {
            Element e = parent;
            e.path.push_back(f.id);
            e.follows = parent.follows || !f.inFilesOf.empty();
            elements[f.id] = e;
            if (!f.inFilesOf.empty()) refs.push_back({f.id, f.inFilesOf, f.line, "formation"});
            for (const auto& u : f.units) {
                Element ue = e;
                ue.path.push_back(u.id);
                ue.follows = e.follows || !u.inFilesOf.empty();
                elements[u.id] = ue;
                if (!u.inFilesOf.empty()) refs.push_back({u.id, u.inFilesOf, u.line, "unit"});
            }
            for (const auto& c : f.children) walk(c, e);
        };
        for (std::size_t si = 0; si < b.sides.size(); ++si)
            for (const auto& me : b.sides[si].mes) {
                Element top;
                top.side = static_cast<int>(si);
                top.atStart = me.arrivalTurn <= 1 && me.trigger == ArrivalTrigger::None && me.mode != campaign::Mode::March &&
                              me.mode != campaign::Mode::ForcedMarch;
                for (const auto& f : me.formations) walk(f, top);
            }
        auto within = [](const std::vector<std::string>& path, const std::string& id) {
            return std::find(path.begin(), path.end(), id) != path.end();
        };
        for (const auto& r : refs) {
            const auto fail = [&](const std::string& why) {
                m_r.attempt(
                    [&] { throw core::FileError(m_r.file(), r.line, r.what, "BATTLE-IN-FILES", "inFilesOf '" + r.to + "': " + why); });
            };
            const auto it = elements.find(r.to);
            if (it == elements.end()) {
                fail("names no unit or formation of the battle");
                continue;
            }
            const auto& from = elements.at(r.from);
            const auto& to = it->second;
            if (to.side != from.side) fail("names a unit or formation of the other side");
            else if (within(from.path, r.to) || within(to.path, r.from))
                fail("names '" + r.from + "' itself, a formation it belongs to or a part of it");
            else if (to.follows)
                fail("names a line that stands in another line's files itself; name the line laid out along the front");
            else if (!from.atStart || !to.atStart)
                fail("a line in depth and the line it names must both be on the table at turn 1, not on the march or arriving later");
        }
    }

    io::xml::Reader m_r;
};

}  // namespace

BattleSetup readBattleString(std::string_view xml, const std::string& fileName) { return BattleParser(fileName).parse(xml); }

BattleSetup readBattleFile(const std::string& path) { return readBattleString(io::readInputFile(path, io::limits::kFileBytes), path); }

}  // namespace etatmajor::battle
