// What the server learns while it prepares the database, shared by server.ts and the Remix build
// (each loads its own copy of this module, hence the singleton on globalThis):
// - ready: migrations and the first-start demo seed have finished (/healthz answers 200 from then);
// - demo mode: SEED_DEMO is not "false" and the database holds the demo accounts. The site then
//   shows a "Demo — no real payments" ribbon and, unless PAYMENT_CARD_PROVIDER says otherwise,
//   takes card payments through the sandbox gateway. Outside a started server (tests, scripts)
//   the site is neither ready nor in demo mode.
import { bumpDataVersion } from "~/db/data-version.server";
import { singleton } from "~/utils/singleton.server";

interface SiteState {
  ready: boolean;
  demo: boolean;
}

const state = () => singleton<SiteState>("site-state", () => ({ ready: false, demo: false }));

export function markSiteReady(options: { demo: boolean }): void {
  state().demo = options.demo;
  state().ready = true;
  // The demo ribbon comes or goes: pages the document cache kept before are not the site's (ADR 244).
  bumpDataVersion();
}

export function isSiteReady(): boolean {
  return state().ready;
}

export function isDemoMode(): boolean {
  return state().demo;
}
