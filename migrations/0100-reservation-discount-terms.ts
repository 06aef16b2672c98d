import type { Migration } from "~/db/migrator.server";

// The length-of-stay discount a reservation was priced with (weekly or monthly, and its percent),
// so its page names the discount the quote showed instead of "Weekly discount (0%)". Older rows
// keep nulls; their pages derive the percent from the amounts (issue 12).
export const up: Migration = async ({ context: { queryInterface, DataTypes } }) => {
  await queryInterface.addColumn("reservations", "discount_kind", { type: DataTypes.STRING(16), allowNull: true });
  await queryInterface.addColumn("reservations", "discount_percent", { type: DataTypes.INTEGER, allowNull: true });
};

export const down: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.removeColumn("reservations", "discount_percent");
  await queryInterface.removeColumn("reservations", "discount_kind");
};
