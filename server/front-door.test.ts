import http from "node:http";
import type { AddressInfo } from "node:net";
import express, { type RequestHandler } from "express";
import { afterEach, describe, expect, it } from "vitest";
import { createLogger } from "~/server/log/logger.server";
import { frontDoor, type FrontDoorOptions } from "./front-door";

describe("front door", () => {
  let server: http.Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  async function serve(options: Omit<FrontDoorOptions, "log">) {
    const lines: string[] = [];
    const { logger } = createLogger({ format: "json", destination: { write: (text: string) => lines.push(text) }, level: "info" });
    const app = express();
    app.get("/{*rest}", (req, res) => void res.type("text").send(`app: ${req.path} ${String(res.getHeader("x-step"))}`));
    server = http.createServer(frontDoor(app, { ...options, log: logger }));
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return { origin, lines };
  }

  const step =
    (name: string): RequestHandler =>
    (_req, res, next) => {
      res.setHeader("x-step", [res.getHeader("x-step"), name].filter(Boolean).join(","));
      next();
    };

  it("runs the steps in order with Express's request methods, then the answer, then the app", async () => {
    const paths: string[] = [];
    const { origin } = await serve({
      steps: [step("a"), (req, _res, next) => (paths.push(req.path), next()), step("b")],
      answer: (req, res) => {
        if (req.path !== "/pronta") return false;
        res.status(200).type("text").send(`door: ${req.originalUrl}`);
        return true;
      },
    });
    const answered = await fetch(`${origin}/pronta?x=1`);
    expect(await answered.text()).toBe("door: /pronta?x=1");
    expect(answered.headers.get("x-step")).toBe("a,b");
    const passed = await fetch(`${origin}/outra`);
    expect(await passed.text()).toBe("app: /outra a,b");
    expect(paths).toEqual(["/pronta", "/outra"]);
  });

  it("answers a step that throws with a page in Portuguese and logs the error, not the page", async () => {
    const { origin, lines } = await serve({
      steps: [
        () => {
          throw new Error("quebrou");
        },
      ],
    });
    const response = await fetch(`${origin}/produtos`);
    expect(response.status).toBe(500);
    const body = await response.text();
    expect(body).toBe("Erro interno. Tente novamente em instantes.");
    expect(body).not.toContain("quebrou");
    expect(lines.join("")).toContain("quebrou");
  });
});
