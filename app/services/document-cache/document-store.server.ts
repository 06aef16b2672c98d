// The rendered pages the document cache holds (ADR 244): least recently used first out, bounded
// by bytes (the HTML and its brotli and gzip forms, and the key).

export interface StoredDocument {
  /** The data version the page was rendered under (data-version.server.ts); served only while current. */
  version: number;
  /** Not served past this instant (ms): the bound on time-driven changes. */
  expiresAt: number;
  /** The headers the page set (Content-Type, Content-Security-Policy, ETag, Cache-Control, Set-Cookie …). */
  headers: Array<[string, string | string[]]>;
  etag: string | null;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
}

const sizeOf = (key: string, entry: StoredDocument) =>
  key.length * 2 + entry.identity.length + entry.gzip.length + entry.br.length + entry.headers.reduce((sum, [name, value]) => sum + name.length + String(value).length, 0) * 2;

export class DocumentStore {
  private readonly entries = new Map<string, { entry: StoredDocument; bytes: number }>();
  private total = 0;

  constructor(private readonly maxBytes: number) {}

  get bytes(): number {
    return this.total;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The entry (now the most recently used), or undefined. */
  get(key: string): StoredDocument | undefined {
    const found = this.entries.get(key);
    if (!found) return undefined;
    this.entries.delete(key);
    this.entries.set(key, found);
    return found.entry;
  }

  set(key: string, entry: StoredDocument): void {
    this.delete(key);
    const bytes = sizeOf(key, entry);
    if (bytes > this.maxBytes) return;
    this.entries.set(key, { entry, bytes });
    this.total += bytes;
    for (const [oldest, { bytes: oldBytes }] of this.entries) {
      if (this.total <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.total -= oldBytes;
    }
  }

  delete(key: string): void {
    const found = this.entries.get(key);
    if (!found) return;
    this.entries.delete(key);
    this.total -= found.bytes;
  }
}
