import type { Migration } from "~/db/migrator.server";

// Reviews of experiences (issue 21 point 5, PRODUCT.md "Experiences are reviewed like stays";
// ADR 184): the `reviews` table gets a second subject. A review is either of a reservation
// (reservation_id, listing_id, host_id, as before) or of an experience booking
// (experience_booking_id, experience_id, partner_id); the rest — text, five ratings, the reply,
// hiding, review_reports — is shared, so moderation and replies are one code path. The three stay
// columns become nullable: MariaDB alters them in place; SQLite cannot drop NOT NULL, so the table
// is rebuilt (foreign keys off for the copy, so review_reports keep their rows), then checked.
// An experience keeps its rating and count beside it, as a listing does (migration 0110).
export const up: Migration = async ({ context: { queryInterface, sequelize, DataTypes } }) => {
  const dialect = sequelize.getDialect();
  if (dialect === "sqlite") {
    const user = () => ({ type: DataTypes.INTEGER, references: { model: "users", key: "id" } });
    const rating = () => ({ type: DataTypes.INTEGER, allowNull: false });
    await sequelize.query("PRAGMA foreign_keys = OFF");
    try {
      await queryInterface.createTable("reviews_next", {
        id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
        reservation_id: { type: DataTypes.INTEGER, allowNull: true, unique: true, references: { model: "reservations", key: "id" }, onDelete: "CASCADE" },
        listing_id: { type: DataTypes.INTEGER, allowNull: true, references: { model: "listings", key: "id" }, onDelete: "CASCADE" },
        host_id: { ...user(), allowNull: true },
        author_id: { ...user(), allowNull: false },
        text: { type: DataTypes.TEXT, allowNull: false },
        amenities: rating(),
        services: rating(),
        price: rating(),
        tours: rating(),
        location: rating(),
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
      const columns =
        "id, reservation_id, listing_id, host_id, author_id, text, amenities, services, price, tours, location, stay_month, language, reply_text, replied_at, hidden_at, hidden_by, hidden_note, created_at, updated_at";
      await sequelize.query(`INSERT INTO reviews_next (${columns}) SELECT ${columns} FROM reviews`);
      await sequelize.query("DROP TABLE reviews");
      await sequelize.query("ALTER TABLE reviews_next RENAME TO reviews");
      const broken = await sequelize.query("PRAGMA foreign_key_check", { type: "SELECT" });
      if ((broken as unknown[]).length > 0) throw new Error("0206: foreign keys broken by the reviews rebuild");
    } finally {
      await sequelize.query("PRAGMA foreign_keys = ON");
    }
    await queryInterface.addIndex("reviews", ["listing_id", "hidden_at", "created_at"], { name: "reviews_listing_visible" });
    await queryInterface.addIndex("reviews", ["host_id", "hidden_at"], { name: "reviews_host_visible" });
    await queryInterface.addIndex("reviews", ["author_id"], { name: "reviews_author" });
  } else {
    await sequelize.query("ALTER TABLE reviews MODIFY reservation_id INTEGER NULL, MODIFY listing_id INTEGER NULL, MODIFY host_id INTEGER NULL");
  }
  // One review per booking: a unique index (SQLite cannot add a UNIQUE column); NULLs never collide.
  await queryInterface.addColumn("reviews", "experience_booking_id", {
    type: DataTypes.INTEGER,
    allowNull: true,
    references: { model: "experience_bookings", key: "id" },
    onDelete: "CASCADE",
  });
  await queryInterface.addIndex("reviews", ["experience_booking_id"], { name: "reviews_experience_booking", unique: true });
  await queryInterface.addColumn("reviews", "experience_id", { type: DataTypes.INTEGER, allowNull: true, references: { model: "experiences", key: "id" }, onDelete: "CASCADE" });
  await queryInterface.addColumn("reviews", "partner_id", { type: DataTypes.INTEGER, allowNull: true, references: { model: "partners", key: "id" }, onDelete: "CASCADE" });
  await queryInterface.addIndex("reviews", ["experience_id", "hidden_at", "created_at"], { name: "reviews_experience_visible" });
  await queryInterface.addIndex("reviews", ["partner_id", "hidden_at"], { name: "reviews_partner_visible" });

  await queryInterface.addColumn("experiences", "rating", { type: DataTypes.DOUBLE, allowNull: true });
  await queryInterface.addColumn("experiences", "review_count", { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 });
};

export const down: Migration = async ({ context: { queryInterface, sequelize } }) => {
  await queryInterface.removeColumn("experiences", "review_count");
  await queryInterface.removeColumn("experiences", "rating");
  await sequelize.query("DELETE FROM reviews WHERE experience_booking_id IS NOT NULL");
  await queryInterface.removeIndex("reviews", "reviews_partner_visible");
  await queryInterface.removeIndex("reviews", "reviews_experience_visible");
  await queryInterface.removeIndex("reviews", "reviews_experience_booking");
  await queryInterface.removeColumn("reviews", "partner_id");
  await queryInterface.removeColumn("reviews", "experience_id");
  await queryInterface.removeColumn("reviews", "experience_booking_id");
};
