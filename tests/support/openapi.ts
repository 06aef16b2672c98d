// Holds real API answers against GET /api/v1/openapi.json. Use it in every test of an /api/v1
// route so the document cannot drift from the code:
//
//   const response = await loader({ request, params: { code: "EUR" }, context: {} });
//   await expectApiResponseMatchesOpenApi("get", "/api/v1/tnd-value/{code}", response);
//
// or, with a body already read: expectResponseMatchesOpenApi("get", template, 200, body).
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { expect } from "vitest";
import { getOpenApiDocument } from "~/openapi/document.server";

const DOCUMENT_ID = "urn:darna:openapi";
// ajv-formats is CommonJS; its default export arrives wrapped under some loaders.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as typeof addFormatsModule;

let ajv: Ajv2020 | null = null;
const validators = new Map<string, ValidateFunction>();

function getAjv(): Ajv2020 {
  if (ajv) return ajv;
  // Strict: a misspelt keyword ("requried") in a documented schema fails the test instead of
  // silently validating nothing. OpenAPI's own schema keywords are declared.
  ajv = new Ajv2020({ strict: true, strictTypes: false, allErrors: true });
  addFormats(ajv);
  ajv.addVocabulary(["discriminator", "xml", "externalDocs", "example"]);
  // The document's own top-level fields: ajv compiles the root when resolving a ref into it.
  ajv.addVocabulary(["openapi", "info", "servers", "tags", "paths", "components", "webhooks", "security", "jsonSchemaDialect"]);
  // The whole document is one schema resource, so "#/components/schemas/X" refs resolve in it.
  ajv.addSchema({ $id: DOCUMENT_ID, ...structuredClone(getOpenApiDocument()) } as object, undefined, undefined, false);
  return ajv;
}

function pointer(...parts: string[]): string {
  return parts.map((part) => encodeURIComponent(part.replace(/~/g, "~0").replace(/\//g, "~1"))).join("/");
}

type Json = Record<string, unknown>;

/** Follows a local `$ref` (responses may be `{ $ref: "#/components/responses/NotFound" }`). */
function deref<T>(value: T): T {
  const doc = getOpenApiDocument() as unknown as Json;
  let current = value as unknown as Json;
  for (let i = 0; current && typeof current.$ref === "string" && i < 10; i++) {
    const parts = (current.$ref as string).replace(/^#\//, "").split("/");
    current = parts.reduce<Json>((node, part) => node?.[part.replace(/~1/g, "/").replace(/~0/g, "~")] as Json, doc);
  }
  return current as unknown as T;
}

function locateResponse(method: string, pathTemplate: string, status: number): { key: string; raw: Json } {
  const item = getOpenApiDocument().paths[pathTemplate] as Json | undefined;
  expect(item, `OpenAPI: no path "${pathTemplate}" in the document`).toBeDefined();
  const operation = item![method.toLowerCase()] as Json | undefined;
  expect(operation, `OpenAPI: no ${method.toUpperCase()} ${pathTemplate}`).toBeDefined();
  const responses = operation!.responses as Json;
  const key = [String(status), `${String(status)[0]}XX`, "default"].find((k) => responses[k] !== undefined);
  expect(key, `OpenAPI: ${method.toUpperCase()} ${pathTemplate} does not document status ${status}`).toBeDefined();
  return { key: key!, raw: responses[key!] as Json };
}

/** The documented response for an operation and status (fails the test when there is none). */
export function documentedResponse(method: string, pathTemplate: string, status: number): Json {
  return deref(locateResponse(method, pathTemplate, status).raw);
}

/**
 * Validates `body` against the schema the document gives for this operation, status and content
 * type (JSON Schema 2020-12, formats checked). Fails with ajv's messages.
 */
export function expectResponseMatchesOpenApi(
  method: string,
  pathTemplate: string,
  status: number,
  body: unknown,
  contentType = "application/json",
): void {
  const { key, raw } = locateResponse(method, pathTemplate, status);
  const content = deref(raw).content as Json | undefined;
  expect(
    content?.[contentType],
    `OpenAPI: ${method.toUpperCase()} ${pathTemplate} ${status} documents no ${contentType} content`,
  ).toBeDefined();
  const cacheKey = `${method.toLowerCase()} ${pathTemplate} ${key} ${contentType}`;
  let validate = validators.get(cacheKey);
  if (!validate) {
    // Point into the document, through a shared response ($ref) or at the inline one.
    const base =
      typeof raw.$ref === "string"
        ? raw.$ref.replace(/^#/, "")
        : `/${pointer("paths", pathTemplate, method.toLowerCase(), "responses", key)}`;
    validate = getAjv().compile({ $ref: `${DOCUMENT_ID}#${base}/${pointer("content", contentType, "schema")}` });
    validators.set(cacheKey, validate);
  }
  const valid = validate(body);
  expect(
    valid,
    `${method.toUpperCase()} ${pathTemplate} ${status}: the body does not match the documented schema:\n` +
      `${getAjv().errorsText(validate.errors, { separator: "\n" })}\nbody: ${JSON.stringify(body)}`,
  ).toBe(true);
}

/**
 * Checks a whole Response: its status is documented, and its body (JSON, or none for a documented
 * response without content) matches. Returns the parsed body.
 */
export async function expectApiResponseMatchesOpenApi(method: string, pathTemplate: string, response: Response): Promise<unknown> {
  const documented = documentedResponse(method, pathTemplate, response.status);
  const text = await response.clone().text();
  if (!documented.content) {
    expect(text, `${method.toUpperCase()} ${pathTemplate} ${response.status} is documented without a body`).toBe("");
    return null;
  }
  const contentType = (response.headers.get("Content-Type") ?? "").split(";")[0]!.trim();
  const body = contentType.endsWith("json") ? JSON.parse(text) : text;
  expectResponseMatchesOpenApi(method, pathTemplate, response.status, body, contentType);
  return body;
}

/**
 * Compiles every response schema of the document with strict ajv (so an unknown or misspelt
 * keyword is an error). Returns how many were compiled.
 */
export function compileDocumentedSchemas(): number {
  let count = 0;
  for (const [pathTemplate, item] of Object.entries(getOpenApiDocument().paths)) {
    for (const [method, operation] of Object.entries(item as Json)) {
      const responses = (operation as Json | undefined)?.responses as Json | undefined;
      if (!responses) continue;
      for (const [key, raw] of Object.entries(responses)) {
        const content = deref(raw as Json).content as Json | undefined;
        for (const contentType of Object.keys(content ?? {})) {
          const base =
            typeof (raw as Json).$ref === "string"
              ? ((raw as Json).$ref as string).replace(/^#/, "")
              : `/${pointer("paths", pathTemplate, method, "responses", key)}`;
          getAjv().compile({ $ref: `${DOCUMENT_ID}#${base}/${pointer("content", contentType, "schema")}` });
          count++;
        }
      }
    }
  }
  for (const name of Object.keys(getOpenApiDocument().components.schemas)) {
    getAjv().compile({ $ref: `${DOCUMENT_ID}#/${pointer("components", "schemas", name)}` });
    count++;
  }
  return count;
}
