// SPDX-License-Identifier: GPL-3.0-or-later
// etatmajor-cli: the command-line face of the core (architecture §4).
// Exit status: 0 success, 1 bad input or rule refusal, 2 usage error.
#include "cli.hpp"

#include "etatmajor/core/text.hpp"
#include "etatmajor/version.hpp"

#include <nlohmann/json.hpp>

#include <iostream>
#include <new>

namespace cli = etatmajor::cli;

int main(int argc, char** argv) {
    CLI::App app{"Etat-Major: umpire-less campaigns of the American War of Independence", "etatmajor-cli"};
    app.set_version_flag("--version", std::string(etatmajor::kProductName) + " " + etatmajor::kVersion);
    app.require_subcommand(1);

    cli::Registry registry;
    cli::registerMapCommands(app, registry);
    cli::registerCampaignCommands(app, registry);
    cli::registerBattleCommands(app, registry);
    cli::registerTurnCommands(app, registry);
    cli::registerWeekCommands(app, registry);
    cli::registerPrintCommands(app, registry);
    cli::registerPbemCommands(app, registry);

    try {
        app.parse(argc, argv);
    } catch (const CLI::Success& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        app.exit(e);
        return cli::kUsage;
    }

    // Every problem is meant to be reported where it arises, with its file and line; what still reaches here is said
    // in plain words, never as the text of a library's exception, and gives exit status 1.
    try {
        return registry.run();
    } catch (const etatmajor::core::FileError& e) {
        cli::printIssues(e.issues());
        return cli::kBadInput;
    } catch (const nlohmann::json::type_error& e) {
        if (e.id == 316)
            std::cerr << "etatmajor-cli: error TEXT-UTF8: the campaign holds a text that is not UTF-8 (it was set up from a "
                         "file in another encoding by an earlier version of Etat-Major); the command cannot show it\n";
        else
            std::cerr << "etatmajor-cli: error DATA-JSON: a record of the campaign does not have the form this version "
                         "expects (JSON type error "
                      << e.id << ")\n";
        return cli::kBadInput;
    } catch (const nlohmann::json::exception& e) {
        std::cerr << "etatmajor-cli: error DATA-JSON: a record of the campaign cannot be read (JSON error " << e.id << ")\n";
        return cli::kBadInput;
    } catch (const std::bad_alloc&) {
        std::cerr << "etatmajor-cli: error MEMORY: the command ran out of memory\n";
        return cli::kBadInput;
    } catch (const std::exception& e) {
        std::cerr << "etatmajor-cli: error UNEXPECTED: the command stopped on a problem it cannot explain ("
                  << etatmajor::core::shorten(e.what()) << ")\n";
        return cli::kBadInput;
    } catch (...) {
        std::cerr << "etatmajor-cli: error UNEXPECTED: the command stopped on a problem it cannot explain\n";
        return cli::kBadInput;
    }
}
