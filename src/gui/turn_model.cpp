// SPDX-License-Identifier: GPL-3.0-or-later
#include "turn_model.hpp"

#include "etatmajor/io/atomic_file.hpp"
#include "etatmajor/io/orders_xml.hpp"

#include <cmath>
#include <filesystem>
#include <map>

#include <algorithm>
#include <cctype>
#include <sstream>
#include <stdexcept>
#include <type_traits>

namespace etatmajor::gui {

namespace {

std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

std::string capitalised(std::string s) {
    if (!s.empty()) s[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(s[0])));
    std::replace(s.begin(), s.end(), '_', ' ');
    return s;
}

}  // namespace

std::string gunsText(const view::UnitView& unit) {
    std::string out;
    for (const auto& g : unit.guns) out += (out.empty() ? "" : ", ") + std::to_string(g.stands) + " " + g.calibre;
    return out;
}

std::string battleListLine(const view::BattleView& b) {
    return "Battle " + std::to_string(b.id) + ": week " + std::to_string(b.week) + " day " + std::to_string(b.day) + " at " + b.hex +
           ", " + b.status;
}

std::vector<std::pair<std::string, std::string>> supplyPointsOf(const map::Map& map) {
    std::vector<std::pair<std::string, std::string>> points;
    for (const auto& u : map.urbanAreas()) points.emplace_back(u.id, u.name);
    std::sort(points.begin(), points.end(), [](const auto& a, const auto& b) { return a.second < b.second; });
    return points;
}

std::string rollLine(const dice::RollRecord& r) {
    std::ostringstream o;
    o << "#" << r.sequence << "  W" << r.week;
    if (r.day > 0) o << " D" << r.day;
    o << " " << r.phase << "  " << r.purpose;
    if (!r.subject.empty()) o << " [" << r.subject << "]";
    std::string faces;
    for (const int f : r.faces) faces += (faces.empty() ? "" : " ") + std::to_string(f);
    o << ": " << r.expression << " [" << faces << "] = " << r.result;
    if (!r.effect.empty()) o << " \u2192 " << r.effect;
    if (!r.rule.empty()) o << "  (" << r.rule << ")";
    return o.str();
}

std::vector<dice::RollRecord> filterRolls(const std::vector<dice::RollRecord>& rolls, const std::string& text,
                                          const std::string& phase) {
    const std::string needle = lower(text);
    std::vector<dice::RollRecord> out;
    for (const auto& r : rolls) {
        if (!phase.empty() && r.phase != phase) continue;
        if (!needle.empty() && lower(rollLine(r)).find(needle) == std::string::npos) continue;
        out.push_back(r);
    }
    return out;
}

std::string phaseBarText(const view::SideView* view, const view::PhasePreview& next) {
    std::ostringstream o;
    o << "Week " << next.week << ", day " << next.day;
    if (next.ended) {
        o << " \u00b7 the campaign is over";
        return o.str();
    }
    o << " \u00b7 next: " << next.phase << " " << next.title;
    if (!view) return o.str();
    const auto& weather = view->campaign.weather;
    if (weather && weather->week == next.week && weather->day == next.day) {
        o << " \u00b7 " << capitalised(weather->weather) << ", wind from the " << weather->windFrom << " \u00b7 "
          << weather->daylightTurns << " daylight turns";
    } else {
        o << " \u00b7 weather not yet rolled today";
    }
    return o.str();
}

std::string nextPhaseDescription(const view::PhasePreview& next) {
    if (next.ended) return "The campaign is over: there is no phase left to run.";
    std::ostringstream o;
    o << "Next phase " << next.phase << " (" << next.title << ") " << next.action << ".";
    if (!next.missing.empty()) {
        o << "\nIt cannot run yet:";
        for (const auto& m : next.missing) o << "\n  \u2022 " << m;
    } else if (!next.sidesWithoutOrders.empty()) {
        o << "\nToday's orders still missing from: ";
        for (std::size_t i = 0; i < next.sidesWithoutOrders.size(); ++i) o << (i ? ", " : "") << next.sidesWithoutOrders[i];
        o << " (needed before D2).";
    }
    return o.str();
}

