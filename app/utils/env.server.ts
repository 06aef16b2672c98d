// One place that reads the environment, so every variable is named and documented once (README).
function read(name: string): string | undefined {
  const value = process.env[name];
  return value === undefined || value === "" ? undefined : value;
}

export const env = {
  get nodeEnv() {
    return read("NODE_ENV") ?? "development";
  },
  get isProduction() {
    return this.nodeEnv === "production";
  },
  get port() {
    return Number(read("PORT") ?? 3000);
  },
  /** unset → ./data/darna.sqlite; `sqlite:<path>` → that file; `mysql://…` → MySQL/MariaDB */
  get databaseUrl() {
    return read("DATABASE_URL");
  },
  get seedDemo() {
    return read("SEED_DEMO") !== "false";
  },
  get sessionSecret() {
    return read("SESSION_SECRET") ?? "darna-dev-secret-change-me";
  },
  get appUrl() {
    return read("APP_URL") ?? `http://localhost:${this.port}`;
  },
  get smtpUrl() {
    return read("SMTP_URL");
  },
  get redisUrl() {
    return read("REDIS_URL");
  },
  get dataDir() {
    return read("DATA_DIR") ?? "./data";
  },
  get uploadDir() {
    return read("UPLOAD_DIR") ?? `${this.dataDir}/uploads`;
  },
  get logRequests() {
    return read("LOG_REQUESTS") !== "false";
  },
};
