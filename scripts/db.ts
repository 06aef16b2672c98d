// npm run db:migrate | npm run db:seed
import { migrate, seed } from "~/db/migrator.server";
import { getSequelize } from "~/db/sequelize.server";

const command = process.argv[2];
const sequelize = getSequelize();
try {
  const done = await migrate(sequelize);
  console.log(`migrations: ${done.length} applied`);
  if (command === "seed") {
    await seed(sequelize);
    console.log("demo data seeded");
  }
} finally {
  await sequelize.close();
}
