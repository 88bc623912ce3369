// SPDX-License-Identifier: GPL-3.0-or-later
#include "tls.hpp"

#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/rand.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

#include <sys/stat.h>

#include <cctype>
#include <cstdio>
#include <memory>

namespace etatmajor::server {

namespace {

struct FileCloser {
    void operator()(FILE* f) const {
        if (f) std::fclose(f);
    }
};
using File = std::unique_ptr<FILE, FileCloser>;

bool isIpAddress(const std::string& name) {
    return name.find(':') != std::string::npos || (!name.empty() && name.find_first_not_of("0123456789.") == std::string::npos);
}

}  // namespace

void makeSelfSignedCertificate(const std::string& certPath, const std::string& keyPath, const std::vector<std::string>& names) {
    std::unique_ptr<EVP_PKEY, decltype(&EVP_PKEY_free)> key(EVP_PKEY_Q_keygen(nullptr, nullptr, "EC", "P-256"), EVP_PKEY_free);
    if (!key) throw TlsError("cannot make a private key for the certificate");
    std::unique_ptr<X509, decltype(&X509_free)> cert(X509_new(), X509_free);
    if (!cert) throw TlsError("cannot make a certificate");
    X509_set_version(cert.get(), 2);
    unsigned char serial[16];
    if (RAND_bytes(serial, sizeof serial) != 1) throw TlsError("no random bytes for the certificate's serial number");
    serial[0] &= 0x7f;
    std::unique_ptr<BIGNUM, decltype(&BN_free)> bn(BN_bin2bn(serial, sizeof serial, nullptr), BN_free);
    BN_to_ASN1_INTEGER(bn.get(), X509_get_serialNumber(cert.get()));
    X509_gmtime_adj(X509_getm_notBefore(cert.get()), -3600);
    X509_gmtime_adj(X509_getm_notAfter(cert.get()), 60L * 60 * 24 * 3650);
    X509_set_pubkey(cert.get(), key.get());
    X509_NAME* subject = X509_get_subject_name(cert.get());
    const std::string cn = names.empty() ? std::string("etatmajor-server") : names.front();
    X509_NAME_add_entry_by_txt(subject, "CN", MBSTRING_UTF8, reinterpret_cast<const unsigned char*>(cn.c_str()), -1, -1, 0);
    X509_NAME_add_entry_by_txt(subject, "O", MBSTRING_UTF8, reinterpret_cast<const unsigned char*>("Etat-Major server"), -1, -1, 0);
    X509_set_issuer_name(cert.get(), subject);
    std::string san;
    for (const auto& n : names) san += (san.empty() ? "" : ",") + std::string(isIpAddress(n) ? "IP:" : "DNS:") + n;
    if (!san.empty()) {
        X509V3_CTX ctx;
        X509V3_set_ctx_nodb(&ctx);
        X509V3_set_ctx(&ctx, cert.get(), cert.get(), nullptr, nullptr, 0);
        X509_EXTENSION* ext = X509V3_EXT_conf_nid(nullptr, &ctx, NID_subject_alt_name, san.c_str());
        if (ext) {
            X509_add_ext(cert.get(), ext, -1);
            X509_EXTENSION_free(ext);
        }
    }
    if (X509_sign(cert.get(), key.get(), EVP_sha256()) == 0) throw TlsError("cannot sign the certificate");

    // The key is written readable by its owner only.
    const mode_t before = umask(077);
    File keyFile(std::fopen(keyPath.c_str(), "wb"));
    umask(before);
    if (!keyFile || PEM_write_PrivateKey(keyFile.get(), key.get(), nullptr, nullptr, 0, nullptr, nullptr) != 1)
        throw TlsError("cannot write the private key to " + keyPath);
    keyFile.reset();
    chmod(keyPath.c_str(), 0600);
    File certFile(std::fopen(certPath.c_str(), "wb"));
    if (!certFile || PEM_write_X509(certFile.get(), cert.get()) != 1) throw TlsError("cannot write the certificate to " + certPath);
}

std::string certificateFingerprint(const std::string& certPath) {
    File f(std::fopen(certPath.c_str(), "rb"));
    if (!f) throw TlsError("cannot read the certificate " + certPath);
    std::unique_ptr<X509, decltype(&X509_free)> cert(PEM_read_X509(f.get(), nullptr, nullptr, nullptr), X509_free);
    if (!cert) throw TlsError(certPath + " holds no PEM certificate");
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned length = 0;
    if (X509_digest(cert.get(), EVP_sha256(), digest, &length) != 1) throw TlsError("cannot hash the certificate " + certPath);
    static const char* digits = "0123456789abcdef";
    std::string out;
    for (unsigned i = 0; i < length; ++i) {
        out += digits[digest[i] >> 4];
        out += digits[digest[i] & 15];
    }
    return out;
}

std::string colonFingerprint(const std::string& hex) {
    std::string out;
    for (std::size_t i = 0; i + 1 < hex.size(); i += 2) {
        if (!out.empty()) out += ':';
        out += static_cast<char>(std::toupper(static_cast<unsigned char>(hex[i])));
        out += static_cast<char>(std::toupper(static_cast<unsigned char>(hex[i + 1])));
    }
    return out;
}

}  // namespace etatmajor::server
