// The browser's translator (ADR 237): i18next's `t` for what Darna's translations use, without
// i18next's 15 KB. The server renders with real i18next and the browser must produce the same
// text to hydrate, so each step below follows i18next 23's own (Translator.resolve, translate,
// Interpolator.interpolate, PluralResolver with Intl.PluralRules, ResourceStore.getResource), with
// the app's settings: keys nested by ".", namespaces by ":", plural suffixes "_one"/"_other"/…
// ("_zero" tried first for a count of 0), `{{name}}` and `{{- name}}` interpolation without
// escaping (escapeValue: false; React escapes), a missing variable left as written
// (skipOnVariables), `returnObjects`, `defaultValue` (and `defaultValue_one`…), `context`, and a
// missing key looked up in the fallback language before the key itself is returned.
// Not supported (no translation uses them, tests/unit/… compare every key): nesting `$t(…)`,
// formats `{{value, number}}`, postProcess, joinArrays.

/** language → namespace → nested translations. */
export type TranslationStore = Record<string, Record<string, unknown>>;

export interface TranslateOptions {
  count?: unknown;
  context?: unknown;
  ordinal?: boolean;
  defaultValue?: unknown;
  returnObjects?: boolean;
  ns?: string | readonly string[] | null;
  lng?: string | null;
  lngs?: readonly string[] | null;
  replace?: Record<string, unknown>;
  [name: string]: unknown;
}

export interface TranslatorSettings {
  store: TranslationStore;
  /** The language in use (i18next's `i18n.language`). */
  language: string;
  fallbackLanguage: string;
  supportedLanguages: readonly string[];
  defaultNS: string;
  /**
   * Told when a lookup reaches a language whose namespace is not in the store (the browser's
   * translator loads the fallback language's files only then: a key missing in the visitor's language).
   */
  onUnloaded?: (language: string, ns: string) => void;
}

const isString = (value: unknown): value is string => typeof value === "string";
const has = (object: object, key: string) => Object.prototype.hasOwnProperty.call(object, key);

// i18next's looksLikeObjectPath: a key with spaces or punctuation reads as a sentence, whose
// colon is not a namespace separator.
const SENTENCE_CHARS = /( |,|\?|!|;)/;
function looksLikeObjectPath(key: string): boolean {
  if (!SENTENCE_CHARS.test(key)) return true;
  const dot = key.indexOf(".");
  return dot > 0 && !SENTENCE_CHARS.test(key.substring(0, dot));
}

function extractFromKey(key: string, options: TranslateOptions, defaultNS: string) {
  let namespaces: string | readonly string[] = options.ns || defaultNS;
  if (key.includes(":") && looksLikeObjectPath(key) && !/\$t\((.+?)\)/.test(key)) {
    const parts = key.split(":");
    namespaces = parts.shift()!;
    key = parts.join(".");
  }
  return { key, namespaces: isString(namespaces) ? [namespaces] : [...namespaces] };
}

// ResourceStore.getResource: the nested path first; then, when that finds nothing truthy, a
// search that also accepts keys holding dots (deepFind, ignoreJSONStructure).
function getPath(object: unknown, path: readonly string[]): unknown {
  let current = object as Record<string, unknown> | undefined;
  for (let index = 0; index < path.length - 1; index++) {
    if (!current || isString(current)) return undefined;
    current = has(current, path[index]!) ? (current[path[index]!] as Record<string, unknown>) : {};
  }
  return !current || isString(current) ? undefined : current[path[path.length - 1]!];
}

function deepFind(object: unknown, path: string): unknown {
  if (!object) return undefined;
  const record = object as Record<string, unknown>;
  if (record[path]) return record[path];
  const tokens = path.split(".");
  let current: unknown = record;
  for (let index = 0; index < tokens.length; ) {
    if (!current || typeof current !== "object") return undefined;
    let next: unknown;
    let nextPath = "";
    for (let end = index; end < tokens.length; ++end) {
      if (end !== index) nextPath += ".";
      nextPath += tokens[end];
      next = (current as Record<string, unknown>)[nextPath];
      if (next !== undefined) {
        if (["string", "number", "boolean"].includes(typeof next) && end < tokens.length - 1) continue;
        index += end - index + 1;
        break;
      }
    }
    current = next;
  }
  return current;
}

function getResource(store: TranslationStore, language: string, ns: string, key: string): unknown {
  const found = getPath(store, [language, ns, ...key.split(".")]);
  if (found) return found;
  return deepFind(store[language]?.[ns], key);
}

const pluralRules = new Map<string, Intl.PluralRules | null>();
/** "_one", "_other", "_ordinal_two"… as i18next's PluralResolver.getSuffix with the Intl API. */
export function pluralSuffix(language: string, count: unknown, ordinal = false): string {
  const type = ordinal ? "ordinal" : "cardinal";
  const cacheKey = `${language}|${type}`;
  let rule = pluralRules.get(cacheKey);
  if (rule === undefined) {
    try {
      rule = new Intl.PluralRules(language.replace("_", "-"), { type });
    } catch {
      rule = null;
    }
    pluralRules.set(cacheKey, rule);
  }
  return rule ? `_${ordinal ? "ordinal_" : ""}${rule.select(count as number)}` : "";
}

const isValidLookup = (value: unknown) => value !== undefined && value !== null;

/** The languages a key is looked up in: the language, then the fallback (both if supported). */
function resolveHierarchy(settings: TranslatorSettings, language: string): string[] {
  return [language, settings.fallbackLanguage].filter(
    (code, index, codes) => !!code && codes.indexOf(code) === index && settings.supportedLanguages.includes(code),
  );
}

