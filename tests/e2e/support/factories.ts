// Test data for the e2e journeys, written with the app's own models straight into the e2e
// server's database (support/app-database.ts): every test makes its own users and listings, so
// the JavaScript-on and -off projects (which run at once) and the retries never share a row.
// The demo accounts are only for the test that checks the demo (accounts.spec.ts).
//
//   const host = await createUser({ host: true });
//   const listing = await createListing({ host, method: "request" });
//   const traveler = await createUser();
//   const page = await signedInPage(browser, traveler, javaScriptEnabled);
import "./app-database";
import crypto from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { DEMO_SCENE_SIZE, ensureDemoScenes, sceneStorageKey } from "~/services/photos/demo-scenes.server";
import { Guesthouse } from "~/db/models/guesthouse.server";
import { GuesthouseRoom } from "~/db/models/guesthouse-room.server";
import { Hotel } from "~/db/models/hotel.server";
import { HotelRoomType } from "~/db/models/hotel-room-type.server";
import { ListingAmenity } from "~/db/models/listing-amenity.server";
import { ListingPhoto } from "~/db/models/listing-photo.server";
import { ListingTravelType } from "~/db/models/listing-travel-type.server";
import { Listing } from "~/db/models/listing.server";
import { User } from "~/db/models/user.server";
import { writeTransaction } from "~/db/write-transaction.server";
import { wizardStepsFor, type CancellationPolicy, type PropertyType, type ReservationMethod } from "~/domain/listing";
import { VARIANT_WIDTHS } from "~/services/photos/image-pipeline.server";
import { recordPastStay } from "~/services/booking/past-stay.server";
import { getStorage } from "~/services/storage/storage.server";
import { hashPassword } from "~/utils/password.server";
import { isoDaysFromNow, waitForHydration } from "./fixtures";

export { unusedCurrencyCode } from "../../factories/currency";

/** Every factory user's password. */
export const PASSWORD = "e2e-passw0rd-2025";
let passwordHash: Promise<string> | undefined;

/** A short random tag that makes names, e-mails and places unique to one test. */
export function uniqueTag(): string {
  return crypto.randomBytes(4).toString("hex");
}

