import { Op, QueryTypes, type Transaction } from "sequelize";
import type { Migration } from "~/db/migrator.server";
import { PayoutRequest } from "~/db/models/payout-request.server";
import { Reservation } from "~/db/models/reservation.server";
import { reportMonths } from "~/domain/revenues";
import { addDays, dateInTunis } from "~/domain/stay-dates";
import { bookableListingsOf, recordPastStay } from "~/services/booking/past-stay.server";
import { hostBalancesOf } from "~/services/money/ledger.server";
import { applyPayoutDecision, insertPayoutRequest, type PayoutDecision } from "~/services/money/payouts.server";

// Demo host money (issue 14 point 9): host@demo.darna.tn (Karim) has a stay checked in during
// each of the last 12 months up to the day of seeding (so /dashboard/revenues draws 12 non-zero
// bars), and three payout requests of the months before: one confirmed with a transfer
// reference, one refused with a reason, one pinned (still open). Everything goes through the
// services' own writes: stays through recordPastStay (reservation, card payment, ledger lines),
// requests through insertPayoutRequest / applyPayoutDecision (window, balance and one-open checks,
// ledger lines) at past instants inside each month's window; no e-mail is sent for the demo.
// Idempotent: stays are keyed by reference, and the requests are written only when the demo host
// has none.

const HOST = "host@demo.darna.tn";
const OPERATOR = "operator@demo.darna.tn";
const GUESTS = ["traveler@demo.darna.tn", "youssef@demo.darna.tn", "meriem@demo.darna.tn", "hedi@demo.darna.tn", "leila@demo.darna.tn"];

const BANK = {
  bankName: "Banque Internationale Arabe de Tunisie",
  bankAddress: "70-72 avenue Habib Bourguiba, 1000 Tunis",
  accountHolder: "Karim Trabelsi",
  iban: "10006035183598478831",
};

/** `day` of `month` (YYYY-MM) at `hour`:00, Tunis time (UTC+1 all year). */
function tunisInstant(month: string, day: number, hour: number): Date {
  return new Date(`${month}-${String(day).padStart(2, "0")}T${String(hour).padStart(2, "0")}:00:00+01:00`);
}

/** The share of the available balance asked for, in whole dinars. */
async function askFor(hostId: number, share: number, at: Date, transaction: Transaction): Promise<number> {
  const { available } = await hostBalancesOf(hostId, at, transaction);
  return Math.floor((available * share) / 1000) * 1000;
}

export const seed: Migration = async ({ context: { sequelize } }) => {
  const now = new Date();
  const today = dateInTunis(now);
  const months = reportMonths(null, now);
  await sequelize.transaction(async (transaction) => {
    const users = await sequelize.query<{ id: number; email: string }>("SELECT id, email FROM users WHERE email IN (:emails)", {
      replacements: { emails: [HOST, OPERATOR, ...GUESTS] },
      type: QueryTypes.SELECT,
      transaction,
    });
    const idOf = (email: string) => users.find((user) => user.email === email)?.id;
    const hostId = idOf(HOST);
    const operatorId = idOf(OPERATOR);
    const guests = GUESTS.map(idOf).filter((id): id is number => id !== undefined);
    if (!hostId || !operatorId || guests.length === 0) return;
    const listings = await bookableListingsOf(hostId, transaction);
    if (listings.length === 0) return;

    // One stay per month, oldest first: checked in on the 8th, 13th or 18th (this month: no later than today).
    for (let back = 11; back >= 0; back--) {
      const month = months[11 - back]!;
      const dayOfMonth = back === 0 ? Math.min(7 + (back % 3) * 5, Number(today.slice(8, 10)) - 1) : 7 + (back % 3) * 5;
      const checkIn = addDays(`${month}-01`, dayOfMonth);
      const nights = 2 + (back % 4);
      const checkOut = addDays(checkIn, nights);
      // The first of the host's listings (in turn) with no stay on those nights.
      let listing = listings[back % listings.length]!;
      for (let turn = 0; turn < listings.length; turn++) {
        const candidate = listings[(back + turn) % listings.length]!;
        const taken = await Reservation.count({
          where: { listingId: candidate.id, status: "confirmed", checkIn: { [Op.lt]: checkOut }, checkOut: { [Op.gt]: checkIn } },
          transaction,
        });
        if (taken === 0) {
          listing = candidate;
          break;
        }
      }
      const bookedAt = new Date(Math.min(now.getTime(), tunisInstant(month, 1, 10).getTime() - 20 * 86_400_000));
      await recordPastStay(
        {
          reference: `DEMOM${String(12 - back).padStart(2, "0")}`, listingId: listing.id, hostId, travelerId: guests[back % guests.length]!,
          checkIn, nights, nightlyPrice: listing.basePrice, cleaningFee: listing.cleaningFee, bookedAt,
        },
        transaction,
      );
    }

    if ((await PayoutRequest.count({ where: { hostId }, transaction })) > 0) return;
    const requests: Array<{ month: string; day: number; share: number; decision: PayoutDecision; decidedDay: number }> = [
      { month: months[8]!, day: 26, share: 0.8, decision: { action: "confirm", reference: `VIR-${months[8]!.replace("-", "")}-0042` }, decidedDay: 28 },
      {
        month: months[9]!, day: 26, share: 0.5, decidedDay: 27,
        decision: { action: "refuse", reason: "The account holder's name does not match the bank's records: please check the RIB and ask again." },
      },
      { month: months[10]!, day: 25, share: 0.6, decision: { action: "pin", note: "Bank holiday at month end: paid with the next transfer batch." }, decidedDay: 26 },
    ];
    for (const step of requests) {
      const at = tunisInstant(step.month, step.day, 10);
      const amount = await askFor(hostId, step.share, at, transaction);
      if (amount <= 0) continue;
      const request = await insertPayoutRequest(hostId, { ...BANK, amount }, at, transaction);
      await applyPayoutDecision(operatorId, request.id, step.decision, tunisInstant(step.month, step.decidedDay, 15), transaction);
    }
  });
};
