// Answers of the foundation's /api/v1 routes (app/openapi/foundation.ts documents them).
import { z } from "~/schemas/zod";
import { named } from "~/openapi/components";

export const TndValueSchema = named(
  "TndValue",
  z.object({
    value: z
      .number()
      .min(0)
      .meta({
        description: "What 1 TND is worth in the currency (TND itself: 1). Display amount = TND amount × value.",
        examples: [0.292],
      }),
  }),
);
export type TndValue = z.infer<typeof TndValueSchema>;

/** GET /api/v1/openapi.json: only its outline (the document describes itself). */
export const OpenApiDocumentSchema = z.looseObject({
  openapi: z.string().regex(/^3\.1\.\d+$/),
  info: z.looseObject({}),
  paths: z.looseObject({}),
  components: z.looseObject({}).optional(),
});