std::optional<std::string> decisionBefore(const view::PhasePreview& next, const std::optional<engine::WeeklyStop>& stop,
                                          const std::vector<view::BattleView>& battles, bool ranAny) {
    if (next.ended) return std::string("the campaign is over");
    const std::string before = "week " + std::to_string(next.week) + " day " + std::to_string(next.day) + " " +
                               campaign::phaseString(next.phase) + " " + next.title;
    if (!next.missing.empty()) {
        std::string why = before + " waits: ";
        for (std::size_t i = 0; i < next.missing.size(); ++i) why += (i ? "; " : "") + next.missing[i];
        return why;
    }
    if (!ranAny) return std::nullopt;
    if (stop && stop->phase == next.phase) {
        // §7, §9.1, §9.6, §10.3, §11.4: the week's moments for the sides' own commands (weekly_stops.hpp).
        std::string why = "the weekly stop before " + std::string(campaign::phaseString(stop->phase)) + " of week " +
                          std::to_string(stop->week) + ": " + stop->title + " (" + stop->rule + "), for ";
        for (std::size_t i = 0; i < stop->sides.size(); ++i) why += (i ? ", " : "") + stop->sides[i];
        return why;
    }
    if (next.phase == campaign::Phase::D9) {
        // §8.8: the day's battles are fought at D9; until then a side may weigh and resolve its own, or fight it on the table.
        std::string waiting;
        for (const auto& b : battles)
            if (b.week == next.week && b.day == next.day && (b.status == "pending" || b.status == "tabletop"))
                waiting += (waiting.empty() ? "" : "; ") + battleListLine(b);
        if (!waiting.empty())
            return before + " fights the day's battles: " + waiting + " (Battles tab: resolve it or enter its result)";
    }
    return std::nullopt;
}

std::vector<std::pair<int, int>> daysRun(const std::vector<engine::PhaseReport>& phases) {
    std::vector<std::pair<int, int>> days;
    for (const auto& p : phases) {
        const std::pair<int, int> day{p.week, p.day > 0 ? p.day : 1};
        if (std::find(days.begin(), days.end(), day) == days.end()) days.push_back(day);
    }
    return days;
}

std::string runSummaryText(const std::vector<engine::PhaseReport>& phases, const std::string& stoppedBecause,
                           const std::vector<view::DayReport>& days) {
    std::ostringstream out;
    const auto name = [](const engine::PhaseReport& p) {
        return "week " + std::to_string(p.week) + (p.day > 0 ? " day " + std::to_string(p.day) : std::string()) + " " +
               std::string(campaign::phaseString(p.phase)) + " " + p.title;
    };
    if (phases.empty()) out << "No phase ran.\n";
    else if (phases.size() == 1) out << "Ran 1 phase: " << name(phases.front()) << ".\n";
    else out << "Ran " << phases.size() << " phases, from " << name(phases.front()) << " to " << name(phases.back()) << ".\n";
    if (!stoppedBecause.empty()) out << "Stopped: " << stoppedBecause << ".\n";
    for (const auto& d : days) {
        const bool quiet = std::all_of(d.sections.begin(), d.sections.end(), [](const auto& s) { return s.lines.empty(); });
        if (!quiet) {
            out << "\n" << view::dayReportText(d);
            continue;
        }
        // A day only begun (its weather rolled, its orders still to write): its weather, not a list of empty sections.
        const std::string text = view::dayReportText(d);
        const auto weatherEnd = text.find('\n', text.find('\n') + 1);
        out << "\n"
            << text.substr(0, weatherEnd == std::string::npos ? text.size() : weatherEnd + 1) << "Nothing else to report yet.\n";
    }
    return out.str();
}

const campaign::OrdersFile* ordersShown(const engine::GivenOrders* given, const campaign::OrdersFile* draft) {
    if (given && given->status == "submitted") return &given->orders;
    if (given && given->status == "stand_fast") return nullptr;
    return draft;
}

