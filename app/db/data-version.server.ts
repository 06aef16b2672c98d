// The data version of this process (ADR 244): a number that moves whenever a committed write may
// have changed what a public page shows. The document cache serves a rendered page only while the
// version it was rendered under is still the current one. One afterQuery hook on the one Sequelize
// instance sees every statement, model and raw alike: a write moves the version once its
// transaction commits (never after a rollback), at once outside a transaction. Writes to the
// tables of TABLES_NO_PUBLIC_PAGE_SHOWS (page views, sessions, the job runner …) leave it.
import type { Sequelize, Transaction } from "sequelize";
import { changesPublicData } from "~/db/written-tables";
import { singleton } from "~/utils/singleton.server";

type BumpListener = () => void;

interface DataVersionState {
  version: number;
  /** Told of this process's own writes (not of versions received from other instances). */
  localListeners: Set<BumpListener>;
}

// On globalThis: server.ts's copy of this module and the Remix build's share one version.
const state = () => singleton<DataVersionState>("data-version", () => ({ version: 0, localListeners: new Set() }));

export function currentDataVersion(): number {
  return state().version;
}

/** Moves the version; `fromPeer` when another instance reported the write (not reported again). */
export function bumpDataVersion({ fromPeer = false }: { fromPeer?: boolean } = {}): void {
  const current = state();
  current.version++;
  if (fromPeer) return;
  for (const listener of current.localListeners) listener();
}

/** Calls `listener` after each version move caused by this process's own writes; returns the unsubscribe. */
export function onLocalDataWrite(listener: BumpListener): () => void {
  state().localListeners.add(listener);
  return () => state().localListeners.delete(listener);
}

/**
 * `load()`'s answer, kept while the data version stays where it was when the load started: read
 * again after any committed write that may change a public page (on any instance, through Redis),
 * never served stale. For small tables every page reads (the currencies of the root loader: ADR
 * 257). A failed load is not kept.
 */
export function whileDataUnchanged<T>(key: string, load: () => Promise<T>): Promise<T> {
  const kept = singleton("data-version-kept", () => new Map<string, { version: number; value: Promise<unknown> }>());
  const version = currentDataVersion();
  const hit = kept.get(key);
  if (hit && hit.version === version) return hit.value as Promise<T>;
  const value = load();
  kept.set(key, { version, value });
  value.catch(() => {
    if (kept.get(key)?.value === value) kept.delete(key);
  });
  return value;
}

type WithParent = Transaction & { parent?: Transaction };

/** What the hook does with one statement: nothing for a read, a move now or at the outermost commit for a write. */
export function noteStatement(sql: string, transaction: Transaction | null | undefined): void {
  if (!changesPublicData(sql)) return;
  if (!transaction) return bumpDataVersion();
  // A savepoint's "commit" is no commit: wait for the outermost transaction's.
  let outermost = transaction as WithParent;
  while (outermost.parent) outermost = outermost.parent as WithParent;
  const pending = singleton("data-version-pending", () => new WeakSet<Transaction>());
  if (pending.has(outermost)) return;
  pending.add(outermost);
  outermost.afterCommit(() => bumpDataVersion());
}

const installed = Symbol.for("darna.dataVersionHook");

/** Installs the hook on `sequelize` (once). */
export function installDataVersionHook(sequelize: Sequelize): void {
  const marked = sequelize as Sequelize & { [installed]?: boolean };
  if (marked[installed]) return;
  marked[installed] = true;
  sequelize.addHook("afterQuery", (options, query) => {
    // The dialects' Query objects keep the statement they ran in `sql` (not in the typings).
    const sql = (query as unknown as { sql?: unknown } | undefined)?.sql;
    if (typeof sql === "string") noteStatement(sql, options?.transaction);
  });
}
