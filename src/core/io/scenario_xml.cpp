// SPDX-License-Identifier: GPL-3.0-or-later
#include "etatmajor/io/scenario_xml.hpp"

#include "etatmajor/io/atomic_file.hpp"
#include "etatmajor/io/limits.hpp"
#include "etatmajor/io/map_xml.hpp"
#include "etatmajor/rules/orders.hpp"
#include "etatmajor/rules/water.hpp"
#include "xml_util.hpp"

#include <filesystem>
#include <functional>
#include <map>
#include <set>
#include <sstream>

namespace etatmajor::io {

using namespace etatmajor::campaign;
using tinyxml2::XMLElement;

namespace {

class ScenarioParser {
public:
    explicit ScenarioParser(std::string file) : m_r(std::move(file)) {}

    Scenario parse(std::string_view text, const std::string& baseDir) {
        tinyxml2::XMLDocument doc;
        m_r.parse(doc, text);
        const XMLElement& root = m_r.root(doc, "campaign", kCampaignFormatVersion);
        m_r.allow(root, {"formatVersion", "id", "name", "theatre", "map", "year", "lengthWeeks"},
                  {"description", "start", "options", "side", "objectives"});
        // Each block but <side> is written once (docs/formats/campaign.md); a second one is refused, not ignored.
        const XMLElement* description = m_r.single(root, "description");
        const XMLElement* start = m_r.single(root, "start");
        const XMLElement* options = m_r.single(root, "options");
        const XMLElement* objectives = m_r.single(root, "objectives");
        Scenario s;
        s.file = m_r.file();
        m_r.attempt([&] {
            s.id = m_r.str(root, "id");
            s.name = m_r.str(root, "name");
            s.theatre = m_r.str(root, "theatre", "");
            s.mapRef = m_r.str(root, "map");
            s.mapPath = (std::filesystem::path(baseDir) / s.mapRef).lexically_normal().string();
            s.year = m_r.integer(root, "year");
            s.lengthWeeks = m_r.integer(root, "lengthWeeks", 21);
            if (s.lengthWeeks < 1 || s.lengthWeeks > 520) m_r.fail(root, "XML-ATTR-VALUE", "lengthWeeks must be 1 to 520");
        });
        if (description && description->GetText()) s.description = description->GetText();

        m_r.attempt([&] {
            if (!start) m_r.fail(root, "XML-ELEMENT-MISSING", "the <start> element is missing");
            m_r.allow(*start, {"season", "seasonWeek", "date"});
            const std::string season = m_r.str(*start, "season");
            if (season != "roll") s.startSeason = m_r.enumeration(*start, "season", seasonFromName);
            s.seasonWeek = m_r.integer(*start, "seasonWeek", 1);
            if (s.seasonWeek < 1 || s.seasonWeek > 13) m_r.fail(*start, "XML-ATTR-VALUE", "seasonWeek must be 1 to 13");
            s.startDate = m_r.str(*start, "date", "");
        });

        if (options) m_r.allow(*options, {}, {"option"});
        if (objectives) m_r.allow(*objectives, {}, {"objective"});
        std::map<std::string, int> optionSeen;
        m_r.each(options, "option", [&](const XMLElement& e) {
            m_r.allow(e, {"key", "value"});
            const std::string key = m_r.str(e, "key");
            if (const auto [it, fresh] = optionSeen.emplace(key, e.GetLineNum()); !fresh)
                m_r.fail(e, "CAMPAIGN-OPTION",
                         "option '" + key + "' is given twice (first on line " + std::to_string(it->second) + ")");
            if (auto err = s.options.set(key, m_r.str(e, "value"))) m_r.fail(e, "CAMPAIGN-OPTION", *err);
            s.optionLines.emplace_back(key, e.GetLineNum());
        });

        m_r.each(&root, "side", [&](const XMLElement& e) { s.sides.push_back(readSide(e)); });
        m_r.each(objectives, "objective", [&](const XMLElement& e) {
            m_r.allow(e, {"id", "name", "kind", "hex", "urban", "assignedTo", "writtenBy"});
            ObjectiveDef o;
            o.id = m_r.str(e, "id");
            o.name = m_r.str(e, "name");
            o.kind = m_r.enumeration(e, "kind", [](std::string_view k) -> std::optional<ObjectiveKind> {
                if (k == "primary") return ObjectiveKind::Primary;
                if (k == "secondary") return ObjectiveKind::Secondary;
                return std::nullopt;
            });
            if (const auto h = m_r.optStr(e, "hex")) o.hex = offset(e, *h);
            o.urban = m_r.str(e, "urban", "");
            if (o.hex.has_value() == !o.urban.empty())
                m_r.fail(e, "XML-ATTR-VALUE", "an objective needs exactly one of 'hex' and 'urban'");
            o.assignedTo = m_r.str(e, "assignedTo");
            o.writtenBy = m_r.str(e, "writtenBy");
            o.line = e.GetLineNum();
            s.objectives.push_back(std::move(o));
        });
        m_r.finish();  // every problem of the file at once
        return s;
    }

