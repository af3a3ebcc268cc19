// A minimal OpenID Connect provider for the Google sign-in browser test (there is no internet here):
// discovery, authorize (consents at once and sends the browser back with a code), token (an ID token
// signed RS256, plus an access token), userinfo and JWKS. It checks what a real provider checks:
// the client's id, secret and redirect URI, single-use codes, and PKCE (S256).
import { createHash, createSign, generateKeyPairSync, randomBytes, timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export type OidcUser = { sub: string; email: string; name: string };

type PendingCode = {
  clientId: string;
  redirectUri: string;
  nonce: string | null;
  codeChallenge: string | null;
  user: OidcUser;
  expiresAt: number;
};

export type OidcProvider = {
  issuer: string;
  discoveryUrl: string;
  /** Who "signs in" at the next authorization request. */
  setUser(user: OidcUser): void;
  /** The next authorization request is answered with this OAuth error (e.g. access_denied). */
  failNext(error: string): void;
  /** Tokens issued so far, to show the app really exchanged its code. */
  readonly tokensIssued: number;
  close(): Promise<void>;
};

const base64url = (data: Buffer | string) => Buffer.from(data).toString("base64url");

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export async function startOidcProvider(client: { clientId: string; clientSecret: string }): Promise<OidcProvider> {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const kid = randomBytes(8).toString("hex");
  const jwk = { ...publicKey.export({ format: "jwk" }), kid, alg: "RS256", use: "sig" };
  const codes = new Map<string, PendingCode>();
  const accessTokens = new Map<string, OidcUser>();
  let user: OidcUser = { sub: "000", email: "pessoa@exemplo.com", name: "Pessoa Teste" };
  let nextError: string | null = null;
  let tokensIssued = 0;
  let issuer = "";

  function signIdToken(claims: Record<string, unknown>): string {
    const header = base64url(JSON.stringify({ alg: "RS256", typ: "JWT", kid }));
    const payload = base64url(JSON.stringify(claims));
    const signature = createSign("RSA-SHA256").update(`${header}.${payload}`).sign(privateKey);
    return `${header}.${payload}.${base64url(signature)}`;
  }

  function send(response: http.ServerResponse, status: number, body: unknown) {
    response.writeHead(status, { "Content-Type": "application/json", "Cache-Control": "no-store" });
    response.end(JSON.stringify(body));
  }

  function authorize(url: URL, response: http.ServerResponse) {
    const params = url.searchParams;
    const redirectUri = params.get("redirect_uri");
    if (params.get("client_id") !== client.clientId || !redirectUri) return send(response, 400, { error: "invalid_request" });
    const back = new URL(redirectUri);
    const state = params.get("state");
    if (state) back.searchParams.set("state", state);
    if (nextError) {
      back.searchParams.set("error", nextError);
      nextError = null;
    } else if (params.get("response_type") !== "code" || !params.get("scope")?.split(" ").includes("openid")) {
      back.searchParams.set("error", "unsupported_response_type");
    } else {
      const code = randomBytes(16).toString("base64url");
      codes.set(code, {
        clientId: client.clientId,
        redirectUri,
        nonce: params.get("nonce"),
        codeChallenge: params.get("code_challenge_method") === "S256" ? params.get("code_challenge") : null,
        user,
        expiresAt: Date.now() + 60_000,
      });
      back.searchParams.set("code", code);
    }
    response.writeHead(302, { Location: back.toString() });
    response.end();
  }

  function token(request: http.IncomingMessage, body: URLSearchParams, response: http.ServerResponse) {
    let clientId = body.get("client_id");
    let clientSecret = body.get("client_secret");
    const basic = /^Basic (.+)$/i.exec(request.headers.authorization ?? "");
    if (basic?.[1]) {
      const [id = "", secret = ""] = Buffer.from(basic[1], "base64").toString().split(":");
      clientId = decodeURIComponent(id);
      clientSecret = decodeURIComponent(secret);
    }
    if (clientId !== client.clientId || !clientSecret || !sameSecret(clientSecret, client.clientSecret)) {
      return send(response, 401, { error: "invalid_client" });
    }
    const code = body.get("code") ?? "";
    const pending = codes.get(code);
    codes.delete(code);
    if (body.get("grant_type") !== "authorization_code" || !pending || pending.expiresAt < Date.now()) {
      return send(response, 400, { error: "invalid_grant" });
    }
    if (body.get("redirect_uri") !== pending.redirectUri) return send(response, 400, { error: "invalid_grant" });
    const verifier = body.get("code_verifier") ?? "";
    if (pending.codeChallenge && base64url(createHash("sha256").update(verifier).digest()) !== pending.codeChallenge) {
      return send(response, 400, { error: "invalid_grant", error_description: "PKCE" });
    }
    const now = Math.floor(Date.now() / 1000);
    const accessToken = randomBytes(24).toString("base64url");
    accessTokens.set(accessToken, pending.user);
    tokensIssued += 1;
    send(response, 200, {
      access_token: accessToken,
      token_type: "Bearer",
      expires_in: 3600,
      scope: "openid email profile",
      id_token: signIdToken({
        iss: issuer,
        aud: pending.clientId,
        sub: pending.user.sub,
        email: pending.user.email,
        email_verified: true,
        name: pending.user.name,
        iat: now,
        exp: now + 3600,
        ...(pending.nonce ? { nonce: pending.nonce } : {}),
      }),
    });
  }

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", issuer);
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      try {
        switch (`${request.method} ${url.pathname}`) {
          case "GET /.well-known/openid-configuration":
            return send(response, 200, {
              issuer,
              authorization_endpoint: `${issuer}/authorize`,
              token_endpoint: `${issuer}/token`,
              userinfo_endpoint: `${issuer}/userinfo`,
              jwks_uri: `${issuer}/jwks`,
              response_types_supported: ["code"],
              subject_types_supported: ["public"],
              id_token_signing_alg_values_supported: ["RS256"],
              scopes_supported: ["openid", "email", "profile"],
              token_endpoint_auth_methods_supported: ["client_secret_post", "client_secret_basic"],
              code_challenge_methods_supported: ["S256"],
              claims_supported: ["sub", "email", "email_verified", "name"],
            });
          case "GET /jwks":
            return send(response, 200, { keys: [jwk] });
          case "GET /authorize":
            return authorize(url, response);
          case "POST /token":
            return token(request, new URLSearchParams(Buffer.concat(chunks).toString()), response);
          case "GET /userinfo": {
            const bearer = /^Bearer (.+)$/i.exec(request.headers.authorization ?? "")?.[1];
            const who = bearer ? accessTokens.get(bearer) : undefined;
            if (!who) return send(response, 401, { error: "invalid_token" });
            return send(response, 200, { sub: who.sub, email: who.email, email_verified: true, name: who.name });
          }
          default:
            return send(response, 404, { error: "not_found" });
        }
      } catch (error) {
        send(response, 500, { error: "server_error", error_description: String(error) });
      }
    });
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    issuer,
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    setUser(next) {
      user = next;
    },
    failNext(error) {
      nextError = error;
    },
    get tokensIssued() {
      return tokensIssued;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
