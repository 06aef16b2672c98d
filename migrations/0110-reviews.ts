import type { Migration } from "~/db/migrator.server";

// Reviews and quality (issue 13, ADR 110): reviews of completed stays with their five ratings and
// the host's reply, reports of false reviews, every change of a host's suspension (who, when,
// why) and the operators' quality checks. A listing keeps its rating (the domain's average of its
// visible reviews) and count beside it, written in the transaction that changes a review, so
// search sorts and cards read them without aggregating.
export const up: Migration = async ({ context: { queryInterface, DataTypes } }) => {
  const user = () => ({ type: DataTypes.INTEGER, references: { model: "users", key: "id" } });
  const rating = () => ({ type: DataTypes.INTEGER, allowNull: false });
  await queryInterface.createTable("reviews", {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    reservation_id: { type: DataTypes.INTEGER, allowNull: false, unique: true, references: { model: "reservations", key: "id" }, onDelete: "CASCADE" },
    listing_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: "listings", key: "id" }, onDelete: "CASCADE" },
    host_id: { ...user(), allowNull: false },
    author_id: { ...user(), allowNull: false },
    text: { type: DataTypes.TEXT, allowNull: false },
    amenities: rating(),
    services: rating(),
    price: rating(),
    tours: rating(),
    location: rating(),
    // YYYY-MM of the check-in, shown with the review.
    stay_month: { type: DataTypes.STRING(7), allowNull: false },
    language: { type: DataTypes.STRING(2), allowNull: true },
    reply_text: { type: DataTypes.TEXT, allowNull: true },
    replied_at: { type: DataTypes.DATE, allowNull: true },
    hidden_at: { type: DataTypes.DATE, allowNull: true },
    hidden_by: { ...user(), allowNull: true },
    hidden_note: { type: DataTypes.TEXT, allowNull: true },
    created_at: { type: DataTypes.DATE, allowNull: false },
    updated_at: { type: DataTypes.DATE, allowNull: false },
  });
  await queryInterface.addIndex("reviews", ["listing_id", "hidden_at", "created_at"], { name: "reviews_listing_visible" });
  await queryInterface.addIndex("reviews", ["host_id", "hidden_at"], { name: "reviews_host_visible" });
  await queryInterface.addIndex("reviews", ["author_id"], { name: "reviews_author" });

  await queryInterface.createTable("review_reports", {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    review_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: "reviews", key: "id" }, onDelete: "CASCADE" },
    reporter_id: { ...user(), allowNull: false },
    reason: { type: DataTypes.TEXT, allowNull: false },
    // open | kept | hidden
    status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: "open" },
    decided_by: { ...user(), allowNull: true },
    decided_at: { type: DataTypes.DATE, allowNull: true },
    decision_note: { type: DataTypes.TEXT, allowNull: true },
    created_at: { type: DataTypes.DATE, allowNull: false },
    updated_at: { type: DataTypes.DATE, allowNull: false },
  });
  await queryInterface.addIndex("review_reports", ["status", "created_at"], { name: "review_reports_status" });
  await queryInterface.addIndex("review_reports", ["review_id"], { name: "review_reports_review" });

  // Every imposition or lifting of a suspension: actor_id null = the rating rule.
  await queryInterface.createTable("host_suspension_events", {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    host_id: { ...user(), allowNull: false, onDelete: "CASCADE" },
    // imposed | lifted
    action: { type: DataTypes.STRING(16), allowNull: false },
    // rating | operator
    source: { type: DataTypes.STRING(16), allowNull: false },
    actor_id: { ...user(), allowNull: true },
    note: { type: DataTypes.TEXT, allowNull: true },
    rating: { type: DataTypes.DOUBLE, allowNull: true },
    review_count: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    created_at: { type: DataTypes.DATE, allowNull: false },
  });
  await queryInterface.addIndex("host_suspension_events", ["host_id", "created_at"], { name: "host_suspension_events_host" });

  await queryInterface.createTable("quality_checks", {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    host_id: { ...user(), allowNull: false, onDelete: "CASCADE" },
    opened_on: { type: DataTypes.DATEONLY, allowNull: false },
    // open | passed | warned | suspended
    status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: "open" },
    decided_by: { ...user(), allowNull: true },
    decided_at: { type: DataTypes.DATE, allowNull: true },
    note: { type: DataTypes.TEXT, allowNull: true },
    created_at: { type: DataTypes.DATE, allowNull: false },
    updated_at: { type: DataTypes.DATE, allowNull: false },
  });
  await queryInterface.addIndex("quality_checks", ["host_id", "opened_on"], { name: "quality_checks_host_opened", unique: true });
  await queryInterface.addIndex("quality_checks", ["status", "opened_on"], { name: "quality_checks_status" });

  await queryInterface.addColumn("listings", "rating", { type: DataTypes.DOUBLE, allowNull: true });
  await queryInterface.addColumn("listings", "review_count", { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 });
};

export const down: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.removeColumn("listings", "review_count");
  await queryInterface.removeColumn("listings", "rating");
  await queryInterface.dropTable("quality_checks");
  await queryInterface.dropTable("host_suspension_events");
  await queryInterface.dropTable("review_reports");
  await queryInterface.dropTable("reviews");
};
