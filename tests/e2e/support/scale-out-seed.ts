// Test data for the scale-out journey (tests/e2e/scale-out.spec.ts), written with the app's own
// models into the MariaDB database that the two instances share (DATABASE_URL). Run as a child
// process (`node --import tsx`), because the Playwright worker's copy of the app is bound to the
// e2e server's SQLite database (support/app-database.ts). Prints one JSON line:
// { hostId, hostToken, listingId, travelers: [{ id, token }] }.
import { User } from "~/db/models/user.server";
import { getSequelize } from "~/db/sequelize.server";
import { createSession } from "~/utils/auth-sessions.server";
import { createBookingUser, createPublicListing } from "../../factories/booking-factories";

const travelerCount = Number(process.argv[2] ?? 10);

const host = await createBookingUser();
await User.update({ hostMode: true }, { where: { id: host.id } });
const listing = await createPublicListing({ hostId: host.id });
const travelers = [];
for (let index = 0; index < travelerCount; index++) {
  const traveler = await createBookingUser();
  travelers.push({ id: traveler.id, token: (await createSession(traveler.id, "api")).id });
}
const hostToken = (await createSession(host.id, "api")).id;
process.stdout.write(`${JSON.stringify({ hostId: host.id, hostToken, listingId: listing.id, travelers })}\n`);
await getSequelize().close();
