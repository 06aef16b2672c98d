import { z } from "~/schemas/zod";
import { isLocalPath } from "~/utils/safe-redirect";

/** Body of POST /api/v1/analytics/page-view (sent by PageViewReporter). */
export const PageViewSchema = z.object({
  path: z
    .string({ error: (issue) => (issue.input === undefined ? "api:fields.required" : "api:fields.invalid") })
    .refine(isLocalPath, { error: "api:fields.localPath" })
    // What isLocalPath checks, told to the API document (a refinement has no JSON Schema).
    .meta({
      minLength: 1,
      maxLength: 2048,
      pattern: "^/(?![/\\\\])",
      description: "The page's path and query on this site, starting with a single /.",
      examples: ["/fr/accommodation?page=2"],
    }),
  // "hydration": sent once when a page has hydrated (the JavaScript-off share, ADR 171); a
  // client navigation's page view otherwise.
  kind: z
    .enum(["navigation", "hydration"], { error: "api:fields.invalid" })
    .optional()
    .meta({ description: "navigation (default): a client-side navigation; hydration: the page's JavaScript has started." }),
});
