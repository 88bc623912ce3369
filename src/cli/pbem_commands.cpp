// SPDX-License-Identifier: GPL-3.0-or-later
// etatmajor-cli's play by e-mail (docs/pbem.md): key new; campaign key, campaign audit; turn export, turn import,
// turn show; orders seal, orders reveal.
#include "cli.hpp"

#include "etatmajor/auth/keys.hpp"
#include "etatmajor/core/text.hpp"
#include "etatmajor/engine/commands.hpp"
#include "etatmajor/engine/pbem.hpp"
#include "etatmajor/io/atomic_file.hpp"
#include "etatmajor/io/limits.hpp"
#include "etatmajor/pbem/audit.hpp"
#include "etatmajor/pbem/turn.hpp"

#include <nlohmann/json.hpp>

#include <cstdlib>
#include <filesystem>
#include <memory>

#include <unistd.h>

namespace etatmajor::cli {

namespace {

// The environment variable that may carry the passphrase of a key file (docs/pbem.md).
constexpr const char* kKeyPassphraseVariable = "ETATMAJOR_KEY_PASSPHRASE";
constexpr std::size_t kPacketBytes = 64u * 1024u * 1024u;

struct PbemArgs {
    std::string db, who, output, key, keyPasswordFile, passwordFile, packet, hostKey, orders, view;
    std::vector<std::string> files;
    bool force = false, json = false;
};

std::optional<std::string> readFile(const std::string& path, std::size_t limit, core::IssueList& issues) {
    try {
        return io::readInputFile(path, limit);
    } catch (const core::FileError& e) {
        issues.append(e.issues());
        return std::nullopt;
    }
}

// The passphrase of a key file: from --key-password-file, else ETATMAJOR_KEY_PASSPHRASE, else a prompt.
std::optional<std::string> keyPassphrase(const std::string& file, const std::string& keyFile, core::IssueList& issues) {
    if (!file.empty()) return readPassphraseFile(file, issues);
    if (const char* env = std::getenv(kKeyPassphraseVariable); env != nullptr && *env != '\0') return std::string(env);
    return promptHidden("Passphrase of the key file " + keyFile + ": ");
}

// A key file opened with its passphrase; nothing, with the problem in `issues`, when it cannot be.
std::optional<auth::SecretKeys> openKeyFile(const std::string& path, const std::string& passFile, core::IssueList& issues) {
    const auto text = readFile(path, io::limits::kFileBytes, issues);
    if (!text) return std::nullopt;
    const auto passphrase = keyPassphrase(passFile, path, issues);
    if (issues.hasErrors()) return std::nullopt;
    if (!passphrase) {
        issues.error("KEY-PASSPHRASE", path + ": the key file's passphrase is needed (--key-password-file, or " +
                                           std::string(kKeyPassphraseVariable) + ")");
        return std::nullopt;
    }
    try {
        auto keys = auth::SecretKeys::open(*text, *passphrase, path);
        if (!keys) issues.error("KEY-PASSPHRASE", path + ": wrong passphrase for this key file");
        return keys;
    } catch (const auth::KeyError& e) {
        issues.error(e.code(), e.what());
        return std::nullopt;
    }
}

std::optional<auth::PublicKeys> readPublicKey(const std::string& path, core::IssueList& issues) {
    const auto text = readFile(path, io::limits::kFileBytes, issues);
    if (!text) return std::nullopt;
    try {
        return auth::PublicKeys::parse(*text, path);
    } catch (const auth::KeyError& e) {
        issues.error(e.code(), e.what());
        return std::nullopt;
    }
}

// The side's turn packet (--packet) opened with its keys (--key, --key-password-file), checked against the host's
// public key when --host-key is given; its warnings printed. Nothing, with the problem in `issues`, when it cannot be.
std::optional<std::pair<auth::SecretKeys, pbem::OpenedTurn>> openTurn(const PbemArgs& a, core::IssueList& issues) {
    const auto side = openKeyFile(a.key, a.keyPasswordFile, issues);
    if (!side) return std::nullopt;
    std::optional<auth::PublicKeys> hostKey;
    if (!a.hostKey.empty() && !(hostKey = readPublicKey(a.hostKey, issues))) return std::nullopt;
    const auto text = readFile(a.packet, kPacketBytes, issues);
    if (!text) return std::nullopt;
    try {
        auto turn = pbem::openTurnPacket(*text, a.packet, *side, hostKey);
        for (const auto& w : turn.warnings) std::cerr << "warning: " << w << "\n";
        return std::make_pair(*side, std::move(turn));
    } catch (const pbem::PacketError& e) {
        issues.error(e.code(), e.what());
        return std::nullopt;
    }
}

int fail(const core::IssueList& issues) {
    printIssues(issues);
    return kBadInput;
}

int writeOutput(const std::string& path, const std::string& text, bool force) {
    if (!force && std::filesystem::exists(path)) {
        core::IssueList issues;
        issues.error("FILE-EXISTS", path + " exists already (--force to replace it)");
        return fail(issues);
    }
    try {
        io::writeFileAtomically(path, text);
    } catch (const core::FileError& e) {
        return fail(e.issues());
    }
    return kOk;
}

// key new: a key pair for a side or the host.
int keyNew(const PbemArgs& a) {
    core::IssueList issues;
    const auth::PublicKeys probe{a.who, std::string(64, '0'), std::string(64, '0')};
    if (const auto p = probe.problem()) {
        issues.error("KEY-WHO", *p);
        return fail(issues);
    }
    const auto pubPath = a.output + ".pub";
    for (const auto& path : {a.output, pubPath})
        if (!a.force && std::filesystem::exists(path)) {
            issues.error("FILE-EXISTS", path + " exists already (--force to replace it)");
            return fail(issues);
        }
    const auto passphrase = keyPassphrase(a.keyPasswordFile, a.output, issues);
    if (issues.hasErrors()) return fail(issues);
    if (!passphrase) {
        issues.error("KEY-PASSPHRASE", "a passphrase for the new key file is needed (--key-password-file, or " +
                                           std::string(kKeyPassphraseVariable) + ")");
        return fail(issues);
    }
    if (const auto p = auth::passphraseProblem(*passphrase)) {
        issues.error(p->code(), std::string("the key file's passphrase is refused: ") + p->what());
        return fail(issues);
    }
    const auto keys = auth::SecretKeys::generate(a.who);
    if (const int rc = writeOutput(a.output, keys.fileText(*passphrase), true); rc != kOk) return rc;
    std::filesystem::permissions(a.output, std::filesystem::perms::owner_read | std::filesystem::perms::owner_write,
                                 std::filesystem::perm_options::replace);
    if (const int rc = writeOutput(pubPath, keys.publicKeys().text(), true); rc != kOk) return rc;
    std::cout << "wrote the key file " << a.output << " (keep it, and its passphrase, to yourself) and its public key " << pubPath
              << " (send it to the host)\n";
    return kOk;
}

}  // namespace

int registerKeyFiles(db::CampaignStore& store, const std::vector<std::string>& files) {
    core::IssueList issues;
    std::vector<auth::PublicKeys> keys;
    for (const auto& f : files)
        if (auto k = readPublicKey(f, issues)) keys.push_back(*k);
    if (issues.hasErrors()) return fail(issues);
    int rc = kOk;
    for (const auto& k : keys) {
        const auto r = engine::execute(store, engine::RegisterKey{k.who, k.sign, k.box});
        printIssues(r.issues);
        for (const auto& l : r.lines) std::cout << l << "\n";
        if (!r.ok()) rc = kBadInput;
    }
    return rc;
}

void registerPbemCommands(CLI::App& app, Registry& registry) {
    auto a = std::make_shared<PbemArgs>();

    auto* key = app.add_subcommand("key", "Key pairs for play by e-mail (docs/pbem.md)");
    key->require_subcommand(1);
    auto* keyNewCmd =
        key->add_subcommand("new", "Make a key pair for a side or the host: a key file sealed under a passphrase, and FILE.pub");
    keyNewCmd->add_option("--who", a->who, "The side's id, or 'host'")->required();
    keyNewCmd->add_option("-o,--output", a->output, "The key file to write (its public key goes to FILE.pub)")->required();
    keyNewCmd->add_option("--key-password-file", a->keyPasswordFile, "File whose first line is the key file's passphrase");
    keyNewCmd->add_flag("--force", a->force, "Replace existing files");
    registry.add(keyNewCmd, [a] { return keyNew(*a); });

    auto* campaignCmd = app.get_subcommand("campaign");
    auto* keyCmd = campaignCmd->add_subcommand("key", "Register the public keys of sides or of the host (once each; docs/pbem.md)");
    keyCmd->add_option("--db", a->db, "Campaign database")->required();
    keyCmd->add_option("--key", a->files, "A public key file (FILE.pub of key new; repeatable)")->required();
    addPasswordFile(keyCmd, a->passwordFile);
    registry.add(keyCmd, [a] {
        return withActor(a->db, auth::Actor::hostActor(), a->passwordFile, false,
                         [&](db::CampaignStore& store) { return registerKeyFiles(store, a->files); });
    });

    auto* audit = campaignCmd->add_subcommand(
        "audit", "Check a whole campaign after the fact: its chain, a replay of every command and die, the host's signatures and "
                 "the chain heads of the sides' turn packets (docs/pbem.md)");
    audit->add_option("--db", a->db, "Campaign database")->required();
    audit->add_option("--packet", a->files, "A turn packet a side was sent (repeatable)");
    audit->add_flag("--json", a->json, "Print one JSON document");
    registry.add(audit, [a] {
        core::IssueList issues;
        pbem::AuditOptions options;
        for (const auto& f : a->files)
            if (auto text = readFile(f, kPacketBytes, issues))
                options.packets.emplace_back(std::filesystem::path(f).filename().string(), *text);
        if (issues.hasErrors()) return fail(issues);
        const auto scratch = std::filesystem::temp_directory_path() / ("etatmajor-audit-" + std::to_string(::getpid()) + ".db");
        options.scratchPath = scratch.string();
        const auto r = pbem::auditCampaign(a->db, options);
        for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(options.scratchPath + suffix);
        if (r.issues.hasErrors()) {
            auto copy = r.issues;
            copy.setFile(a->db);
            return fail(copy);
        }
        if (a->json) {
            std::cout << nlohmann::ordered_json{{"db", a->db},
                                                {"verified", r.verified},
                                                {"checked", r.checked},
                                                {"failure", r.failure}}
                             .dump(2)
                      << "\n";
        } else {
            for (const auto& c : r.checked) std::cout << "checked: " << c << "\n";
            std::cout << (r.verified ? std::string("verified") : "NOT VERIFIED: " + r.failure) << "\n";
        }
        return r.verified ? kOk : kBadInput;
    });

    auto* turnCmd = app.add_subcommand("turn",
                                       "Turns by e-mail: a side's turn packet, and the packets the sides send back (docs/pbem.md)");
    turnCmd->require_subcommand(1);
    auto* exportCmd = turnCmd->add_subcommand("export",
                                              "Write a side's turn packet: its view only, sealed for it, signed by the host");
    exportCmd->add_option("--db", a->db, "Campaign database")->required();
    exportCmd->add_option("--side", a->who, "The side the packet is for")->required();
    exportCmd->add_option("--key", a->key, "The host's key file")->required();
    exportCmd->add_option("--key-password-file", a->keyPasswordFile, "File whose first line is the key file's passphrase");
    exportCmd->add_option("-o,--output", a->output, "The packet file to write")->required();
    exportCmd->add_flag("--force", a->force, "Replace an existing file");
    addPasswordFile(exportCmd, a->passwordFile);
    registry.add(exportCmd, [a] {
        return withActor(a->db, auth::Actor::hostActor(), a->passwordFile, false, [&](db::CampaignStore& store) {
            core::IssueList issues;
            const auto host = openKeyFile(a->key, a->keyPasswordFile, issues);
            if (!host) return fail(issues);
            std::string text;
            try {
                text = pbem::exportTurnPacket(store, a->who, *host);
            } catch (const pbem::PacketError& e) {
                issues.error(e.code(), e.what());
                return fail(issues);
            }
            if (const int rc = writeOutput(a->output, text, a->force); rc != kOk) return rc;
            const auto info = store.info();
            std::cout << "wrote the turn packet of side '" << a->who << "' for week " << info.week << " day " << info.day << " to "
                      << a->output << "\n";
            return kOk;
        });
    });

    auto* importCmd = turnCmd->add_subcommand("import", "Take in the sides' orders and reveal packets, in the order given");
    importCmd->add_option("--db", a->db, "Campaign database")->required();
    importCmd->add_option("--key", a->key, "The host's key file")->required();
    importCmd->add_option("--key-password-file", a->keyPasswordFile, "File whose first line is the key file's passphrase");
    importCmd->add_option("packets", a->files, "Packet files")->required();
    addPasswordFile(importCmd, a->passwordFile);
    registry.add(importCmd, [a] {
        return withActor(a->db, auth::Actor::hostActor(), a->passwordFile, false, [&](db::CampaignStore& store) {
            core::IssueList issues;
            const auto host = openKeyFile(a->key, a->keyPasswordFile, issues);
            if (!host) return fail(issues);
            int rc = kOk;
            for (const auto& f : a->files) {
                core::IssueList fileIssues;
                const auto text = readFile(f, kPacketBytes, fileIssues);
                if (!text) {
                    printIssues(fileIssues);
                    rc = kBadInput;
                    continue;
                }
                auto r = pbem::importPacket(store, *text, std::filesystem::path(f).filename().string(), *host);
                r.issues.setFile(f);
                printIssues(r.issues);
                for (const auto& l : r.lines) std::cout << l << "\n";
                if (!r.ok()) rc = kBadInput;
            }
            return rc;
        });
    });

    auto* show = turnCmd->add_subcommand("show", "Open a turn packet with your side's key and print one of its views");
    show->add_option("--packet", a->packet, "The turn packet")->required();
    show->add_option("--key", a->key, "Your side's key file")->required();
    show->add_option("--key-password-file", a->keyPasswordFile, "File whose first line is the key file's passphrase");
    show->add_option("--host-key", a->hostKey, "The host's public key file, to check the packet's signer against");
    show->add_option("--view", a->view,
                     "status (default), intel, loc, supply, log, report, battles, sieges, orders, template, map, "
                     "dice, or all");
    show->add_flag("--json", a->json, "The view as JSON, where it has one");
    registry.add(show, [a] {
        core::IssueList issues;
        const auto opened = openTurn(*a, issues);
        if (!opened) return fail(issues);
        const auto& turn = opened->second;
        const std::string view = a->view.empty() ? "status" : a->view;
        if (view == "all") {
            nlohmann::ordered_json all = nlohmann::ordered_json::object();
            for (const auto& [name, value] : turn.views) all[name] = value;
            std::cout << all.dump(2) << "\n";
            return kOk;
        }
        if (view == "dice") {
            std::cout << "dice shares of week " << turn.header.week << " day " << turn.header.day << ":\n";
            for (const auto& s : turn.shares)
                std::cout << "  " << s.side << ": "
                          << (s.commitment.empty() ? "no commitment yet" : "committed " + s.commitment.substr(0, 16) + "...") << "\n";
            std::cout << (turn.allCommitted() ? "every side has committed: reveal now (orders reveal)\n"
                                              : "waiting for commitments: send your orders first (orders seal)\n");
            return kOk;
        }
        const std::string name = view == "template" || view == "map"                 ? view
                                 : (view == "sieges" || view == "orders" || a->json) ? view + ".json"
                                                                                     : view;
        const auto& names = pbem::turnViewNames();
        if (std::find(names.begin(), names.end(), name) == names.end()) {
            issues.error("VIEW-UNKNOWN",
                         "a turn packet has no view '" + core::shorten(view, 40) +
                             "' (status, intel, loc, supply, log, report, battles, sieges, orders, template, map, dice, all)");
            printIssues(issues);
            return kUsage;
        }
        std::cout << turn.view(name);
        if (!turn.view(name).empty() && turn.view(name).back() != '\n') std::cout << "\n";
        return kOk;
    });

    auto* orders = app.get_subcommand("orders");
    auto* seal = orders->add_subcommand("seal", "Seal your side's orders for the host, with your commitment to the day's dice share");
    seal->add_option("--packet", a->packet, "The turn packet the orders answer")->required();
    seal->add_option("--key", a->key, "Your side's key file")->required();
    seal->add_option("--key-password-file", a->keyPasswordFile, "File whose first line is the key file's passphrase");
    seal->add_option("--host-key", a->hostKey, "The host's public key file, to check the packet's signer against");
    seal->add_option("--orders", a->orders, "Your orders file (XML)")->required();
    seal->add_option("-o,--output", a->output, "The orders packet to write")->required();
    seal->add_flag("--force", a->force, "Replace an existing file");
    auto* reveal = orders->add_subcommand("reveal", "Reveal your side's dice share of the day, once every side has committed");
    reveal->add_option("--packet", a->packet, "A turn packet showing every side's commitment")->required();
    reveal->add_option("--key", a->key, "Your side's key file")->required();
    reveal->add_option("--key-password-file", a->keyPasswordFile, "File whose first line is the key file's passphrase");
    reveal->add_option("--host-key", a->hostKey, "The host's public key file, to check the packet's signer against");
    reveal->add_option("-o,--output", a->output, "The reveal packet to write")->required();
    reveal->add_flag("--force", a->force, "Replace an existing file");
    const auto sealOrReveal = [a](bool sealing) {
        core::IssueList issues;
        const auto opened = openTurn(*a, issues);
        if (!opened) return fail(issues);
        const auto& [side, turn] = *opened;
        std::string out;
        try {
            if (sealing) {
                const auto xml = readFile(a->orders, io::limits::kFileBytes, issues);
                if (!xml) return fail(issues);
                out = pbem::sealOrders(turn, io::decodeXmlText(*xml, a->orders), a->orders, side);
            } else {
                out = pbem::revealShare(turn, side);
            }
        } catch (const pbem::PacketError& e) {
            issues.error(e.code(), e.what());
            return fail(issues);
        } catch (const core::FileError& e) {
            return fail(e.issues());
        }
        if (const int rc = writeOutput(a->output, out, a->force); rc != kOk) return rc;
        std::cout << (sealing ? "sealed the orders of side '" : "wrote the dice share of side '") << side.who() << "' to " << a->output
                  << " (send it to the host)\n";
        return kOk;
    };
    registry.add(seal, [sealOrReveal] { return sealOrReveal(true); });
    registry.add(reveal, [sealOrReveal] { return sealOrReveal(false); });
}

}  // namespace etatmajor::cli
