import fs from "node:fs/promises";
import path from "node:path";
import { assertValidKey } from "~/services/storage/storage-key";
import type { FileStorage } from "~/services/storage/storage.server";

/** Files under `rootDir`, served by the web server at `publicPrefix` (null: private files, no URL). */
export function createLocalDiskStorage(rootDir: string, publicPrefix: string | null): FileStorage {
  const root = path.resolve(rootDir);
  const fileFor = (key: string) => {
    assertValidKey(key);
    return path.join(root, ...key.split("/"));
  };
  return {
    async put(key, data) {
      const file = fileFor(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
      await fs.writeFile(temporary, data);
      await fs.rename(temporary, file);
    },
    async get(key) {
      try {
        return await fs.readFile(fileFor(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async delete(key) {
      await fs.rm(fileFor(key), { force: true });
    },
    url(key) {
      assertValidKey(key);
      if (publicPrefix === null) throw new Error("private storage: its files have no public URL");
      return `${publicPrefix.replace(/\/$/, "")}/${key}`;
    },
    async *keys() {
      const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return [];
        throw error;
      });
      for (const entry of entries) {
        if (!entry.isFile() || entry.name.endsWith(".tmp")) continue;
        yield path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/");
      }
    },
  };
}
