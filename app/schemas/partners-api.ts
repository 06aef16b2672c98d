// The answers of the partner routes (issue 21 points 2, 3 and 7; ADR 181).
import { z } from "~/schemas/zod";
import { named } from "~/openapi/components";

export const PublicPartnerSchema = named(
  "Partner",
  z.object({
    id: z.int(),
    name: z.string(),
    description: z.string().describe("In the asked language (lng / Accept-Language), else English."),
    languages: z.array(z.string()).describe("Language codes spoken (ar, fr, en, es, de, it)."),
    city: z.string().nullable(),
    rating: z
      .object({ average: z.number(), count: z.int() })
      .nullable()
      .describe("Null while none of the partner's experiences is rated."),
    contact: z
      .object({ email: z.string(), phone: z.string(), website: z.string().nullable() })
      .nullable()
      .describe("Only for a caller who booked with the partner; null otherwise."),
  }),
);

export const PartnerProposalCreatedSchema = named(
  "PartnerProposalCreated",
  z.object({ id: z.int(), status: z.literal("pending") }),
);
