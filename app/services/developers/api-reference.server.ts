// The /developers page's reading of the OpenAPI document (ADR 223): the same document as
// GET /api/v1/openapi.json, laid out for people — operations grouped by tag, each with its
// parameters, request and response schemas, error statuses, scope and a curl example — and
// filtered by a plain ?q= search, so the page needs no JavaScript. Scopes come from the operations
// declared in app/openapi/<area>.ts (the document's source).
import { API_AREAS, getOpenApiDocument, type JsonSchema } from "~/openapi/document.server";

const SCHEMA_REF = "#/components/schemas/";
const RESPONSE_REF = "#/components/responses/";
const PARAMETER_REF = "#/components/parameters/";

export interface ReferenceParameter {
  name: string;
  in: string;
  required: boolean;
  description: string | null;
  type: string;
}

export interface ReferenceOperation {
  anchor: string;
  operationId: string;
  method: string;
  path: string;
  summary: string;
  description: string | null;
  bearer: boolean;
  scope: string | null;
  parameters: ReferenceParameter[];
  requestSchema: string | null;
  responses: Array<{ status: string; description: string; schema: string | null }>;
  errors: Array<{ status: string; description: string }>;
  curl: string;
}

export interface ApiReference {
  title: string;
  version: string;
  total: number;
  shown: number;
  query: string;
  tags: Array<{ name: string; anchor: string; description: string | null; operations: ReferenceOperation[] }>;
  /** The named schemas the shown operations use (with the ones they refer to), as JSON text. */
  schemas: Array<{ name: string; json: string }>;
}

type Json = Record<string, unknown>;

function refName(value: unknown, prefix: string): string | null {
  const ref = value && typeof value === "object" ? (value as Json).$ref : null;
  return typeof ref === "string" && ref.startsWith(prefix) ? ref.slice(prefix.length) : null;
}

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
}

function typeOf(schema: unknown): string {
  if (!schema || typeof schema !== "object") return "any";
  const s = schema as Json;
  const named = refName(s, SCHEMA_REF);
  if (named) return named;
  if (Array.isArray(s.enum)) return s.enum.map((value) => JSON.stringify(value)).join(" | ");
  if (Array.isArray(s.anyOf)) return s.anyOf.map(typeOf).join(" | ");
  if (s.type === "array") return `${typeOf(s.items)}[]`;
  if (typeof s.type === "string") return s.format ? `${s.type} (${String(s.format)})` : s.type;
  return "any";
}

function jsonSchemaOf(content: unknown): JsonSchema | null {
  const json = content && typeof content === "object" ? ((content as Json)["application/json"] as Json | undefined) : undefined;
  return (json?.schema as JsonSchema | undefined) ?? null;
}

/** A small example value of a schema, for the curl bodies. */
function exampleOf(schema: unknown, schemas: Record<string, JsonSchema>, depth = 0): unknown {
  if (!schema || typeof schema !== "object" || depth > 5) return null;
  const s = schema as Json;
  const named = refName(s, SCHEMA_REF);
  if (named) return exampleOf(schemas[named], schemas, depth + 1);
  if (Array.isArray(s.examples) && s.examples.length > 0) return s.examples[0];
  if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum[0];
  if (s.const !== undefined) return s.const;
  if (Array.isArray(s.anyOf)) return exampleOf(s.anyOf.find((option) => (option as Json).type !== "null") ?? s.anyOf[0], schemas, depth + 1);
  if (Array.isArray(s.oneOf)) return exampleOf(s.oneOf[0], schemas, depth + 1);
  switch (s.type) {
    case "object": {
      const properties = (s.properties ?? {}) as Record<string, unknown>;
      const required = new Set(Array.isArray(s.required) ? (s.required as string[]) : Object.keys(properties));
      return Object.fromEntries(
        Object.entries(properties)
          .filter(([name]) => required.has(name))
          .map(([name, child]) => [name, exampleOf(child, schemas, depth + 1)]),
      );
    }
    case "array":
      return [exampleOf(s.items, schemas, depth + 1)];
    case "integer":
      return typeof s.minimum === "number" ? s.minimum : 1;
    case "number":
      return 1;
    case "boolean":
      return true;
    case "string":
      if (s.format === "date") return "2026-07-01";
      if (s.format === "date-time") return "2026-07-01T09:00:00.000Z";
      if (s.format === "email") return "host@example.com";
      return "…";
    default:
      return null;
  }
}

function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

function curlOf(method: string, path: string, bearer: boolean, body: unknown, baseUrl: string): string {
  const url = `${baseUrl.replace(/\/$/, "")}${path.replace(/\{(\w+)\}/g, (_, name: string) => (/id$/i.test(name) ? "1" : `<${name}>`))}`;
  const lines = [`curl -X ${method.toUpperCase()} ${shellQuote(url)}`];
  if (bearer) lines.push(`-H "Authorization: Bearer $DARNA_TOKEN"`);
  if (body !== undefined) {
    lines.push(`-H 'Content-Type: application/json'`);
    lines.push(`-d ${shellQuote(JSON.stringify(body))}`);
  }
  return lines.join(" \\\n  ");
}

