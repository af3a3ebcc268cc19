import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { compareVersions, findVersionsBelowFloors, interpretAuditReport } from "./supply-chain";

const floors = [{ name: "react-router", minimum: "7.18.2", advisories: ["GHSA-qwww-vcr4-c8h2"] }];

describe("compareVersions", () => {
  it("orders by major, minor and patch numerically, with pre-releases below their release", () => {
    expect(compareVersions("7.18.10", "7.18.2")).toBe(1);
    expect(compareVersions("7.9.0", "7.18.2")).toBe(-1);
    expect(compareVersions("8.0.0", "7.99.99")).toBe(1);
    expect(compareVersions("7.18.2", "7.18.2")).toBe(0);
    expect(compareVersions("7.18.2-pre.1", "7.18.2")).toBe(-1);
  });
});

describe("findVersionsBelowFloors", () => {
  it("accepts the floor and above, wherever the package is nested", () => {
    const lockfile = {
      packages: {
        "node_modules/react-router": { version: "7.18.4" },
        "node_modules/other/node_modules/react-router": { version: "7.18.2" },
      },
    };
    expect(findVersionsBelowFloors(lockfile, floors)).toEqual([]);
  });

  it("names every copy below the floor, nested ones included, and a missing package", () => {
    const lockfile = {
      packages: {
        "node_modules/react-router": { version: "7.18.4" },
        "node_modules/other/node_modules/react-router": { version: "7.12.0" },
      },
    };
    const problems = findVersionsBelowFloors(lockfile, floors);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain("node_modules/other/node_modules/react-router is 7.12.0, below 7.18.2");
    expect(findVersionsBelowFloors({ packages: {} }, floors)).toEqual(["react-router: not in the lockfile"]);
  });

  it("passes on this project's committed lockfile", () => {
    const lockfile = JSON.parse(fs.readFileSync("package-lock.json", "utf8"));
    expect(findVersionsBelowFloors(lockfile)).toEqual([]);
  });
});

describe("interpretAuditReport", () => {
  it("fails on high or critical findings and names the packages", () => {
    const report = {
      vulnerabilities: { lodash: { severity: "high" }, debug: { severity: "low" } },
      metadata: { vulnerabilities: { info: 0, low: 1, moderate: 0, high: 1, critical: 0, total: 2 } },
    };
    expect(interpretAuditReport(JSON.stringify(report))).toEqual({
      kind: "vulnerable",
      high: 1,
      critical: 0,
      packages: ["lodash (high)"],
    });
  });

  it("passes when only low and moderate findings remain", () => {
    const report = { metadata: { vulnerabilities: { low: 3, moderate: 2, high: 0, critical: 0 } } };
    expect(interpretAuditReport(JSON.stringify(report))).toEqual({ kind: "clean" });
  });

  it("tells a service error apart from a clean report", () => {
    const report = { error: { code: "E405", summary: "audit endpoint returned an error\nmore" } };
    expect(interpretAuditReport(JSON.stringify(report))).toEqual({
      kind: "unavailable",
      reason: "audit endpoint returned an error",
    });
    expect(interpretAuditReport("not json").kind).toBe("unavailable");
  });
});
