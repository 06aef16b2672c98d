// The vocabulary of listings (SPEC.md §3, §4) and the pure rules around them: which wizard
// steps a property type has, what each step needs, the moderation state machine and the
// status the API shows. No I/O here: the listing service loads facts and asks these functions.

export const PROPERTY_TYPES = ["villa", "apartment", "room", "chalet", "hotel", "guesthouse"] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];

export const TRAVEL_TYPES = ["work", "relax", "discover", "fun"] as const;
export type TravelType = (typeof TRAVEL_TYPES)[number];

export const AMENITIES = [
  "wifi",
  "air_conditioning",
  "heating",
  "hot_water",
  "kitchen",
  "washing_machine",
  "tv",
  "workspace",
  "free_parking",
  "pool",
  "jacuzzi",
  "garden",
  "terrace",
  "bbq",
  "sea_view",
  "beach_access",
  "elevator",
  "breakfast",
  "family_friendly",
  "wheelchair_accessible",
] as const;
export type Amenity = (typeof AMENITIES)[number];

export const CANCELLATION_POLICIES = ["flexible", "moderate", "strict", "closed"] as const;
export type CancellationPolicy = (typeof CANCELLATION_POLICIES)[number];

export const RESERVATION_METHODS = ["direct", "request"] as const;
export type ReservationMethod = (typeof RESERVATION_METHODS)[number];

/** What the API calls status (SPEC.md §4): pending until approved, visible once approved, deleted. */
export const LISTING_STATUSES = ["pending", "visible", "deleted"] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

// suspended and removed: an approved listing the team took out of search (ADR 170); removed is final.
export const MODERATION_STATES = ["draft", "pending_review", "needs_corrections", "approved", "rejected", "suspended", "removed"] as const;
export type ModerationState = (typeof MODERATION_STATES)[number];

export const VISIBILITIES = ["visible", "hidden"] as const;
export type Visibility = (typeof VISIBILITIES)[number];

export const MIN_LISTING_PHOTOS = 5;
export const MAX_LISTING_PHOTOS = 30;
/** A room type holds at most 5 photos plus its cover. */
export const MAX_ROOM_TYPE_PHOTOS = 5;

export function isEstablishmentType(type: PropertyType | null | undefined): type is "hotel" | "guesthouse" {
  return type === "hotel" || type === "guesthouse";
}

// ---------------------------------------------------------------------------------------------
// Wizard steps

export const WIZARD_STEPS = [
  "address",
  "property-type",
  "hotel-info",
  "room-types",
  "guesthouse-info",
  "rooms",
  "photos",
  "description",
  "amenities",
  "travel-types",
  "prices",
  "discounts",
  "cancellation",
  "house-rules",
  "calendar-links",
  "verification",
  "waiting",
] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

export function isWizardStep(value: unknown): value is WizardStep {
  return typeof value === "string" && (WIZARD_STEPS as readonly string[]).includes(value);
}

/** The steps of the wizard for a property type, in the SPEC's order (hotels and guesthouses add two). */
export function wizardStepsFor(type: PropertyType | null | undefined): WizardStep[] {
  return WIZARD_STEPS.filter((step) => {
    if (step === "hotel-info" || step === "room-types") return type === "hotel";
    if (step === "guesthouse-info" || step === "rooms") return type === "guesthouse";
    return true;
  });
}

/** Steps that hold data and must be valid before submitting (verification and waiting hold none). */
export function requiredStepsFor(type: PropertyType | null | undefined): WizardStep[] {
  return wizardStepsFor(type).filter((step) => step !== "verification" && step !== "waiting");
}

export function stepPosition(type: PropertyType | null | undefined, step: WizardStep): { index: number; total: number } {
  const steps = wizardStepsFor(type);
  return { index: steps.indexOf(step) + 1, total: steps.length };
}

export function nextStepAfter(type: PropertyType | null | undefined, step: WizardStep): WizardStep | null {
  const steps = wizardStepsFor(type);
  const at = steps.indexOf(step);
  return at >= 0 && at < steps.length - 1 ? steps[at + 1]! : null;
}

export function previousStepBefore(type: PropertyType | null | undefined, step: WizardStep): WizardStep | null {
  const steps = wizardStepsFor(type);
  const at = steps.indexOf(step);
  return at > 0 ? steps[at - 1]! : null;
}

/** The facts of a listing the step rules look at (a plain object the service builds). */
export interface ListingFacts {
  propertyType: PropertyType | null;
  street: string | null;
  city: string | null;
  governorate: string | null;
  delegation: string | null;
  postalCode: string | null;
  latitude: number | null;
  longitude: number | null;
  maxGuests: number | null;
  bedrooms: number | null;
  beds: number | null;
  bathrooms: number | null;
  title: string | null;
  descriptionFr: string | null;
  descriptionEn: string | null;
  descriptionEs: string | null;
  amenities: string[];
  travelTypes: string[];
  basePrice: number | null;
  minNights: number | null;
  maxNights: number | null;
  weeklyDiscountPct: number | null;
  monthlyDiscountPct: number | null;
  cancellationPolicy: string | null;
  reservationMethod: string | null;
  checkInTime: string | null;
  checkOutTime: string | null;
  calendarLinks: Array<string | null>;
  photoCount: number;
  /** Steps the host has saved at least once (optional steps count as done once saved). */
  savedSteps: string[];
  hotel: { name: string | null; totalRooms: number | null } | null;
  roomTypeCount: number;
  guesthouse: { name: string | null; totalRooms: number | null } | null;
  roomCount: number;
}

