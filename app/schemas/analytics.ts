import { z } from "zod";
import { isLocalPath } from "~/utils/safe-redirect";

/** Body of POST /api/v1/analytics/page-view (sent by PageViewReporter). */
export const PageViewSchema = z.object({
  path: z
    .string({ error: (issue) => (issue.input === undefined ? "api:fields.required" : "api:fields.invalid") })
    .refine(isLocalPath, { error: "api:fields.localPath" }),
});
export type PageViewInput = z.output<typeof PageViewSchema>;

// The endpoint lives in a module of its own: importing it from here would bring zod into every
// page's JavaScript (this module builds a schema when it loads, so bundlers keep zod).
export { PAGE_VIEW_ENDPOINT } from "~/components/analytics/page-view-endpoint";
