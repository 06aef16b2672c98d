// Answers and bodies of the page twins added for issue 22 (ADR 225): the host's company, co-host
// invitations, a partner's new experience, the notification e-mail settings, a host's answer to
// a claim and a review's report. Bodies are the pages' own schemas wherever the page has one.
import { z } from "~/schemas/zod";
import { DateTime, named } from "~/openapi/components";
import { NOTIFICATION_CATEGORIES } from "~/services/notifications/notification-kinds";

export const CompanyResponseSchema = named(
  "Company",
  z.object({
    legalName: z.string(),
    taxId: z.string().describe("The matricule fiscal, normalised (e.g. 1234567A/M/A/000)."),
    address: z.string(),
  }),
);

export const CompanyStateSchema = named(
  "CompanyState",
  z.object({ company: CompanyResponseSchema.nullable().describe("Null when the host acts in their own name.") }),
);

const invitationStatus = z.enum(["pending", "accepted", "declined", "withdrawn", "removed"]);

export const CohostInvitationSchema = named(
  "CohostInvitation",
  z.object({
    id: z.int(),
    status: invitationStatus,
    email: z.string().describe("The invited address."),
    personName: z.string().nullable().describe("The co-host (for the host) or the host (for the invitee), once known."),
    listings: z.array(z.object({ id: z.int(), title: z.string() })),
    createdAt: DateTime,
  }),
);

export const CohostInvitationListSchema = named(
  "CohostInvitationList",
  z.object({
    sent: z.array(CohostInvitationSchema).describe("The bearer's pending invitations and current co-hosts, newest first."),
    received: z.array(CohostInvitationSchema).describe("Invitations to the bearer's address waiting for an answer, and the hosts they co-host for."),
  }),
);

export const CohostInvitationChangedSchema = named(
  "CohostInvitationChanged",
  z.object({ id: z.int(), status: invitationStatus }),
);

export const PartnerExperienceCreatedSchema = named(
  "PartnerExperienceCreated",
  z.object({ id: z.int(), status: z.literal("pending").describe("Waiting for an operator's review before it is bookable.") }),
);

const categories = Object.fromEntries(NOTIFICATION_CATEGORIES.map((category) => [category, z.boolean()])) as Record<(typeof NOTIFICATION_CATEGORIES)[number], z.ZodBoolean>;

export const NotificationSettingsSchema = named(
  "NotificationEmailSettings",
  z.object(categories).describe("Per category, whether its notifications are also e-mailed."),
);

export const NotificationSettingsBodySchema = named(
  "NotificationEmailSettingsChange",
  z
    .object(Object.fromEntries(NOTIFICATION_CATEGORIES.map((category) => [category, z.boolean("api:fields.invalid")])) as Record<(typeof NOTIFICATION_CATEGORIES)[number], z.ZodBoolean>)
    .partial()
    .describe("Any subset of the categories; the others keep their setting."),
);

export const ReviewReportedSchema = named("ReviewReported", z.object({ id: z.int().describe("The report's id.") }));

export const FriendTripPaymentStartedSchema = named(
  "FriendTripPaymentStarted",
  z.object({
    reference: z.string().describe("The request's reference."),
    paymentReference: z.string().describe("The new payment attempt's reference."),
    paymentUrl: z.string().describe("The card gateway's page to send the requester to."),
  }),
);
