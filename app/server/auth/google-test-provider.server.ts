import { genericOAuth } from "better-auth/plugins/generic-oauth";

/**
 * For tests only (GOOGLE_OIDC_DISCOVERY_URL): "google" served by another OpenID Connect provider, such
 * as the local one the browser tests start. Better Auth's Google provider has Google's addresses
 * built in; this registers a provider under the same id, so the pages, the endpoints
 * (/sign-in/social, /callback/google) and the accounts are the same as with the real Google.
 */
export function googleFromDiscovery(google: { clientId: string; clientSecret: string; discoveryUrl?: string }) {
  return genericOAuth({
    config: [
      {
        providerId: "google",
        name: "Google",
        discoveryUrl: google.discoveryUrl,
        clientId: google.clientId,
        clientSecret: google.clientSecret,
        scopes: ["openid", "email", "profile"],
        prompt: "select_account",
        pkce: true,
        // The ID token's signature, issuer, audience and nonce are checked against the provider's keys.
        requireIdTokenVerification: true,
      },
    ],
  });
}
