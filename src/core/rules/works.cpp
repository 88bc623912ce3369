// SPDX-License-Identifier: GPL-3.0-or-later
#include "etatmajor/rules/works.hpp"

#include "etatmajor/hex/offset.hpp"
#include "etatmajor/rules/water.hpp"

#include <algorithm>
#include <set>

namespace etatmajor::rules {

using namespace campaign;

std::string_view workClassName(WorkClass c) { return c == WorkClass::Light ? "light" : "heavy"; }

int worksPrice(WorkClass c) { return c == WorkClass::Light ? 10 : 20; }

bool hasEngineer(const CampaignState& s, const std::string& me) {
    for (const auto* u : s.unitsOf(me))
        if (u->type == UnitType::Engineers && u->figuresCurrent > 0) return true;
    return false;
}

bool buildsWorks(Mode mode) { return mode == Mode::Reorganisation || mode == Mode::DeployedDefensive; }

NightWorks nightWorks(const Options& options) {
    NightWorks w;
    const std::string& rule = options.get("overnight_works");
    if (rule == "free_light") w.workClass = WorkClass::Light;
    if (rule == "paid") w.cost = w.count * worksPrice(WorkClass::Heavy);
    return w;
}

bool sailsToday(const Order& o) {
    return std::any_of(o.actions.begin(), o.actions.end(), [](const OrderAction& a) { return a.kind == "embark"; });
}

void checkOrderActions(const CampaignState& s, const Order& o, const MeState& me, Mode mode, core::IssueList& out) {
    const std::string at = "ME " + o.me;
    const std::string field = o.me + ".action";
    const auto off = s.map.offsets();
    std::set<std::string> kinds;
    auto refuse = [&](const std::string& text) { out.error("ORDERS-ACTION", at + ": " + text, o.line, field); };
    for (const auto& a : o.actions) {
        if (!kinds.insert(a.kind).second) refuse("the action " + a.kind + " is given twice");
        const auto* ua = s.urbanAt(me.hex);
        if (a.kind == "reorganise") {
            if (mode != Mode::Reorganisation) refuse("reorganise needs a Reorganisation order (§10.1)");
        } else if (a.kind == "build_earthworks") {
            if (!buildsWorks(mode)) refuse("earthworks are dug under a Reorganisation or Deployed-Defensive order (§11.5)");
            if (!hasEngineer(s, o.me)) refuse("earthworks need an engineer officer in the ME (§11.5)");
        } else if (a.kind == "destroy_ua") {
            if (mode != Mode::Reorganisation) refuse("destroying an urban area needs a Reorganisation order (§9.2.4)");
            if (!ua) refuse("there is no urban area in its hex to destroy (§9.2.4)");
            else if (ua->destroyed) refuse(ua->name + " is already destroyed");
        } else if (a.kind == "destroy_transport") {
            if (mode != Mode::Reorganisation) refuse("destroying water transport needs a Reorganisation order (§11.1)");
            if (!ua || ua->controller != me.side) refuse("it must hold the urban area whose boats it burns (§11.1)");
        } else if (a.kind == "embark") {
            if (mode != Mode::March && mode != Mode::ForcedMarch) refuse("moving by water needs a March order (§11.2)");
            hex::Hex from = me.hex;
            for (std::size_t i = 0; i < o.path.size(); ++i) {
                const hex::Hex to = off.toHex(o.path[i]);
                if (!navigableStep(s.map, from, to)) {
                    out.error("ORDERS-PATH",
                              at + ": step " + std::to_string(i + 1) + " (" + hex::formatOffset(o.path[i]) +
                                  ") is not along navigable water (§11.2)",
                              o.line, o.me + ".path");
                    break;
                }
                // A fleet that closes the sea (docs/rules-mapping.md): the side's boats keep to rivers and lakes.
                if (seaClosed(s, me.side) && s.map.terrain(to) == map::Terrain::Sea) {
                    out.error("ORDERS-PATH",
                              at + ": step " + std::to_string(i + 1) + " (" + hex::formatOffset(o.path[i]) +
                                  ") is on the sea, which " + s.side(me.side)->blockadeBy + " holds",
                              o.line, o.me + ".path");
                    break;
                }
                from = to;
            }
            if (static_cast<int>(o.path.size()) > kWaterMr) refuse("the route is longer than the 8 hexes a day by water (§11.2)");
        } else if (a.kind == "disembark") {
            if (!sailsToday(o)) refuse("disembark goes with embark in the same order (§11.2)");
            const hex::Hex end = o.path.empty() ? me.hex : off.toHex(o.path.back());
            if (s.map.contains(end) && map::isWater(s.map.terrain(end))) refuse("it cannot land on a water hex");
        } else if (a.kind == "lay_pontoon") {
            if (!hasEngineer(s, o.me)) refuse("a pontoon is laid by an engineer (§10.3)");
            const auto target = hex::parseOffset(a.note);
            const int dir = target ? hex::directionTo(me.hex, off.toHex(*target)) : -1;
            const auto* side = dir < 0 ? nullptr : s.map.hexside(me.hex, dir);
            if (dir < 0)
                refuse("lay_pontoon names the hex across the river next to the ME in its note (col,row), not '" + a.note + "'");
            else if (!side || side->watercourse == map::Watercourse::None) refuse("no river or stream lies between it and " + a.note);
        } else if (a.kind == "take_up_pontoon") {
            // §10.3 / G-55: the engineers who laid a pontoon take it up again from either bank; the hexside is the one
            // between the hex where the ME ends the day and the hex named in the note. Who laid it is checked at night.
            if (!hasEngineer(s, o.me)) refuse("a pontoon is taken up by an engineer (§10.3)");
            const hex::Hex end = o.path.empty() ? me.hex : off.toHex(o.path.back());
            const auto target = hex::parseOffset(a.note);
            const int dir = target ? hex::directionTo(end, off.toHex(*target)) : -1;
            const auto* side = dir < 0 ? nullptr : s.map.hexside(end, dir);
            if (dir < 0)
                refuse("take_up_pontoon names the hex across the river from where the ME ends the day (col,row), not '" + a.note +
                       "'");
            else if (!side || side->watercourse == map::Watercourse::None || side->crossing != map::Crossing::Bridge)
                refuse("no laid crossing spans the river between " + hex::formatOffset(off.toOffset(end)) + " and " + a.note);
        } else if (a.kind == "offer_terms") {
            bool besieging = false;
            for (const auto& e : s.mes)
                if (e.onMap && e.side != me.side && hex::distance(e.hex, me.hex) == 1 && s.urbanAt(e.hex)) besieging = true;
            if (!besieging) refuse("terms are offered to an enemy ME in a town next to it (§11.4)");
        }
    }
}

}  // namespace etatmajor::rules
