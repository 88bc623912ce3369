// SPDX-License-Identifier: GPL-3.0-or-later
#include "etatmajor/io/atomic_file.hpp"

#include "etatmajor/core/issue.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <fstream>
#include <sstream>
#include <unistd.h>

namespace etatmajor::io {

void writeFileAtomically(const std::string& path, std::string_view content) {
    std::string tmpl = path + ".tmp-XXXXXX";
    const int fd = ::mkstemp(tmpl.data());
    if (fd < 0) throw core::FileError(path, 0, "", "IO-WRITE", std::string("cannot create a temporary file: ") + std::strerror(errno));
    const char* p = content.data();
    std::size_t left = content.size();
    while (left > 0) {
        const ssize_t n = ::write(fd, p, left);
        if (n < 0) {
            if (errno == EINTR) continue;
            const int err = errno;
            ::close(fd);
            ::unlink(tmpl.c_str());
            throw core::FileError(path, 0, "", "IO-WRITE", std::string("write failed: ") + std::strerror(err));
        }
        p += n;
        left -= static_cast<std::size_t>(n);
    }
    ::fchmod(fd, 0644);
    if (::fsync(fd) != 0 || ::close(fd) != 0) {
        const int err = errno;
        ::unlink(tmpl.c_str());
        throw core::FileError(path, 0, "", "IO-WRITE", std::string("cannot flush: ") + std::strerror(err));
    }
    if (std::rename(tmpl.c_str(), path.c_str()) != 0) {
        const int err = errno;
        ::unlink(tmpl.c_str());
        throw core::FileError(path, 0, "", "IO-WRITE", std::string("cannot replace the file: ") + std::strerror(err));
    }
}

std::string readWholeFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw core::FileError(path, 0, "", "IO-READ", std::string("cannot open: ") + std::strerror(errno));
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

std::string readInputFile(const std::string& path, std::size_t maxBytes) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw core::FileError(path, 0, "", "IO-READ", std::string("cannot open: ") + std::strerror(errno));
    // Read in pieces up to one byte past the limit, so a huge file, a device or a pipe is never taken in whole.
    std::string text;
    char buffer[65536];
    while (in && text.size() <= maxBytes) {
        in.read(buffer, sizeof buffer);
        text.append(buffer, static_cast<std::size_t>(in.gcount()));
    }
    if (in.bad()) throw core::FileError(path, 0, "", "IO-READ", "cannot read the file");
    if (text.size() > maxBytes)
        throw core::FileError(path, 0, "", "IO-TOO-LARGE",
                              "the file is larger than " +
                                  (maxBytes % (1024 * 1024) == 0 ? std::to_string(maxBytes / (1024 * 1024)) + " MiB"
                                                                 : std::to_string(maxBytes) + " bytes") +
                                  ", the most a file may be (docs/formats/limits.md)");
    return text;
}

}  // namespace etatmajor::io