    Purchase parsePurchase(std::string_view text) {
        tinyxml2::XMLDocument doc;
        m_r.parse(doc, text);
        const XMLElement& root = m_r.root(doc, "purchase", kPurchaseFormatVersion);
        m_r.allow(root, {"formatVersion", "side"}, {"me"});
        Purchase p;
        p.file = m_r.file();
        m_r.attempt([&] { p.side = m_r.str(root, "side"); });
        m_r.each(&root, "me", [&](const XMLElement& m) {
            m_r.allow(m, {"id", "label", "mode", "supply", "commander"}, {"formation"});
            PurchaseItem item;
            item.me.id = m_r.str(m, "id");
            item.me.label = m_r.str(m, "label");
            item.me.mode = m_r.enumeration(m, "mode", modeFromName, Mode::March);
            item.me.supplySource = m_r.str(m, "supply");
            item.me.commander = m_r.str(m, "commander", "");  // docs/formats/purchase.md, G-54
            item.me.line = m.GetLineNum();
            const XMLElement* f = m_r.single(m, "formation");
            if (!f) m_r.fail(m, "XML-ELEMENT-MISSING", "a purchased ME needs one <formation>");
            item.formation = readFormation(*f, FormationKind::Brigade);
            item.me.members = {item.formation.id};
            p.items.push_back(std::move(item));
        });
        if (!root.FirstChildElement("me")) m_r.attempt([&] { m_r.fail(root, "XML-ELEMENT-MISSING", "the purchase buys nothing"); });
        m_r.finish();  // every problem of the file at once
        return p;
    }

private:
    hex::Offset offset(const XMLElement& e, const std::string& text) {
        const auto o = hex::parseOffset(text);
        if (!o) m_r.fail(e, "XML-ATTR-VALUE", "'" + core::shorten(text) + "' is not a hex of the form col,row");
        return *o;
    }

    GeneralDef readGeneral(const XMLElement& e) {
        m_r.allow(e, {"id", "name", "nationality", "rank", "arm", "rating", "altRating", "altOn", "playerFigure", "aides", "escort"});
        GeneralDef g;
        g.id = m_r.str(e, "id");
        g.name = m_r.str(e, "name");
        g.nationality = m_r.enumeration(e, "nationality", nationalityFromName);
        g.rank = m_r.enumeration(e, "rank", rankFromName);
        g.arm = m_r.enumeration(e, "arm", armFromName, Arm::Infantry);
        const std::string rating = m_r.str(e, "rating");
        if (rating == "roll") {
            g.rating.kind = RatingSpec::Kind::Roll;
        } else {
            g.rating.fixed = m_r.enumeration(e, "rating", ratingFromName);
        }
        if (e.Attribute("altRating") || e.Attribute("altOn")) {
            if (g.rating.kind == RatingSpec::Kind::Roll)
                m_r.fail(e, "XML-ATTR-VALUE", "altRating applies to a fixed rating, not to rating=\"roll\"");
            g.rating.alt = m_r.enumeration(e, "altRating", ratingFromName);
            const std::string on = m_r.str(e, "altOn");
            g.rating.altFrom = on[0] - '0';
            g.rating.altTo = on.size() == 3 ? on[2] - '0' : g.rating.altFrom;
            if (on.size() != 1 && on.size() != 3) m_r.fail(e, "XML-ATTR-VALUE", "altOn must be a face or a range like 5-6");
            if (g.rating.altFrom < 1 || g.rating.altTo > 6 || g.rating.altFrom > g.rating.altTo)
                m_r.fail(e, "XML-ATTR-VALUE", "altOn '" + core::shorten(on) + "' is not a range of d6 faces");
        }
        g.playerFigure = m_r.boolean(e, "playerFigure", false);
        g.aides = m_r.integer(e, "aides", 0);
        g.escort = m_r.boolean(e, "escort", false);
        g.line = e.GetLineNum();
        return g;
    }

