const KEY = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/i;

/** Refuses storage keys that could escape the store (`..`, absolute paths, odd characters). */
export function assertValidKey(key: string): void {
  if (!KEY.test(key) || key.split("/").some((part) => part === "." || part === "..")) {
    throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
  }
}
