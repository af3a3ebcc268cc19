import net from "node:net";

/**
 * A TCP port free on loopback at this moment: for the embedded PostgreSQL, and for the servers the
 * tests (tests/) and benchmarks (bench/) start. A module of its own, without side effects, so that a
 * test runner can import it without the embedded database's exit hooks.
 */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}
