import { describe, expect, it } from "vitest";
import {
  isPausedOn,
  isPublic,
  isStepComplete,
  listingStatus,
  missingSteps,
  moderationTransition,
  nextStepAfter,
  overlapsPause,
  previousStepBefore,
  resumeStep,
  stepPosition,
  wizardStepsFor,
  type ListingFacts,
  type ModerationAction,
  type ModerationState,
  type WizardStep,
} from "~/domain/listing";
import { completeFacts } from "../../tests/factories/listing-facts";

describe("wizard steps", () => {
  it("follow the SPEC's order, hotels and guesthouses adding their two steps after the type", () => {
    const common = ["photos", "description", "amenities", "travel-types", "prices", "discounts", "cancellation", "house-rules", "calendar-links", "verification", "waiting"];
    expect(wizardStepsFor("apartment")).toEqual(["address", "property-type", ...common]);
    expect(wizardStepsFor(null)).toEqual(["address", "property-type", ...common]);
    expect(wizardStepsFor("hotel")).toEqual(["address", "property-type", "hotel-info", "room-types", ...common]);
    expect(wizardStepsFor("guesthouse")).toEqual(["address", "property-type", "guesthouse-info", "rooms", ...common]);
  });

  it.each<[Parameters<typeof stepPosition>[0], WizardStep, number, number]>([
    ["apartment", "address", 1, 13],
    ["apartment", "photos", 3, 13],
    ["apartment", "waiting", 13, 13],
    ["hotel", "room-types", 4, 15],
    ["guesthouse", "photos", 5, 15],
  ])("%s: %s is step %i of %i", (type, step, index, total) => {
    expect(stepPosition(type, step)).toEqual({ index, total });
  });

  it("know the next and previous step", () => {
    expect(nextStepAfter("villa", "property-type")).toBe("photos");
    expect(nextStepAfter("hotel", "property-type")).toBe("hotel-info");
    expect(nextStepAfter("villa", "waiting")).toBeNull();
    expect(previousStepBefore("guesthouse", "photos")).toBe("rooms");
    expect(previousStepBefore("villa", "address")).toBeNull();
  });
});

describe("step rules", () => {
  it.each<[WizardStep, Partial<ListingFacts>, boolean]>([
    ["address", {}, true],
    ["address", { delegation: null }, false],
    ["address", { postalCode: "800" }, false],
    ["address", { latitude: null }, false],
    ["property-type", {}, true],
    ["property-type", { propertyType: null }, false],
    ["property-type", { maxGuests: 0 }, false],
    ["property-type", { propertyType: "hotel", maxGuests: null }, true],
    ["photos", { photoCount: 4 }, false],
    ["photos", { photoCount: 5 }, true],
    ["description", { descriptionFr: null }, false],
    ["description", { descriptionFr: null, descriptionEs: "Un piso" }, true],
    ["description", { title: " " }, false],
    ["amenities", { savedSteps: [] }, false],
    ["amenities", { savedSteps: ["amenities"], amenities: [] }, true],
    ["travel-types", { travelTypes: [] }, false],
    ["prices", { basePrice: null }, false],
    ["prices", { propertyType: "hotel", basePrice: null }, true],
    ["prices", { minNights: 5, maxNights: 3 }, false],
    ["cancellation", { cancellationPolicy: null }, false],
    ["house-rules", { checkInTime: "3pm" }, false],
    ["hotel-info", { hotel: { name: "Dar", totalRooms: 10 } }, true],
    ["hotel-info", { hotel: null }, false],
    ["room-types", { roomTypeCount: 0 }, false],
    ["rooms", { roomCount: 2 }, true],
    ["guesthouse-info", { guesthouse: { name: "", totalRooms: 3 } }, false],
  ])("%s with %o is complete: %s", (step, overrides, expected) => {
    expect(isStepComplete(step, completeFacts(overrides))).toBe(expected);
  });

  it("lists the steps still missing before submitting, and where to resume", () => {
    expect(missingSteps(completeFacts())).toEqual([]);
    expect(resumeStep(completeFacts())).toBe("verification");
    const partial = completeFacts({ photoCount: 2, travelTypes: [] });
    expect(missingSteps(partial)).toEqual(["photos", "travel-types"]);
    expect(resumeStep(partial)).toBe("photos");
    const hotel = completeFacts({ propertyType: "hotel", hotel: { name: "Dar", totalRooms: 5 }, roomTypeCount: 0 });
    expect(missingSteps(hotel)).toEqual(["room-types"]);
  });
});

describe("moderation", () => {
  it.each<[ModerationState, ModerationAction, ModerationState | null]>([
    ["draft", "submit", "pending_review"],
    ["needs_corrections", "submit", "pending_review"],
    ["pending_review", "submit", null],
    ["approved", "submit", null],
    ["pending_review", "approve", "approved"],
    ["draft", "approve", null],
    ["pending_review", "request_corrections", "needs_corrections"],
    ["approved", "request_corrections", null],
    ["pending_review", "reject", "rejected"],
    ["rejected", "submit", null],
  ])("%s --%s--> %s", (from, action, to) => {
    expect(moderationTransition(from, action)).toBe(to);
  });

  it.each<[ModerationState, boolean, string]>([
    ["draft", false, "pending"],
    ["pending_review", false, "pending"],
    ["approved", false, "visible"],
    ["approved", true, "deleted"],
    ["rejected", false, "pending"],
  ])("status of %s (deleted %s) is %s", (state, deleted, status) => {
    expect(listingStatus(state, deleted)).toBe(status);
  });

  const publicOne = { status: "visible", visibility: "visible", moderationState: "approved", deletedAt: null, hostSuspended: false } as const;
  it("is public only when approved, visible, not deleted and its host not suspended", () => {
    expect(isPublic(publicOne)).toBe(true);
    expect(isPublic({ ...publicOne, visibility: "hidden" })).toBe(false);
    expect(isPublic({ ...publicOne, status: "deleted" })).toBe(false);
    expect(isPublic({ ...publicOne, status: "pending", moderationState: "pending_review" })).toBe(false);
    expect(isPublic({ ...publicOne, deletedAt: new Date("2026-01-01") })).toBe(false);
    expect(isPublic({ ...publicOne, hostSuspended: true })).toBe(false);
  });
});

describe("pauses", () => {
  const pauses = [{ start: "2026-08-01", end: "2026-08-10" }];
  it.each([
    ["2026-07-31", false],
    ["2026-08-01", true],
    ["2026-08-09", true],
    ["2026-08-10", false],
  ])("%s paused: %s", (date, expected) => {
    expect(isPausedOn(pauses, date)).toBe(expected);
  });
  it.each([
    ["2026-07-25", "2026-08-01", false],
    ["2026-07-25", "2026-08-02", true],
    ["2026-08-10", "2026-08-12", false],
    ["2026-08-05", "2026-08-06", true],
  ])("stay %s → %s overlaps: %s", (start, end, expected) => {
    expect(overlapsPause(pauses, { start, end })).toBe(expected);
  });
});