std::string ordersListText(const std::string& side, const std::string& status, const campaign::OrdersFile* shown,
                           const std::map<std::string, std::string>& receipts, const std::map<std::string, view::PathCheck>& checks) {
    std::ostringstream out;
    const auto spaced = [](std::string text) {
        std::replace(text.begin(), text.end(), '_', ' ');
        return text;
    };
    if (status == "stand_fast") {
        out << "Orders of " << side << " today \u2014 stand fast: no orders were written, every ME keeps its hex and mode "
            << "(\u00a78.2)\n";
        return out.str();
    }
    if (!shown) return out.str();
    out << "Orders of " << side << " for week " << shown->week << " day " << shown->day << " \u2014 "
        << (status == "not_given" ? std::string("not yet given (draft)") : spaced(status)) << "\n";
    for (const auto& o : shown->orders) {
        out << "  " << o.me << ": " << (o.mode ? spaced(std::string(campaign::modeName(*o.mode))) : std::string("forage"));
        if (!o.supply.empty()) out << ", supply " << o.supply;
        out << ", route " << (o.path.empty() ? "none" : formatPath(o.path));
        if (o.marchToGuns) out << ", march to the guns";
        out << ", on contact " << campaign::scoutContactName(o.onScoutContact);
        if (const auto r = receipts.find(o.me); r != receipts.end())
            out << "; " << (r->second == "not_received" ? "not received" : r->second);
        if (const auto c = checks.find(o.me); c != checks.end()) {
            for (const auto& e : c->second.errors) out << "\n      refused: " << e;
            for (const auto& w : c->second.warnings) out << "\n      warning: " << w;
        }
        out << "\n";
    }
    for (const auto& d : shown->decoys) {
        if (!d.place && d.path.empty()) continue;
        out << "  decoy " << d.id << " (" << d.designated << ")";
        if (d.place) out << ": placed at " << hex::formatOffset(*d.place);
        if (!d.path.empty()) out << ", route " << formatPath(d.path);
        out << "\n";
    }
    return out.str();
}

std::string formatPath(const std::vector<hex::Offset>& path) {
    std::string out;
    for (const auto& o : path) out += (out.empty() ? "" : " ") + hex::formatOffset(o);
    return out;
}

std::optional<std::vector<hex::Offset>> parsePath(const std::string& text, std::string& error) {
    std::vector<hex::Offset> out;
    std::istringstream in(text);
    std::string word;
    int n = 0;
    while (in >> word) {
        ++n;
        while (!word.empty() && (word.back() == ';')) word.pop_back();
        const auto o = hex::parseOffset(word);
        if (!o) {
            error = "path entry " + std::to_string(n) + " ('" + word + "') is not a hex written col,row";
            return std::nullopt;
        }
        out.push_back(*o);
    }
    return out;
}

std::vector<hex::Offset> clickRoute(const std::vector<hex::Offset>& route, hex::Offset start, hex::Offset clicked) {
    std::vector<hex::Offset> out = route;
    if (clicked == start) return {};
    for (std::size_t i = 0; i < out.size(); ++i)
        if (out[i] == clicked) {
            // The last hex again takes it back; an earlier one cuts the route after it.
            out.resize(i + 1 == out.size() ? i : i + 1);
            return out;
        }
    out.push_back(clicked);
    return out;
}

// ---- the map's outline --------------------------------------------------------------------------------------

std::vector<std::vector<hex::Point>> mapOutline(const map::Map& map) {
    const hex::Layout layout(map.metadata().orientation, {1.0, 1.0});
    // Corners are matched by their position, to a thousandth of the hex size.
    using Key = std::pair<long long, long long>;
    const auto key = [](hex::Point p) { return Key{std::llround(p.x * 1000.0), std::llround(p.y * 1000.0)}; };
    std::map<Key, std::pair<hex::Point, hex::Point>> next;  // edge start -> (start, end), going round each hex
    const auto offsets = map.offsets();
    for (int row = 0; row < map.height(); ++row)
        for (int col = 0; col < map.width(); ++col) {
            const hex::Hex h = offsets.toHex({col, row});
            const hex::Point c = layout.toPixel(h);
            const auto corners = layout.corners(h);
            for (std::size_t k = 0; k < corners.size(); ++k) {
                const hex::Point a = corners[k];
                const hex::Point b = corners[(k + 1) % corners.size()];
                // The hex across this edge: the centre mirrored through the edge's middle.
                const hex::Point across{a.x + b.x - c.x, a.y + b.y - c.y};
                if (!map.contains(layout.hexAt(across))) next[key(a)] = {a, b};
            }
        }
    std::vector<std::vector<hex::Point>> loops;
    while (!next.empty()) {
        std::vector<hex::Point> loop;
        auto it = next.begin();
        const Key first = it->first;
        for (;;) {
            const auto [a, b] = it->second;
            loop.push_back(a);
            next.erase(it);
            const Key k = key(b);
            if (k == first) break;
            it = next.find(k);
            if (it == next.end()) break;  // not closed: cannot happen for whole hexes
        }
        loops.push_back(std::move(loop));
    }
    return loops;
}

