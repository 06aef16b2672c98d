// The layer boundaries of STYLE.md are held by eslint.config.js (issue 11 point 4). This runs ESLint
// on snippets placed (virtually) in each layer, so a rule that is deleted or no longer matches fails
// here, not silently.
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint({ cwd: process.cwd() });
const RULE = "@typescript-eslint/no-restricted-imports";

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((message) => message.ruleId === RULE).map((message) => message.message);
}

describe("lint boundaries", () => {
  it.each([
    ["app/routes/($lang).example.tsx", 'import { Listing } from "~/db/models/listing.server";\nexport const x = Listing;\n'],
    ["app/routes/api.v1.example.ts", 'import { Op } from "sequelize";\nexport const x = Op;\n'],
    ["app/routes/api.v1.example.ts", 'import type { PaymentStatus } from "~/db/models/payment.server";\nexport type X = PaymentStatus;\n'],
    ["app/components/example/card.tsx", 'import { searchListings } from "~/services/search/search.server";\nexport const x = searchListings;\n'],
    ["app/components/example/card.tsx", 'import { env } from "~/utils/env.server";\nexport const x = env;\n'],
    ["app/utils/example.ts", 'import { trackEvent } from "~/services/analytics/analytics.server";\nexport const x = trackEvent;\n'],
    ["app/db/models/example.server.ts", 'import { getStorage } from "~/services/storage/storage.server";\nexport const x = getStorage;\n'],
    ["app/domain/example.ts", 'import { Listing } from "~/db/models/listing.server";\nexport const x = Listing;\n'],
    ["app/domain/example.ts", 'import { searchListings } from "~/services/search/search.server";\nexport const x = searchListings;\n'],
    ["app/domain/example.ts", 'import { env } from "~/utils/env.server";\nexport const x = env;\n'],
    ["app/domain/example.ts", 'import fs from "node:fs";\nexport const x = fs;\n'],
    ["app/domain/example.ts", 'import net from "node:net";\nexport const x = net;\n'],
    ["app/domain/example.ts", 'import { readFile } from "fs/promises";\nexport const x = readFile;\n'],
    ["app/domain/example.ts", 'import { Op } from "sequelize";\nexport const x = Op;\n'],
  ])("%s may not: %s", async (filePath, code) => {
    expect(await restrictedImports(filePath, code)).toHaveLength(1);
  });

  it.each([
    ["app/routes/($lang).example.tsx", 'import { searchListings } from "~/services/search/search.server";\nexport const x = searchListings;\n'],
    // A type import is erased at build: components may name a loader's type (Remix's `typeof loader`).
    ["app/components/example/card.tsx", 'import type { paymentPageLoader } from "~/services/booking/booking-pages.server";\nexport type X = typeof paymentPageLoader;\n'],
    ["app/utils/example.server.ts", 'import { User } from "~/db/models/user.server";\nexport const x = User;\n'],
    ["app/domain/example.ts", 'import { quoteStay } from "~/domain/pricing";\nexport const x = quoteStay;\n'],
    ["app/services/example/example.server.ts", 'import { Listing } from "~/db/models/listing.server";\nexport const x = Listing;\n'],
  ])("%s may: %s", async (filePath, code) => {
    expect(await restrictedImports(filePath, code)).toEqual([]);
  });
});
