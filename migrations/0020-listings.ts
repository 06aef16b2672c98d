import type { Migration } from "~/db/migrator.server";

// Listings (SPEC.md §3 Property), their amenities, travel types, photos, pauses, moderation
// history and per-date calendar. Money: integer millimes. Dates of stays: YYYY-MM-DD strings.
export const up: Migration = async ({ context: { queryInterface, DataTypes } }) => {
  const timestamps = {
    created_at: { type: DataTypes.DATE, allowNull: false },
    updated_at: { type: DataTypes.DATE, allowNull: false },
  };
  const listingRef = {
    type: DataTypes.INTEGER,
    allowNull: false,
    references: { model: "listings", key: "id" },
    onDelete: "CASCADE",
  };

  await queryInterface.createTable("listings", {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    host_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: "users", key: "id" }, onDelete: "CASCADE" },
    property_type: { type: DataTypes.STRING(16), allowNull: true },
    title: { type: DataTypes.STRING(120), allowNull: true },
    description_fr: { type: DataTypes.TEXT, allowNull: true },
    description_en: { type: DataTypes.TEXT, allowNull: true },
    description_es: { type: DataTypes.TEXT, allowNull: true },
    max_guests: { type: DataTypes.INTEGER, allowNull: true },
    bedrooms: { type: DataTypes.INTEGER, allowNull: true },
    beds: { type: DataTypes.INTEGER, allowNull: true },
    bathrooms: { type: DataTypes.INTEGER, allowNull: true },
    // Address (Tunisia: governorate and delegation from app/data/tunisia-places.ts).
    country: { type: DataTypes.STRING(2), allowNull: false, defaultValue: "TN" },
    street: { type: DataTypes.STRING(200), allowNull: true },
    additional_address: { type: DataTypes.STRING(200), allowNull: true },
    city: { type: DataTypes.STRING(100), allowNull: true },
    governorate: { type: DataTypes.STRING(64), allowNull: true },
    delegation: { type: DataTypes.STRING(64), allowNull: true },
    postal_code: { type: DataTypes.STRING(8), allowNull: true },
    latitude: { type: DataTypes.DOUBLE, allowNull: true },
    longitude: { type: DataTypes.DOUBLE, allowNull: true },
    // Prices in millimes; for hotels and guesthouses base_price is the lowest room price.
    base_price: { type: DataTypes.INTEGER, allowNull: true },
    cleaning_fee: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    min_nights: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 1 },
    max_nights: { type: DataTypes.INTEGER, allowNull: true },
    weekly_discount_pct: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    monthly_discount_pct: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    cancellation_policy: { type: DataTypes.STRING(16), allowNull: true },
    reservation_method: { type: DataTypes.STRING(16), allowNull: true },
    pets_allowed: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    events_allowed: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    smoking_allowed: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    check_in_time: { type: DataTypes.STRING(5), allowNull: true },
    check_out_time: { type: DataTypes.STRING(5), allowNull: true },
    // Calendar links to two listing platforms and a channel manager (synchronised later).
    calendar_url_airbnb: { type: DataTypes.STRING(2048), allowNull: true },
    calendar_url_booking: { type: DataTypes.STRING(2048), allowNull: true },
    calendar_url_channel_manager: { type: DataTypes.STRING(2048), allowNull: true },
    visibility: { type: DataTypes.STRING(8), allowNull: false, defaultValue: "visible" },
    status: { type: DataTypes.STRING(8), allowNull: false, defaultValue: "pending" },
    moderation_state: { type: DataTypes.STRING(20), allowNull: false, defaultValue: "draft" },
    // The operator's latest notes (corrections) or reason (rejection), shown to the host.
    moderation_note: { type: DataTypes.TEXT, allowNull: true },
    // Wizard steps saved at least once (JSON array of step names).
    saved_steps: { type: DataTypes.TEXT, allowNull: false, defaultValue: "[]" },
    submitted_at: { type: DataTypes.DATE, allowNull: true },
    approved_at: { type: DataTypes.DATE, allowNull: true },
    deleted_at: { type: DataTypes.DATE, allowNull: true },
    ...timestamps,
  });
  await queryInterface.addIndex("listings", ["host_id", "status"]);
  await queryInterface.addIndex("listings", ["status", "visibility", "city"]);
  await queryInterface.addIndex("listings", ["moderation_state", "submitted_at"]);

  await queryInterface.createTable("listing_amenities", {
    listing_id: { ...listingRef, primaryKey: true },
    amenity: { type: DataTypes.STRING(32), allowNull: false, primaryKey: true },
  });
  await queryInterface.addIndex("listing_amenities", ["amenity"]);

  await queryInterface.createTable("listing_travel_types", {
    listing_id: { ...listingRef, primaryKey: true },
    travel_type: { type: DataTypes.STRING(16), allowNull: false, primaryKey: true },
  });
  await queryInterface.addIndex("listing_travel_types", ["travel_type"]);

  await queryInterface.createTable("hotels", {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    listing_id: { ...listingRef, unique: true },
    name: { type: DataTypes.STRING(120), allowNull: false },
    stars: { type: DataTypes.INTEGER, allowNull: true },
    category: { type: DataTypes.STRING(32), allowNull: true },
    total_rooms: { type: DataTypes.INTEGER, allowNull: false },
    description_fr: { type: DataTypes.TEXT, allowNull: true },
    description_en: { type: DataTypes.TEXT, allowNull: true },
    description_es: { type: DataTypes.TEXT, allowNull: true },
    check_in_time: { type: DataTypes.STRING(5), allowNull: true },
    check_out_time: { type: DataTypes.STRING(5), allowNull: true },
    weekly_discount_pct: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    monthly_discount_pct: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    ...timestamps,
  });

  await queryInterface.createTable("hotel_room_types", {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    hotel_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: "hotels", key: "id" }, onDelete: "CASCADE" },
    name: { type: DataTypes.STRING(120), allowNull: false },
    description: { type: DataTypes.TEXT, allowNull: true },
    base_price: { type: DataTypes.INTEGER, allowNull: false },
    size_m2: { type: DataTypes.INTEGER, allowNull: true },
    max_occupancy: { type: DataTypes.INTEGER, allowNull: false },
    bed_configuration: { type: DataTypes.STRING(120), allowNull: true },
    quantity: { type: DataTypes.INTEGER, allowNull: false },
    // JSON array of feature keys.
    features: { type: DataTypes.TEXT, allowNull: false, defaultValue: "[]" },
    position: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    ...timestamps,
  });

  await queryInterface.createTable("guesthouses", {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    listing_id: { ...listingRef, unique: true },
    name: { type: DataTypes.STRING(120), allowNull: false },
    total_rooms: { type: DataTypes.INTEGER, allowNull: false },
    description_fr: { type: DataTypes.TEXT, allowNull: true },
    description_en: { type: DataTypes.TEXT, allowNull: true },
    description_es: { type: DataTypes.TEXT, allowNull: true },
    check_in_time: { type: DataTypes.STRING(5), allowNull: true },
    check_out_time: { type: DataTypes.STRING(5), allowNull: true },
    ...timestamps,
  });

  await queryInterface.createTable("guesthouse_rooms", {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    guesthouse_id: {
      type: DataTypes.INTEGER,
      allowNull: false,
      references: { model: "guesthouses", key: "id" },
      onDelete: "CASCADE",
    },
    number: { type: DataTypes.STRING(16), allowNull: false },
    name: { type: DataTypes.STRING(120), allowNull: false },
    price: { type: DataTypes.INTEGER, allowNull: false },
    max_guests: { type: DataTypes.INTEGER, allowNull: false },
    beds: { type: DataTypes.INTEGER, allowNull: false },
    showers: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    ...timestamps,
  });
  await queryInterface.addIndex("guesthouse_rooms", ["guesthouse_id", "number"], { unique: true });

  await queryInterface.createTable("listing_photos", {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    listing_id: listingRef,
    // Set for a hotel room type's photos; null for the listing's own photos.
    room_type_id: {
      type: DataTypes.INTEGER,
      allowNull: true,
      references: { model: "hotel_room_types", key: "id" },
      onDelete: "CASCADE",
    },
    // Storage key prefix; the variants are `<key>-<width>.webp`.
    storage_key: { type: DataTypes.STRING(200), allowNull: false },
    // Widths of the stored WebP variants, comma-separated ("320,640,1280").
    variants: { type: DataTypes.STRING(64), allowNull: false },
    width: { type: DataTypes.INTEGER, allowNull: false },
    height: { type: DataTypes.INTEGER, allowNull: false },
    position: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    is_cover: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    ...timestamps,
  });
  await queryInterface.addIndex("listing_photos", ["listing_id", "room_type_id", "position"]);

  await queryInterface.createTable("listing_pauses", {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    listing_id: listingRef,
    start_date: { type: DataTypes.STRING(10), allowNull: false },
    end_date: { type: DataTypes.STRING(10), allowNull: false },
    ...timestamps,
  });
  await queryInterface.addIndex("listing_pauses", ["listing_id", "start_date"]);

  await queryInterface.createTable("listing_moderation_events", {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    listing_id: listingRef,
    actor_id: { type: DataTypes.INTEGER, allowNull: true, references: { model: "users", key: "id" }, onDelete: "SET NULL" },
    // submit | approve | request_corrections | reject
    action: { type: DataTypes.STRING(24), allowNull: false },
    from_state: { type: DataTypes.STRING(20), allowNull: false },
    to_state: { type: DataTypes.STRING(20), allowNull: false },
    note: { type: DataTypes.TEXT, allowNull: true },
    created_at: { type: DataTypes.DATE, allowNull: false },
  });
  await queryInterface.addIndex("listing_moderation_events", ["listing_id", "created_at"]);

  // The host calendar: a date's own price and/or a block (managed by the calendar work).
  await queryInterface.createTable("calendar_days", {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    listing_id: listingRef,
    date: { type: DataTypes.STRING(10), allowNull: false },
    price: { type: DataTypes.INTEGER, allowNull: true },
    blocked: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    ...timestamps,
  });
  await queryInterface.addIndex("calendar_days", ["listing_id", "date"], { unique: true });
};

export const down: Migration = async ({ context: { queryInterface } }) => {
  for (const table of [
    "calendar_days",
    "listing_moderation_events",
    "listing_pauses",
    "listing_photos",
    "guesthouse_rooms",
    "guesthouses",
    "hotel_room_types",
    "hotels",
    "listing_travel_types",
    "listing_amenities",
    "listings",
  ]) {
    await queryInterface.dropTable(table);
  }
};