// ---- drafts of today's orders -------------------------------------------------------------------------------

std::string draftPath(const std::string& dbPath, const std::string& side) {
    std::string name;
    for (const char c : side) name += std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' ? c : '_';
    return dbPath + ".draft-" + name + ".xml";
}

void saveDraft(const std::string& dbPath, const campaign::OrdersFile& draft, const auth::SealKey* key) {
    const std::string xml = io::writeOrdersString(draft);
    io::writeFileAtomically(draftPath(dbPath, draft.side), key ? auth::seal(xml, *key) : xml);
}

DraftRead readDraft(const std::string& dbPath, const std::string& side, int week, int day, const auth::SealKey* key) {
    const std::string path = draftPath(dbPath, side);
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) return {};
    DraftRead out;
    const std::string kept = ": it is kept as it is, and not read";
    std::string xml;
    try {
        const std::string text = io::readWholeFile(path);
        if (auth::isSealed(text)) {
            if (!key) {
                out.problem = path + " is sealed under a passphrase, and the side has none now" + kept;
                return out;
            }
            const auto opened = auth::unseal(text, *key);
            if (!opened) {
                out.problem = path + " does not open with the side's passphrase (sealed under another, or changed since)" + kept;
                return out;
            }
            xml = *opened;
        } else if (key) {
            out.problem = path + " is not sealed although the side has a passphrase, so the side did not write it" + kept;
            return out;
        } else {
            xml = text;
        }
        campaign::OrdersFile file = io::readOrdersString(xml, path);
        if (file.side == side && file.week == week && file.day == day) out.orders = std::move(file);
    } catch (const std::exception& e) {
        out.problem = path + " cannot be read (" + e.what() + ")" + kept;
    }
    return out;
}

std::optional<campaign::OrdersFile> loadDraft(const std::string& dbPath, const std::string& side, int week, int day,
                                              const auth::SealKey* key) {
    return readDraft(dbPath, side, week, day, key).orders;
}

void removeDraft(const std::string& dbPath, const std::string& side) {
    std::error_code ec;
    std::filesystem::remove(draftPath(dbPath, side), ec);
}

campaign::OrdersFile mergeDraft(const campaign::OrdersFile& templ, const campaign::OrdersFile& saved, std::size_t* restored) {
    campaign::OrdersFile out = templ;
    std::size_t taken = 0;
    // Orders compared as the orders file writes them, every field included.
    const auto text = [&](const campaign::Order& o) {
        campaign::OrdersFile one;
        one.side = templ.side;
        one.week = templ.week;
        one.day = templ.day;
        one.orders.push_back(o);
        return io::writeOrdersString(one);
    };
    if (saved.side == templ.side && saved.week == templ.week && saved.day == templ.day) {
        for (auto& order : out.orders)
            for (const auto& s : saved.orders)
                if (s.me == order.me) {
                    if (text(s) != text(order)) ++taken;
                    order = s;
                    break;
                }
        for (auto& decoy : out.decoys)
            for (const auto& d : saved.decoys)
                if (d.id == decoy.id) {
                    decoy = d;
                    break;
                }
        // New decoys the draft puts down today (§2.3) are the side's own writing: none is in the template.
        for (const auto& d : saved.decoys)
            if (d.place &&
                std::none_of(out.decoys.begin(), out.decoys.end(), [&](const campaign::DecoyOrder& o) { return o.id == d.id; }))
                out.decoys.push_back(d);
    }
    if (restored) *restored = taken;
    return out;
}

