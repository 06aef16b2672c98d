import { describe, expect, it } from "vitest";
import { parseStorageUrl } from "~/domain/storage-url";

describe("STORAGE_URL", () => {
  it("reads bucket, endpoint, region, path style and prefix", () => {
    expect(parseStorageUrl("s3://darna-files?endpoint=http://127.0.0.1:9000&region=eu-west-3&forcePathStyle=true")).toEqual({
      bucket: "darna-files",
      endpoint: "http://127.0.0.1:9000",
      region: "eu-west-3",
      forcePathStyle: true,
      prefix: "",
    });
    expect(parseStorageUrl("s3://darna-files/site-a/")).toMatchObject({ endpoint: null, region: "us-east-1", forcePathStyle: false, prefix: "site-a/" });
    expect(parseStorageUrl("s3://darna-files?prefix=prod")).toMatchObject({ prefix: "prod/" });
  });

  it.each([
    ["https://bucket", /must start with s3/],
    ["s3://", /bucket name/],
    ["s3://Bad_Bucket", /bucket name/],
    ["s3://bucket?endpoint=ftp://x", /endpoint/],
    ["s3://bucket?forcePathStyle=yes", /forcePathStyle/],
    ["s3://bucket?prefix=../x", /prefix/],
  ])("refuses %j", (value, message) => {
    expect(() => parseStorageUrl(value)).toThrow(message);
  });
});
