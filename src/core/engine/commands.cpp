// SPDX-License-Identifier: GPL-3.0-or-later
// The command layer (engine/commands.hpp): one dispatcher that applies a command in one transaction and logs it whole,
// the commands' arguments as JSON both ways, and the engine's older entry points as thin wrappers over the commands.
#include "etatmajor/engine/commands.hpp"

#include "command_impl.hpp"
#include "etatmajor/auth/passphrase.hpp"
#include "engine/battles_db.hpp"
#include "engine/grant_db.hpp"
#include "engine/orders_db.hpp"
#include "engine/siege_db.hpp"
#include "etatmajor/io/atomic_file.hpp"
#include "etatmajor/io/limits.hpp"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <type_traits>

namespace etatmajor::engine {

using nlohmann::json;

namespace {

// Thrown inside the command's transaction when the command is refused: everything it wrote is rolled back.
struct Refusal {};
// Thrown for a logged name this program knows no command by.
struct UnknownCommand {};

template <typename T>
inline constexpr bool kAlways = false;

// --- arguments as JSON (docs/replay.md lists them) ---

json offsetJson(const hex::Offset& o) { return json::array({o.col, o.row}); }
hex::Offset offsetOf(const json& j) { return hex::Offset{j.at(0).get<int>(), j.at(1).get<int>()}; }

json offsetsJson(const std::vector<hex::Offset>& v) {
    json out = json::array();
    for (const auto& o : v) out.push_back(offsetJson(o));
    return out;
}
std::vector<hex::Offset> offsetsOf(const json& j) {
    std::vector<hex::Offset> out;
    for (const auto& o : j) out.push_back(offsetOf(o));
    return out;
}

// A file a command was given, as its arguments name it: by its name alone, so that the campaign, which players pass
// around, keeps no path of the host's machine (the whole text is logged beside it).
std::string fileName(const std::string& path) { return std::filesystem::path(path).filename().string(); }

// Every field of a side's orders but the lines they stood on in their file (which only messages use).
json ordersJson(const campaign::OrdersFile& f) {
    json orders = json::array();
    for (const auto& o : f.orders) {
        json actions = json::array();
        for (const auto& a : o.actions) actions.push_back({{"kind", a.kind}, {"note", a.note}});
        orders.push_back({{"me", o.me},
                          {"corps", o.corps},
                          {"division", o.division},
                          {"brigade", o.brigade},
                          {"mode", o.mode ? json(std::string(campaign::modeName(*o.mode))) : json(nullptr)},
                          {"supply", o.supply},
                          {"path", offsetsJson(o.path)},
                          {"marchOrder", o.marchOrder},
                          {"actions", actions},
                          {"onScoutContact", std::string(campaign::scoutContactName(o.onScoutContact))},
                          {"marchToGuns", o.marchToGuns},
                          {"intentions", o.intentions},
                          {"locPath", offsetsJson(o.locPath)},
                          {"disobeys", o.disobeys},
                          {"night", o.night}});
    }
    json decoys = json::array();
    for (const auto& d : f.decoys)
        decoys.push_back({{"id", d.id},
                          {"place", d.place ? offsetJson(*d.place) : json(nullptr)},
                          {"designated", d.designated},
                          {"path", offsetsJson(d.path)}});
    return {{"file", fileName(f.file)}, {"side", f.side}, {"week", f.week}, {"day", f.day}, {"orders", orders}, {"decoys", decoys}};
}

campaign::OrdersFile ordersOf(const json& j) {
    campaign::OrdersFile f;
    f.file = j.at("file").get<std::string>();
    f.side = j.at("side").get<std::string>();
    f.week = j.at("week").get<int>();
    f.day = j.at("day").get<int>();
    for (const auto& o : j.at("orders")) {
        campaign::Order order;
        order.me = o.at("me").get<std::string>();
        order.corps = o.at("corps").get<std::string>();
        order.division = o.at("division").get<std::string>();
        order.brigade = o.at("brigade").get<std::string>();
        if (!o.at("mode").is_null()) {
            order.mode = campaign::modeFromName(o.at("mode").get<std::string>());
            if (!order.mode) throw std::invalid_argument("mode");
        }
        order.supply = o.at("supply").get<std::string>();
        order.path = offsetsOf(o.at("path"));
        order.marchOrder = o.at("marchOrder").get<std::vector<std::string>>();
        for (const auto& a : o.at("actions"))
            order.actions.push_back({a.at("kind").get<std::string>(), a.at("note").get<std::string>()});
        const auto contact = campaign::scoutContactFromName(o.at("onScoutContact").get<std::string>());
        if (!contact) throw std::invalid_argument("onScoutContact");
        order.onScoutContact = *contact;
        order.marchToGuns = o.at("marchToGuns").get<bool>();
        order.intentions = o.at("intentions").get<std::string>();
        order.locPath = offsetsOf(o.at("locPath"));
        order.disobeys = o.at("disobeys").get<bool>();
        order.night = o.at("night").get<bool>();
        f.orders.push_back(std::move(order));
    }
    for (const auto& d : j.at("decoys")) {
        campaign::DecoyOrder decoy;
        decoy.id = d.at("id").get<std::string>();
        if (!d.at("place").is_null()) decoy.place = offsetOf(d.at("place"));
        decoy.designated = d.at("designated").get<std::string>();
        decoy.path = offsetsOf(d.at("path"));
        f.decoys.push_back(std::move(decoy));
    }
    return f;
}

json argsOf(const SubmitOrders& c) { return ordersJson(c.orders); }
json argsOf(const StandFast& c) { return {{"side", c.side}}; }
json argsOf(const WithdrawOrders& c) { return {{"side", c.side}}; }
json argsOf(const RunPhase& c) {
    json j{{"week", c.week}, {"day", c.day}, {"phase", c.phase}};
    if (c.faces) j["faces"] = *c.faces;
    return j;
}
json argsOf(const DeclineInitiative& c) { return {{"side", c.side}}; }
json argsOf(const ResolveBattle& c) { return {{"battle", c.battle}}; }
json argsOf(const HandToTable& c) { return {{"battle", c.battle}, {"why", c.why}}; }
json argsOf(const EnterBattleResult& c) { return {{"battle", c.battle}, {"file", fileName(c.file)}, {"text", c.text}}; }
json argsOf(const SplitMe& c) {
    return {{"side", c.side}, {"from", c.from}, {"new", c.newMe}, {"label", c.label}, {"members", c.members}};
}
json argsOf(const TransferMembers& c) { return {{"side", c.side}, {"from", c.from}, {"to", c.to}, {"members", c.members}}; }
json argsOf(const FormProvisional& c) {
    return {{"side", c.side}, {"me", c.me}, {"units", c.units}, {"new", c.newUnit}, {"name", c.name}};
}
json argsOf(const BuyWithGrant& c) { return {{"file", fileName(c.file)}, {"text", c.text}}; }
json argsOf(const ReplaceFromGrant& c) { return {{"side", c.side}, {"me", c.me}, {"units", c.units}, {"generals", c.generals}}; }
json argsOf(const AllocateSupply& c) { return {{"side", c.side}, {"source", c.source}, {"shares", c.shares}}; }
json argsOf(const RequestSpending& c) {
    return {{"side", c.side},   {"me", c.me},           {"kind", c.kind},
            {"count", c.count}, {"class", c.workClass}, {"at", c.at ? offsetJson(*c.at) : json(nullptr)}};
}
json argsOf(const AnswerTerms& c) { return {{"side", c.side}, {"siege", c.siege}, {"accept", c.accept}}; }
json argsOf(const SetPassphrase& c) { return {{"who", c.who}, {"hash", c.hash ? json(*c.hash) : json(nullptr)}, {"by", c.by}}; }
json argsOf(const RegisterKey& c) { return {{"who", c.who}, {"sign", c.sign}, {"box", c.box}}; }
json argsOf(const ImportOrders& c) { return {{"packet", c.packet}, {"orders", c.orders}}; }
json argsOf(const RevealShare& c) { return {{"packet", c.packet}}; }
json argsOf(const ForfeitShare& c) { return {{"side", c.side}}; }

std::string str(const json& j, const char* key) { return j.at(key).get<std::string>(); }
std::vector<std::string> strs(const json& j, const char* key) { return j.at(key).get<std::vector<std::string>>(); }

Command fromArgs(const std::string& name, const json& a) {
    if (name == "orders.submit") return SubmitOrders{ordersOf(a)};
    if (name == "orders.stand_fast") return StandFast{str(a, "side")};
    if (name == "orders.withdraw") return WithdrawOrders{str(a, "side")};
    if (name.rfind("phase.", 0) == 0) {
        RunPhase c{str(a, "phase"), a.at("week").get<int>(), a.at("day").get<int>(), std::nullopt};
        if (a.contains("faces")) c.faces = a.at("faces").get<std::vector<int>>();
        if ("phase." + c.phase != name) throw std::invalid_argument("phase");
        return c;
    }
    if (name == "initiative.decline") return DeclineInitiative{str(a, "side")};
    if (name == "battle.resolve") return ResolveBattle{a.at("battle").get<int>()};
    if (name == "battle.to_table") return HandToTable{a.at("battle").get<int>(), str(a, "why")};
    if (name == "battle.enter") return EnterBattleResult{a.at("battle").get<int>(), str(a, "file"), str(a, "text")};
    if (name == "me.split") return SplitMe{str(a, "side"), str(a, "from"), str(a, "new"), str(a, "label"), strs(a, "members")};
    if (name == "me.transfer") return TransferMembers{str(a, "side"), str(a, "from"), str(a, "to"), strs(a, "members")};
    if (name == "unit.provisional")
        return FormProvisional{str(a, "side"), str(a, "me"), strs(a, "units"), str(a, "new"), str(a, "name")};
    if (name == "grant.buy") return BuyWithGrant{str(a, "file"), str(a, "text")};
    if (name == "grant.replace") return ReplaceFromGrant{str(a, "side"), str(a, "me"), strs(a, "units"), strs(a, "generals")};
    if (name == "supply.allocate")
        return AllocateSupply{str(a, "side"), str(a, "source"), a.at("shares").get<std::vector<std::pair<std::string, int>>>()};
    if (name == "supply.spend") {
        RequestSpending c{str(a, "side"), str(a, "me"), str(a, "kind"), a.at("count").get<int>(), str(a, "class"), std::nullopt};
        if (!a.at("at").is_null()) c.at = offsetOf(a.at("at"));
        return c;
    }
    if (name == "siege.answer") return AnswerTerms{str(a, "side"), a.at("siege").get<int>(), a.at("accept").get<bool>()};
    if (name == "auth.passphrase") {
        SetPassphrase c{str(a, "who"), std::nullopt, strs(a, "by")};
        if (!a.at("hash").is_null()) c.hash = str(a, "hash");
        return c;
    }
    if (name == "pbem.key") return RegisterKey{str(a, "who"), str(a, "sign"), str(a, "box")};
    if (name == "pbem.orders") return ImportOrders{str(a, "packet"), str(a, "orders")};
    if (name == "pbem.reveal") return RevealShare{str(a, "packet")};
    if (name == "pbem.forfeit") return ForfeitShare{str(a, "side")};
    throw UnknownCommand{};
}

// --- what each command does ---

void run(db::CampaignStore& store, SubmitOrders& c, const CommandContext&, CommandResult& r) {
    r.issues = applySubmitOrders(store, c.orders);
}
void run(db::CampaignStore& store, StandFast& c, const CommandContext&, CommandResult& r) { r.issues = applyStandFast(store, c.side); }
void run(db::CampaignStore& store, WithdrawOrders& c, const CommandContext&, CommandResult& r) {
    r.issues = applyWithdrawOrders(store, c.side);
}

void run(db::CampaignStore& store, RunPhase& c, const CommandContext& context, CommandResult& r) {
    // The dice: the faces logged with the command (a replay), else the caller's source (kept for the log), else the
    // campaign's seeded generator.
    std::optional<dice::ScriptedSource> logged;
    std::optional<dice::RecordingSource> recording;
    dice::Source* source = nullptr;
    if (c.faces) source = &logged.emplace(*c.faces);
    else if (context.dice) source = &recording.emplace(*context.dice);
    auto report = applyRunPhase(store, c, source, r.issues);
    if (r.issues.hasErrors()) {
        r.toTable = std::move(report.toTable);
        return;
    }
    if (logged && logged->remaining() > 0) {
        r.issues.error("DICE-LEFT", "phase " + c.phase + " rolled " + std::to_string(c.faces->size() - logged->remaining()) +
                                        " of the " + std::to_string(c.faces->size()) + " dice logged with it");
        return;
    }
    if (recording) c.faces = recording->faces();
    r.lines = report.lines;
    r.phase = std::move(report);
}

void run(db::CampaignStore& store, DeclineInitiative& c, const CommandContext&, CommandResult& r) {
    r.issues = applyDeclineInitiative(store, c.side);
}
void run(db::CampaignStore& store, ResolveBattle& c, const CommandContext&, CommandResult& r) {
    r.issues = applyResolveBattle(store, c.battle, r.lines);
}
void run(db::CampaignStore& store, HandToTable& c, const CommandContext&, CommandResult& r) {
    r.issues = applyHandToTable(store, c.battle, c.why, r.lines);
}
void run(db::CampaignStore& store, EnterBattleResult& c, const CommandContext&, CommandResult& r) {
    r.issues = applyEnterBattleResult(store, c.battle, c.file, c.text, r.lines);
}

template <typename Result>
void take(Result&& from, CommandResult& r) {
    r.issues = std::move(from.issues);
    r.lines = std::move(from.lines);
}

void run(db::CampaignStore& store, SplitMe& c, const CommandContext&, CommandResult& r) {
    take(applySplitMe(store, c.side, c.from, c.newMe, c.label, c.members), r);
}
void run(db::CampaignStore& store, TransferMembers& c, const CommandContext&, CommandResult& r) {
    take(applyTransfer(store, c.side, c.from, c.to, c.members), r);
}
void run(db::CampaignStore& store, FormProvisional& c, const CommandContext&, CommandResult& r) {
    take(applyFormProvisional(store, c.side, c.me, c.units, c.newUnit, c.name), r);
}
void run(db::CampaignStore& store, BuyWithGrant& c, const CommandContext&, CommandResult& r) {
    io::Purchase purchase;
    try {
        purchase = io::readPurchaseString(c.text, c.file);
    } catch (const core::FileError& e) {
        r.issues = e.issues();
        return;
    }
    take(applyBuyWithGrant(store, purchase), r);
}
void run(db::CampaignStore& store, ReplaceFromGrant& c, const CommandContext&, CommandResult& r) {
    take(applyReplaceFromGrant(store, c.side, c.me, c.units, c.generals), r);
}
void run(db::CampaignStore& store, AllocateSupply& c, const CommandContext&, CommandResult& r) {
    take(applyAllocateSupply(store, c.side, c.source, c.shares), r);
}
void run(db::CampaignStore& store, RequestSpending& c, const CommandContext&, CommandResult& r) {
    take(applyRequestSpending(store, SpendRequest{c.side, c.me, c.kind, c.count, c.workClass, c.at}), r);
}
void run(db::CampaignStore& store, AnswerTerms& c, const CommandContext&, CommandResult& r) {
    take(applyAnswerTerms(store, c.side, c.siege, c.accept), r);
}
void run(db::CampaignStore& store, SetPassphrase& c, const CommandContext&, CommandResult& r) {
    auth::storePassphraseHash(store, c.who, c.hash);
    const std::string whose = c.who == auth::kHost ? std::string("the host's passphrase") : "the passphrase of side '" + c.who + "'";
    r.lines.push_back(whose + (c.hash ? " is set" : " is cleared"));
}

void run(db::CampaignStore& store, RegisterKey& c, const CommandContext&, CommandResult& r) {
    r.issues = applyRegisterKey(store, c, r.lines);
}
void run(db::CampaignStore& store, ImportOrders& c, const CommandContext&, CommandResult& r) {
    r.issues = applyImportOrders(store, c, r.lines);
}
void run(db::CampaignStore& store, RevealShare& c, const CommandContext&, CommandResult& r) {
    r.issues = applyRevealShare(store, c, r.lines);
}
void run(db::CampaignStore& store, ForfeitShare& c, const CommandContext&, CommandResult& r) {
    r.issues = applyForfeitShare(store, c, r.lines);
}

}  // namespace

std::string commandName(const Command& command) {
    return std::visit(
        [](const auto& c) -> std::string {
            using T = std::decay_t<decltype(c)>;
            if constexpr (std::is_same_v<T, SubmitOrders>) return "orders.submit";
            else if constexpr (std::is_same_v<T, StandFast>) return "orders.stand_fast";
            else if constexpr (std::is_same_v<T, WithdrawOrders>) return "orders.withdraw";
            else if constexpr (std::is_same_v<T, RunPhase>) return "phase." + c.phase;
            else if constexpr (std::is_same_v<T, DeclineInitiative>) return "initiative.decline";
            else if constexpr (std::is_same_v<T, ResolveBattle>) return "battle.resolve";
            else if constexpr (std::is_same_v<T, HandToTable>) return "battle.to_table";
            else if constexpr (std::is_same_v<T, EnterBattleResult>) return "battle.enter";
            else if constexpr (std::is_same_v<T, SplitMe>) return "me.split";
            else if constexpr (std::is_same_v<T, TransferMembers>) return "me.transfer";
            else if constexpr (std::is_same_v<T, FormProvisional>) return "unit.provisional";
            else if constexpr (std::is_same_v<T, BuyWithGrant>) return "grant.buy";
            else if constexpr (std::is_same_v<T, ReplaceFromGrant>) return "grant.replace";
            else if constexpr (std::is_same_v<T, AllocateSupply>) return "supply.allocate";
            else if constexpr (std::is_same_v<T, RequestSpending>) return "supply.spend";
            else if constexpr (std::is_same_v<T, AnswerTerms>) return "siege.answer";
            else if constexpr (std::is_same_v<T, SetPassphrase>) return "auth.passphrase";
            else if constexpr (std::is_same_v<T, RegisterKey>) return "pbem.key";
            else if constexpr (std::is_same_v<T, ImportOrders>) return "pbem.orders";
            else if constexpr (std::is_same_v<T, RevealShare>) return "pbem.reveal";
            else if constexpr (std::is_same_v<T, ForfeitShare>) return "pbem.forfeit";
            else static_assert(kAlways<T>, "every command has a name");
        },
        command);
}

std::string commandArgs(const Command& command) {
    return std::visit([](const auto& c) { return argsOf(c).dump(); }, command);
}

std::optional<Command> commandFromLog(const std::string& name, const std::string& argsJson, std::string& problem) {
    const auto args = json::parse(argsJson, nullptr, false);
    if (!args.is_object()) {
        problem = "its arguments are not a JSON object";
        return std::nullopt;
    }
    try {
        return fromArgs(name, args);
    } catch (const UnknownCommand&) {
        problem = "this program knows no command '" + name + "'";
    } catch (const std::exception&) {
        problem = "its arguments lack a field of the command or give one of the wrong kind";
    }
    return std::nullopt;
}

CommandResult execute(db::CampaignStore& store, const Command& command, const CommandContext& context) {
    CommandResult result;
    Command done = command;  // as run: a phase names itself, and keeps the dice it was given
    try {
        store.transaction([&] {
            std::visit([&](auto& c) { run(store, c, context, result); }, done);
            if (result.issues.hasErrors()) throw Refusal{};
            result.logSeq = store.logCommand(commandName(done), commandArgs(done), json{{"lines", result.lines}}.dump());
        });
    } catch (const Refusal&) {
        result.logSeq = 0;
        // D9 stopped by battles the resolver cannot fight: each goes to the table as a command of its own, so that the
        // log replays the hand-over and D9 then waits for the battles' results.
        for (const auto& [battle, why] : result.toTable) {
            const auto handed = execute(store, HandToTable{battle, why});
            result.lines.insert(result.lines.end(), handed.lines.begin(), handed.lines.end());
            result.issues.append(handed.issues);
        }
    }
    return result;
}

core::IssueList validate(const db::CampaignStore& store, const Command& command) {
    auto scratch = store.scratchCopy();
    return execute(scratch, command).issues;
}

// --- the engine's entry points, as commands ---

core::IssueList submitOrders(db::CampaignStore& store, const campaign::OrdersFile& orders) {
    return execute(store, SubmitOrders{orders}).issues;
}

core::IssueList standFast(db::CampaignStore& store, const std::string& side) { return execute(store, StandFast{side}).issues; }

core::IssueList withdrawOrders(db::CampaignStore& store, const std::string& side) {
    return execute(store, WithdrawOrders{side}).issues;
}

core::IssueList declineInitiative(db::CampaignStore& store, const std::string& side) {
    return execute(store, DeclineInitiative{side}).issues;
}

core::IssueList resolveBattleNow(db::CampaignStore& store, int id, std::vector<std::string>& lines) {
    auto r = execute(store, ResolveBattle{id});
    lines.insert(lines.end(), r.lines.begin(), r.lines.end());
    return r.issues;
}

core::IssueList enterBattleResult(db::CampaignStore& store, int id, const std::string& file, std::vector<std::string>& lines) {
    // The file as UTF-8 (a Latin-1 or Windows-1252 one converted), within the size limit: what the command holds.
    std::string text;
    try {
        text = io::decodeXmlText(io::readInputFile(file, io::limits::kFileBytes), file);
    } catch (const core::FileError& e) {
        return e.issues();
    }
    auto r = execute(store, EnterBattleResult{id, file, text});
    lines.insert(lines.end(), r.lines.begin(), r.lines.end());
    return r.issues;
}

namespace {
ReorgResult reorg(CommandResult r) { return ReorgResult{std::move(r.issues), std::move(r.lines)}; }
SupplyCommandResult supply(CommandResult r) { return SupplyCommandResult{std::move(r.issues), std::move(r.lines)}; }
}  // namespace

ReorgResult splitMe(db::CampaignStore& store, const std::string& side, const std::string& fromMe, const std::string& newMe,
                    const std::string& label, const std::vector<std::string>& members) {
    return reorg(execute(store, SplitMe{side, fromMe, newMe, label, members}));
}

ReorgResult transfer(db::CampaignStore& store, const std::string& side, const std::string& fromMe, const std::string& toMe,
                     const std::vector<std::string>& members) {
    return reorg(execute(store, TransferMembers{side, fromMe, toMe, members}));
}

ReorgResult formProvisional(db::CampaignStore& store, const std::string& side, const std::string& me,
                            const std::vector<std::string>& units, const std::string& newUnit, const std::string& name) {
    return reorg(execute(store, FormProvisional{side, me, units, newUnit, name}));
}

ReorgResult buyWithGrant(db::CampaignStore& store, const io::Purchase& purchase) {
    // A purchase made in code is written out as the file it would have been read from.
    return reorg(
        execute(store, BuyWithGrant{purchase.file, purchase.text.empty() ? io::writePurchaseString(purchase) : purchase.text}));
}

ReorgResult replaceFromGrant(db::CampaignStore& store, const std::string& side, const std::string& me,
                             const std::vector<std::string>& units, const std::vector<std::string>& generals) {
    return reorg(execute(store, ReplaceFromGrant{side, me, units, generals}));
}

SupplyCommandResult allocateSupply(db::CampaignStore& store, const std::string& side, const std::string& source,
                                   const std::vector<std::pair<std::string, int>>& shares) {
    return supply(execute(store, AllocateSupply{side, source, shares}));
}

SupplyCommandResult requestSpending(db::CampaignStore& store, const SpendRequest& q) {
    return supply(execute(store, RequestSpending{q.side, q.me, q.kind, q.count, q.workClass, q.at}));
}

SupplyCommandResult answerTerms(db::CampaignStore& store, const std::string& side, int siegeId, bool accept) {
    return supply(execute(store, AnswerTerms{side, siegeId, accept}));
}

}  // namespace etatmajor::engine
