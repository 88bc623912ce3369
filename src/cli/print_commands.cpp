// SPDX-License-Identifier: GPL-3.0-or-later
// etatmajor-cli print: the printed papers of one side as PDF (docs/papers.md).
#include "cli.hpp"

#include "etatmajor/report/papers.hpp"
#include "etatmajor/report/pdf.hpp"
#include "etatmajor/io/atomic_file.hpp"

#include <memory>

namespace etatmajor::cli {

void registerPrintCommands(CLI::App& app, Registry& registry) {
    auto* print = app.add_subcommand(
        "print", "Print a side's papers to PDF (order sheets, supply, summary, roster, map, intelligence, battles)");
    print->require_subcommand(1);
    struct Args {
        std::string db, side, paper = "a4", out, passwordFile;
        double hexMm = 6.0;
        int week = 0, day = 0, battle = 0;
        RemoteArgs remote;
    };
    const std::pair<report::PaperKind, const char*> papers[] = {
        {report::PaperKind::Orders, "Order sheets of every ME: today's orders as given, or the template when none"},
        {report::PaperKind::BlankOrders, "A blank order sheet (two forms a page)"},
        {report::PaperKind::Supply, "Supply summary: sources, LOCs, foraging, this week's ledger and balance"},
        {report::PaperKind::Summary, "Weekly turn and supply summary: week, day, objectives, depots, VCS history"},
        {report::PaperKind::Roster, "Order of battle roster: MEs, generals, units, strengths and losses"},
        {report::PaperKind::Map, "The side's view of the map, tiled over pages, with a legend"},
        {report::PaperKind::Intel, "Intelligence reports: what the side's scouts reported, newest first"},
        {report::PaperKind::Battle, "Battle report: set-up, narrative, casualties and result of the side's battles"},
    };
    for (const auto& [kind, help] : papers) {
        auto args = std::make_shared<Args>();
        auto* cmd = print->add_subcommand(std::string(report::paperKindName(kind)), help);
        addRemote(cmd, args->remote, cmd->add_option("--db", args->db, "Campaign database"));
        cmd->add_option("--side", args->side, "The side whose papers these are")->required();
        addPasswordFile(cmd, args->passwordFile);
        cmd->add_option("--paper", args->paper, "Paper size")->check(CLI::IsMember({"a4", "letter"}))->capture_default_str();
        cmd->add_option("-o,--output", args->out, "PDF file to write")->required();
        if (kind == report::PaperKind::Map)
            cmd->add_option("--hex-mm", args->hexMm, "Scale: millimetres across a hex")
                ->check(CLI::Range(2.0, 40.0))
                ->capture_default_str();
        if (kind == report::PaperKind::Intel || kind == report::PaperKind::Battle) {
            auto* week = cmd->add_option("--week", args->week, "Only the reports of this week")->check(CLI::PositiveNumber);
            cmd->add_option("--day", args->day, "Only the reports of this day of the week")->check(CLI::Range(1, 7))->needs(week);
        }
        if (kind == report::PaperKind::Battle)
            cmd->add_option("--battle", args->battle, "This battle only (its id, see battle list)")->check(CLI::PositiveNumber);
        const auto k = kind;
        registry.add(cmd, [args, k] {
            if (!needDbOrServer(args->db, args->remote)) return kUsage;
            if (args->remote.used())
                return withServer(args->remote, args->side, args->passwordFile, [&](client::Connection& c) {
                    client::PaperRequest request;
                    request.kind = std::string(report::paperKindName(k));
                    request.paper = args->paper;
                    request.hexMm = args->hexMm;
                    request.week = args->week;
                    request.day = args->day;
                    request.battle = args->battle;
                    const auto pdf = c.paper(request);
                    io::writeFileAtomically(args->out, pdf);
                    std::cout << "wrote " << args->out << " (" << report::paperKindName(k) << ", side " << args->side
                              << ", from the server)\n";
                    return kOk;
                });
            return withActor(args->db, actorOf(args->side), args->passwordFile, true, [&](db::CampaignStore& store) {
                report::PrintOptions options;
                options.paper = report::paperSizeFromName(args->paper).value_or(report::PaperSize::A4);
                options.hexMm = args->hexMm;
                if (args->week > 0) options.week = args->week;
                if (args->day > 0) options.day = args->day;
                if (args->battle > 0) options.battle = args->battle;
                const auto document = report::buildPaper(store, k, args->side, options);
                try {
                    report::renderPdf(document, args->out);
                } catch (const report::RenderError& e) {
                    std::cerr << args->out << ": error PRINT-WRITE: " << e.what() << "\n";
                    return kBadInput;
                }
                std::cout << "wrote " << args->out << " (" << report::paperKindName(k) << ", side " << args->side << ", "
                          << document.pages.size() << (document.pages.size() == 1 ? " page" : " pages") << ", "
                          << report::paperSizeName(options.paper) << ")\n";
                return kOk;
            });
        });
    }
}

}  // namespace etatmajor::cli
