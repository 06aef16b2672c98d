// ADR 245's addendum: code the browser runs builds its zod schemas jitless (no `new Function`
// probe for the CSP to report), and the linter keeps it importing z from ~/schemas/zod.
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it, vi } from "vitest";

describe("~/schemas/zod", () => {
  it("in a browser, builds object schemas without probing eval; on the server it leaves zod's compiled parsers on", async () => {
    vi.resetModules();
    const server = await import("~/schemas/zod");
    expect(server.z.config().jitless).toBeUndefined();

    vi.resetModules();
    vi.stubGlobal("document", {});
    const probe = vi.spyOn(globalThis, "Function");
    try {
      const { z } = await import("~/schemas/zod");
      expect(z.config().jitless).toBe(true);
      const schema = z.object({ name: z.string() });
      expect(schema.parse({ name: "Darna" })).toEqual({ name: "Darna" });
      expect(probe).not.toHaveBeenCalled();
    } finally {
      probe.mockRestore();
      vi.unstubAllGlobals();
      vi.resetModules();
    }
  });
});

describe("the lint rule", () => {
  const eslint = new ESLint({ cwd: path.resolve(__dirname, "../..") });
  const refused = async (filePath: string) => {
    const [result] = await eslint.lintText('import { z } from "zod";\nexport const x = z;\n', { filePath });
    return result!.messages.filter((message) => message.ruleId === "no-restricted-imports");
  };

  it("refuses zod itself in code the browser may run, allows it in server modules and tests", async () => {
    expect(await refused("app/schemas/example.ts")).toHaveLength(1);
    expect(await refused("app/components/example/form.tsx")).toHaveLength(1);
    expect(await refused("app/services/example/example.server.ts")).toEqual([]);
    expect(await refused("app/schemas/example.test.ts")).toEqual([]);
    expect(await refused("app/schemas/zod.ts")).toEqual([]);
  });
});
