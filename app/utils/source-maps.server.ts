// Node's source-map support (tsx turns it on) maps every Error.stack that is read back to the
// TypeScript sources. Sequelize reads a stack on every SQLite query, so with it on each request
// pays for source-map lookups and the parsed maps stay in memory. The production build's source
// maps (build/node/*.map) are left unused, so production turns the support off; development
// keeps it for readable stack traces.
export function applySourceMapSupport(production: boolean): boolean {
  process.setSourceMapsEnabled(!production);
  return process.sourceMapsEnabled;
}
