import { z } from "zod";
import { isLocalPath } from "~/utils/safe-redirect";

/** Body of POST /api/v1/analytics/page-view (sent by PageViewReporter). */
export const PageViewSchema = z.object({
  path: z
    .string({ error: (issue) => (issue.input === undefined ? "api:fields.required" : "api:fields.invalid") })
    .refine(isLocalPath, { error: "api:fields.localPath" }),
});
