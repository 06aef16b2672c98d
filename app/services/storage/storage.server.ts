import { env } from "~/utils/env.server";
import { singleton } from "~/utils/singleton.server";
import { createLocalDiskStorage } from "~/services/storage/local-disk-storage.server";

/**
 * Where uploaded files live. Keys are relative paths ("listings/12/ab12cd-640.webp"); the local
 * disk implementation is the default, and another store (S3, R2…) only has to implement this.
 */
export interface FileStorage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  /** The public URL the browser loads the file from. */
  url(key: string): string;
}

/** The storage of this process: local disk under UPLOAD_DIR, served by server.ts at /uploads. */
export function getStorage(): FileStorage {
  return singleton("file-storage", () => createLocalDiskStorage(env.uploadDir, "/uploads"));
}
