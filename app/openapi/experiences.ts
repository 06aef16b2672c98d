// The experiences routes (issue 21, ADR 182): partners' activities booked per person on dated slots.
import { z } from "zod";
import { named } from "~/openapi/components";
import { operation } from "~/openapi/operation";
import { CreatedExperienceBookingSchema, ExperienceBookingBodySchema, ExperienceDetailSchema, ExperienceListSchema } from "~/schemas/experiences-api";

export const tags = [{ name: "Experiences", description: "Activities offered by Darna's partners, booked per person on dated slots." }];

export const operations = [
  operation({
    method: "get",
    path: "/api/v1/experiences",
    operationId: "listExperiences",
    scope: "read",
    summary: "Approved experiences with a future slot that has room for the people asked for",
    description: "The filters of the /experiences page; a filter that cannot be read is ignored. 12 per page, newest first.",
    tag: "Experiences",
    query: z.object({
      city: z.string().optional().describe("Part of the city's name."),
      date: z.string().optional().describe("A day (YYYY-MM-DD, Tunis time) with a slot."),
      people: z.int().min(1).max(20).optional().describe("People to book for (default 1): slots need that many places."),
      maxPrice: z.int().min(1).optional().describe("Highest price per person, in dinars."),
      language: z.string().optional().describe("A language spoken (two-letter code)."),
      page: z.int().min(1).optional().describe("Page, from 1 (default 1)."),
    }),
    responses: { 200: { description: "A page of experiences.", schema: ExperienceListSchema } },
    errors: [405],
  }),
  operation({
    method: "get",
    path: "/api/v1/experiences/{id}",
    operationId: "getExperience",
    scope: "read",
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
];