interface Resolved {
  res: unknown;
  usedKey: string;
  exactUsedKey: string;
}

function resolve(settings: TranslatorSettings, keys: readonly string[], options: TranslateOptions): Resolved {
  let found: unknown;
  let usedKey = "";
  let exactUsedKey = "";
  for (const candidate of keys) {
    if (isValidLookup(found)) break;
    const { key, namespaces } = extractFromKey(candidate, options, settings.defaultNS);
    usedKey = key;
    const needsPlural = options.count !== undefined && !isString(options.count);
    const needsZero = needsPlural && !options.ordinal && options.count === 0;
    const needsContext = options.context !== undefined && (isString(options.context) || typeof options.context === "number") && options.context !== "";
    const codes = options.lngs ? [...options.lngs] : resolveHierarchy(settings, options.lng || settings.language);
    for (const ns of namespaces) {
      for (const code of codes) {
        if (isValidLookup(found)) break;
        const finalKeys = [key];
        const suffix = needsPlural ? pluralSuffix(code, options.count, options.ordinal) : "";
        const pushPlural = (base: string) => {
          finalKeys.push(base + suffix);
          if (options.ordinal && suffix.startsWith("_ordinal_")) finalKeys.push(base + suffix.replace("_ordinal_", "_"));
          if (needsZero) finalKeys.push(`${base}_zero`);
        };
        if (needsPlural) pushPlural(key);
        if (needsContext) {
          const contextKey = `${key}_${String(options.context)}`;
          finalKeys.push(contextKey);
          if (needsPlural) pushPlural(contextKey);
        }
        if (settings.store[code]?.[ns] === undefined) settings.onUnloaded?.(code, ns);
        let possibleKey: string | undefined;
        while ((possibleKey = finalKeys.pop())) {
          if (isValidLookup(found)) continue;
          exactUsedKey = possibleKey;
          found = getResource(settings.store, code, ns, possibleKey);
        }
      }
      if (isValidLookup(found)) break;
    }
  }
  return { res: found, usedKey, exactUsedKey };
}

const makeString = (value: unknown) => (value == null ? "" : `${value as string}`);

/** The value of `{{path}}` in `data` (a dotted path reads nested objects). */
function lookupVariable(data: Record<string, unknown>, path: string): unknown {
  const found = getPath(data, path.split("."));
  return found ? found : deepFind(data, path);
}

/**
 * `{{- name}}` then `{{name}}` replaced by the values in `data`, unescaped (escapeValue: false).
 * A variable that is not given stays as written, unless `options` has it (then it is emptied).
 */
export function interpolate(text: unknown, data: Record<string, unknown>, options: TranslateOptions = data): unknown {
  if (!isString(text)) return text;
  let result = text;
  for (const pattern of [/\{\{-(.+?)\}\}/g, /\{\{(.+?)\}\}/g]) {
    result = result.replace(pattern, (match, name: string) => {
      const variable = name.trim();
      const value = lookupVariable(data, variable);
      if (value === undefined) return has(options, variable) ? "" : match;
      return isString(value) ? value : makeString(value);
    });
  }
  return result;
}

function hasDefaultValue(options: TranslateOptions): boolean {
  return Object.keys(options).some((option) => option.startsWith("defaultValue") && options[option] !== undefined);
}

/** i18next's `t`: the translation of `keys` (the last one's namespace and key when none is found). */
export function translate(settings: TranslatorSettings, keys: unknown, givenOptions: TranslateOptions = {}): unknown {
  const options: TranslateOptions = { ...givenOptions };
  if (keys === undefined || keys === null) return "";
  const keyList = Array.isArray(keys) ? keys.map(String) : [String(keys)];
  const { key, namespaces } = extractFromKey(keyList[keyList.length - 1]!, options, settings.defaultNS);
  const language = options.lng || settings.language;
  const resolved = resolve(settings, keyList, options);
  let res = resolved.res;
  if (res && typeof res === "object") {
    if (!options.returnObjects) return `key '${key} (${settings.language})' returned an object instead of string.`;
    const isArray = Array.isArray(res);
    const copy: Record<string, unknown> = isArray ? ([] as unknown as Record<string, unknown>) : {};
    const base = isArray ? resolved.exactUsedKey : resolved.usedKey;
    for (const member of Object.keys(res)) {
      const deepKey = `${base}.${member}`;
      copy[member] = translate(settings, deepKey, { ...options, joinArrays: false, ns: namespaces });
      if (copy[member] === deepKey) copy[member] = (res as Record<string, unknown>)[member];
    }
    return copy;
  }
  const needsPlural = options.count !== undefined && !isString(options.count);
  if (!isValidLookup(res) && hasDefaultValue(options)) {
    const suffix = needsPlural ? pluralSuffix(language, options.count, options.ordinal) : "";
    const ordinalFallback = options.ordinal && needsPlural ? pluralSuffix(language, options.count) : "";
    const needsZero = needsPlural && !options.ordinal && options.count === 0;
    res =
      (needsZero && options.defaultValue_zero) ||
      options[`defaultValue${suffix}`] ||
      options[`defaultValue${ordinalFallback}`] ||
      options.defaultValue;
  }
  if (!isValidLookup(res)) res = key;
  const data = options.replace && !isString(options.replace) ? options.replace : options;
  return interpolate(res, data, options);
}
