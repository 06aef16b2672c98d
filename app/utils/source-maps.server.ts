// Node's source-map support (tsx turns it on) maps every Error.stack that is read back to the
// TypeScript sources. Sequelize reads a stack on every SQLite query, so with it on each request
// pays for source-map lookups and the parsed maps stay in memory. The production build has no
// source maps of its own (only server.ts and the modules it imports directly come from tsx), so
// production turns the support off; development keeps it for readable stack traces.
export function applySourceMapSupport(production: boolean): boolean {
  process.setSourceMapsEnabled(!production);
  return process.sourceMapsEnabled;
}
