// A throwaway public-key infrastructure for the tests that speak mutual TLS (the Pix provider's API):
// a certificate authority, a server certificate for 127.0.0.1 and a client certificate signed by it,
// the client's also as a password-protected PKCS#12 bundle, as Efí hands it to a shop. Made by openssl
// on the spot, in a temporary folder: nothing secret is committed.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export type TestCertificates = {
  dir: string;
  caFile: string;
  serverCert: string;
  serverKey: string;
  /** The client's certificate and key in one PEM file (PIX_CERT). */
  clientPemFile: string;
  /** The same as PKCS#12 (PIX_CERT with PIX_CERT_PASSWORD). */
  clientP12File: string;
  clientP12Password: string;
  /** A client certificate from another authority: the provider must refuse it. */
  strangerPemFile: string;
  remove(): void;
};

function openssl(args: string[], cwd: string) {
  execFileSync("openssl", args, { cwd, stdio: "ignore" });
}

function signedBy(cwd: string, ca: string, name: string, subject: string, extensions: string) {
  openssl(["req", "-newkey", "rsa:2048", "-nodes", "-subj", subject, "-keyout", `${name}.key`, "-out", `${name}.csr`], cwd);
  fs.writeFileSync(path.join(cwd, `${name}.ext`), extensions);
  openssl(
    ["x509", "-req", "-in", `${name}.csr`, "-CA", `${ca}.crt`, "-CAkey", `${ca}.key`, "-CAcreateserial", "-days", "2", "-extfile", `${name}.ext`, "-out", `${name}.crt`],
    cwd,
  );
}

function authority(cwd: string, name: string, subject: string) {
  openssl(["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", subject, "-keyout", `${name}.key`, "-out", `${name}.crt`], cwd);
}

export function makeTestCertificates(): TestCertificates {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "erick-mtls-"));
  authority(dir, "ca", "/CN=Erick Test Pix CA");
  signedBy(dir, "ca", "server", "/CN=127.0.0.1", "subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n");
  signedBy(dir, "ca", "client", "/CN=loja-erick-client", "extendedKeyUsage=clientAuth\n");
  const password = "senha-do-certificado";
  openssl(["pkcs12", "-export", "-in", "client.crt", "-inkey", "client.key", "-out", "client.p12", "-passout", `pass:${password}`], dir);
  fs.writeFileSync(path.join(dir, "client.pem"), fs.readFileSync(path.join(dir, "client.crt"), "utf8") + fs.readFileSync(path.join(dir, "client.key"), "utf8"));
  authority(dir, "stranger-ca", "/CN=Someone Else");
  signedBy(dir, "stranger-ca", "stranger", "/CN=stranger", "extendedKeyUsage=clientAuth\n");
  fs.writeFileSync(path.join(dir, "stranger.pem"), fs.readFileSync(path.join(dir, "stranger.crt"), "utf8") + fs.readFileSync(path.join(dir, "stranger.key"), "utf8"));
  return {
    dir,
    caFile: path.join(dir, "ca.crt"),
    serverCert: path.join(dir, "server.crt"),
    serverKey: path.join(dir, "server.key"),
    clientPemFile: path.join(dir, "client.pem"),
    clientP12File: path.join(dir, "client.p12"),
    clientP12Password: password,
    strangerPemFile: path.join(dir, "stranger.pem"),
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}