export interface TestUser {
  id: number;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

export interface UserOptions {
  /** "operator" opens /admin. */
  role?: "user" | "operator";
  /** Host mode on (the host menu and dashboard). */
  host?: boolean;
  firstName?: string;
  lastName?: string;
  email?: string;
  language?: "en" | "fr" | "es";
  timeZone?: string;
  country?: string;
  phone?: string | null;
  birthDate?: string;
  about?: string | null;
  verified?: boolean;
}

/** A user with PASSWORD, verified unless told otherwise. */
export async function createUser(options: UserOptions = {}): Promise<TestUser> {
  const tag = uniqueTag();
  const user = await User.create({
    email: options.email ?? `e2e-${tag}@test.darna.tn`,
    passwordHash: await (passwordHash ??= hashPassword(PASSWORD)),
    firstName: options.firstName ?? "Nour",
    lastName: options.lastName ?? `Tester ${tag}`,
    birthDate: options.birthDate ?? "1990-04-12",
    gender: null,
    country: options.country ?? "TN",
    phone: options.phone === undefined ? "+216 20 555 123" : options.phone,
    nationality: "TN",
    role: options.role ?? "user",
    hostMode: options.host ?? false,
    language: options.language ?? "en",
    currency: "TND",
    timeZone: options.timeZone ?? "Africa/Tunis",
    about: options.about ?? null,
    emailVerifiedAt: options.verified === false ? null : new Date(),
  });
  return { id: user.id, email: user.email, password: PASSWORD, firstName: user.firstName, lastName: user.lastName };
}

/** An operator (role "operator"). */
export function createOperator(options: Omit<UserOptions, "role"> = {}): Promise<TestUser> {
  return createUser({ firstName: "Sana", ...options, role: "operator" });
}

export interface RoomTypeInput {
  name: string;
  /** TND a night. */
  price: number;
  occupancy: number;
  quantity: number;
}

export interface ListingOptions {
  /** The owner: a user of createUser({ host: true }), or a new host when left out. */
  host?: TestUser;
  type?: PropertyType;
  title?: string;
  /** A unique town by default, so a search by city finds this listing alone. */
  city?: string;
  governorate?: string;
  delegation?: string;
  method?: ReservationMethod;
  policy?: CancellationPolicy;
  /** TND a night (for a hotel: its cheapest room type's). */
  price?: number;
  /** TND a stay. */
  cleaningFee?: number;
  minNights?: number;
  maxGuests?: number;
  bedrooms?: number;
  beds?: number;
  bathrooms?: number;
  amenities?: string[];
  travelTypes?: string[];
  petsAllowed?: boolean;
  eventsAllowed?: boolean;
  photos?: number;
  /** "hidden": approved but kept out of search and pages by its host. */
  visibility?: "visible" | "hidden";
  /** A hotel's room types (type "hotel"). */
  roomTypes?: RoomTypeInput[];
  /** A guesthouse's rooms (type "guesthouse"). */
  rooms?: Array<{ name: string; price: number; maxGuests: number }>;
}

export interface TestListing {
  id: number;
  title: string;
  city: string;
  hostId: number;
  minNights: number;
  /** The path of its public page. */
  path: string;
  roomTypes: RoomTypeInput[];
}

const TND = 1000;
// Drawn pictures the demo seed also uses (rendered once into the storage, then reused).
const SCENES = ["living-room", "bedroom", "kitchen", "bathroom", "terrace", "sea-view"];

/** An approved, public listing (an apartment in a town of its own unless told otherwise) with photos. */
export async function createListing(options: ListingOptions = {}): Promise<TestListing> {
  const host = options.host ?? (await createUser({ host: true, firstName: "Hedi" }));
  const type = options.type ?? "apartment";
  const establishment = type === "hotel" || type === "guesthouse";
  const roomTypes = type === "hotel" ? (options.roomTypes ?? [{ name: "Double", price: 180, occupancy: 2, quantity: 6 }]) : [];
  const rooms = type === "guesthouse" ? (options.rooms ?? [{ name: "Jasmin", price: 120, maxGuests: 2 }]) : [];
  const price = options.price ?? (roomTypes[0]?.price ?? rooms[0]?.price ?? 150);
  const tag = uniqueTag();
  const city = options.city ?? `Testville ${tag}`;
  const title = options.title ?? `${type === "hotel" ? "Hôtel" : "Stay"} ${tag}`;
  const listing = await Listing.create({
    hostId: host.id,
    propertyType: type,
    title,
    descriptionFr: `Un logement de test à ${city}.`,
    descriptionEn: `A test stay in ${city}, close to the beach and the market.`,
    descriptionEs: `Un alojamiento de prueba en ${city}.`,
    maxGuests: options.maxGuests ?? (establishment ? null : 4),
    bedrooms: options.bedrooms ?? (establishment ? null : 2),
    beds: options.beds ?? (establishment ? null : 2),
    bathrooms: options.bathrooms ?? (establishment ? null : 1),
    street: "12 rue de la Plage",
    additionalAddress: null,
    city,
    governorate: options.governorate ?? "nabeul",
    delegation: options.delegation ?? "Hammamet",
    postalCode: "8050",
    latitude: 36.4,
    longitude: 10.61,
    basePrice: price * TND,
    cleaningFee: (options.cleaningFee ?? (establishment ? 0 : 30)) * TND,
    minNights: options.minNights ?? 1,
    maxNights: 60,
    weeklyDiscountPct: 0,
    monthlyDiscountPct: 0,
    cancellationPolicy: options.policy ?? "flexible",
    reservationMethod: options.method ?? "direct",
    petsAllowed: options.petsAllowed ?? false,
    eventsAllowed: options.eventsAllowed ?? false,
    smokingAllowed: false,
    checkInTime: type === "hotel" ? "14:00" : "15:00",
    checkOutTime: type === "hotel" ? "12:00" : "11:00",
    calendarUrlAirbnb: null,
    calendarUrlBooking: null,
    calendarUrlChannelManager: null,
    visibility: options.visibility ?? "visible",
    status: "visible",
    moderationState: "approved",
    moderationNote: null,
    // Every step saved, as the wizard leaves an approved listing ("waiting" is a state, not a step).
    savedSteps: wizardStepsFor(type).filter((step) => step !== "waiting"),
    submittedAt: new Date(),
    approvedAt: new Date(),
    deletedAt: null,
  });
  const listingId = listing.id;
  const amenities = options.amenities ?? ["wifi", "kitchen", "air_conditioning"];
  const travelTypes = options.travelTypes ?? ["relax"];
  if (amenities.length > 0) await ListingAmenity.bulkCreate(amenities.map((amenity) => ({ listingId, amenity })));
  if (travelTypes.length > 0) await ListingTravelType.bulkCreate(travelTypes.map((travelType) => ({ listingId, travelType })));

  const scenes = SCENES.slice(0, options.photos ?? 5);
  if (scenes.length > 0) {
    await ensureDemoScenes(getStorage(), scenes);
    await ListingPhoto.bulkCreate(
      scenes.map((scene, position) => ({
        listingId,
        roomTypeId: null,
        storageKey: sceneStorageKey(scene),
        variants: VARIANT_WIDTHS.join(","),
        ...DEMO_SCENE_SIZE,
        position,
        isCover: position === 0,
      })),
    );
  }

  if (type === "hotel") {
    const hotel = await Hotel.create({
      listingId,
      name: title,
      stars: 4,
      category: null,
      totalRooms: roomTypes.reduce((sum, roomType) => sum + roomType.quantity, 0),
      descriptionFr: listing.descriptionFr,
      descriptionEn: listing.descriptionEn,
      descriptionEs: listing.descriptionEs,
      checkInTime: "14:00",
      checkOutTime: "12:00",
    });
    for (const [position, roomType] of roomTypes.entries()) {
      await HotelRoomType.create({
        hotelId: hotel.id,
        name: roomType.name,
        description: `${roomType.name} room`,
        basePrice: roomType.price * TND,
        sizeM2: 22,
        maxOccupancy: roomType.occupancy,
        bedConfiguration: "1 double bed",
        quantity: roomType.quantity,
        position,
      });
    }
  }
  if (type === "guesthouse") {
    const guesthouse = await Guesthouse.create({
      listingId,
      name: title,
      totalRooms: rooms.length,
      descriptionFr: listing.descriptionFr,
      descriptionEn: listing.descriptionEn,
      descriptionEs: listing.descriptionEs,
      checkInTime: "15:00",
      checkOutTime: "11:00",
    });
    await GuesthouseRoom.bulkCreate(
      rooms.map((room, index) => ({
        guesthouseId: guesthouse.id,
        number: String(index + 1),
        name: room.name,
        price: room.price * TND,
        maxGuests: room.maxGuests,
        beds: 1,
        showers: 1,
      })),
    );
  }

  return {
    id: listingId,
    title,
    city,
    hostId: host.id,
    minNights: listing.minNights,
    path: `/${establishment ? "establishment" : "property"}-details/${listingId}`,
    roomTypes,
  };
}

/**
 * A stay of `traveler` at `listing` that is over: a confirmed direct reservation of three nights
 * at 100 TND (from five days ago to two days ago), paid by card, with the ledger lines the
 * payment writes (recordPastStay: the host's earning is available). Answers the reservation's id.
 */
export async function createCompletedStay(listing: Pick<TestListing, "id" | "hostId">, traveler: Pick<TestUser, "id">): Promise<number> {
  const input = {
    reference: `E2S${uniqueTag().toUpperCase()}`,
    listingId: listing.id,
    hostId: listing.hostId,
    travelerId: traveler.id,
    checkIn: isoDaysFromNow(-5),
    nights: 3,
    nightlyPrice: 100 * TND,
    bookedAt: new Date(),
  };
  const { reservation } = await writeTransaction((transaction) => recordPastStay(input, transaction));
  return reservation.id;
}

/** Signs `user` in through the login form of `page`; resolves once the page has left /auth. */
export async function signIn(page: Page, user: Pick<TestUser, "email" | "password">, javaScriptEnabled = false) {
  await page.goto("/auth");
  if (javaScriptEnabled) await waitForHydration(page);
  await page.locator("input[name=email]").fill(user.email);
  await page.locator("input[name=password]").fill(user.password);
  await page.locator("form:has(input[name=password]) button[type=submit]").first().click();
  await page.waitForURL((url) => !url.pathname.startsWith("/auth"));
}

/** A new browser context (JavaScript as the project has it) with `user` signed in. */
export async function signedInPage(browser: Browser, user: Pick<TestUser, "email" | "password">, javaScriptEnabled: boolean): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled, locale: "en-GB", timezoneId: "Africa/Tunis" });
  const page = await context.newPage();
  await signIn(page, user, javaScriptEnabled);
  return page;
}
