// The experiences routes (issue 21, ADR 182): partners' activities booked per person on dated slots.
import { z } from "~/schemas/zod";
import { named } from "~/openapi/components";
import { operation } from "~/openapi/operation";
import { StartPaymentSchema } from "~/schemas/booking";
import { StartedPaymentSchema } from "~/schemas/booking-api";
import {
  CreatedExperienceBookingSchema,
  ExperienceBookingBodySchema,
  ExperienceBookingDetailSchema,
  ExperienceCancellationSchema,
  ExperienceDetailSchema,
  ExperienceListSchema,
} from "~/schemas/experiences-api";

const booking = z.object({ id: z.string().describe("The experience booking's id.") });

export const tags = [{ name: "Experiences", description: "Activities offered by Darna's partners, booked per person on dated slots." }];

export const operations = [
  operation({
    method: "get",
    path: "/api/v1/experiences",
    operationId: "listExperiences",
    summary: "Approved experiences with a future slot that has room for the people asked for",
    description: "The filters of the /experiences page; a filter that cannot be read is ignored. 12 per page by default (`pageSize` 1–100), newest first.",
    tag: "Experiences",
    query: z.object({
      city: z.string().optional().describe("Part of the city's name."),
      date: z.string().optional().describe("A day (YYYY-MM-DD, Tunis time) with a slot."),
      people: z.int().min(1).max(20).optional().describe("People to book for (default 1): slots need that many places."),
      maxPrice: z.int().min(1).optional().describe("Highest price per person, in dinars."),
      language: z.string().optional().describe("A language spoken (two-letter code)."),
      page: z.int().min(1).optional().describe("Page, from 1 (default 1)."),
      pageSize: z.int().min(1).max(100).optional().describe("Experiences per page, 1–100 (default 12); another value is a 400."),
    }),
    responses: { 200: { description: "A page of experiences.", schema: ExperienceListSchema } },
    errors: [400, 405],
  }),
  operation({
    method: "get",
    path: "/api/v1/experiences/{id}",
    operationId: "getExperience",
    summary: "One approved experience with its partner and its future slots with places left",
    tag: "Experiences",
    params: z.object({ id: z.string().describe("The experience's id.") }),
    responses: { 200: { description: "The experience.", schema: ExperienceDetailSchema } },
    errors: [404, 405],
  }),
  operation({
    method: "post",
    path: "/api/v1/experience-bookings",
    operationId: "createExperienceBooking",
    scope: "reservations:write",
    idempotent: true,
    summary: "Book places on a slot",
    description:
      "The places are held for 30 minutes (`pending_payment`) and freed if unpaid. Fewer places left than `people`: 409 " +
      '"Not enough places left on this date". The bearer must have a verified e-mail (403 otherwise) and accept the terms ' +
      "of sale (`acceptTerms: true`; 400 otherwise).",
    tag: "Experiences",
    auth: "bearer",
    body: named("CreateExperienceBookingRequest", ExperienceBookingBodySchema),
    responses: { 201: { description: "The booking.", schema: CreatedExperienceBookingSchema } },
    errors: [400, 401, 403, 404, 405, 409, 415],
  }),
  operation({
    method: "get",
    path: "/api/v1/experience-bookings/{id}",
    operationId: "getExperienceBooking",
    summary: "One experience booking with its payments and refunds",
    description: "For the booking's traveler or the account of its partner (`viewer`); 404 for anyone else.",
    tag: "Experiences",
    auth: "bearer",
    scope: "read",
    params: booking,
    responses: { 200: { description: "The booking.", schema: ExperienceBookingDetailSchema } },
    errors: [401, 404, 405],
  }),
  operation({
    method: "post",
    path: "/api/v1/experience-bookings/{id}/payments",
    operationId: "startExperienceBookingPayment",
    idempotent: true,
    summary: "Start paying a held experience booking",
    description:
      "As POST /api/v1/reservations/{id}/payments for stays, through the same payment flow. card: follow `redirectUrl` to " +
      "the gateway's hosted page; it sends the traveler back to /experience-bookings/{id} with `?ref=` (or verify with " +
      "GET /api/v1/payments/{reference}). bank_transfer / bank_deposit: the bank details; upload the proof on the booking's " +
      "page, the Darna team confirms it (the places stay held meanwhile). 409 when the 30-minute hold is gone or already paid.",
    tag: "Experiences",
    auth: "bearer",
    scope: "experiences:write",
    params: booking,
    body: named("StartExperiencePaymentRequest", StartPaymentSchema),
    responses: { 201: { description: "The payment started.", schema: StartedPaymentSchema } },
    errors: [400, 401, 404, 405, 409, 415],
  }),
  operation({
    method: "post",
    path: "/api/v1/experience-bookings/{id}/cancel",
    operationId: "cancelExperienceBooking",
    summary: "Cancel an experience booking (traveler or partner)",
    description:
      "An unpaid hold is given up (its places freed). A paid booking is refunded in full when the partner cancels or when " +
      "the traveler cancels 48 hours or more before the start, and not at all after; the refund is paid by the Darna team " +
      "within 15 days. 409 once cancelled, expired or started.",
    tag: "Experiences",
    auth: "bearer",
    scope: "experiences:write",
    params: booking,
    responses: { 200: { description: "The cancelled booking and its refund.", schema: ExperienceCancellationSchema } },
    errors: [401, 404, 405, 409],
  }),
];
