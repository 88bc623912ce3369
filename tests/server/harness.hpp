// SPDX-License-Identifier: GPL-3.0-or-later
// Test harness for etatmajor-server: the real program started as a child process on a free loopback port, and a
// recording proxy that keeps every byte the server sends to one client.
#pragma once

#include <sys/types.h>

#include <atomic>
#include <cstdint>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace etatmajor::servertest {

std::string sourceDir();
std::string serverProgram();
std::string cliProgram();
std::string pdftotextProgram();
// A fresh scratch directory under the build tree.
std::string workDir(const std::string& name);
void writeText(const std::string& path, const std::string& text);

class ServerProcess {
public:
    // Starts `etatmajor-server --campaigns DIR --plain-http --bind 127.0.0.1 --port 0` with the host's passphrase
    // file and waits for the port it listens on.
    ServerProcess(std::string campaignsDir, std::string hostPasswordFile, std::vector<std::string> extra = {});
    ~ServerProcess();
    void start();
    int port() const { return m_port; }
    std::string url() const { return "http://127.0.0.1:" + std::to_string(m_port); }
    bool alive();
    // SIGTERM and wait; the exit status.
    int stop();
    // SIGKILL and wait.
    void kill9();
    std::string log() const;

private:
    std::string m_dir, m_hostFile, m_logFile;
    std::vector<std::string> m_extra;
    pid_t m_pid = -1;
    int m_port = 0;
    int m_starts = 0;
};

// Listens on a free loopback port and forwards every connection to 127.0.0.1:target, keeping what flows back.
class RecordingProxy {
public:
    explicit RecordingProxy(int target);
    ~RecordingProxy();
    int port() const { return m_port; }
    std::string url() const { return "http://127.0.0.1:" + std::to_string(m_port); }
    // Everything received from the server since the last call.
    std::string take();
    std::uint64_t total() const { return m_total; }

private:
    int m_target, m_listen = -1, m_port = 0;
    std::atomic<bool> m_stop{false};
    std::thread m_accept;
    std::mutex m_mutex;
    std::string m_bytes;
    std::atomic<std::uint64_t> m_total{0};
    std::vector<std::thread> m_pumps;
    std::mutex m_pumpsMutex;
    void pump(int client);
};

}  // namespace etatmajor::servertest