    UnitDef readUnit(const XMLElement& e) {
        m_r.allow(e, {"id", "name", "nationality", "type", "class", "stands", "figuresPerStand", "armament", "bayonets", "guard"},
                  {"guns"});
        UnitDef u;
        u.id = m_r.str(e, "id");
        u.name = m_r.str(e, "name");
        u.nationality = m_r.enumeration(e, "nationality", nationalityFromName);
        u.type = m_r.enumeration(e, "type", unitTypeFromName);
        u.unitClass = m_r.integer(e, "class");
        if (u.unitClass < 1 || u.unitClass > 5) m_r.fail(e, "XML-ATTR-VALUE", "class must be 1 to 5");
        u.stands = m_r.integer(e, "stands");
        if (u.stands < 1) m_r.fail(e, "XML-ATTR-VALUE", "stands must be at least 1");
        u.figuresPerStand = m_r.integer(e, "figuresPerStand", defaultFiguresPerStand(u.type));
        if (u.figuresPerStand < 1) m_r.fail(e, "XML-ATTR-VALUE", "figuresPerStand must be at least 1");
        u.armament = m_r.enumeration(e, "armament", armamentFromName, Armament::Musket);
        // §13.2: Class 1 and irregular Class 2 have no bayonets; others do unless the file says otherwise.
        const bool defaultBayonets = !(u.unitClass == 1 || (u.unitClass == 2 && isIrregular(u.type)) ||
                                       u.armament == Armament::Rifle || isCavalry(u.type) || u.type == UnitType::Artillery ||
                                       u.type == UnitType::Engineers);
        u.bayonets = m_r.boolean(e, "bayonets", defaultBayonets);
        u.guard = m_r.boolean(e, "guard", false);
        std::map<Calibre, int> calibres;  // one <guns> a calibre: the campaign keeps a unit's guns by calibre
        m_r.each(&e, "guns", [&](const XMLElement& g) {
            m_r.allow(g, {"calibre", "stands"});
            const auto calibre = m_r.enumeration(g, "calibre", calibreFromName);
            if (const auto [it, fresh] = calibres.emplace(calibre, g.GetLineNum()); !fresh)
                m_r.fail(g, "CAMPAIGN-GUNS-TWICE",
                         "unit '" + u.id + "' has a second <guns> of calibre '" + std::string(calibreName(calibre)) +
                             "' (the first on line " + std::to_string(it->second) + "); give a calibre's stands in one <guns>");
            u.guns.push_back({calibre, m_r.integer(g, "stands")});
        });
        u.line = e.GetLineNum();
        return u;
    }

    FormationDef readFormation(const XMLElement& e, FormationKind fallback) {
        m_r.allow(e, {"id", "name", "kind"}, {"general", "formation", "unit"});
        FormationDef f;
        f.id = m_r.str(e, "id");
        f.name = m_r.str(e, "name");
        f.kind = m_r.enumeration(e, "kind", formationKindFromName, fallback);
        f.line = e.GetLineNum();
        if (const auto* g = m_r.single(e, "general")) m_r.attempt([&] { f.general = readGeneral(*g); });
        for (const auto* c = e.FirstChildElement(); c; c = c->NextSiblingElement()) {
            const std::string_view name = c->Name();
            if (name == "formation") m_r.attempt([&] { f.children.push_back(readFormation(*c, FormationKind::Brigade)); });
            else if (name == "unit") m_r.attempt([&] { f.units.push_back(readUnit(*c)); });
        }
        return f;
    }

    SideDef readSide(const XMLElement& e) {
        m_r.allow(e, {"id", "name", "nationalities", "pointsLimit", "decoysPerWeek", "blockadeWeek", "blockadeBy"},
                  {"player", "army", "me"});
        SideDef s;
        s.id = m_r.str(e, "id");
        s.name = m_r.str(e, "name");
        for (const auto& n : xml::splitWords(m_r.str(e, "nationalities"))) {
            const auto nat = nationalityFromName(n);
            if (!nat) m_r.fail(e, "XML-ATTR-VALUE", "nationalities has the unknown nationality '" + core::shorten(n) + "'");
            s.nationalities.push_back(*nat);
        }
        s.pointsLimit = m_r.integer(e, "pointsLimit", 0);
        s.decoysPerWeek = m_r.integer(e, "decoysPerWeek", 4);
        s.line = e.GetLineNum();
        // A fleet that closes the side's sea (docs/formats/campaign.md): the week and the fleet's name go together.
        s.blockadeWeek = m_r.integer(e, "blockadeWeek", 0);
        s.blockadeBy = m_r.str(e, "blockadeBy", "");
        if (e.Attribute("blockadeWeek") && s.blockadeWeek < 2)
            m_r.fail(e, "XML-ATTR-VALUE", "side '" + s.id + "': blockadeWeek must be a week from 2 on");
        if ((s.blockadeWeek > 0) != !s.blockadeBy.empty())
            m_r.fail(e, "XML-ATTR-VALUE", "side '" + s.id + "': blockadeWeek and blockadeBy are given together or not at all");
        m_r.each(&e, "player", [&](const XMLElement& p) {
            m_r.allow(p, {"id", "name", "role"});
            s.players.push_back(
                {m_r.str(p, "id"), m_r.str(p, "name"), m_r.enumeration(p, "role", playerRoleFromName), p.GetLineNum()});
        });
        const XMLElement* army = m_r.single(e, "army");
        m_r.attempt([&] {
            if (!army) m_r.fail(e, "XML-ELEMENT-MISSING", "side '" + s.id + "' has no <army>");
            s.army = readFormation(*army, FormationKind::Army);
        });
        m_r.each(&e, "me", [&](const XMLElement& m) {
            m_r.allow(m,
                      {"id", "label", "mode", "supply", "commander", "hex", "urban", "entry", "entryIndex", "marchOrder", "arrives"},
                      {"member"});
            MeDef me;
            me.id = m_r.str(m, "id");
            me.label = m_r.str(m, "label");
            me.mode = m_r.enumeration(m, "mode", modeFromName, Mode::March);
            me.supplySource = m_r.str(m, "supply");
            me.commander = m_r.str(m, "commander", "");
            me.line = m.GetLineNum();
            const int ways = (m.Attribute("hex") ? 1 : 0) + (m.Attribute("urban") ? 1 : 0) + (m.Attribute("entry") ? 1 : 0);
            if (ways != 1) m_r.fail(m, "XML-ATTR-VALUE", "ME '" + me.id + "' needs exactly one of 'hex', 'urban' and 'entry'");
            if (const auto h = m_r.optStr(m, "hex")) {
                me.placement.kind = MePlacement::Kind::Hex;
                me.placement.hex = offset(m, *h);
            } else if (const auto u = m_r.optStr(m, "urban")) {
                me.placement.kind = MePlacement::Kind::Urban;
                me.placement.urban = *u;
            } else {
                me.placement.kind = MePlacement::Kind::Entry;
                const std::string entry = m_r.str(m, "entry");
                if (entry != "primary" && entry != "secondary")
                    m_r.fail(m, "XML-ATTR-VALUE", "entry must be 'primary' or 'secondary', not '" + core::shorten(entry) + "'");
                me.placement.primary = entry == "primary";
                me.placement.entryIndex = m_r.integer(m, "entryIndex", 0);
                me.placement.marchOrder = m_r.integer(m, "marchOrder", 0);
            }
            // A reinforcement on a date: off the map until W5 of that week, the week's new MEs' phase (§7.5).
            me.arrivesWeek = m_r.integer(m, "arrives", 0);
            if (m.Attribute("arrives") && me.arrivesWeek < 2)
                m_r.fail(m, "XML-ATTR-VALUE",
                         "ME '" + me.id + "': arrives must be a week from 2 on (an ME there from the start has none)");
            m_r.each(&m, "member", [&](const XMLElement& r) {
                m_r.allow(r, {"ref"});
                me.members.push_back(m_r.str(r, "ref"));
            });
            s.mes.push_back(std::move(me));
        });
        return s;
    }

