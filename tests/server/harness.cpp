// SPDX-License-Identifier: GPL-3.0-or-later
#include "harness.hpp"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace etatmajor::servertest {

namespace fs = std::filesystem;

std::string sourceDir() { return ETATMAJOR_SOURCE_DIR; }
std::string serverProgram() { return ETATMAJOR_SERVER; }
std::string cliProgram() { return ETATMAJOR_CLI; }
std::string pdftotextProgram() { return ETATMAJOR_PDFTOTEXT; }

std::string workDir(const std::string& name) {
    const auto dir = fs::path(ETATMAJOR_SERVER_TEST_OUT) / name;
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir.string();
}

void writeText(const std::string& path, const std::string& text) {
    std::ofstream out(path, std::ios::binary);
    out << text;
}

ServerProcess::ServerProcess(std::string dir, std::string hostFile, std::vector<std::string> extra)
    : m_dir(std::move(dir)), m_hostFile(std::move(hostFile)), m_extra(std::move(extra)) {
    m_logFile = (fs::path(m_dir).parent_path() / (fs::path(m_dir).filename().string() + "-server.log")).string();
    start();
}

ServerProcess::~ServerProcess() {
    if (m_pid > 0) kill9();
}

void ServerProcess::start() {
    const std::string portFile = m_logFile + ".port";
    fs::remove(portFile);
    std::vector<std::string> args{serverProgram(), "--campaigns", m_dir, "--plain-http",         "--bind",
                                  "127.0.0.1",     "--port",      "0",   "--host-password-file", m_hostFile,
                                  "--port-file",   portFile};
    args.insert(args.end(), m_extra.begin(), m_extra.end());
    const pid_t pid = fork();
    if (pid < 0) throw std::runtime_error("fork failed");
    if (pid == 0) {
        // The server dies with the test program, even when the test program crashes.
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        const int fd = open(m_logFile.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
        if (fd >= 0) {
            dup2(fd, 1);
            dup2(fd, 2);
        }
        std::vector<char*> argv;
        for (auto& a : args) argv.push_back(a.data());
        argv.push_back(nullptr);
        execv(argv[0], argv.data());
        _exit(127);
    }
    m_pid = pid;
    ++m_starts;
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(120);
    while (std::chrono::steady_clock::now() < until) {
        std::ifstream in(portFile);
        int port = 0;
        if (in >> port && port > 0) {
            m_port = port;
            return;
        }
        int status = 0;
        if (waitpid(m_pid, &status, WNOHANG) == m_pid) {
            m_pid = -1;
            throw std::runtime_error("the server stopped at start:\n" + log());
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    throw std::runtime_error("the server did not start in time:\n" + log());
}

bool ServerProcess::alive() {
    if (m_pid <= 0) return false;
    int status = 0;
    if (waitpid(m_pid, &status, WNOHANG) == m_pid) {
        m_pid = -1;
        return false;
    }
    return true;
}

int ServerProcess::stop() {
    if (m_pid <= 0) return -1;
    ::kill(m_pid, SIGTERM);
    int status = 0;
    waitpid(m_pid, &status, 0);
    m_pid = -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

void ServerProcess::kill9() {
    if (m_pid <= 0) return;
    ::kill(m_pid, SIGKILL);
    int status = 0;
    waitpid(m_pid, &status, 0);
    m_pid = -1;
}

std::string ServerProcess::log() const {
    std::ifstream in(m_logFile);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

RecordingProxy::RecordingProxy(int target) : m_target(target) {
    m_listen = socket(AF_INET, SOCK_STREAM, 0);
    int yes = 1;
    setsockopt(m_listen, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    a.sin_port = 0;
    if (bind(m_listen, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0 || listen(m_listen, 64) != 0)
        throw std::runtime_error("the proxy cannot listen");
    socklen_t len = sizeof a;
    getsockname(m_listen, reinterpret_cast<sockaddr*>(&a), &len);
    m_port = ntohs(a.sin_port);
    m_accept = std::thread([this] {
        while (!m_stop) {
            pollfd p{m_listen, POLLIN, 0};
            if (poll(&p, 1, 100) <= 0) continue;
            const int client = accept(m_listen, nullptr, nullptr);
            if (client < 0) continue;
            std::lock_guard lock(m_pumpsMutex);
            m_pumps.emplace_back([this, client] { pump(client); });
        }
    });
}

RecordingProxy::~RecordingProxy() {
    m_stop = true;
    if (m_accept.joinable()) m_accept.join();
    {
        std::lock_guard lock(m_pumpsMutex);
        for (auto& t : m_pumps)
            if (t.joinable()) t.join();
    }
    close(m_listen);
}

void RecordingProxy::pump(int client) {
    const int server = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    a.sin_port = htons(static_cast<std::uint16_t>(m_target));
    if (connect(server, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) {
        close(client);
        close(server);
        return;
    }
    char buf[65536];
    bool clientOpen = true;
    while (!m_stop) {
        pollfd p[2] = {{client, POLLIN, 0}, {server, POLLIN, 0}};
        if (poll(p, 2, 100) < 0) break;
        if (clientOpen && (p[0].revents & (POLLIN | POLLHUP | POLLERR))) {
            const auto n = read(client, buf, sizeof buf);
            if (n <= 0) {
                clientOpen = false;
                shutdown(server, SHUT_WR);
            } else if (write(server, buf, static_cast<std::size_t>(n)) != n) {
                break;
            }
        }
        if (p[1].revents & (POLLIN | POLLHUP | POLLERR)) {
            const auto n = read(server, buf, sizeof buf);
            if (n <= 0) break;
            {
                std::lock_guard lock(m_mutex);
                m_bytes.append(buf, static_cast<std::size_t>(n));
            }
            m_total += static_cast<std::uint64_t>(n);
            if (write(client, buf, static_cast<std::size_t>(n)) != n) break;
        }
    }
    close(client);
    close(server);
}

std::string RecordingProxy::take() {
    std::lock_guard lock(m_mutex);
    std::string out;
    out.swap(m_bytes);
    return out;
}

}  // namespace etatmajor::servertest
