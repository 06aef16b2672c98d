import type { Migration } from "~/db/migrator.server";
import { Experience, ExperienceBooking, ExperienceSlot } from "~/db/models/experience.server";
import { Partner } from "~/db/models/partner.server";
import { User } from "~/db/models/user.server";
import { bookExperience } from "~/services/experiences/experience-booking.server";
import { cancelExperienceBooking, startExperiencePayment } from "~/services/experiences/experience-payments.server";
import { reviewBankPayment } from "~/services/payments/bank-payments.server";

// Demo experience money (issue 21 point 5, ADR 183), through the real service calls: the demo
// traveler books two places on a demo experience and pays by bank transfer, which the demo
// operator confirms (a confirmed, paid booking with its ledger lines); and books another, paid the
// same way, that its partner then cancels (cancelled, refunded in full, the refund owed at
// /admin/refunds). Idempotent: nothing is done when the traveler already has experience bookings.

async function paidBooking(travelerId: number, operator: { id: number; role: string }, slotId: number, people: number): Promise<number> {
  const booked = await bookExperience({ id: travelerId }, { slotId, people, acceptTerms: true });
  const started = await startExperiencePayment({ id: travelerId }, booked.id, "bank_transfer");
  await reviewBankPayment(operator, started.payment.id, "confirm", { note: "Demo transfer received" });
  return booked.id;
}

export const seed: Migration = async () => {
  const traveler = await User.findOne({ where: { email: "traveler@demo.darna.tn" } });
  const operator = await User.findOne({ where: { email: "operator@demo.darna.tn" } });
  const partnerUser = await User.findOne({ where: { email: "partner1@demo.darna.tn" } });
  if (!traveler || !operator || !partnerUser) return;
  if ((await ExperienceBooking.count({ where: { travelerId: traveler.id } })) > 0) return;
  const partner = await Partner.findOne({ where: { userId: partnerUser.id } });
  const experience = partner ? await Experience.findOne({ where: { partnerId: partner.id, status: "approved" }, order: [["id", "ASC"]] }) : null;
  if (!experience) return;
  const slots = await ExperienceSlot.findAll({ where: { experienceId: experience.id }, order: [["startsAt", "ASC"]] });
  // Departures more than 48 hours away, with room: the second and third coming ones.
  const future = slots.filter((slot) => slot.startsAt.getTime() > Date.now() + 3 * 86_400_000 && slot.capacity - slot.placesTaken >= 2);
  if (future.length < 2) return;
  await paidBooking(traveler.id, operator, future[0]!.id, 2);
  const cancelled = await paidBooking(traveler.id, operator, future[1]!.id, 1);
  await cancelExperienceBooking(cancelled, partnerUser.id);
};