    xml::Reader m_r;
};

// Collects every formation and unit id of a side's tree, with what it is and the line it was written on.
struct TreeIndex {
    std::map<std::string, int> formations;
    std::map<std::string, int> units;
    std::map<std::string, int> generals;
    std::map<std::string, std::vector<std::string>> contents;  // formation id -> every unit id below it
};

void indexTree(const FormationDef& f, TreeIndex& idx, core::IssueList& out, std::set<std::string>& allIds,
               std::vector<std::string>* parentUnits) {
    if (!allIds.insert(f.id).second) out.error("CAMPAIGN-DUP-ID", "id '" + f.id + "' is used more than once", f.line, f.id);
    idx.formations[f.id] = f.line;
    std::vector<std::string> mine;
    if (f.general) {
        if (!allIds.insert(f.general->id).second)
            out.error("CAMPAIGN-DUP-ID", "id '" + f.general->id + "' is used more than once", f.general->line, f.general->id);
        idx.generals[f.general->id] = f.general->line;
    }
    for (const auto& u : f.units) {
        if (!allIds.insert(u.id).second) out.error("CAMPAIGN-DUP-ID", "id '" + u.id + "' is used more than once", u.line, u.id);
        idx.units[u.id] = u.line;
        mine.push_back(u.id);
        const bool gunner = u.type == UnitType::Artillery;
        if (gunner && u.guns.empty())
            out.error("CAMPAIGN-ARTILLERY-NO-GUNS", "artillery unit '" + u.id + "' has no <guns>", u.line, u.id);
        if (!gunner && !u.guns.empty())
            out.error("CAMPAIGN-GUNS-NOT-ARTILLERY", "unit '" + u.id + "' has guns but is not artillery", u.line, u.id);
    }
    for (const auto& c : f.children) indexTree(c, idx, out, allIds, &mine);
    idx.contents[f.id] = mine;
    if (parentUnits) parentUnits->insert(parentUnits->end(), mine.begin(), mine.end());
}

}  // namespace

Purchase readPurchaseString(std::string_view text, const std::string& fileName) {
    auto p = ScenarioParser(fileName).parsePurchase(text);
    p.text = decodeXmlText(text, fileName);
    return p;
}

Purchase readPurchaseFile(const std::string& path) { return readPurchaseString(readInputFile(path, limits::kFileBytes), path); }

Scenario readScenarioString(std::string_view text, const std::string& fileName, const std::string& baseDir) {
    return ScenarioParser(fileName).parse(text, baseDir);
}

Scenario readScenarioFile(const std::string& path) {
    const auto dir = std::filesystem::path(path).parent_path().string();
    return readScenarioString(readInputFile(path, limits::kFileBytes), path, dir.empty() ? "." : dir);
}

namespace {

using tinyxml2::XMLElement;

void writeGeneral(XMLElement* parent, const GeneralDef& g) {
    auto* e = parent->InsertNewChildElement("general");
    e->SetAttribute("id", g.id.c_str());
    e->SetAttribute("name", g.name.c_str());
    e->SetAttribute("nationality", std::string(nationalityName(g.nationality)).c_str());
    e->SetAttribute("rank", std::string(rankName(g.rank)).c_str());
    e->SetAttribute("arm", std::string(armName(g.arm)).c_str());
    e->SetAttribute("rating", g.rating.kind == RatingSpec::Kind::Roll ? "roll" : std::string(ratingName(g.rating.fixed)).c_str());
    if (g.rating.alt) {
        e->SetAttribute("altRating", std::string(ratingName(*g.rating.alt)).c_str());
        const std::string on = g.rating.altFrom == g.rating.altTo
                                   ? std::to_string(g.rating.altFrom)
                                   : std::to_string(g.rating.altFrom) + "-" + std::to_string(g.rating.altTo);
        e->SetAttribute("altOn", on.c_str());
    }
    if (g.playerFigure) e->SetAttribute("playerFigure", true);
    if (g.aides) e->SetAttribute("aides", g.aides);
    if (g.escort) e->SetAttribute("escort", true);
}

void writeFormation(XMLElement* e, const FormationDef& f) {
    e->SetAttribute("id", f.id.c_str());
    e->SetAttribute("name", f.name.c_str());
    e->SetAttribute("kind", std::string(formationKindName(f.kind)).c_str());
    if (f.general) writeGeneral(e, *f.general);
    // Formations and units keep their relative order: formations first, then units (as the reader builds them).
    for (const auto& c : f.children) writeFormation(e->InsertNewChildElement("formation"), c);
    for (const auto& u : f.units) {
        auto* ue = e->InsertNewChildElement("unit");
        ue->SetAttribute("id", u.id.c_str());
        ue->SetAttribute("name", u.name.c_str());
        ue->SetAttribute("nationality", std::string(nationalityName(u.nationality)).c_str());
        ue->SetAttribute("type", std::string(unitTypeName(u.type)).c_str());
        ue->SetAttribute("class", u.unitClass);
        ue->SetAttribute("stands", u.stands);
        ue->SetAttribute("figuresPerStand", u.figuresPerStand);
        ue->SetAttribute("armament", std::string(armamentName(u.armament)).c_str());
        ue->SetAttribute("bayonets", u.bayonets);
        if (u.guard) ue->SetAttribute("guard", true);
        for (const auto& g : u.guns) {
            auto* ge = ue->InsertNewChildElement("guns");
            ge->SetAttribute("calibre", std::string(calibreName(g.calibre)).c_str());
            ge->SetAttribute("stands", g.stands);
        }
    }
}

}  // namespace

std::string writeScenarioString(const Scenario& s) {
    tinyxml2::XMLDocument doc;
    doc.InsertEndChild(doc.NewDeclaration());
    auto* root = doc.NewElement("campaign");
    doc.InsertEndChild(root);
    root->SetAttribute("formatVersion", kCampaignFormatVersion);
    root->SetAttribute("id", s.id.c_str());
    root->SetAttribute("name", s.name.c_str());
    if (!s.theatre.empty()) root->SetAttribute("theatre", s.theatre.c_str());
    root->SetAttribute("map", s.mapRef.c_str());
    root->SetAttribute("year", s.year);
    root->SetAttribute("lengthWeeks", s.lengthWeeks);
    if (!s.description.empty()) root->InsertNewChildElement("description")->SetText(s.description.c_str());
    auto* start = root->InsertNewChildElement("start");
    start->SetAttribute("season", s.startSeason ? std::string(seasonName(*s.startSeason)).c_str() : "roll");
    start->SetAttribute("seasonWeek", s.seasonWeek);
    if (!s.startDate.empty()) start->SetAttribute("date", s.startDate.c_str());
    const auto changed = s.options.changed();
    if (!changed.empty()) {
        auto* options = root->InsertNewChildElement("options");
        for (const auto& key : changed) {
            auto* o = options->InsertNewChildElement("option");
            o->SetAttribute("key", key.c_str());
            o->SetAttribute("value", s.options.get(key).c_str());
        }
    }
    for (const auto& side : s.sides) {
        auto* e = root->InsertNewChildElement("side");
        e->SetAttribute("id", side.id.c_str());
        e->SetAttribute("name", side.name.c_str());
        std::string nats;
        for (auto n : side.nationalities) nats += (nats.empty() ? "" : " ") + std::string(nationalityName(n));
        e->SetAttribute("nationalities", nats.c_str());
        e->SetAttribute("pointsLimit", side.pointsLimit);
        e->SetAttribute("decoysPerWeek", side.decoysPerWeek);
        if (side.blockadeWeek > 0) {
            e->SetAttribute("blockadeWeek", side.blockadeWeek);
            e->SetAttribute("blockadeBy", side.blockadeBy.c_str());
        }
        for (const auto& p : side.players) {
            auto* pe = e->InsertNewChildElement("player");
            pe->SetAttribute("id", p.id.c_str());
            pe->SetAttribute("name", p.name.c_str());
            pe->SetAttribute("role", std::string(playerRoleName(p.role)).c_str());
        }
        writeFormation(e->InsertNewChildElement("army"), side.army);
        for (const auto& me : side.mes) {
            auto* m = e->InsertNewChildElement("me");
            m->SetAttribute("id", me.id.c_str());
            m->SetAttribute("label", me.label.c_str());
            m->SetAttribute("mode", std::string(modeName(me.mode)).c_str());
            m->SetAttribute("supply", me.supplySource.c_str());
            if (!me.commander.empty()) m->SetAttribute("commander", me.commander.c_str());
            switch (me.placement.kind) {
                case MePlacement::Kind::Hex: m->SetAttribute("hex", hex::formatOffset(me.placement.hex).c_str()); break;
                case MePlacement::Kind::Urban: m->SetAttribute("urban", me.placement.urban.c_str()); break;
                case MePlacement::Kind::Entry:
                    m->SetAttribute("entry", me.placement.primary ? "primary" : "secondary");
                    if (!me.placement.primary) m->SetAttribute("entryIndex", me.placement.entryIndex);
                    m->SetAttribute("marchOrder", me.placement.marchOrder);
                    break;
            }
            if (me.arrivesWeek > 0) m->SetAttribute("arrives", me.arrivesWeek);
            for (const auto& ref : me.members) m->InsertNewChildElement("member")->SetAttribute("ref", ref.c_str());
        }
    }
    if (!s.objectives.empty()) {
        auto* objectives = root->InsertNewChildElement("objectives");
        for (const auto& o : s.objectives) {
            auto* e = objectives->InsertNewChildElement("objective");
            e->SetAttribute("id", o.id.c_str());
            e->SetAttribute("name", o.name.c_str());
            e->SetAttribute("kind", o.kind == ObjectiveKind::Primary ? "primary" : "secondary");
            if (o.hex) e->SetAttribute("hex", hex::formatOffset(*o.hex).c_str());
            else e->SetAttribute("urban", o.urban.c_str());
            e->SetAttribute("assignedTo", o.assignedTo.c_str());
            e->SetAttribute("writtenBy", o.writtenBy.c_str());
        }
    }
    return xml::toString(doc);
}

std::string writePurchaseString(const Purchase& p) {
    tinyxml2::XMLDocument doc;
    doc.InsertEndChild(doc.NewDeclaration());
    auto* root = doc.NewElement("purchase");
    doc.InsertEndChild(root);
    root->SetAttribute("formatVersion", kPurchaseFormatVersion);
    root->SetAttribute("side", p.side.c_str());
    for (const auto& item : p.items) {
        auto* m = root->InsertNewChildElement("me");
        m->SetAttribute("id", item.me.id.c_str());
        m->SetAttribute("label", item.me.label.c_str());
        m->SetAttribute("mode", std::string(modeName(item.me.mode)).c_str());
        m->SetAttribute("supply", item.me.supplySource.c_str());
        if (!item.me.commander.empty()) m->SetAttribute("commander", item.me.commander.c_str());
        writeFormation(m->InsertNewChildElement("formation"), item.formation);
    }
    return xml::toString(doc);
}

void writeScenarioFile(const Scenario& s, const std::string& path) { writeFileAtomically(path, writeScenarioString(s)); }

core::IssueList validateCampaignFile(const std::string& path) {
    core::IssueList issues;
    try {
        const auto s = readScenarioFile(path);
        const auto mapIssues = validateMapFile(s.mapPath);
        issues.append(mapIssues);
        if (!mapIssues.hasErrors()) issues.append(validateScenario(s, readMapFile(s.mapPath).map));
    } catch (const core::FileError& e) {
        issues.append(e.issues());
    }
    return issues;
}

std::optional<hex::Hex> placementHex(const MeDef& me, const SideDef& side, const map::Map& m) {
    switch (me.placement.kind) {
        case MePlacement::Kind::Hex: {
            const auto h = m.offsets().toHex(me.placement.hex);
            return m.contains(h) ? std::optional(h) : std::nullopt;
        }
        case MePlacement::Kind::Urban: {
            const auto* u = m.urbanArea(me.placement.urban);
            return u ? std::optional(u->hex) : std::nullopt;
        }
        case MePlacement::Kind::Entry: {
            const auto* geo = m.side(side.id);
            if (!geo) return std::nullopt;
            int secondary = 0;
            for (const auto& e : geo->locEntries) {
                if (me.placement.primary && e.kind == map::LocKind::Primary) return e.hex;
                if (!me.placement.primary && e.kind == map::LocKind::Secondary && secondary++ == me.placement.entryIndex) return e.hex;
            }
            return std::nullopt;
        }
    }
    return std::nullopt;
}

std::optional<hex::Hex> objectiveHex(const ObjectiveDef& o, const map::Map& m) {
    if (o.hex) {
        const auto h = m.offsets().toHex(*o.hex);
        return m.contains(h) ? std::optional(h) : std::nullopt;
    }
    const auto* u = m.urbanArea(o.urban);
    return u ? std::optional(u->hex) : std::nullopt;
}

namespace {

// G-54 command_limit = one_plus_one_double: a player commands one ME; one player of the side may command two
// (the double command). Lifted under command_limit = unlimited.
void checkCommandLimit(const Scenario& s, const SideDef& side, core::IssueList& out) {
    if (!s.options.is("command_limit", "unlimited")) {
        std::map<std::string, int> commands;
        for (const auto& me : side.mes)
            if (!me.commander.empty()) ++commands[me.commander];
        int doubles = 0;
        for (const auto& [player, n] : commands) {
            if (n == 2) ++doubles;
            if (n > 2 || (n == 2 && doubles > 1))
                out.error("CAMPAIGN-COMMAND-LIMIT",
                          "player '" + player + "' of side '" + side.id + "' commands " + std::to_string(n) +
                              " MEs; a player commands one ME and one "
                              "player of a side may command two (G-54, option command_limit)",
                          side.line, side.id);
        }
    }
}

}  // namespace

core::IssueList validateScenario(const Scenario& s, const map::Map& m) {
    core::IssueList out;
    std::set<std::string> allIds;
    std::set<std::string> sideIds;
    for (const auto& side : s.sides) {
        if (!sideIds.insert(side.id).second)
            out.error("CAMPAIGN-DUP-ID", "side id '" + side.id + "' is used twice", side.line, side.id);
        if (!m.side(side.id))
            out.error("CAMPAIGN-SIDE-NOT-ON-MAP",
                      "side '" + side.id + "' has no home edge or LOC entries on map '" + m.metadata().id + "'", side.line, side.id);
    }
    for (const auto& side : s.sides) {
        TreeIndex idx;
        indexTree(side.army, idx, out, allIds, nullptr);

        int overall = 0;
        std::set<std::string> players;
        for (const auto& p : side.players) {
            if (!allIds.insert(p.id).second) out.error("CAMPAIGN-DUP-ID", "id '" + p.id + "' is used more than once", p.line, p.id);
            players.insert(p.id);
            if (p.role == PlayerRole::OverallCommander) ++overall;
        }
        if (overall != 1)
            out.error("CAMPAIGN-COMMANDER",
                      "side '" + side.id + "' must have exactly one overall commander, not " + std::to_string(overall), side.line,
                      side.id);

        checkCommandLimit(s, side, out);

        // A fleet that closes the sea: within the campaign, and against a side that has a LOC entry by sea to close.
        if (side.blockadeWeek > s.lengthWeeks)
            out.error("CAMPAIGN-BLOCKADE",
                      "side '" + side.id + "' is blockaded from week " + std::to_string(side.blockadeWeek) +
                          ", after the campaign's " + std::to_string(s.lengthWeeks) + " weeks",
                      side.line, side.id + ".blockadeWeek");
        if (side.blockadeWeek > 0) {
            bool bySea = false;
            if (const auto* geo = m.side(side.id))
                for (const auto& e : geo->locEntries) bySea |= rules::seaEntry(m, side.id, e.hex);
            if (!bySea)
                out.error("CAMPAIGN-BLOCKADE",
                          "side '" + side.id + "' is blockaded, but none of its LOC entries on map '" + m.metadata().id +
                              "' is by sea (a coastal hex off its home edges)",
                          side.line, side.id + ".blockadeWeek");
        }

        std::map<std::string, std::string> unitOwner;     // unit id -> ME id
        std::map<std::string, std::string> generalOwner;  // general id -> ME id, for generals named directly
        std::map<hex::Hex, int> stack;
        for (const auto& me : side.mes) {
            if (!allIds.insert(me.id).second)
                out.error("CAMPAIGN-DUP-ID", "id '" + me.id + "' is used more than once", me.line, me.id);
            if (!me.commander.empty() && !players.count(me.commander))
                out.error("CAMPAIGN-UNKNOWN-PLAYER",
                          "ME '" + me.id + "' names commander '" + me.commander + "', who is not a player of side '" + side.id + "'",
                          me.line, me.id + ".commander");
            for (const auto& ref : me.members) {
                std::vector<std::string> units;
                if (idx.generals.count(ref)) {
                    // A general named directly travels with this ME (e.g. the army commander and his staff).
                    auto [it, fresh] = generalOwner.emplace(ref, me.id);
                    if (!fresh)
                        out.error("CAMPAIGN-UNIT-TWICE",
                                  it->second == me.id
                                      ? "ME '" + me.id + "' lists general '" + ref + "' twice"
                                      : "general '" + ref + "' is attached to both ME '" + it->second + "' and ME '" + me.id + "'",
                                  me.line, me.id + ".member");
                    continue;
                }
                if (idx.units.count(ref)) units = {ref};
                else if (idx.contents.count(ref)) units = idx.contents[ref];
                else {
                    out.error("CAMPAIGN-UNKNOWN-MEMBER",
                              "ME '" + me.id + "' includes '" + ref + "', which is no formation, unit or general of side '" + side.id +
                                  "'",
                              me.line, me.id + ".member");
                    continue;
                }
                for (const auto& u : units) {
                    auto [it, fresh] = unitOwner.emplace(u, me.id);
                    if (!fresh)
                        out.error("CAMPAIGN-UNIT-TWICE",
                                  it->second == me.id
                                      ? "ME '" + me.id + "' lists unit '" + u + "' twice"
                                      : "unit '" + u + "' belongs to both ME '" + it->second + "' and ME '" + me.id + "'",
                                  me.line, me.id + ".member");
                }
            }
            if (!m.urbanArea(me.supplySource))
                out.error("CAMPAIGN-SUPPLY-SOURCE",
                          "ME '" + me.id + "' draws supply from '" + me.supplySource + "', which is no urban area of the map", me.line,
                          me.id + ".supply");
            const auto h = placementHex(me, side, m);
            if (!h) {
                out.error("CAMPAIGN-PLACEMENT", "ME '" + me.id + "' starts at a place that is not on the map", me.line,
                          me.id + ".placement");
            } else {
                if (map::isWater(m.terrain(*h)))
                    out.error("CAMPAIGN-PLACEMENT", "ME '" + me.id + "' starts on a water hex", me.line, me.id + ".placement");
                if (me.placement.kind != MePlacement::Kind::Entry && me.arrivesWeek == 0 && ++stack[*h] == 4)
                    out.error("CAMPAIGN-STACKING",
                              "more than three MEs of side '" + side.id + "' start in hex " +
                                  hex::formatOffset(m.offsets().toOffset(*h)) + " (§2.2)",
                              me.line, me.id + ".placement");
            }
            if (me.arrivesWeek > s.lengthWeeks)
                out.error("CAMPAIGN-ARRIVAL",
                          "ME '" + me.id + "' arrives in week " + std::to_string(me.arrivesWeek) + ", after the campaign's " +
                              std::to_string(s.lengthWeeks) + " weeks",
                          me.line, me.id + ".arrives");
            if (me.mode == Mode::Scouting) {
                // G-34 (scout_eligibility): every unit cavalry, light or irregular infantry or Native American.
                std::vector<std::pair<UnitType, Nationality>> units;
                std::function<void(const FormationDef&)> scan = [&](const FormationDef& f) {
                    for (const auto& u : f.units) {
                        const auto owner = unitOwner.find(u.id);
                        if (owner != unitOwner.end() && owner->second == me.id) units.emplace_back(u.type, u.nationality);
                    }
                    for (const auto& c : f.children) scan(c);
                };
                scan(side.army);
                if (!rules::mayScout(units, s.options))
                    out.error("CAMPAIGN-MODE",
                              "ME '" + me.id +
                                  "' may not start in scouting mode: only cavalry and light or "
                                  "irregular infantry MEs may scout (G-34)",
                              me.line, me.id + ".mode");
            }
        }
        for (const auto& [unit, line] : idx.units)
            if (!unitOwner.count(unit))
                out.warning("CAMPAIGN-UNIT-UNASSIGNED", "unit '" + unit + "' of side '" + side.id + "' belongs to no ME", line, unit);
    }

    std::map<std::string, std::pair<int, int>> objectiveCounts;  // side -> (primary, secondary)
    for (const auto& o : s.objectives) {
        if (!allIds.insert(o.id).second) out.error("CAMPAIGN-DUP-ID", "id '" + o.id + "' is used more than once", o.line, o.id);
        if (!sideIds.count(o.assignedTo) || !sideIds.count(o.writtenBy))
            out.error("CAMPAIGN-OBJECTIVE-SIDE", "objective '" + o.id + "' names a side that the campaign does not have", o.line,
                      o.id);
        else if (o.assignedTo == o.writtenBy && s.options.is("objective_author", "enemy_commander"))
            out.error("CAMPAIGN-OBJECTIVE-AUTHOR",
                      "objective '" + o.id + "' must be written by the enemy of side '" + o.assignedTo +
                          "' (G-63, option objective_author)",
                      o.line, o.id);
        if (!objectiveHex(o, m)) out.error("CAMPAIGN-OBJECTIVE-HEX", "objective '" + o.id + "' is not on the map", o.line, o.id);
        auto& c = objectiveCounts[o.assignedTo];
        (o.kind == ObjectiveKind::Primary ? c.first : c.second)++;
    }
    if (s.options.is("objective_count", "one_plus_three"))
        for (const auto& side : s.sides) {
            const auto c = objectiveCounts[side.id];
            if (c.first != 1 || c.second != 3)
                out.error("CAMPAIGN-OBJECTIVE-COUNT",
                          "side '" + side.id + "' has " + std::to_string(c.first) + " primary and " + std::to_string(c.second) +
                              " secondary objectives; it needs 1 and 3 (G-63, option objective_count)",
                          side.line, side.id);
        }
    out.setFile(s.file);
    return out;
}

}  // namespace etatmajor::io
