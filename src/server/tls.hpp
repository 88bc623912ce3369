// SPDX-License-Identifier: GPL-3.0-or-later
// The server's TLS certificate: the host's own (--cert/--key), or a self-signed one made on first start and kept
// beside the campaigns, whose SHA-256 fingerprint clients pin (docs/server.md).
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

namespace etatmajor::server {

class TlsError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// Makes a self-signed certificate (ECDSA P-256, SHA-256, ten years) for `names` (host names and IP addresses, as
// subject alternative names) and writes it and its private key (mode 0600) as PEM files. Throws TlsError.
void makeSelfSignedCertificate(const std::string& certPath, const std::string& keyPath, const std::vector<std::string>& names);

// The SHA-256 fingerprint of the certificate in a PEM file, as 64 lower-case hex digits. Throws TlsError.
std::string certificateFingerprint(const std::string& certPath);

// The same as pairs of upper-case hex digits separated by colons, as browsers and openssl print it.
std::string colonFingerprint(const std::string& hex);

}  // namespace etatmajor::server
