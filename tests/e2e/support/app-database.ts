// Points this test process's copy of the app (its models and storage) at the e2e server's own
// database and data directory, before any model is loaded: the factories write where the server
// reads. Import it first (support/factories.ts does).
import path from "node:path";

const dataDir = process.env.E2E_DATA_DIR;
if (!dataDir) throw new Error("E2E_DATA_DIR is not set: run the e2e tests through playwright.config.ts");
process.env.DATABASE_URL = `sqlite:${path.join(dataDir, "darna.sqlite")}`;
process.env.DATA_DIR = dataDir;
delete process.env.UPLOAD_DIR;
