// An Express app behind the real front door (server/front-door.ts) with the security headers as
// production enforces them and the page cache's hits, on a free loopback port: the page-cache tests'
// server.
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Express } from "express";
import { frontDoor, type FrontDoorOptions } from "../../server/front-door";
import { securityHeaders } from "../../server/security-headers";
import { log } from "~/server/log/logger.server";

export async function startFrontDoorServer(app: Express, answer: FrontDoorOptions["answer"]): Promise<{ server: http.Server; origin: string }> {
  const server = http.createServer(frontDoor(app, { steps: [securityHeaders({ enforceCsp: true, https: false })], answer, log }));
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}
