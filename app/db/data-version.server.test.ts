import { Sequelize } from "sequelize";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bumpDataVersion, currentDataVersion, installDataVersionHook, onLocalDataWrite, whileDataUnchanged } from "~/db/data-version.server";

// The data version (ADR 244) on a real Sequelize instance: it moves after a committed write,
// at once outside a transaction, never for a read, a rolled-back write or a write to a table no
// public page shows.
let sequelize: Sequelize;

beforeAll(async () => {
  sequelize = new Sequelize({ dialect: "sqlite", storage: ":memory:", logging: false });
  installDataVersionHook(sequelize);
  installDataVersionHook(sequelize); // once only
  await sequelize.query("CREATE TABLE listings (id INTEGER PRIMARY KEY, title TEXT)");
  await sequelize.query("CREATE TABLE analytics_events (id INTEGER PRIMARY KEY, name TEXT)");
});

afterAll(async () => {
  await sequelize.close();
});

async function moves(work: () => Promise<unknown>): Promise<number> {
  const before = currentDataVersion();
  await work();
  return currentDataVersion() - before;
}

describe("the data version", () => {
  it("moves once for a write outside a transaction, not for a read", async () => {
    expect(await moves(() => sequelize.query("INSERT INTO listings (title) VALUES ('Dar Zitoun')"))).toBe(1);
    expect(await moves(() => sequelize.query("SELECT * FROM listings"))).toBe(0);
  });

  it("does not move for writes to a table no public page shows (page views)", async () => {
    expect(await moves(() => sequelize.query("INSERT INTO analytics_events (name) VALUES ('Page View')"))).toBe(0);
  });

  it("moves only when the transaction commits, once however many writes it made", async () => {
    const before = currentDataVersion();
    const transaction = await sequelize.transaction();
    await sequelize.query("UPDATE listings SET title = 'Dar Yasmine'", { transaction });
    await sequelize.query("INSERT INTO listings (title) VALUES ('Dar Nour')", { transaction });
    expect(currentDataVersion()).toBe(before);
    await transaction.commit();
    expect(currentDataVersion()).toBe(before + 1);
  });

  it("does not move when the transaction rolls back", async () => {
    expect(
      await moves(async () => {
        const transaction = await sequelize.transaction();
        await sequelize.query("UPDATE listings SET title = 'Dar Lost'", { transaction });
        await transaction.rollback();
      }),
    ).toBe(0);
  });

  it("waits for the outermost commit when the write ran in a savepoint", async () => {
    const before = currentDataVersion();
    await sequelize.transaction(async (outer) => {
      const inner = await sequelize.transaction({ transaction: outer });
      await sequelize.query("UPDATE listings SET title = 'Dar Inner'", { transaction: inner });
      await inner.commit();
      expect(currentDataVersion()).toBe(before);
    });
    expect(currentDataVersion()).toBe(before + 1);
  });

  it("tells local listeners of its own writes, not of versions received from another instance", async () => {
    let told = 0;
    const unsubscribe = onLocalDataWrite(() => told++);
    await sequelize.query("DELETE FROM listings WHERE title = 'Dar Nour'");
    bumpDataVersion({ fromPeer: true });
    unsubscribe();
    expect(told).toBe(1);
  });
});

describe("whileDataUnchanged", () => {
  it("answers from the first load until the data version moves, then loads again", async () => {
    let loads = 0;
    const load = async () => ++loads;
    const key = `test-${Math.random()}`;
    expect(await whileDataUnchanged(key, load)).toBe(1);
    expect(await whileDataUnchanged(key, load)).toBe(1);
    await sequelize.query("INSERT INTO analytics_events (name) VALUES ('Page View')"); // no public page shows it
    expect(await whileDataUnchanged(key, load)).toBe(1);
    await sequelize.query("INSERT INTO listings (title) VALUES ('Dar Jasmin')");
    expect(await whileDataUnchanged(key, load)).toBe(2);
    bumpDataVersion({ fromPeer: true }); // a write on another instance
    expect(await whileDataUnchanged(key, load)).toBe(3);
  });

  it("keeps the version the load started at: a write during the load makes the next call load again", async () => {
    let loads = 0;
    const key = `test-${Math.random()}`;
    const first = whileDataUnchanged(key, async () => {
      loads += 1;
      await sequelize.query("INSERT INTO listings (title) VALUES ('Dar Nour')");
      return loads;
    });
    expect(await first).toBe(1);
    expect(await whileDataUnchanged(key, async () => ++loads)).toBe(2);
  });

  it("does not keep a failed load", async () => {
    const key = `test-${Math.random()}`;
    await expect(whileDataUnchanged(key, () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await whileDataUnchanged(key, async () => "up")).toBe("up");
  });
});
