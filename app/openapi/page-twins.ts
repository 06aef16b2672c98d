// Twins of page actions added for issue 22 point 1 (ADR 225), each through the page's own schema
// and service function: the host's company (/dashboard/company), co-host invitations
// (/dashboard/cohosts), a partner's new experience (/dashboard/experiences/new), the notification
// e-mail settings (/notifications), a host's answer to a claim and a host's report of a review
// (the host's reservation page).
import { z } from "~/schemas/zod";
import { named } from "~/openapi/components";
import { bearer, idParams, operation } from "~/openapi/operation";
import { ClaimAnswerSchema } from "~/schemas/claim";
import { InviteCohostSchema } from "~/schemas/cohosts";
import { CompanySchema } from "~/schemas/company";
import {
  CohostInvitationChangedSchema,
  CohostInvitationListSchema,
  CohostInvitationSchema,
  CompanyResponseSchema,
  CompanyStateSchema,
  FriendTripPaymentStartedSchema,
  NotificationSettingsBodySchema,
  NotificationSettingsSchema,
  PartnerExperienceCreatedSchema,
  ReviewReportedSchema,
} from "~/schemas/page-twins-api";
import { HostPhotoListSchema, PhotoMoveSchema } from "~/schemas/listings-api";
import { PartnerExperienceSchema } from "~/schemas/partner-experience";
import { ReportSchema } from "~/schemas/review";

export const tags = [
  { name: "Company", description: "The company a host acts for, printed on their receipts and invoices." },
  { name: "Co-hosts", description: "A host invites others to co-host some of their listings; the invitee accepts or declines." },
  { name: "Partner experiences", description: "A partner's own experiences and their slots." },
];

const id = idParams();
const experiencePhoto = idParams("photoId");

const invitationStep = (step: "accept" | "decline" | "end", summary: string, description: string) =>
  operation({
    method: "post",
    path: `/api/v1/cohost-invitations/{id}/${step}`,
    operationId: `${step}CohostInvitation`,
    summary,
    description: `${description} 404 (\`not_found\`) when the invitation is not the bearer's to ${step === "end" ? "end" : "answer"}; 409 when it changed meanwhile.`,
    tag: "Co-hosts",
    ...bearer,
    scope: "listings:write",
    params: id,
    responses: { 200: { description: "The invitation's new status.", schema: CohostInvitationChangedSchema } },
    errors: [401, 403, 404, 405, 409],
  });

