// Reads a multipart upload as it streams in (busboy): text fields into a FormData, files of one
// field into memory up to a size each (a bigger file is named in `tooLarge` and not kept) and a
// number of files. busboy follows RFC 7578/6266, so a real user's file name ("vue=mer.png",
// "a;b.jpg", quotes, "été.jpg") is read as sent; Remix's own parser refused those with a 500.
// A body that is not multipart at all, or cut off, is the visitor's 400 (ADR 090).
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import busboy from "busboy";

export interface UploadedPart {
  name: string;
  data: Buffer;
}

export interface MultipartUpload {
  formData: FormData;
  files: UploadedPart[];
  tooLarge: string[];
  tooMany: boolean;
}

const MAX_FIELD_BYTES = 10_000;

function badRequest(): Response {
  return new Response("The form could not be read.", { status: 400, statusText: "Bad Request" });
}

export async function readMultipart(
  request: Request,
  options: { fileField: string; maxFileBytes: number; maxFiles: number },
): Promise<MultipartUpload> {
  const formData = new FormData();
  const files: UploadedPart[] = [];
  const tooLarge: string[] = [];
  let tooMany = false;
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": request.headers.get("Content-Type") ?? "" },
      defParamCharset: "utf8",
      limits: { fieldSize: MAX_FIELD_BYTES, fileSize: options.maxFileBytes },
    });
  } catch {
    throw badRequest();
  }
  if (!request.body) throw badRequest();

  const done = new Promise<void>((resolve, reject) => {
    parser.on("field", (name, value) => formData.append(name, value));
    parser.on("file", (name, stream, info) => {
      const chunks: Buffer[] = [];
      let size = 0;
      // A part cut off mid-file errors here and on the parser; the parser's error is the one answered.
      stream.on("error", () => {});
      stream.on("data", (chunk: Buffer) => {
        size += chunk.length;
        chunks.push(chunk);
      });
      stream.on("end", () => {
        // The empty part a file input sends when nothing is chosen, and files of other fields, are dropped.
        if (name !== options.fileField || !info.filename || size === 0) return;
        if ((stream as unknown as { truncated?: boolean }).truncated) tooLarge.push(info.filename);
        else if (files.length >= options.maxFiles) tooMany = true;
        else files.push({ name: info.filename, data: Buffer.concat(chunks) });
      });
    });
    parser.on("close", resolve);
    parser.on("error", reject);
  });
  const source = Readable.fromWeb(request.body as unknown as NodeReadableStream<Uint8Array>);
  source.on("error", (error) => parser.destroy(error));
  source.pipe(parser);
  try {
    await done;
  } catch {
    throw badRequest();
  }
  return { formData, files, tooLarge, tooMany };
}
