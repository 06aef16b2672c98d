// npm run db:backup -- <dir> | npm run db:restore -- <dir> [--force] (ADR 202): the database named by
// DATABASE_URL and the public and private files (UPLOAD_DIR and DATA_DIR/private, or STORAGE_URL's
// bucket) into a directory with a manifest, and back into an empty database and storage.
import { dumpBackup, restoreBackup } from "~/services/backups/backup.server";
import { getPrivateStorage, getStorage } from "~/services/storage/storage.server";
import { checkEnvironment, env } from "~/utils/env.server";

const [command, dir, ...flags] = process.argv.slice(2);
if ((command !== "dump" && command !== "restore") || !dir) {
  console.error("usage: tsx scripts/backup.ts dump <dir> | restore <dir> [--force]");
  process.exit(2);
}
checkEnvironment();
const target = { databaseUrl: env.databaseUrl, storages: { public: getStorage(), private: getPrivateStorage() } };
try {
  const manifest = command === "dump" ? await dumpBackup(target, dir) : await restoreBackup(target, dir, { force: flags.includes("--force") });
  console.log(
    `${command === "dump" ? "dumped" : "restored"}: ${manifest.dialect} database (${manifest.database.bytes} bytes), ` +
      `${manifest.storages.public.count} public and ${manifest.storages.private.count} private files`,
  );
} catch (error) {
  console.error(`${command} failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
