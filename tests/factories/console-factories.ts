// Records the operator console's role-matrix and audit tests act on: a Friend Trip request waiting
// for the team and a pending partner proposal (written straight to the tables: no e-mail, no
// payment, no analytics).
import crypto from "node:crypto";
import { FriendTripRequest } from "~/db/models/friend-trip.server";
import { PartnerProposal } from "~/db/models/partner-proposal.server";

const unique = () => crypto.randomBytes(4).toString("hex");

export async function newFriendTripRequest(now: Date = new Date()): Promise<FriendTripRequest> {
  return FriendTripRequest.create({
    reference: `FT-${unique().toUpperCase()}`,
    userId: null,
    firstName: "Lucía",
    lastName: "Pages",
    nationality: "Spanish",
    startDate: "2031-04-10",
    endDate: "2031-04-14",
    purpose: "relax",
    email: `lucia-${unique()}@example.com`,
    phone: "+34 612 345 678",
    pack: "basic",
    interests: "[]",
    consent: true,
    language: "es",
    price: 0,
    status: "new",
    notes: null,
    createdAt: now,
    updatedAt: now,
  });
}

export async function pendingPartnerProposal(now: Date = new Date()): Promise<PartnerProposal> {
  return PartnerProposal.create({
    userId: null,
    name: "Kayak Tabarka",
    description: "Sea kayaking along the coral coast.",
    priceRanges: JSON.stringify([{ min: 40_000, max: 75_500 }]),
    availability: JSON.stringify([{ date: "2031-06-01", from: "09:00", to: "12:30" }]),
    languages: JSON.stringify(["fr", "ar"]),
    email: `kayak-${unique()}@partners.test.darna.tn`,
    phone: "+216 78 670 000",
    website: null,
    language: "fr",
    createdAt: now,
    updatedAt: now,
  });
}
