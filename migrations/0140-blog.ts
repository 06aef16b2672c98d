import type { Migration } from "~/db/migrator.server";

// The blog (issue 16 point 2, ADR 144): articles written by operators, one row per language.
// - language + slug is unique: /fr/blog/{slug} finds one article.
// - translation_group ties the translations of one article together (hreflang alternates); a
//   group holds at most one article per language.
// - body is the Markdown source; pages and the API render it to sanitized HTML on read.
// - the cover is stored like a listing photo: WebP variants `<cover_key>-<width>.webp`.
// - published + publish_date: listed once published and its day (Africa/Tunis) has come.
export const up: Migration = async ({ context }) => {
  const { queryInterface, sequelize, DataTypes } = context;
  await queryInterface.createTable("blog_articles", {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    language: { type: DataTypes.STRING(2), allowNull: false },
    slug: { type: DataTypes.STRING(120), allowNull: false },
    translation_group: { type: DataTypes.STRING(32), allowNull: false },
    title: { type: DataTypes.STRING(200), allowNull: false },
    summary: { type: DataTypes.STRING(500), allowNull: false },
    // MEDIUMTEXT on MySQL: 50,000 characters of accented text exceed TEXT's 65,535 bytes.
    body: { type: sequelize.getDialect() === "sqlite" ? DataTypes.TEXT : DataTypes.TEXT("medium"), allowNull: false },
    cover_key: { type: DataTypes.STRING(200), allowNull: true },
    cover_variants: { type: DataTypes.STRING(64), allowNull: true },
    cover_width: { type: DataTypes.INTEGER, allowNull: true },
    cover_height: { type: DataTypes.INTEGER, allowNull: true },
    published: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    publish_date: { type: DataTypes.DATEONLY, allowNull: false },
    author_id: { type: DataTypes.INTEGER, allowNull: true, references: { model: "users", key: "id" }, onDelete: "SET NULL" },
    created_at: { type: DataTypes.DATE, allowNull: false },
    updated_at: { type: DataTypes.DATE, allowNull: false },
  });
  await queryInterface.addIndex("blog_articles", ["language", "slug"], { unique: true, name: "blog_articles_slug_per_language" });
  await queryInterface.addIndex("blog_articles", ["translation_group", "language"], { unique: true, name: "blog_articles_one_per_language" });
  await queryInterface.addIndex("blog_articles", ["language", "published", "publish_date"], { name: "blog_articles_listing" });
};

export const down: Migration = async ({ context }) => {
  await context.queryInterface.dropTable("blog_articles");
};