campaign::OrdersFile rebaseDraft(const campaign::OrdersFile& templ, const campaign::OrdersFile& base,
                                 const campaign::OrdersFile& draft) {
    // What the side wrote: the draft's orders and decoy orders that differ from the template the draft began as.
    campaign::OrdersFile written = draft;
    const auto same = [&](const auto& a, const auto& b) {
        campaign::OrdersFile x, y;
        x.side = y.side = draft.side;
        using Item = std::decay_t<decltype(a)>;
        if constexpr (std::is_same_v<Item, campaign::Order>) {
            x.orders.push_back(a);
            y.orders.push_back(b);
        } else {
            x.decoys.push_back(a);
            y.decoys.push_back(b);
        }
        return io::writeOrdersString(x) == io::writeOrdersString(y);
    };
    const auto untouched = [&](const auto& item, const auto& baseItems, auto key) {
        return std::any_of(baseItems.begin(), baseItems.end(), [&](const auto& b) { return key(b) == key(item) && same(b, item); });
    };
    std::erase_if(written.orders,
                  [&](const campaign::Order& o) { return untouched(o, base.orders, [](const campaign::Order& x) { return x.me; }); });
    std::erase_if(written.decoys, [&](const campaign::DecoyOrder& d) {
        return untouched(d, base.decoys, [](const campaign::DecoyOrder& x) { return x.id; });
    });
    return mergeDraft(templ, written);
}

namespace {

// ` name="value"`, or nothing for an empty value.
std::string attribute(const char* name, const std::string& value) {
    if (value.empty()) return {};
    return std::string(" ") + name + "=\"" + io::xmlEscaped(value) + "\"";
}

std::string trimmed(const std::string& s) {
    const auto first = s.find_first_not_of(" \t");
    if (first == std::string::npos) return {};
    return s.substr(first, s.find_last_not_of(" \t") - first + 1);
}

}  // namespace

std::string purchaseText(const PurchaseForm& f) {
    std::ostringstream o;
    o << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
    o << "<purchase formatVersion=\"1\"" << attribute("side", f.side) << ">\n";
    o << "  <me" << attribute("id", f.meId) << attribute("label", f.label) << attribute("mode", f.mode)
      << attribute("supply", f.supply) << attribute("commander", f.commander) << ">\n";
    o << "    <formation" << attribute("id", f.formationId) << attribute("name", f.formationName) << attribute("kind", f.formationKind)
      << ">\n";
    if (!f.generalId.empty())
        o << "      <general" << attribute("id", f.generalId) << attribute("name", f.generalName)
          << attribute("nationality", f.generalNationality) << attribute("rank", f.generalRank) << attribute("rating", f.generalRating)
          << "/>\n";
    for (const auto& u : f.units) {
        if (u.id.empty()) continue;
        o << "      <unit" << attribute("id", u.id) << attribute("name", u.name) << attribute("nationality", u.nationality)
          << attribute("type", u.type) << attribute("class", u.unitClass) << attribute("stands", u.stands) << "/>\n";
    }
    o << "    </formation>\n  </me>\n</purchase>\n";
    return o.str();
}

std::vector<std::pair<std::string, int>> parseShares(const std::vector<std::pair<std::string, std::string>>& typed,
                                                     std::vector<std::string>& errors) {
    std::vector<std::pair<std::string, int>> out;
    for (const auto& [me, text] : typed) {
        const std::string value = trimmed(text);
        if (value.empty()) continue;
        std::size_t used = 0;
        int n = 0;
        try {
            n = std::stoi(value, &used);
        } catch (const std::exception&) {
            used = 0;
        }
        if (used != value.size() || used == 0) {
            errors.push_back(me + ".points: '" + (value.size() > 80 ? value.substr(0, 80) + "\u2026" : value) +
                             "' is not a number of SP");
            continue;
        }
        out.emplace_back(me, n);
    }
    return out;
}

}  // namespace etatmajor::gui
