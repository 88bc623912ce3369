// SPDX-License-Identifier: GPL-3.0-or-later
// Battle files from set-ups (battle_file.hpp): every field the reader (src/core/battle/battle_xml.cpp) takes, written
// out explicitly so that defaults of the file format never stand in for the campaign's values.
#include "battle_file.hpp"

#include "etatmajor/campaign/scenario.hpp"
#include "etatmajor/io/atomic_file.hpp"

#include <sstream>

namespace etatmajor::bot {

namespace {

std::string attr(const char* name, const std::string& value) { return std::string(" ") + name + "=\"" + io::xmlEscaped(value) + "\""; }
std::string attr(const char* name, std::string_view value) { return attr(name, std::string(value)); }
std::string attr(const char* name, int value) { return attr(name, std::to_string(value)); }
std::string flag(const char* name, bool value) { return attr(name, std::string(value ? "true" : "false")); }

void general(std::ostringstream& x, const char* tag, const battle::GeneralSpec& g, const std::string& pad) {
    x << pad << "<" << tag << attr("id", g.id) << attr("name", g.name) << attr("nationality", battle::nationalityName(g.nationality))
      << attr("rank", campaign::rankName(g.rank)) << attr("arm", campaign::armName(g.arm))
      << attr("rating", campaign::ratingName(g.rating)) << attr("aides", g.aides) << flag("escort", g.escort)
      << flag("neverAttach", g.neverAttach) << attr("minBehind", g.minBehind) << "/>\n";
}

void unit(std::ostringstream& x, const battle::UnitSpec& u, const std::string& pad) {
    x << pad << "<unit" << attr("id", u.id) << attr("name", u.name) << attr("nationality", battle::nationalityName(u.nationality))
      << attr("type", battle::unitTypeName(u.type)) << attr("class", u.unitClass) << attr("stands", u.stands);
    if (u.figures > 0) x << attr("figures", u.figures);
    if (u.figuresPerStand > 0) x << attr("figuresPerStand", u.figuresPerStand);
    x << attr("armament", battle::armamentName(u.armament));
    if (u.bayonets) x << flag("bayonets", *u.bayonets);
    if (u.colours) x << flag("colours", *u.colours);
    x << flag("highlander", u.highlander) << flag("militia", u.militia) << flag("legionDragoons", u.legionDragoons)
      << flag("guards", u.guards) << flag("independentLight", u.independentLight) << flag("alwaysInCommand", u.alwaysInCommand)
      << flag("hidden", u.hidden) << flag("screen", u.screen);
    if (!u.inCommandNear.empty()) x << attr("inCommandNear", u.inCommandNear);
    x << attr("slot", battle::slotName(u.slot));
    if (u.depth >= 0) x << attr("depth", u.depth);
    if (u.file >= 0) x << attr("file", u.file);
    if (!u.inFilesOf.empty()) x << attr("inFilesOf", u.inFilesOf);
    if (u.guns.empty() && u.battalionGuns.empty()) {
        x << "/>\n";
        return;
    }
    x << ">\n";
    for (const auto& g : u.guns)
        x << pad << "  <guns" << attr("calibre", campaign::calibreName(g.calibre)) << attr("count", g.count)
          << flag("howitzer", g.howitzer) << "/>\n";
    for (const auto& g : u.battalionGuns)
        x << pad << "  <battalionGun" << attr("calibre", campaign::calibreName(g.calibre)) << attr("count", g.count) << "/>\n";
    x << pad << "</unit>\n";
}

void formation(std::ostringstream& x, const battle::FormationSpec& f, const std::string& pad) {
    x << pad << "<formation" << attr("id", f.id) << attr("name", f.name) << attr("slot", battle::slotName(f.slot));
    if (!f.inFilesOf.empty()) x << attr("inFilesOf", f.inFilesOf);
    x << ">\n";
    if (f.general) general(x, "general", *f.general, pad + "  ");
    for (const auto& c : f.children) formation(x, c, pad + "  ");
    for (const auto& u : f.units) unit(x, u, pad + "  ");
    x << pad << "</formation>\n";
}

}  // namespace

std::string battleFileXml(const battle::BattleSetup& b, std::uint64_t seed) {
    std::ostringstream x;
    x << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- fought by the campaign with seed " << seed << " -->\n";
    x << "<battle formatVersion=\"1\"" << attr("id", b.id) << attr("name", b.name) << attr("date", b.date)
      << attr("season", campaign::seasonName(b.season)) << attr("contact", battle::contactName(b.contact));
    if (b.turns > 0) x << attr("turns", b.turns);
    x << attr("weather", battle::weatherName(b.weather));
    if (b.fieldWidth > 0) x << attr("width", b.fieldWidth);
    if (b.fieldDepth > 0) x << attr("depth", b.fieldDepth);
    if (b.holder != battle::kNoSide) x << attr("holder", b.sides[static_cast<std::size_t>(b.holder)].id);
    x << ">\n";
    x << "  <terrain" << attr("hex", battle::hexTerrainName(b.terrain.hex)) << attr("woods", battle::woodKindName(b.terrain.woods))
      << flag("template", b.terrain.templateFeatures) << flag("minorFeatures", b.terrain.minorFeatures) << ">\n";
    for (const auto& f : b.terrain.features) {
        x << "    <feature" << attr("kind", battle::featureKindName(f.kind)) << attr("x0", f.x0) << attr("x1", f.x1)
          << attr("y0", f.y0) << attr("y1", f.y1);
        if (f.fromSide != battle::kNoSide) x << attr("side", b.sides[static_cast<std::size_t>(f.fromSide)].id);
        x << flag("key", f.key) << flag("difficult", f.difficult) << "/>\n";
    }
    for (const auto& w : b.terrain.works)
        x << "    <works" << attr("side", b.sides[static_cast<std::size_t>(w.side)].id) << flag("heavy", w.heavy)
          << attr("redoubts", w.redoubts) << flag("restLight", w.restLight) << flag("guns", w.guns) << "/>\n";
    x << "  </terrain>\n  <params>\n";
    std::istringstream params(b.params.canonicalText());
    for (std::string line; std::getline(params, line);) {
        const auto eq = line.find('=');
        if (eq == std::string::npos) continue;
        x << "    <param" << attr("key", line.substr(0, eq)) << attr("value", line.substr(eq + 1)) << "/>\n";
    }
    x << "  </params>\n";
    for (const auto& s : b.sides) {
        x << "  <side" << attr("id", s.id) << attr("name", s.name) << flag("initiativeTurn1", s.initiativeTurn1)
          << flag("forcedMarch", s.forcedMarch) << attr("supply", s.supplyPoint) << ">\n";
        if (s.commander) general(x, "commander", *s.commander, "    ");
        for (const auto& me : s.mes) {
            // The campaign names an ME's top formation after the ME; the file's ids must differ, and a common prefix keeps
            // the MEs' order (canonicalise sorts them by id).
            x << "    <me" << attr("id", "me-" + me.id) << attr("name", me.name) << attr("mode", campaign::modeName(me.mode))
              << attr("arrival", me.arrivalTurn) << attr("entry", battle::edgeName(me.entry)) << ">\n";
            for (const auto& f : me.formations) formation(x, f, "      ");
            x << "    </me>\n";
        }
        x << "  </side>\n";
    }
    x << "</battle>\n";
    return x.str();
}

}  // namespace etatmajor::bot
