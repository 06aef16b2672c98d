import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { assertValidKey } from "~/services/storage/storage-key";
import type { S3Location } from "~/domain/storage-url";
import type { FileStorage } from "~/services/storage/storage.server";

export interface S3Credentials {
  accessKeyId: string;
  secretAccessKey: string;
}

/**
 * The client for an S3-compatible store. Failed requests (network errors, 5xx, throttling) are
 * retried by the SDK's standard strategy, `maxAttempts` in all. Checksums only when the operation
 * requires one: several S3-compatible servers refuse the SDK's default CRC32 trailers.
 */
export function createS3Client(location: S3Location, credentials: S3Credentials | null, options: { maxAttempts?: number } = {}): S3Client {
  return new S3Client({
    region: location.region,
    ...(location.endpoint ? { endpoint: location.endpoint } : {}),
    forcePathStyle: location.forcePathStyle,
    ...(credentials ? { credentials } : {}),
    maxAttempts: options.maxAttempts ?? 4,
    retryMode: "standard",
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
}

function isMissing(error: unknown): boolean {
  if (error instanceof NoSuchKey) return true;
  return error instanceof S3ServiceException && (error.name === "NotFound" || error.$metadata.httpStatusCode === 404);
}

/**
 * Files in a bucket of an S3-compatible store (AWS S3, MinIO, R2, Scaleway…) under `location.prefix`
 * + `folder`: the public uploads under "uploads/", the private files (payment proofs) under
 * "private/". The bucket itself stays private: the app serves the public files at `publicPrefix`
 * (serveStoredFiles), so the browser never needs the store's address.
 */
export function createS3Storage(client: S3Client, location: S3Location, folder: string, publicPrefix: string | null): FileStorage {
  const root = `${location.prefix}${folder.replace(/\/?$/, "/")}`;
  const objectKey = (key: string) => {
    assertValidKey(key);
    return `${root}${key}`;
  };
  return {
    async put(key, data, contentType) {
      await client.send(new PutObjectCommand({ Bucket: location.bucket, Key: objectKey(key), Body: data, ContentType: contentType }));
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: location.bucket, Key: objectKey(key) }));
        return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : Buffer.alloc(0);
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: location.bucket, Key: objectKey(key) }));
    },
    url(key) {
      assertValidKey(key);
      if (publicPrefix === null) throw new Error("private storage: its files have no public URL");
      return `${publicPrefix.replace(/\/$/, "")}/${key}`;
    },
    async *keys() {
      let continuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: location.bucket, Prefix: root, ContinuationToken: continuationToken }));
        for (const object of page.Contents ?? []) if (object.Key) yield object.Key.slice(root.length);
        continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (continuationToken);
    },
  };
}
