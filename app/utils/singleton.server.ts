// server.ts (run by tsx) and the Remix server bundle each load their own copy of app modules.
// Keeping shared resources on globalThis makes both copies use one database pool, one ws hub…
export function singleton<T>(name: string, create: () => T): T {
  const store = globalThis as unknown as { __darnaSingletons?: Map<string, unknown> };
  store.__darnaSingletons ??= new Map();
  if (!store.__darnaSingletons.has(name)) store.__darnaSingletons.set(name, create());
  return store.__darnaSingletons.get(name) as T;
}

export function resetSingleton(name: string) {
  const store = globalThis as unknown as { __darnaSingletons?: Map<string, unknown> };
  store.__darnaSingletons?.delete(name);
}
