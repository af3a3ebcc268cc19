import { createContext, useContext } from "react";

/**
 * The Content-Security-Policy nonce of this response, provided by entry.server.tsx. Kept in context,
 * not in loader data, so it never sits in the page's data; in the browser it is empty (browsers hide
 * nonces from the DOM anyway).
 */
const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string | undefined {
  return useContext(NonceContext) || undefined;
}