const filled = (value: string | null | undefined) => typeof value === "string" && value.trim().length > 0;
const positive = (value: number | null | undefined) => typeof value === "number" && value > 0;

/** Is a step's data complete and valid? (Checks the stored facts, not a form.) */
export function isStepComplete(step: WizardStep, facts: ListingFacts): boolean {
  switch (step) {
    case "address":
      return (
        filled(facts.street) &&
        filled(facts.city) &&
        filled(facts.governorate) &&
        filled(facts.delegation) &&
        /^\d{4}$/.test(facts.postalCode ?? "") &&
        facts.latitude !== null &&
        facts.longitude !== null
      );
    case "property-type":
      if (!facts.propertyType) return false;
      if (isEstablishmentType(facts.propertyType)) return true;
      return positive(facts.maxGuests) && facts.bedrooms !== null && positive(facts.beds) && positive(facts.bathrooms);
    case "hotel-info":
      return filled(facts.hotel?.name) && positive(facts.hotel?.totalRooms);
    case "room-types":
      return facts.roomTypeCount > 0;
    case "guesthouse-info":
      return filled(facts.guesthouse?.name) && positive(facts.guesthouse?.totalRooms);
    case "rooms":
      return facts.roomCount > 0;
    case "photos":
      return facts.photoCount >= MIN_LISTING_PHOTOS;
    case "description":
      return filled(facts.title) && (filled(facts.descriptionFr) || filled(facts.descriptionEn) || filled(facts.descriptionEs));
    case "amenities":
      return facts.savedSteps.includes("amenities");
    case "travel-types":
      return facts.travelTypes.length > 0;
    case "prices":
      return (
        (isEstablishmentType(facts.propertyType) || positive(facts.basePrice)) &&
        positive(facts.minNights) &&
        (facts.maxNights === null || facts.maxNights >= (facts.minNights ?? 1))
      );
    case "discounts":
      return facts.savedSteps.includes("discounts");
    case "cancellation":
      return filled(facts.cancellationPolicy) && filled(facts.reservationMethod);
    case "house-rules":
      return /^\d{2}:\d{2}$/.test(facts.checkInTime ?? "") && /^\d{2}:\d{2}$/.test(facts.checkOutTime ?? "");
    case "calendar-links":
      return facts.savedSteps.includes("calendar-links");
    case "verification":
    case "waiting":
      return true;
  }
}

/** The required steps not yet complete, in wizard order. Empty means the listing can be submitted. */
export function missingSteps(facts: ListingFacts): WizardStep[] {
  return requiredStepsFor(facts.propertyType).filter((step) => !isStepComplete(step, facts));
}

/** Where the host should continue: the first incomplete step, else verification. */
export function resumeStep(facts: ListingFacts): WizardStep {
  return missingSteps(facts)[0] ?? "verification";
}

// ---------------------------------------------------------------------------------------------
// Moderation

export type ModerationAction = "submit" | "approve" | "request_corrections" | "reject" | "suspend" | "reinstate" | "remove";

const TRANSITIONS: Record<ModerationAction, { from: ModerationState[]; to: ModerationState }> = {
  submit: { from: ["draft", "needs_corrections"], to: "pending_review" },
  approve: { from: ["pending_review"], to: "approved" },
  request_corrections: { from: ["pending_review"], to: "needs_corrections" },
  reject: { from: ["pending_review"], to: "rejected" },
  suspend: { from: ["approved"], to: "suspended" },
  reinstate: { from: ["suspended"], to: "approved" },
  remove: { from: ["approved", "suspended"], to: "removed" },
};

/** The state after `action`, or null when the action is not allowed from `state`. */
export function moderationTransition(state: ModerationState, action: ModerationAction): ModerationState | null {
  const rule = TRANSITIONS[action];
  return rule.from.includes(state) ? rule.to : null;
}

/** Can the host still edit the listing through the wizard (drafts and listings sent back)? */
export function isEditableDraft(state: ModerationState): boolean {
  return state === "draft" || state === "needs_corrections";
}

/** The API status: deleted when soft-deleted, visible once approved, pending otherwise. */
export function listingStatus(state: ModerationState, deleted: boolean): ListingStatus {
  if (deleted) return "deleted";
  return state === "approved" ? "visible" : "pending";
}

/**
 * Public (anyone may see it): approved, switched visible by the host, not deleted, and its host not
 * suspended. The SQL form of this rule is app/services/listings/public-listings.server.ts; a db
 * test (tests/db/public-listing-rule.test.ts) holds the two together.
 */
export function isPublic(listing: {
  status: ListingStatus;
  visibility: Visibility;
  moderationState: ModerationState;
  deletedAt: Date | string | null;
  hostSuspended: boolean;
}): boolean {
  return (
    listing.status === "visible" &&
    listing.visibility === "visible" &&
    listing.moderationState === "approved" &&
    listing.deletedAt === null &&
    !listing.hostSuspended
  );
}

// ---------------------------------------------------------------------------------------------
// Pauses: half-open date ranges [start, end) during which a listing takes no booking.

export interface DateRange {
  start: string;
  end: string;
}

/** Does a pause cover `date` (YYYY-MM-DD)? */
export function isPausedOn(pauses: DateRange[], date: string): boolean {
  return pauses.some((pause) => pause.start <= date && date < pause.end);
}

/** Does a stay [checkIn, checkOut) touch any pause? */
export function overlapsPause(pauses: DateRange[], range: DateRange): boolean {
  return pauses.some((pause) => pause.start < range.end && range.start < pause.end);
}
