// Attackers that close (tactical-resolver.md §2.8, §2.12, §2.16; rules-mapping-battle.md "Attackers that close"): a
// unit that breaks when a charge has already reached it is caught where it stands (¶389, ¶489). Each against the
// earlier reading where there is one.
#include "fixtures.hpp"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace etatmajor::battle;
using namespace etatmajor::battle::test;

namespace {

bool inContact(const Engine& e, int a, int b) {
    for (const auto& p : e.contacts())
        if ((p.a == a && p.b == b) || (p.a == b && p.b == a)) return true;
    return false;
}

}  // namespace

TEST_CASE("¶389, ¶489: a unit that breaks when the charge has reached it is caught where it stands", "[battle][closing]") {
    // Light cavalry 80 paces from militia: within 100 paces the charge contacts at once (G11), so the militia cannot
    // run from it. Every seed in which it breaks on its being-charged test finds it still in contact and where it
    // stood; in the Close Assault Phase it suffers the routers' automatic defeat unless the horse wavered.
    const auto setup = battleOf(
        sideSpec("horse", Mode::DeployedOffensive, {unitSpec("dragoons", UnitType::LightCavalry, 3, 2)}, Rating::Capable),
        sideSpec("foot", Mode::DeployedDefensive, {unitSpec("militia", UnitType::LineInfantry, 1, 2, Nationality::Militia)},
                 Rating::Capable));
    int broke = 0, cutDown = 0;
    for (std::uint64_t seed = 1; seed <= 60; ++seed) {
        BattleDice dice(seed);
        Engine e(setup, dice);
        e.setDoctrine(false);
        const int a = e.unitIndex("dragoons"), b = e.unitIndex("militia");
        e.setFiles(a, e.unit(b).x0, e.unit(a).w);
        e.setFront(a, e.depth() - e.unit(b).front - 80);
        const int front = e.unit(b).front, figures = e.unit(b).figures;
        e.startTurn();
        e.setInitiative(kSideA);
        e.forceCharge(a, b);
        e.moralePhase();
        if (e.unit(b).morale != Morale::Routing) continue;
        ++broke;
        INFO("seed " << seed);
        CHECK(inContact(e, a, b));
        CHECK(e.unit(b).front == front);
        e.firePhase();
        e.movementPhase();
        CHECK(e.unit(b).front == front);  // frozen: no rout move while the contact lasts
        e.closeAssaultPhase();
        if (e.unit(b).figures < figures || e.unit(b).status != UnitStatus::OnTable) ++cutDown;
    }
    REQUIRE(broke > 5);
    CHECK(cutDown > broke / 2);
}

