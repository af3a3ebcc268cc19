// Which push-service addresses the shop sends to: the address rules, with a stubbed resolver (no
// traffic leaves the test). The sending side is proven with loopback listeners in
// tests/integration/staff-push.test.ts.
import { describe, expect, it } from "vitest";
import { isPublicAddress, pushEndpointProblem, type ResolveHost } from "./push-endpoint.server";

const resolvingTo =
  (table: Record<string, string[]>): ResolveHost =>
  async (hostname) =>
    (table[hostname] ?? []).map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));

describe("isPublicAddress", () => {
  it("refuses loopback, private, link-local, metadata, carrier-grade NAT, multicast and reserved addresses", () => {
    for (const address of [
      "127.0.0.1", "127.1.2.3", "0.0.0.0", "10.0.0.1", "10.255.255.255", "172.16.0.1", "172.31.255.254", "192.168.0.1", "192.168.255.255",
      "169.254.169.254", "169.254.0.1", "100.64.0.1", "100.100.100.200", "224.0.0.1", "239.255.255.250", "240.0.0.1", "255.255.255.255",
      "192.0.2.1", "198.51.100.7", "203.0.113.9", "198.18.0.1",
      "::1", "::", "fc00::1", "fd00:ec2::254", "fdff:ffff::1", "fe80::1", "fe80::1%eth0", "ff02::1", "2001:db8::1",
      "::ffff:127.0.0.1", "::ffff:7f00:1", "::ffff:10.0.0.1", "::ffff:169.254.169.254", "64:ff9b::a9fe:a9fe", "::127.0.0.1", "[::1]",
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it("takes public addresses, including those next to private ranges", () => {
    for (const address of ["142.250.78.10", "17.57.146.68", "172.15.255.255", "172.32.0.1", "192.169.0.1", "11.0.0.1", "169.253.255.255", "100.63.255.255", "2607:f8b0:4004:c1b::5f", "2a03:2880:f12f:83:face:b00c:0:25de", "::ffff:142.250.78.10"]) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  it("refuses what is no IP address at all", () => {
    for (const text of ["localhost", "", "0x7f000001", "2130706433", "fcm.googleapis.com"]) expect(isPublicAddress(text), text).toBe(false);
  });
});

describe("pushEndpointProblem", () => {
  const resolve = resolvingTo({
    "fcm.googleapis.com": ["142.250.78.10", "2607:f8b0:4004:c1b::5f"],
    "web.push.apple.com": ["17.57.146.68"],
    "rebind.exemplo.com": ["142.250.78.10", "127.0.0.1"],
    "interno.exemplo.com": ["10.0.0.5"],
    "metadata.google.internal": ["169.254.169.254"],
    "v6-interno.exemplo.com": ["fd12:3456::1"],
  });

  it("takes an https push service whose every address is public", async () => {
    expect(await pushEndpointProblem("https://fcm.googleapis.com/fcm/send/abc", { resolve })).toBeNull();
    expect(await pushEndpointProblem("https://web.push.apple.com/QOv", { resolve })).toBeNull();
  });

  it("refuses loopback, private, metadata and mixed answers, IP literals in any spelling, user names, plain http, and names that resolve to nothing", async () => {
    for (const endpoint of [
      "https://127.0.0.1:5432/",
      "https://[::1]:9997/",
      "https://0x7f000001:9999/",
      "https://2130706433/",
      "https://[::ffff:127.0.0.1]/",
      "https://10.1.2.3/push",
      "https://172.20.0.1/",
      "https://192.168.1.1/",
      "https://169.254.169.254/latest/meta-data/",
      "https://[fd00:ec2::254]/",
      "https://[fe80::1]/",
      "https://localhost:3000/",
      "https://push.localhost/",
      "https://usuario:senha@fcm.googleapis.com/fcm/send/abc",
      "https://usuario@fcm.googleapis.com/fcm/send/abc",
      "http://fcm.googleapis.com/fcm/send/abc",
      "ftp://fcm.googleapis.com/",
      "https://rebind.exemplo.com/",
      "https://interno.exemplo.com/",
      "https://metadata.google.internal/",
      "https://v6-interno.exemplo.com/",
      "https://ninguem.exemplo.com/",
      "não é url",
    ]) {
      expect(await pushEndpointProblem(endpoint, { resolve }), endpoint).not.toBeNull();
    }
  });

  it("lets the tests' loopback push service in only when asked, and never a private network", async () => {
    expect(await pushEndpointProblem("http://127.0.0.1:9000/push/1", { resolve, allowLoopback: true })).toBeNull();
    expect(await pushEndpointProblem("https://[::1]:9000/push/1", { resolve, allowLoopback: true })).toBeNull();
    expect(await pushEndpointProblem("http://127.0.0.1:9000/push/1", { resolve })).not.toBeNull();
    for (const endpoint of ["https://10.0.0.1/", "http://10.0.0.1/", "https://169.254.169.254/", "http://fcm.googleapis.com/", "https://interno.exemplo.com/"]) {
      expect(await pushEndpointProblem(endpoint, { resolve, allowLoopback: true }), endpoint).not.toBeNull();
    }
  });
});
