// SPDX-License-Identifier: GPL-3.0-or-later
// etatmajor-server: hosted campaigns (docs/server.md). Exit status: 0 after a clean stop, 1 when it cannot start,
// 2 for a usage error.
#include "server.hpp"
#include "tls.hpp"

#include "etatmajor/version.hpp"

#include <CLI/CLI.hpp>

#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <thread>

namespace fs = std::filesystem;
namespace srv = etatmajor::server;

namespace {

srv::Server* g_server = nullptr;

void onSignal(int) {
    // The listening loop is woken from another thread: a signal handler only sets what stop() sets.
    if (g_server) std::thread([] { g_server->stop(); }).detach();
}

std::string firstLine(const std::string& file) {
    std::ifstream in(file, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read the passphrase file " + file);
    std::string line;
    std::getline(in, line);
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty()) throw std::runtime_error("the first line of the passphrase file " + file + " is empty");
    return line;
}

}  // namespace

int main(int argc, char** argv) {
    CLI::App app{"Etat-Major campaign server: hosts the campaigns of a folder for players on other machines", "etatmajor-server"};
    app.set_version_flag("--version", std::string(etatmajor::kProductName) + " server " + etatmajor::kVersion);
    srv::ServerConfig config;
    std::string hostFile, portFile;
    bool plain = false;
    std::vector<std::string> names;
    app.add_option("--campaigns", config.campaignsDir, "Folder of campaign databases (*.db) to host; new campaigns go there")
        ->required()
        ->check(CLI::ExistingDirectory);
    app.add_option("--scenarios", config.scenariosDir, "Folder of campaign files the host may create campaigns from")
        ->check(CLI::ExistingDirectory);
    app.add_option("--bind", config.bind, "Address to listen on")->capture_default_str();
    app.add_option("--port", config.port, "Port (0: any free port, printed)")->check(CLI::Range(0, 65535))->capture_default_str();
    app.add_option("--cert", config.certPath, "TLS certificate (PEM); without it one is made on first start");
    app.add_option("--key", config.keyPath, "Private key of the certificate (PEM)");
    app.add_option("--name", names, "Host name or address the made certificate names (repeatable; default localhost, 127.0.0.1)");
    app.add_flag("--plain-http", plain, "No TLS: only when bound to the loopback, for tests and a try-out on one machine");
    app.add_option("--host-password-file", hostFile,
                   "File whose first line is the host's passphrase (else $ETATMAJOR_HOST_PASSPHRASE)");
    app.add_option("--max-body", config.maxBody, "Largest request body accepted, in bytes")
        ->check(CLI::Range(1024, 64 << 20))
        ->capture_default_str();
    app.add_option("--session-minutes", config.sessionIdleMinutes, "A session ends after this many idle minutes")
        ->check(CLI::Range(1, 100000))
        ->capture_default_str();
    app.add_option("--port-file", portFile, "Write the port listened on to this file once ready");
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        return app.exit(e) == 0 ? 0 : 2;
    }
    config.tls = !plain;
    if ((config.certPath.empty()) != (config.keyPath.empty())) {
        std::cerr << "etatmajor-server: error: give --cert and --key together, or neither\n";
        return 2;
    }
    if (plain && !srv::isLoopback(config.bind)) {
        std::cerr << "etatmajor-server: error SERVER-PLAIN: plain HTTP is allowed only on the loopback (--bind 127.0.0.1); "
                     "players on other machines need TLS\n";
        return 2;
    }
    if (config.scenariosDir.empty()) config.scenariosDir = (fs::path(ETATMAJOR_SCENARIOS_DIR)).string();
    try {
        if (!hostFile.empty()) config.hostPassphrase = firstLine(hostFile);
        else if (const char* env = std::getenv("ETATMAJOR_HOST_PASSPHRASE"); env && *env) config.hostPassphrase = env;
        else {
            std::cerr << "etatmajor-server: error AUTH-REQUIRED: the host's passphrase is needed: --host-password-file FILE or "
                         "ETATMAJOR_HOST_PASSPHRASE\n";
            return 2;
        }
        if (config.tls) {
            if (config.certPath.empty()) {
                const auto dir = fs::path(config.campaignsDir) / "tls";
                fs::create_directories(dir);
                config.certPath = (dir / "server-cert.pem").string();
                config.keyPath = (dir / "server-key.pem").string();
                if (!fs::exists(config.certPath) || !fs::exists(config.keyPath)) {
                    if (names.empty()) names = {"localhost", "127.0.0.1", "::1"};
                    srv::makeSelfSignedCertificate(config.certPath, config.keyPath, names);
                    std::cout << "made a self-signed certificate: " << config.certPath << "\n";
                }
            }
            const auto fp = srv::certificateFingerprint(config.certPath);
            std::cout << "certificate SHA-256 fingerprint (give it to the players for --pin):\n  " << fp << "\n  "
                      << srv::colonFingerprint(fp) << "\n";
        }
        srv::Server server(config);
        const int port = server.start();
        std::cout << "etatmajor-server listening on " << (config.tls ? "https" : "http") << "://" << config.bind << ":" << port
                  << " (campaigns in " << config.campaignsDir << ")" << std::endl;
        if (!portFile.empty()) {
            const std::string tmp = portFile + ".tmp";
            std::ofstream(tmp) << port << "\n";
            fs::rename(tmp, portFile);
        }
        g_server = &server;
        std::signal(SIGINT, onSignal);
        std::signal(SIGTERM, onSignal);
        std::signal(SIGPIPE, SIG_IGN);
        server.run();
        g_server = nullptr;
        std::cout << "etatmajor-server stopped" << std::endl;
        return 0;
    } catch (const std::exception& e) {
        std::cerr << "etatmajor-server: error: " << e.what() << "\n";
        return 1;
    }
}
