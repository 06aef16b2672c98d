// GET /api/v1/openapi.json: one OpenAPI 3.1 document merged from every app/openapi/*.paths.ts
// module. A feature that adds /api/v1 routes adds its own `<feature>.paths.ts` beside this file.
import {
  baseParameters,
  baseResponses,
  baseSchemas,
  baseSecuritySchemes,
  HTTP_METHODS,
  type JsonSchema,
  type OpenApiPaths,
  type OpenApiPathsModule,
} from "~/openapi/shared";

export interface OpenApiDocument {
  openapi: "3.1.0";
  info: { title: string; version: string; description: string };
  servers: Array<{ url: string; description?: string }>;
  tags: Array<{ name: string; description?: string }>;
  paths: OpenApiPaths;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, unknown>;
    parameters: Record<string, unknown>;
    securitySchemes: Record<string, unknown>;
  };
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Merges the modules (keyed by file name, merged in name order). Two modules describing the same
 * method of the same path, or two different schemas with one name, are a programming error.
 */
export function mergeOpenApiModules(modules: Record<string, OpenApiPathsModule>): OpenApiDocument {
  const document: OpenApiDocument = {
    openapi: "3.1.0",
    info: {
      title: "Darna API",
      version: "1.0.0",
      description:
        "JSON resource routes of Darna, the vacation-rental marketplace for Tunisia. Amounts are integer millimes " +
        'with "currency": "TND"; dates are YYYY-MM-DD. Errors are { "error": { "code", "message", "fields"? } } ' +
        "with messages translated by ?lng= then Accept-Language. Authenticated calls send Authorization: Bearer <token>.",
    },
    servers: [{ url: "/", description: "This server" }],
    tags: [],
    paths: {},
    components: {
      schemas: { ...baseSchemas },
      responses: { ...baseResponses },
      parameters: { ...baseParameters },
      securitySchemes: { ...baseSecuritySchemes },
    },
  };
  const owners = new Map<string, string>();

  for (const file of Object.keys(modules).sort()) {
    const module = modules[file]!;
    for (const [path, item] of Object.entries(module.paths ?? {})) {
      const merged = (document.paths[path] ??= {});
      for (const [key, value] of Object.entries(item)) {
        const isMethod = (HTTP_METHODS as readonly string[]).includes(key);
        const owner = `${key} ${path}`;
        const mergedRecord = merged as Record<string, unknown>;
        if (mergedRecord[key] !== undefined && (isMethod || !sameJson(mergedRecord[key], value))) {
          throw new Error(`OpenAPI: "${owner}" is described by both ${owners.get(owner) ?? "another module"} and ${file}`);
        }
        mergedRecord[key] = value;
        owners.set(owner, file);
      }
    }
    for (const [name, schema] of Object.entries(module.schemas ?? {})) {
      const existing = document.components.schemas[name];
      if (existing !== undefined && !sameJson(existing, schema)) {
        throw new Error(`OpenAPI: schema "${name}" is defined differently in ${file} and elsewhere`);
      }
      document.components.schemas[name] = schema;
    }
    for (const tag of module.tags ?? []) {
      if (!document.tags.some((t) => t.name === tag.name)) document.tags.push(tag);
    }
  }
  document.paths = Object.fromEntries(Object.entries(document.paths).sort(([a], [b]) => a.localeCompare(b)));
  return document;
}

const pathModules = import.meta.glob<OpenApiPathsModule>("./*.paths.ts", { eager: true });

let cached: OpenApiDocument | null = null;

/** The API's OpenAPI 3.1 document (built once per process; treat it as read-only). */
export function getOpenApiDocument(): OpenApiDocument {
  cached ??= mergeOpenApiModules(
    Object.fromEntries(Object.entries(pathModules).map(([file, module]) => [file.replace(/^.*\//, ""), module])),
  );
  return cached;
}
