// Backups that restore (issue 20 point 7; ADR 202): reservations, ledger lines and photos made by
// the app, dumped with the database's own tool and the storage interface, restored into a fresh
// database and fresh storage, are all there again — same reservations, balances and photo bytes.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Sequelize } from "sequelize";
import { afterAll, describe, expect, it } from "vitest";
import { ListingPhoto } from "~/db/models/listing-photo.server";
import { describeDatabaseUrl } from "~/db/sequelize.server";
import { createReservation } from "~/services/booking/booking.server";
import { dumpBackup, restoreBackup, type BackupTarget } from "~/services/backups/backup.server";
import { hostBalancesOf } from "~/services/money/ledger.server";
import { parseVariants, variantKeys as keysOf } from "~/domain/photo-variants";
import { addPhotos } from "~/services/photos/listing-photos.server";
import { createLocalDiskStorage } from "~/services/storage/local-disk-storage.server";
import { getPrivateStorage, getStorage } from "~/services/storage/storage.server";
import { env } from "~/utils/env.server";
import { createBookingUser, createPublicListing, stayFrom } from "../factories/booking-factories";
import { testPhoto } from "../factories/listing-factories";
import { paidStay } from "../factories/money-factories";

const work = await fs.mkdtemp(path.join(os.tmpdir(), "darna-backup-test-"));
const source = describeDatabaseUrl(env.databaseUrl);
let restoredUrl: string;
let dropRestored: () => Promise<void> = async () => {};
if (source.dialect === "sqlite") {
  restoredUrl = `sqlite:${path.join(work, "restored.sqlite")}`;
} else {
  const url = new URL(source.uri!);
  const name = `${url.pathname.slice(1)}_r`;
  const mysql = await import("mysql2/promise");
  const server = new URL(url);
  server.pathname = "/";
  const admin = async (sql: string) => {
    const connection = await mysql.createConnection(server.toString());
    await connection.query(sql);
    await connection.end();
  };
  await admin(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  dropRestored = () => admin(`DROP DATABASE IF EXISTS \`${name}\``);
  url.pathname = `/${name}`;
  restoredUrl = url.toString();
}

afterAll(async () => {
  await dropRestored();
  await fs.rm(work, { recursive: true, force: true });
});

/** What must survive, read with plain SQL from either database. */
async function contents(databaseUrl: string) {
  const target = describeDatabaseUrl(databaseUrl);
  const sequelize =
    target.dialect === "sqlite"
      ? new Sequelize({ dialect: "sqlite", storage: target.storage, logging: false })
      : new Sequelize(target.uri!, { dialect: "mysql", logging: false });
  try {
    const [reservations] = await sequelize.query("SELECT id, status, total FROM reservations ORDER BY id");
    const [balances] = await sequelize.query(
      "SELECT account, host_id, traveler_id, SUM(amount) AS balance, COUNT(*) AS line_count FROM ledger_lines GROUP BY account, host_id, traveler_id ORDER BY account, host_id, traveler_id",
    );
    const [photos] = await sequelize.query("SELECT id, listing_id, storage_key FROM listing_photos ORDER BY id");
    const numbers = (rows: unknown[]) => rows.map((row) => Object.fromEntries(Object.entries(row as object).map(([k, v]) => [k, typeof v === "string" && /^-?\d+$/.test(v) ? Number(v) : v])));
    return { reservations: numbers(reservations), balances: numbers(balances), photos: numbers(photos) };
  } finally {
    await sequelize.close();
  }
}

async function allBytes(storage: BackupTarget["storages"]["public"]) {
  const files = new Map<string, string>();
  for await (const key of storage.keys()) files.set(key, (await storage.get(key))!.toString("base64"));
  return files;
}

describe(`backup and restore (${source.dialect})`, () => {
  it("restores the same reservations, ledger balances and photos into a fresh database and storage", async () => {
    const when = new Date(Date.UTC(2031, 5, 3, 12, 0, 0));
    const host = await createBookingUser();
    const listing = await createPublicListing({ hostId: host.id });
    const [first, second] = [await createBookingUser(), await createBookingUser()];
    const paid = await paidStay(first, listing.id, when, 7, 3);
    const paidToo = await paidStay(second, listing.id, when, 20, 2);
    const pending = await createReservation({ id: first.id }, { listingId: listing.id, adults: 1, ...stayFrom(when, 40, 2) }, { now: when, termsAccepted: true });
    await addPhotos({ id: host.id, role: "user" }, listing.id, [
      { name: "a.jpg", data: await testPhoto(3) },
      { name: "b.png", data: await testPhoto(4, "png") },
    ]);
    await getPrivateStorage().put("payment-proofs/1/proof.pdf", Buffer.from("%PDF-1.4 a transfer receipt"), "application/pdf");

    const before = await contents(env.databaseUrl!);
    expect(before.reservations.map((row) => [row.id, row.status])).toEqual([
      [paid.id, "confirmed"],
      [paidToo.id, "confirmed"],
      [pending.id, pending.status],
    ]);
    const hostBalances = await hostBalancesOf(host.id, when);
    expect(hostBalances.pending).toBeGreaterThan(0);
    // The host's line sum is the host's balances together (nothing paid out yet).
    expect(before.balances.find((row) => row.account === "host" && row.host_id === host.id)?.balance).toBe(
      hostBalances.pending + hostBalances.available + hostBalances.withheld,
    );
    const photos = await ListingPhoto.findAll({ where: { listingId: listing.id } });
    expect(photos).toHaveLength(2);
    const variantKeys = photos.flatMap((photo) => keysOf(photo.storageKey, parseVariants(photo.variants)));
    expect(variantKeys.length).toBeGreaterThanOrEqual(2);
    const publicBefore = await allBytes(getStorage());
    for (const key of variantKeys) expect(publicBefore.has(key)).toBe(true);

    const dir = path.join(work, "backup");
    const manifest = await dumpBackup({ databaseUrl: env.databaseUrl, storages: { public: getStorage(), private: getPrivateStorage() } }, dir);
    expect(manifest.storages.public.count).toBe(publicBefore.size);
    expect(manifest.storages.private.count).toBe(1);

    const restored: BackupTarget = {
      databaseUrl: restoredUrl,
      storages: {
        public: createLocalDiskStorage(path.join(work, "restored-uploads"), "/uploads"),
        private: createLocalDiskStorage(path.join(work, "restored-private"), null),
      },
    };
    await restoreBackup(restored, dir);

    expect(await contents(restoredUrl)).toEqual(before);
    expect(await allBytes(restored.storages.public)).toEqual(publicBefore);
    for (const key of variantKeys) expect((await restored.storages.public.get(key))!.equals((await getStorage().get(key))!)).toBe(true);
    expect((await restored.storages.private.get("payment-proofs/1/proof.pdf"))!.toString()).toBe("%PDF-1.4 a transfer receipt");

    // The restored database is no longer empty: a second restore is refused without --force.
    await expect(restoreBackup(restored, dir)).rejects.toThrow(/not empty/);
    await restoreBackup(restored, dir, { force: true });
    expect(await contents(restoredUrl)).toEqual(before);

    // A file changed in the backup is refused before anything is restored.
    await fs.writeFile(path.join(dir, "storage", "public", ...variantKeys[0]!.split("/")), "tampered");
    await expect(restoreBackup(restored, dir, { force: true })).rejects.toThrow(/does not match the manifest/);
  });
});
