#include "fuzz_common.hpp"

#include "etatmajor/core/issue.hpp"
#include "etatmajor/db/campaign_store.hpp"

#include <cxxabi.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <set>
#include <typeinfo>

#ifndef ETATMAJOR_SOURCE_DIR
#error "ETATMAJOR_SOURCE_DIR must name the source tree"
#endif

namespace etatmajor::fuzz {

namespace fs = std::filesystem;

namespace {

// ETATMAJOR_FUZZ_SCRATCH when set; else /dev/shm when it can be written, since every input is written to a file
// and a disk file system makes that the slowest part of an execution; else the system temporary directory.
fs::path parent() {
    if (const char* dir = std::getenv("ETATMAJOR_FUZZ_SCRATCH"); dir != nullptr && *dir != '\0') return dir;
    if (access("/dev/shm", W_OK | X_OK) == 0) return "/dev/shm";
    return fs::temp_directory_path();
}

struct Scratch {
    std::string dir;
    Scratch() {
        std::string pattern = (parent() / "etatmajor-fuzz-XXXXXX").string();
        if (!mkdtemp(pattern.data())) {
            std::perror("etatmajor-fuzz: cannot create a scratch directory");
            std::abort();
        }
        dir = pattern;
    }
    ~Scratch() {
        std::error_code ec;
        fs::remove_all(dir, ec);
    }
};

bool flag(const char* name) {
    const char* v = std::getenv(name);
    return v != nullptr && std::string(v) == "1";
}

bool strict() {
    static const bool on = flag("ETATMAJOR_FUZZ_STRICT");
    return on;
}

std::string typeName(const std::type_info& t) {
    int status = 0;
    std::unique_ptr<char, void (*)(void*)> name(abi::__cxa_demangle(t.name(), nullptr, nullptr, &status), std::free);
    return status == 0 && name ? name.get() : t.name();
}

void foreign(const std::exception& e) {
    // Each kind of message once per process, so that a long run does not drown in one known problem.
    static std::set<std::string> seen;
    std::string what = e.what();
    if (what.size() > 160) what = what.substr(0, 160) + "…";
    const std::string key = typeName(typeid(e)) + ": " + what;
    if (seen.insert(key).second || strict())
        std::cerr << "etatmajor-fuzz: raw exception escaped the reader: " << key << "\n";
    if (strict()) std::abort();
}

}  // namespace

bool verbose() {
    static const bool on = flag("ETATMAJOR_FUZZ_VERBOSE");
    return on;
}

void report(const core::IssueList& issues) {
    if (!verbose()) return;
    for (const auto& i : issues.items()) std::cerr << "etatmajor-fuzz: " << i.format() << "\n";
}

const std::string& scratchDir() {
    static const Scratch scratch;
    return scratch.dir;
}

std::string writeInput(const std::string& name, const std::uint8_t* data, std::size_t size) {
    const std::string path = scratchDir() + "/" + name;
    // A new file each time rather than the old one truncated, which some file systems flush to disk on close.
    std::error_code ec;
    fs::remove(path, ec);
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
    out.close();
    if (!out) {
        std::cerr << "etatmajor-fuzz: cannot write the input to " << path << "\n";
        std::abort();
    }
    return path;
}

void removeDatabase(const std::string& path) {
    for (const char* suffix : {"", "-journal", "-wal", "-shm"}) {
        std::error_code ec;
        fs::remove(path + suffix, ec);
    }
}

std::string sourcePath(const std::string& relative) { return (fs::path(ETATMAJOR_SOURCE_DIR) / relative).string(); }

void runOne(const std::function<void()>& step) {
    try {
        step();
        if (verbose()) std::cerr << "etatmajor-fuzz: no exception\n";
    } catch (const core::FileError& e) {
        if (verbose()) std::cerr << "etatmajor-fuzz: refused: " << e.toIssue().format() << "\n";
    } catch (const db::StoreError& e) {
        if (verbose()) std::cerr << "etatmajor-fuzz: refused: " << e.code() << ": " << e.what() << "\n";
    } catch (const std::exception& e) {
        foreign(e);
    }
    // Anything that is not a std::exception propagates: libFuzzer reports it as a crash.
}

}  // namespace etatmajor::fuzz
