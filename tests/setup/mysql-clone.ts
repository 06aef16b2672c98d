// Copies a MySQL/MariaDB database into an empty one on the same server: each table from its
// SHOW CREATE TABLE (indexes, foreign keys, checks and the AUTO_INCREMENT counter included), its
// rows, then the triggers (created last, so the copy does not fire them).
import type { Connection, RowDataPacket } from "mysql2/promise";

const quote = (name: string) => `\`${name.replace(/`/g, "``")}\``;

export async function cloneMysqlDatabase(admin: Connection, from: string, to: string): Promise<void> {
  const [objects] = await admin.query<RowDataPacket[]>(
    "SELECT table_name AS name, table_type AS type FROM information_schema.tables WHERE table_schema = ?",
    [from],
  );
  if (objects.some((object) => object.type !== "BASE TABLE")) throw new Error(`${from} holds views: clone by migrating instead`);
  await admin.query(`USE ${quote(to)}`);
  await admin.query("SET SESSION foreign_key_checks = 0");
  try {
    for (const { name } of objects as Array<{ name: string }>) {
      const [[created]] = await admin.query<RowDataPacket[]>(`SHOW CREATE TABLE ${quote(from)}.${quote(name)}`);
      await admin.query(created!["Create Table"] as string);
      await admin.query(`INSERT INTO ${quote(to)}.${quote(name)} SELECT * FROM ${quote(from)}.${quote(name)}`);
    }
    const [triggers] = await admin.query<RowDataPacket[]>("SELECT trigger_name AS name FROM information_schema.triggers WHERE trigger_schema = ?", [
      from,
    ]);
    for (const { name } of triggers as Array<{ name: string }>) {
      const [[trigger]] = await admin.query<RowDataPacket[]>(`SHOW CREATE TRIGGER ${quote(from)}.${quote(name)}`);
      await admin.query(`SET SESSION sql_mode = ?`, [trigger!.sql_mode as string]);
      await admin.query(trigger!["SQL Original Statement"] as string);
    }
  } finally {
    await admin.query("SET SESSION foreign_key_checks = 1");
  }
}
