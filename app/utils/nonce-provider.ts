import { createContext, useContext } from "react";

// The per-request CSP nonce from server.ts, for the few inline scripts Remix renders.
export const NonceContext = createContext<string>("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
