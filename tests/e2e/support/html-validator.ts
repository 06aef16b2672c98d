// The W3C Nu HTML checker (vnu-jar, run on the machine's Java) over pages' HTML as the server
// sends it: the documents of one test are written to a temporary folder and checked in one run
// of the checker (one Java start-up per batch, not per page), errors only.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import vnuJar from "vnu-jar";

export interface HtmlDocument {
  /** A short name for the report: the page's path. */
  name: string;
  html: string;
}

export interface HtmlError {
  document: string;
  line: number | undefined;
  message: string;
  extract: string | undefined;
}

interface NuMessage {
  type: string;
  subType?: string;
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

/** Runs the checker on `documents`; answers every error (an empty list when all are valid). */
export async function validateHtml(documents: HtmlDocument[]): Promise<HtmlError[]> {
  if (documents.length === 0) return [];
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "darna-vnu-"));
  try {
    const files = documents.map((document, index) => {
      const file = path.join(folder, `${index}.html`);
      fs.writeFileSync(file, document.html);
      return file;
    });
    const output = await runChecker(["--errors-only", "--format", "json", "--stdout", ...files]);
    const { messages } = JSON.parse(output) as { messages: NuMessage[] };
    return messages
      .filter((message) => message.type === "error" || message.subType === "fatal")
      .map((message) => {
        const index = Number(path.basename(decodeURIComponent(message.url ?? ""), ".html"));
        return {
          document: documents[index]?.name ?? String(message.url),
          line: message.lastLine,
          message: message.message,
          extract: message.extract?.trim(),
        };
      });
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

function runChecker(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    // The checker exits with 1 when it found errors: the JSON on stdout is the answer either way.
    execFile("java", ["-Xss8m", "-jar", String(vnuJar), ...args], { maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (stdout.trim().startsWith("{")) resolve(stdout);
      else reject(new Error(`the Nu HTML checker did not answer: ${error?.message ?? ""} ${stderr}`));
    });
  });
}