function refsIn(value: unknown, into: Set<string>): void {
  if (Array.isArray(value)) value.forEach((item) => refsIn(item, into));
  else if (value && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) {
      if (key === "$ref" && typeof child === "string" && child.startsWith(SCHEMA_REF)) into.add(child.slice(SCHEMA_REF.length));
      else refsIn(child, into);
    }
  }
}

function matches(operation: ReferenceOperation, tag: string, words: string[]): boolean {
  const haystack = [operation.method, operation.path, operation.summary, operation.description ?? "", operation.operationId, tag, operation.scope ?? ""]
    .join(" ")
    .toLowerCase();
  return words.every((word) => haystack.includes(word));
}

/** The reference as the page shows it; `query` keeps the operations holding every one of its words. */
export function apiReference(query: string, baseUrl: string): ApiReference {
  const document = getOpenApiDocument();
  const schemas = document.components.schemas;
  const responses = document.components.responses as Record<string, { description?: string }>;
  const sharedParameters = document.components.parameters as Record<string, Json>;
  const scopeOf = new Map(API_AREAS.flatMap((area) => area.operations).map((op) => [op.operationId, op.scope ?? null]));
  const words = query.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 10);

  const byTag = new Map<string, ReferenceOperation[]>();
  let total = 0;
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!op) continue;
      total += 1;
      const tag = op.tags[0] ?? "Other";
      const parameters = (op.parameters ?? []).map((raw) => {
        const shared = refName(raw, PARAMETER_REF);
        const parameter = (shared ? sharedParameters[shared] : raw) as Json;
        return {
          name: String(parameter.name),
          in: String(parameter.in),
          required: Boolean(parameter.required),
          description: typeof parameter.description === "string" ? parameter.description : null,
          type: typeOf(parameter.schema),
        };
      });
      const requestSchema = jsonSchemaOf((op.requestBody as Json | undefined)?.content);
      const answers = Object.entries(op.responses).map(([status, raw]) => {
        const shared = refName(raw, RESPONSE_REF);
        const response = (shared ? responses[shared] : raw) as Json;
        return { status, description: String(response.description ?? ""), schema: jsonSchemaOf(response.content) };
      });
      const bearer = Array.isArray(op.security) && op.security.length > 0;
      const operation: ReferenceOperation = {
        anchor: `op-${op.operationId}`,
        operationId: op.operationId,
        method: method.toUpperCase(),
        path,
        summary: op.summary,
        description: op.description ?? null,
        bearer,
        scope: scopeOf.get(op.operationId) ?? null,
        parameters,
        requestSchema: requestSchema ? typeOf(requestSchema) : null,
        responses: answers.filter((answer) => Number(answer.status) < 400).map((answer) => ({ ...answer, schema: answer.schema ? typeOf(answer.schema) : null })),
        errors: answers.filter((answer) => Number(answer.status) >= 400).map(({ status, description }) => ({ status, description })),
        curl: curlOf(method, path, bearer, requestSchema ? exampleOf(requestSchema, schemas) : undefined, baseUrl),
      };
      if (words.length > 0 && !matches(operation, tag, words)) continue;
      byTag.set(tag, [...(byTag.get(tag) ?? []), operation]);
    }
  }

  const tags = document.tags
    .filter((tag) => byTag.has(tag.name))
    .map((tag) => ({ name: tag.name, anchor: `tag-${slug(tag.name)}`, description: tag.description ?? null, operations: byTag.get(tag.name)! }));
  // Operations whose tag is not declared still show, after the declared ones.
  for (const [name, operations] of byTag) {
    if (!tags.some((tag) => tag.name === name)) tags.push({ name, anchor: `tag-${slug(name)}`, description: null, operations });
  }

  const used = new Set<string>();
  for (const tag of tags) {
    for (const operation of tag.operations) {
      const item = document.paths[operation.path]?.[operation.method.toLowerCase() as "get"];
      refsIn(item?.requestBody, used);
      refsIn(
        Object.values(item?.responses ?? {}).filter((raw) => !refName(raw, RESPONSE_REF)),
        used,
      );
    }
  }
  const queue = [...used];
  while (queue.length > 0) {
    const name = queue.pop()!;
    const nested = new Set<string>();
    refsIn(schemas[name], nested);
    for (const child of nested) {
      if (used.has(child)) continue;
      used.add(child);
      queue.push(child);
    }
  }
  if (tags.length > 0) used.add("Error");

  return {
    title: document.info.title,
    version: document.info.version,
    total,
    shown: tags.reduce((sum, tag) => sum + tag.operations.length, 0),
    query,
    tags,
    schemas: [...used]
      .filter((name) => schemas[name])
      .sort()
      .map((name) => ({ name, json: JSON.stringify(schemas[name], null, 2) })),
  };
}
