// SPDX-License-Identifier: GPL-3.0-or-later
// etatmajor-server: hosts the campaigns of a folder so that no player can see the other side's secrets
// (docs/server.md). It is a front end like the command-line program: every answer is rendered by the core from the
// asking side's view, every change goes through the core's commands and the campaign database's transactions, and
// the turn runs itself with the core's `advance`. It holds no rule of its own.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

namespace etatmajor::server {

struct ServerConfig {
    std::string campaignsDir;  // the folder of campaign databases (*.db); the server's own state file lives there too
    std::string scenariosDir;  // campaign files (*.xml) the host may create campaigns from
    std::string bind = "0.0.0.0";
    int port = 8443;  // 0: any free port (printed)
    bool tls = true;
    std::string certPath, keyPath;
    std::string hostPassphrase;  // the host's, for logging in as the host and for the campaigns it creates
    std::size_t maxBody = 1 << 20;
    int sessionIdleMinutes = 120;
    int sessionMaxHours = 24;
    // Seconds between two checks of the deadlines and of campaigns that wait for nothing.
    int tickMilliseconds = 500;
};

// Whether `address` is a loopback address (127.0.0.0/8, ::1, localhost): only there may the server speak plain HTTP.
bool isLoopback(const std::string& address);

class Server {
public:
    explicit Server(ServerConfig config);
    ~Server();
    Server(const Server&) = delete;
    Server& operator=(const Server&) = delete;

    // Opens the campaigns of the folder, resumes any day a stop interrupted, binds the port. Returns the port bound,
    // or throws std::runtime_error with a message for the host.
    int start();
    // Serves until stop() (from a signal's thread or another).
    void run();
    void stop();

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

}  // namespace etatmajor::server
