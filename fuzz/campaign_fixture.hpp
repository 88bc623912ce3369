// A small campaign with one battle waiting for its tabletop result, made from the test campaign
// (tests/data/campaigns/small.xml): the fixture of the battle-result target and a seed of the database target.
#pragma once

#include <string>

namespace etatmajor::fuzz {

// Unit and general ids of that battle, for hand-made result files (fuzz/seeds/battle_result).
//   red-me-1 (red): units red-foot, red-rifles; generals red-c, red-b1
//   blue-me-1 (blue): units blue-cont, blue-militia, blue-riflemen, blue-sappers; generals blue-c, blue-b1, blue-b2, blue-d1
inline constexpr int kFixtureBattle = 1;

// Writes the campaign database at `path` (which must not exist): battle_resolution=tabletop, Red's 1st Brigade
// ordered to attack Blue's Line Division in the same hex (set with SQL, then accepted as `campaign check --accept`
// does), the day advanced to D9 where it waits for the result.
// Aborts with a message when the campaign cannot be made (the fixture itself is broken).
void makeBattleCampaign(const std::string& path);

// The same campaign at its start (no day run), written as `campaign new` leaves it.
void makeNewCampaign(const std::string& path);

// Deletes the option rows that hold their option's default, and accepts the state so changed (its checksum). The
// store starts from the defaults, so the campaign reads the same; but loading the state (which every phase, view and
// result entry does) gets much cheaper, reading the options being the largest part of it in a sanitizer build.
void dropDefaultOptions(const std::string& path);

}  // namespace etatmajor::fuzz
