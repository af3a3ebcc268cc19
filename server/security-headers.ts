import { randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";

/** Pages with a shopper's or the shop's private data: never kept by a browser or a proxy. */
const PRIVATE_PATHS = /^\/(admin|conta|checkout|login|registrar|recuperar-senha|redefinir-senha|pedido|sair|api\/)/;

/** `mediaUrl`: MEDIA_URL when the images come from the bucket's public address or a CDN. */
export function contentSecurityPolicy(nonce: string, mediaUrl?: string): string {
  const [before, after] = policyAroundNonce(mediaUrl);
  return `${before}${nonce}${after}`;
}

/** The policy's text before and after the nonce, worked out once per MEDIA_URL rather than on every response. */
const policiesAroundNonce = new Map<string, [string, string]>();
function policyAroundNonce(mediaUrl = ""): [string, string] {
  const known = policiesAroundNonce.get(mediaUrl);
  if (known) return known;
  const marker = "\u0000nonce\u0000";
  const [before = "", after = ""] = policyText(marker, mediaUrl).split(marker);
  const parts: [string, string] = [before, after];
  policiesAroundNonce.set(mediaUrl, parts);
  return parts;
}

function policyText(nonce: string, mediaUrl: string): string {
  const mediaOrigin = mediaUrl && /^https?:\/\//.test(mediaUrl) ? ` ${new URL(mediaUrl).origin}` : "";
  return [
    "default-src 'self'",
    // Only scripts carrying this response's nonce run, and what they load ('strict-dynamic'):
    // no inline script without it, no injected script tag.
    `script-src 'nonce-${nonce}' 'strict-dynamic' 'self'`,
    // Tailwind classes plus a few style attributes (shop colours, map height).
    "style-src 'self' 'unsafe-inline'",
    // Google account photos in the admin sidebar; the product pictures at MEDIA_URL, when set.
    `img-src 'self' data: https://*.googleusercontent.com${mediaOrigin}`,
    "font-src 'self'",
    "connect-src 'self'",
    // The admin's service worker (/admin/sw.js), and nothing else, runs as a worker.
    "worker-src 'self'",
    // The click-to-load store maps.
    "frame-src https://maps.google.com https://www.google.com",
    // The stores page's contact form, without JavaScript, answers with a redirect to WhatsApp.
    "form-action 'self' https://wa.me",
    "base-uri 'self'",
    "object-src 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

const NONCE_BYTES = 16;
let randomPool = Buffer.alloc(0);
let randomPoolOffset = 0;

/**
 * 128 random bits in base64, from a pool refilled 4 KB at a time: one call to the random generator per
 * 256 responses instead of one per response (it was 2% of a cached page's CPU).
 */
function newNonce(): string {
  if (randomPoolOffset + NONCE_BYTES > randomPool.length) {
    randomPool = randomBytes(4096);
    randomPoolOffset = 0;
  }
  const nonce = randomPool.toString("base64", randomPoolOffset, randomPoolOffset + NONCE_BYTES);
  randomPoolOffset += NONCE_BYTES;
  return nonce;
}

const ADMIN_DOCUMENT = /^\/admin(?:\/|$)/;

/**
 * Security headers on every response (pages, data requests, assets, errors). The nonce is per
 * request and reaches React Router through the load context, which stamps it on its scripts.
 */
export function securityHeaders({ enforceCsp, https, mediaUrl }: { enforceCsp: boolean; https: boolean; mediaUrl?: string }) {
  return (req: Request, res: Response, next: NextFunction) => {
    const nonce = newNonce();
    res.locals.cspNonce = nonce;
    // The dev server injects its own inline scripts (hot reload); the policy is for the built app.
    if (enforceCsp) res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce, mediaUrl));
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    // The admin's counter reads price cards' QR codes and barcodes with the phone's camera (/admin/balcao);
    // a document's policy holds for the pages it navigates to, so every admin document allows it.
    res.setHeader("Permissions-Policy", `camera=${ADMIN_DOCUMENT.test(req.path) ? "(self)" : "()"}, microphone=(), geolocation=(), payment=()`);
    // The checkout opens WhatsApp in a tab it keeps a handle on for a moment.
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin-allow-popups");
    if (https || req.secure) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    if (PRIVATE_PATHS.test(req.path)) res.setHeader("Cache-Control", "private, no-store");
    next();
  };
}
