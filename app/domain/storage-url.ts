/** Where an S3-compatible store is, as STORAGE_URL says: `s3://bucket?endpoint=…&region=…&forcePathStyle=true`. */
export interface S3Location {
  bucket: string;
  /** Unset: AWS itself (the region's endpoint). */
  endpoint: string | null;
  region: string;
  /** Path-style addressing (`endpoint/bucket/key`): MinIO, s3rver, most self-hosted stores. */
  forcePathStyle: boolean;
  /** Keys are stored under this folder of the bucket ("" or ending in "/"), so one bucket can serve several sites. */
  prefix: string;
}

/** Parses STORAGE_URL; throws a message naming what is wrong. */
export function parseStorageUrl(value: string): S3Location {
  if (!URL.canParse(value)) throw new Error("STORAGE_URL: not a URL (s3://bucket?endpoint=…&region=…)");
  const url = new URL(value);
  if (url.protocol !== "s3:") throw new Error("STORAGE_URL: must start with s3://");
  const bucket = url.hostname;
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) throw new Error("STORAGE_URL: the bucket name (s3://<bucket>) is missing or invalid");
  const endpoint = url.searchParams.get("endpoint");
  if (endpoint !== null && !/^https?:\/\//.test(endpoint)) throw new Error("STORAGE_URL: endpoint must be an http(s) URL");
  const style = url.searchParams.get("forcePathStyle");
  if (style !== null && style !== "true" && style !== "false") throw new Error('STORAGE_URL: forcePathStyle must be "true" or "false"');
  const prefix = (url.searchParams.get("prefix") ?? url.pathname.replace(/^\/+/, "")).replace(/\/+$/, "");
  if (prefix !== "" && !/^[a-z0-9][a-z0-9._/-]*$/i.test(prefix)) throw new Error("STORAGE_URL: prefix may hold letters, digits, '.', '_', '-' and '/'");
  return {
    bucket,
    endpoint,
    region: url.searchParams.get("region") ?? "us-east-1",
    forcePathStyle: style === "true",
    prefix: prefix === "" ? "" : `${prefix}/`,
  };
}
