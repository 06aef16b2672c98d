import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { getSequelize } from "~/db/sequelize.server";

/** One blog article in one language (migration 0140, ADR 144). */
export class BlogArticle extends Model<InferAttributes<BlogArticle>, InferCreationAttributes<BlogArticle>> {
  declare id: CreationOptional<number>;
  declare language: string;
  declare slug: string;
  declare translationGroup: string;
  declare title: string;
  declare summary: string;
  /** The Markdown source; rendered to sanitized HTML on read. */
  declare body: string;
  declare coverKey: CreationOptional<string | null>;
  declare coverVariants: CreationOptional<string | null>;
  declare coverWidth: CreationOptional<number | null>;
  declare coverHeight: CreationOptional<number | null>;
  declare published: CreationOptional<boolean>;
  /** YYYY-MM-DD (Africa/Tunis). */
  declare publishDate: string;
  declare authorId: number | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

BlogArticle.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    language: { type: DataTypes.STRING(2), allowNull: false },
    slug: { type: DataTypes.STRING(120), allowNull: false },
    translationGroup: { type: DataTypes.STRING(32), allowNull: false },
    title: { type: DataTypes.STRING(200), allowNull: false },
    summary: { type: DataTypes.STRING(500), allowNull: false },
    body: { type: DataTypes.TEXT, allowNull: false },
    coverKey: { type: DataTypes.STRING(200), allowNull: true },
    coverVariants: { type: DataTypes.STRING(64), allowNull: true },
    coverWidth: { type: DataTypes.INTEGER, allowNull: true },
    coverHeight: { type: DataTypes.INTEGER, allowNull: true },
    published: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    publishDate: { type: DataTypes.DATEONLY, allowNull: false },
    authorId: { type: DataTypes.INTEGER, allowNull: true },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize: getSequelize(), tableName: "blog_articles", underscored: true },
);
