// npm run db:migrate | npm run db:seed (from the sources, with tsx); compiled by `npm run build`
// into $BUILD_DIR/node/db.js for `node build/node/db.js migrate|seed` where tsx is not installed.
import { migrate, seed, withSchemaLock } from "~/db/migrator.server";
import { getSequelize } from "~/db/sequelize.server";
import { checkEnvironment } from "~/utils/env.server";

const command = process.argv[2];
checkEnvironment();
const sequelize = getSequelize();
try {
  // The same lock as a starting server's (ADR 203): a deploy step and instances never migrate at once.
  await withSchemaLock(async () => {
    const done = await migrate(sequelize);
    console.log(`migrations: ${done.length} applied`);
    if (command === "seed") {
      await seed(sequelize);
      console.log("demo data seeded");
    }
  }, sequelize);
} finally {
  await sequelize.close();
}
