// etatmajor-cli: the command-line face of the core (architecture §4).
// Exit status: 0 success, 1 bad input or rule refusal, 2 usage error.
#include "cli.hpp"

#include "etatmajor/version.hpp"

#include <iostream>

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
    cli::registerPrintCommands(app, registry);

    try {
        app.parse(argc, argv);
    } catch (const CLI::Success& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        app.exit(e);
        return cli::kUsage;
    }

    try {
        return registry.run();
    } catch (const etatmajor::core::FileError& e) {
        std::cerr << e.toIssue().format() << "\n";
        return cli::kBadInput;
    } catch (const std::exception& e) {
        std::cerr << "etatmajor-cli: error: " << e.what() << "\n";
        return cli::kBadInput;
    }
}