export const operations = [
  operation({
    method: "get",
    path: "/api/v1/host/company",
    operationId: "getCompany",
    summary: "The company the bearer acts for as a host (null when none)",
    tag: "Company",
    ...bearer,
    scope: "read",
    responses: { 200: { description: "The company, or null.", schema: CompanyStateSchema } },
    errors: [401, 405],
  }),
  operation({
    method: "put",
    path: "/api/v1/host/company",
    operationId: "declareCompany",
    summary: "Declare or change the company the host acts for",
    description:
      "The matricule fiscal is read in any common written form and kept normalised; a wrong one is a 400 on `taxId` with " +
      "/dashboard/company's message. 403 for an account that does not host (not in host mode, no listing) or is not verified.",
    tag: "Company",
    ...bearer,
    scope: "profile:write",
    body: named("CompanyRequest", CompanySchema),
    responses: { 200: { description: "The company as stored.", schema: CompanyResponseSchema } },
    errors: [400, 401, 403, 405, 415],
  }),
  operation({
    method: "delete",
    path: "/api/v1/host/company",
    operationId: "withdrawCompany",
    summary: "The host no longer acts for a company (invoices already issued keep what they said)",
    tag: "Company",
    ...bearer,
    scope: "profile:write",
    responses: { 204: { description: "Withdrawn." } },
    errors: [401, 403, 405],
  }),
  operation({
    method: "get",
    path: "/api/v1/cohost-invitations",
    operationId: "listCohostInvitations",
    summary: "Invitations the bearer sent (pending, and current co-hosts) and received",
    tag: "Co-hosts",
    ...bearer,
    scope: "read",
    responses: { 200: { description: "Both lists, newest first (a few per host: not paginated).", schema: CohostInvitationListSchema } },
    errors: [401, 405],
  }),
  operation({
    method: "post",
    path: "/api/v1/cohost-invitations",
    operationId: "inviteCohost",
    idempotent: true,
    summary: "Invite an e-mail address to co-host some of the bearer's listings",
    description:
      "The listings must be the bearer's own; the address is e-mailed (and notified when it holds a verified account). " +
      "409 (`conflict`, on `email`) when that address already has a live invitation from the bearer; 403 for an unverified account.",
    tag: "Co-hosts",
    ...bearer,
    scope: "listings:write",
    body: named("InviteCohostRequest", InviteCohostSchema),
    responses: { 201: { description: "The invitation.", schema: CohostInvitationSchema } },
    errors: [400, 401, 403, 404, 405, 409, 415],
  }),
  invitationStep("accept", "Accept an invitation to co-host (the invited, verified address)", "The bearer's account must hold the invited address."),
  invitationStep("decline", "Decline an invitation to co-host", "The bearer's account must hold the invited address."),
  invitationStep("end", "Withdraw a pending invitation or remove a co-host (the host)", "Access ends at once."),
  operation({
    method: "post",
    path: "/api/v1/partner/experiences",
    operationId: "createPartnerExperience",
    idempotent: true,
    summary: "A partner proposes a new experience with its slots (one start, or weekly until a date)",
    description:
      "/dashboard/experiences/new's rules and messages: titles and descriptions in en, fr and es; price per person in whole " +
      "dinars; `firstStart` local Africa/Tunis time YYYY-MM-DDTHH:mm, in the future; `repeatWeeklyUntil` YYYY-MM-DD. " +
      "The experience waits for an operator's review. 403 unless the bearer manages an active partner.",
    tag: "Partner experiences",
    ...bearer,
    scope: "experiences:write",
    body: named("PartnerExperienceRequest", PartnerExperienceSchema),
    responses: { 201: { description: "Created, pending review.", schema: PartnerExperienceCreatedSchema, headers: { Location: "The experience's URL." } } },
    errors: [400, 401, 403, 405, 415],
  }),
  operation({
    method: "get",
    path: "/api/v1/partner/experiences/{id}/photos",
    operationId: "listExperiencePhotos",
    summary: "The photos of one of the bearer's partner's experiences, in their order",
    description: "404 for an experience that is not the bearer's partner's.",
    tag: "Partner experiences",
    ...bearer,
    scope: "read",
    params: id,
    responses: { 200: { description: "The photos.", schema: HostPhotoListSchema } },
    errors: [401, 403, 404, 405],
  }),
  operation({
    method: "post",
    path: "/api/v1/partner/experiences/{id}/photos",
    operationId: "uploadExperiencePhotos",
    idempotent: true,
    summary: "Upload photos of an experience (multipart)",
    description:
      "/dashboard/experiences/{id}/photos's upload: the listings' reader, limits and image pipeline (files in `photos`, at most 10 a post, " +
      "JPEG, PNG, WebP or AVIF). 422 on the field `photos` with the pages' message; 404 for another partner's experience.",
    tag: "Partner experiences",
    ...bearer,
    scope: "experiences:write",
    params: id,
    body: z.object({ photos: z.array(z.file()).describe("The image files.") }),
    bodyMediaType: "multipart/form-data",
    responses: { 201: { description: "The photos added.", schema: HostPhotoListSchema } },
    errors: [400, 401, 403, 404, 405, 415, 422],
  }),
  operation({
    method: "delete",
    path: "/api/v1/partner/experiences/{id}/photos/{photoId}",
    operationId: "deleteExperiencePhoto",
    summary: "Delete a photo of an experience (the cover passes to the next one)",
    tag: "Partner experiences",
    ...bearer,
    scope: "experiences:write",
    params: experiencePhoto,
    responses: { 200: { description: "The photos left.", schema: HostPhotoListSchema } },
    errors: [401, 403, 404, 405],
  }),
  operation({
    method: "post",
    path: "/api/v1/partner/experiences/{id}/photos/{photoId}/cover",
    operationId: "setExperienceCoverPhoto",
    summary: "Make a photo the experience's cover",
    tag: "Partner experiences",
    ...bearer,
    scope: "experiences:write",
    params: experiencePhoto,
    responses: { 200: { description: "The photos.", schema: HostPhotoListSchema } },
    errors: [401, 403, 404, 405],
  }),
  operation({
    method: "post",
    path: "/api/v1/partner/experiences/{id}/photos/{photoId}/move",
    operationId: "moveExperiencePhoto",
    summary: "Move a photo of an experience one place up or down",
    tag: "Partner experiences",
    ...bearer,
    scope: "experiences:write",
    params: experiencePhoto,
    body: PhotoMoveSchema,
    responses: { 200: { description: "The photos in their new order.", schema: HostPhotoListSchema } },
    errors: [400, 401, 403, 404, 405, 415, 422],
  }),
  operation({
    method: "get",
    path: "/api/v1/notifications/settings",
    operationId: "getNotificationSettings",
    summary: "Which notification categories are also e-mailed to the bearer",
    tag: "Notifications",
    ...bearer,
    scope: "read",
    responses: { 200: { description: "One boolean per category.", schema: NotificationSettingsSchema } },
    errors: [401, 405],
  }),
  operation({
    method: "put",
    path: "/api/v1/notifications/settings",
    operationId: "saveNotificationSettings",
    summary: "Choose which notification categories are also e-mailed",
    tag: "Notifications",
    ...bearer,
    scope: "notifications:write",
    body: NotificationSettingsBodySchema,
    responses: { 200: { description: "The settings after the change.", schema: NotificationSettingsSchema } },
    errors: [400, 401, 405, 415],
  }),
  operation({
    method: "post",
    path: "/api/v1/claims/{id}/answer",
    operationId: "answerClaim",
    summary: "The host answers an open claim on their stay",
    description: "403 when the claim is not on the bearer's stay; 409 (`conflict`) when an operator has decided it already.",
    tag: "Claims",
    ...bearer,
    scope: "claims:write",
    params: id,
    body: named("ClaimAnswerRequest", ClaimAnswerSchema),
    responses: { 204: { description: "Answered; the traveler is notified." } },
    errors: [400, 401, 403, 404, 405, 409, 415],
  }),
  operation({
    method: "post",
    path: "/api/v1/reviews/{id}/report",
    operationId: "reportReview",
    idempotent: true,
    summary: "The listing's host reports a review to the operators",
    description: "403 for anyone but the listing's host; 409 while a report of it is open.",
    tag: "Reviews",
    ...bearer,
    scope: "reviews:write",
    params: id,
    body: named("ReportReviewRequest", ReportSchema),
    responses: { 201: { description: "The report.", schema: ReviewReportedSchema } },
    errors: [400, 401, 403, 404, 405, 409, 415],
  }),
  operation({
    method: "post",
    path: "/api/v1/friend-trip/requests/{reference}/payment",
    operationId: "retryFriendTripPayment",
    summary: "A new card payment for a Friend Trip request still awaiting payment",
    description: "As /friend-trip-failed's \"try again\". No account needed: the reference is what the requester holds. 404 (`not_found`) for an unknown reference; 409 (`conflict`) once paid.",
    tag: "Friend Trip",
    params: z.object({ reference: z.string().min(1).describe("The request's reference.") }),
    responses: { 200: { description: "Where to pay.", schema: FriendTripPaymentStartedSchema } },
    errors: [404, 405, 409],
  }),
];
