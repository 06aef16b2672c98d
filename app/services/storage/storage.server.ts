import path from "node:path";
import { env } from "~/utils/env.server";
import { singleton } from "~/utils/singleton.server";
import { createLocalDiskStorage } from "~/services/storage/local-disk-storage.server";
import { createS3Client, createS3Storage } from "~/services/storage/s3-storage.server";
import { parseStorageUrl } from "~/domain/storage-url";

/**
 * Where uploaded files live. Keys are relative paths ("listings/12/ab12cd-640.webp"); the local
 * disk is the default, an S3-compatible bucket when STORAGE_URL is set (ADR 200).
 */
export interface FileStorage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The file's bytes, or null when there is no such file. */
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  /** The public URL the browser loads the file from (throws for private storage). */
  url(key: string): string;
  /** Every key stored (backups). */
  keys(): AsyncIterable<string>;
}

/** The URL path the public files are served at, by server.ts, whichever the storage. */
export const UPLOADS_PATH = "/uploads";

function s3Client() {
  return singleton("s3-client", () => {
    const credentials = env.s3Credentials;
    return createS3Client(parseStorageUrl(env.storageUrl!), credentials);
  });
}

/** Whether the files are in an S3-compatible bucket (STORAGE_URL) rather than on this machine's disk. */
export function usesObjectStorage(): boolean {
  return env.storageUrl !== undefined;
}

/** The public files (photos, their variants, blog covers, claim photos): UPLOAD_DIR, or "uploads/" of the bucket. */
export function getStorage(): FileStorage {
  return singleton("file-storage", () =>
    usesObjectStorage()
      ? createS3Storage(s3Client(), parseStorageUrl(env.storageUrl!), "uploads", UPLOADS_PATH)
      : createLocalDiskStorage(env.uploadDir, UPLOADS_PATH),
  );
}

/** The private files (payment proofs), never served as they are: $DATA_DIR/private, or "private/" of the bucket. */
export function getPrivateStorage(): FileStorage {
  return singleton("private-file-storage", () =>
    usesObjectStorage()
      ? createS3Storage(s3Client(), parseStorageUrl(env.storageUrl!), "private", null)
      : createLocalDiskStorage(path.resolve(env.dataDir, "private"), null),
  );
}
