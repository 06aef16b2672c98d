import type { Migration } from "~/db/migrator.server";

// The analytics dashboard (issue 17 point 5, ADR 171).
// - analytics_events gains the buckets it is grouped by, written with each event: its day and
//   ISO week (Monday) in Tunis time, and for page views the kind of page (search | property |
//   other), the source (document | navigation) and the searched destination (normalised). A
//   GROUP BY on plain columns is the same SQL on SQLite and MariaDB and is served by an index.
// - analytics_daily holds the counts (and value sums) per day × event × page kind × source, and
//   analytics_daily_destinations the searches per day × destination, rolled up by the daily job;
//   analytics_rollups lists the days rolled up. Raw page views are pruned after the rollup once
//   older than the retention; named events stay raw.
export const up: Migration = async ({ context: { queryInterface, DataTypes, sequelize } }) => {
  await queryInterface.addColumn("analytics_events", "day", { type: DataTypes.STRING(10), allowNull: true });
  await queryInterface.addColumn("analytics_events", "week", { type: DataTypes.STRING(10), allowNull: true });
  await queryInterface.addColumn("analytics_events", "page", { type: DataTypes.STRING(16), allowNull: true });
  await queryInterface.addColumn("analytics_events", "source", { type: DataTypes.STRING(16), allowNull: true });
  await queryInterface.addColumn("analytics_events", "destination", { type: DataTypes.STRING(100), allowNull: true });

  // Existing rows get their buckets as new rows do (the same rules as analytics-buckets.ts, copied:
  // a migration never changes with the code).
  let lastId = 0;
  for (;;) {
    const [rows] = (await sequelize.query(
      `SELECT id, name, path, properties, created_at FROM analytics_events WHERE id > ${lastId} ORDER BY id LIMIT 1000`,
    )) as [Array<{ id: number; name: string; path: string | null; properties: string | null; created_at: string | Date }>, unknown];
    if (rows.length === 0) break;
    for (const row of rows) {
      lastId = row.id;
      const buckets = bucketsOf(row.name, row.path, row.properties, new Date(row.created_at));
      await sequelize.query(`UPDATE analytics_events SET day = ?, week = ?, page = ?, source = ?, destination = ? WHERE id = ?`, {
        replacements: [buckets.day, buckets.week, buckets.page, buckets.source, buckets.destination, row.id],
      });
    }
  }

  // The dashboard's reads of recent raw events and the rollup's reads of a day: covering indexes.
  await queryInterface.addIndex("analytics_events", ["day", "name", "page", "source", "value"], { name: "analytics_events_day_buckets" });
  await queryInterface.addIndex("analytics_events", ["day", "destination"], { name: "analytics_events_day_destination" });

  await queryInterface.createTable("analytics_daily", {
    day: { type: DataTypes.STRING(10), allowNull: false },
    week: { type: DataTypes.STRING(10), allowNull: false },
    name: { type: DataTypes.STRING(64), allowNull: false },
    // '' rather than NULL, so the unique index holds on both databases.
    page: { type: DataTypes.STRING(16), allowNull: false, defaultValue: "" },
    source: { type: DataTypes.STRING(16), allowNull: false, defaultValue: "" },
    events: { type: DataTypes.INTEGER, allowNull: false },
    value_sum: { type: DataTypes.BIGINT, allowNull: false, defaultValue: 0 },
  });
  await queryInterface.addIndex("analytics_daily", ["day", "name", "page", "source"], { unique: true, name: "analytics_daily_key" });
  await queryInterface.addIndex("analytics_daily", ["name", "week", "events", "value_sum"], { name: "analytics_daily_name_week" });

  await queryInterface.createTable("analytics_daily_destinations", {
    day: { type: DataTypes.STRING(10), allowNull: false },
    destination: { type: DataTypes.STRING(100), allowNull: false },
    searches: { type: DataTypes.INTEGER, allowNull: false },
  });
  await queryInterface.addIndex("analytics_daily_destinations", ["day", "destination"], { unique: true, name: "analytics_daily_destinations_key" });

  await queryInterface.createTable("analytics_rollups", {
    day: { type: DataTypes.STRING(10), primaryKey: true },
    // Raw events of the day when it was rolled up (named events and page views).
    events: { type: DataTypes.INTEGER, allowNull: false },
    rolled_up_at: { type: DataTypes.DATE, allowNull: false },
  });
};

export const down: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.dropTable("analytics_rollups");
  await queryInterface.dropTable("analytics_daily_destinations");
  await queryInterface.dropTable("analytics_daily");
  await queryInterface.removeIndex("analytics_events", "analytics_events_day_destination");
  await queryInterface.removeIndex("analytics_events", "analytics_events_day_buckets");
  for (const column of ["destination", "source", "page", "week", "day"]) await queryInterface.removeColumn("analytics_events", column);
};

function bucketsOf(name: string, path: string | null, properties: string | null, createdAt: Date) {
  // Tunisia keeps UTC+1 all year.
  const local = new Date(createdAt.getTime() + 3_600_000);
  const day = local.toISOString().slice(0, 10);
  const monday = new Date(local.getTime() - ((local.getUTCDay() + 6) % 7) * 86_400_000);
  const week = monday.toISOString().slice(0, 10);
  if (name !== "Page View" || !path) return { day, week, page: null, source: null, destination: null };
  let source: string | null = null;
  try {
    const parsed = properties ? (JSON.parse(properties) as { source?: unknown }) : {};
    source = typeof parsed.source === "string" ? parsed.source.slice(0, 16) : null;
  } catch {
    source = null;
  }
  const url = new URL(path, "http://localhost");
  const bare = url.pathname.replace(/^\/(en|fr|es)(?=\/|$)/, "") || "/";
  const search = bare === "/accommodation" || bare === "/search-by-map";
  const page = search ? "search" : /^\/property-details\/\d+\/?$/.test(bare) ? "property" : "other";
  const raw = search ? url.searchParams.get("destination") : null;
  const destination = raw
    ? raw.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim().slice(0, 100) || null
    : null;
  return { day, week, page, source, destination };
}
