import type { Migration } from "~/db/migrator.server";

// The unique index of migration 0040 refuses a second holder of a slot; these triggers bound the
// slots themselves, so the database refuses more rooms than a room type's quantity even if the
// code picked a slot past the end: a room type's slots are 0…quantity−1, every other unit (a
// whole listing, a guesthouse room) has the one slot 0.
const ROOM_TYPE_PREFIX_LENGTH = "room-type:".length;
const MESSAGE = "reservation_nights: slot beyond the quantity of its unit";
const EVENTS = ["insert", "update"] as const;

export const up: Migration = async ({ context: { sequelize } }) => {
  for (const event of EVENTS) {
    const name = `reservation_nights_slot_in_range_${event}`;
    if (sequelize.getDialect() === "sqlite") {
      const limit = `COALESCE((SELECT quantity FROM hotel_room_types WHERE NEW.unit_key LIKE 'room-type:%' AND id = CAST(substr(NEW.unit_key, ${ROOM_TYPE_PREFIX_LENGTH + 1}) AS INTEGER)), 1)`;
      await sequelize.query(
        `CREATE TRIGGER ${name} BEFORE ${event.toUpperCase()} ON reservation_nights FOR EACH ROW
           WHEN NEW.slot < 0 OR NEW.slot >= ${limit}
           BEGIN SELECT RAISE(ABORT, '${MESSAGE}'); END`,
      );
    } else {
      const limit = `COALESCE((SELECT quantity FROM hotel_room_types WHERE NEW.unit_key LIKE 'room-type:%' AND id = CAST(SUBSTRING(NEW.unit_key, ${ROOM_TYPE_PREFIX_LENGTH + 1}) AS UNSIGNED)), 1)`;
      await sequelize.query(
        `CREATE TRIGGER ${name} BEFORE ${event.toUpperCase()} ON reservation_nights FOR EACH ROW
           BEGIN
             IF NEW.slot < 0 OR NEW.slot >= ${limit} THEN
               SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = '${MESSAGE}';
             END IF;
           END`,
      );
    }
  }
};

export const down: Migration = async ({ context: { sequelize } }) => {
  for (const event of EVENTS) await sequelize.query(`DROP TRIGGER IF EXISTS reservation_nights_slot_in_range_${event}`);
};
