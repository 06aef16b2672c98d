// Issue 11, point 5: the sandbox card gateway takes payments only when PAYMENT_CARD_PROVIDER=sandbox
// is set or the site runs in demo mode (SEED_DEMO not "false" and the demo accounts loaded, as
// server.ts finds at start); a real deployment gets "no gateway configured" instead.
import { DataTypes } from "sequelize";
import { afterEach, describe, expect, it } from "vitest";
import { hasDemoAccounts } from "~/db/migrator.server";
import { getSequelize } from "~/db/sequelize.server";
import { createReservation } from "~/services/booking/booking.server";
import { cardProviderId, findPaymentProvider } from "~/services/payments/payment-providers.server";
import { getSandboxCharge, SANDBOX_PROVIDER_ID } from "~/services/payments/payment-sandbox.server";
import { startPayment } from "~/services/payments/payment-start.server";
import { AppError } from "~/utils/app-error";
import { resetSingleton } from "~/utils/singleton.server";
import { isDemoMode, markSiteReady } from "~/utils/site-state.server";
import { seed as seedDemoAccounts } from "../../migrations/seeders/02-demo-accounts";
import { createBookingUser, createPublicListing, stayFrom } from "../factories/booking-factories";

const now = new Date();

async function heldReservation() {
  const traveler = await createBookingUser();
  const listing = await createPublicListing();
  const reservation = await createReservation({ id: traveler.id }, { listingId: listing.id, adults: 1, ...stayFrom(now, 10, 2) }, { now, termsAccepted: true });
  return { traveler, reservationId: reservation.id };
}

afterEach(() => {
  process.env.PAYMENT_CARD_PROVIDER = "sandbox"; // as tests/setup/db.ts sets it
  resetSingleton("site-state");
});

describe("the sandbox card gateway", () => {
  it("is off on a site that is not a demo and names no gateway: no card payment, no hosted page", async () => {
    const earlier = await heldReservation();
    const started = await startPayment(earlier.traveler, earlier.reservationId, "card", { now });
    expect(started.kind).toBe("gateway");

    delete process.env.PAYMENT_CARD_PROVIDER;
    expect(isDemoMode()).toBe(false);
    expect(cardProviderId()).toBeNull();
    expect(findPaymentProvider(SANDBOX_PROVIDER_ID)).toBeNull();
    expect(await getSandboxCharge(started.payment.reference)).toBeNull();
    const held = await heldReservation();
    const refused = await startPayment(held.traveler, held.reservationId, "card", { now }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).key).toBe("payment:errors.noGateway");
  });

  it("runs in demo mode without PAYMENT_CARD_PROVIDER", async () => {
    delete process.env.PAYMENT_CARD_PROVIDER;
    markSiteReady({ demo: true });
    expect(cardProviderId()).toBe(SANDBOX_PROVIDER_ID);
    const held = await heldReservation();
    const started = await startPayment(held.traveler, held.reservationId, "card", { now });
    expect(started.kind === "gateway" && started.redirectUrl).toBe(`/sandbox-gateway/pay/${started.payment.reference}`);
    expect(await getSandboxCharge(started.payment.reference)).toMatchObject({ status: "created" });
  });

  it("runs outside demo mode when PAYMENT_CARD_PROVIDER=sandbox says so", () => {
    markSiteReady({ demo: false });
    expect(cardProviderId()).toBe(SANDBOX_PROVIDER_ID);
    expect(findPaymentProvider(SANDBOX_PROVIDER_ID)?.id).toBe(SANDBOX_PROVIDER_ID);
  });

  it("PAYMENT_CARD_PROVIDER names another gateway even in demo mode", () => {
    process.env.PAYMENT_CARD_PROVIDER = "clictopay";
    markSiteReady({ demo: true });
    expect(cardProviderId()).toBe("clictopay");
    expect(findPaymentProvider(SANDBOX_PROVIDER_ID)).toBeNull();
  });
});

describe("demo mode", () => {
  it("needs the three demo accounts in the database", async () => {
    const sequelize = getSequelize();
    expect(await hasDemoAccounts(sequelize)).toBe(false);
    await createBookingUser();
    expect(await hasDemoAccounts(sequelize)).toBe(false);
    await seedDemoAccounts({ context: { queryInterface: sequelize.getQueryInterface(), sequelize, DataTypes } });
    expect(await hasDemoAccounts(sequelize)).toBe(true);
  });
});
