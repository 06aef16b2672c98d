import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { describeDatabaseUrl } from "~/db/sequelize.server";

// DATABASE_URL (issue 2, point 2): unset → SQLite in DATA_DIR (./data by default); sqlite:<path>
// → that file; mysql:// (or mariadb://) → MySQL/MariaDB through mysql2; anything else is refused.
describe("describeDatabaseUrl", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("defaults to ./data/darna.sqlite", () => {
    vi.stubEnv("DATA_DIR", "");
    expect(describeDatabaseUrl(undefined)).toEqual({ dialect: "sqlite", storage: path.resolve("data", "darna.sqlite") });
    expect(describeDatabaseUrl("")).toEqual({ dialect: "sqlite", storage: path.resolve("data", "darna.sqlite") });
  });

  it("puts the default file in DATA_DIR when set", () => {
    vi.stubEnv("DATA_DIR", "/var/lib/darna");
    expect(describeDatabaseUrl(undefined)).toEqual({ dialect: "sqlite", storage: "/var/lib/darna/darna.sqlite" });
  });

  it.each([
    ["sqlite:./tmp/test.sqlite", path.resolve("tmp/test.sqlite")],
    ["sqlite:/srv/darna.sqlite", "/srv/darna.sqlite"],
    ["sqlite:///srv/darna.sqlite", "/srv/darna.sqlite"],
    ["sqlite::memory:", ":memory:"],
  ])("%s is the SQLite file %s", (url, storage) => {
    expect(describeDatabaseUrl(url)).toEqual({ dialect: "sqlite", storage });
  });

  it.each([
    ["mysql://root@127.0.0.1:3306/test", "mysql://root@127.0.0.1:3306/test"],
    ["mariadb://darna:secret@db/darna", "mysql://darna:secret@db/darna"],
  ])("%s is MySQL/MariaDB", (url, uri) => {
    expect(describeDatabaseUrl(url)).toEqual({ dialect: "mysql", uri });
  });

  it("refuses any other scheme, without echoing the credentials", () => {
    expect(() => describeDatabaseUrl("postgres://user:secret@host/db")).toThrow(/sqlite: or mysql:\/\//);
    expect(() => describeDatabaseUrl("postgres://user:secret@host/db")).not.toThrow(/secret/);
  });
});
