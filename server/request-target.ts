import type { RequestHandler } from "express";

/**
 * An absolute-form request line (`GET http://host/path HTTP/1.1`, which proxies send) is answered as
 * its path and query: the host it names is ignored like any other host a client chooses (the shop's
 * links come from its public origin, app/server/group/public-origin.server.ts). React Router's adapter
 * would otherwise put the whole URL after the Host and fail with a 500. A target that is no http(s)
 * URL is a 400, and so is the asterisk form (`GET * HTTP/1.1`) for anything but OPTIONS, the only
 * method it belongs to (Express would answer it with a 500 and its English error page).
 */
export const answerAbsoluteFormAsPath: RequestHandler = (req, res, next) => {
  if (req.url.startsWith("/") || (req.url === "*" && req.method === "OPTIONS")) return next();
  let target: URL;
  try {
    target = new URL(req.url);
  } catch {
    target = new URL("invalid:");
  }
  if (target.protocol !== "http:" && target.protocol !== "https:") {
    res.status(400).type("text/plain; charset=utf-8").send("Endereço inválido no pedido.");
    return;
  }
  req.url = `${target.pathname}${target.search}`;
  req.originalUrl = req.url;
  next();
};
