// The browser's i18n instance (ADR 237): the translations of the namespaces the pages use, loaded
// from the build's hashed locale files, with the part of i18next's instance the components call
// (`t`, `getFixedT`, `language`, `dir`, `changeLanguage`, `hasLoadedNamespace`, `loadNamespaces`).
// app/utils/i18n-react.tsx gives it to the components behind react-i18next's hooks.
import { translate, type TranslateOptions, type TranslationStore } from "~/utils/translator";

/** Reads one language's namespace (the parsed JSON). */
export type NamespaceReader = (language: string, namespace: string) => Promise<Record<string, unknown>>;

export type TFunction = ((key: string | string[], options?: TranslateOptions | string, more?: TranslateOptions) => string) & {
  ns: string | readonly string[];
  lng?: string;
};

export interface ClientI18nOptions {
  language: string;
  fallbackLanguage: string;
  supportedLanguages: readonly string[];
  defaultNS: string;
  read: NamespaceReader;
  // SPEC.md §1: the language loader retries 5 times, from 350 ms, doubling.
  maxRetries?: number;
  retryTimeout?: number;
}

const RTL = /^(ar|he|fa|ur|ps|yi|dv|ug|ckb|sd|iw)(-|$)/i;

export class ClientI18n {
  language: string;
  readonly options: ClientI18nOptions;
  /** Bumped whenever a namespace arrives or the language changes: the hooks re-render on it. */
  version = 0;
  private readonly store: TranslationStore = {};
  private readonly loads = new Map<string, Promise<void>>();
  private readonly listeners = new Set<() => void>();
  /** Every namespace a component has asked for: loaded again in a new language. */
  private readonly used = new Set<string>();

  constructor(options: ClientI18nOptions) {
    this.options = options;
    this.language = options.language;
  }

  /**
   * The languages a namespace is read in up front: the language only. The fallback language's file
   * is read when a key is missing from the language (`fallBack`), which the locale files' parity
   * test keeps from happening: a French page no longer downloads the English files beside its own.
   */
  private languagesFor(language: string): string[] {
    return this.options.supportedLanguages.includes(language) ? [language] : [this.options.fallbackLanguage];
  }

  /** A lookup fell through to a namespace not loaded: the fallback language's is read, and the page re-renders with it. */
  private fallBack = (language: string, ns: string) => {
    if (language === this.options.fallbackLanguage) void this.load(language, ns);
  };

  t = (key: unknown, options?: TranslateOptions | string, more?: TranslateOptions): string => {
    const settings = { ...this.options, store: this.store, language: this.language, onUnloaded: this.fallBack };
    return translate(settings, key, overload(options, more)) as string;
  };

  /** i18next's getFixedT: `t` bound to a language (null: the one in use) and namespace(s). */
  getFixedT(language: string | null, ns?: string | readonly string[]): TFunction {
    const fixed = ((key: string | string[], options?: TranslateOptions | string, more?: TranslateOptions) => {
      const given = overload(options, more);
      // As i18next: these become the options' own properties (interpolation reads them too).
      given.lng = given.lng || fixed.lng;
      given.lngs = given.lngs || (fixed.lng ? undefined : (language as null));
      given.ns = given.ns || fixed.ns;
      return this.t(key, given);
    }) as TFunction;
    if (language) fixed.lng = language;
    fixed.ns = ns ?? this.options.defaultNS;
    return fixed;
  }

  dir(language: string = this.language): "ltr" | "rtl" {
    return RTL.test(language) ? "rtl" : "ltr";
  }

  hasLoadedNamespace(ns: string, language: string = this.language): boolean {
    return this.languagesFor(language).every((code) => this.store[code]?.[ns] !== undefined);
  }

  /** Loads `namespaces` in the language in use; resolves when all are in. */
  loadNamespaces(namespaces: string | readonly string[], language: string = this.language): Promise<void> {
    const list = typeof namespaces === "string" ? [namespaces] : namespaces;
    for (const ns of list) this.used.add(ns);
    return Promise.all(this.languagesFor(language).flatMap((code) => list.map((ns) => this.load(code, ns)))).then(() => undefined);
  }

  /** Switches to `language` once the namespaces in use are loaded in it. */
  async changeLanguage(language: string): Promise<void> {
    await this.loadNamespaces([...this.used], language);
    this.language = language;
    this.changed();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private changed() {
    this.version++;
    for (const listener of this.listeners) listener();
  }

  private load(language: string, ns: string): Promise<void> {
    if (this.store[language]?.[ns] !== undefined) return Promise.resolve();
    const name = `${language}|${ns}`;
    let loading = this.loads.get(name);
    if (!loading) {
      const { maxRetries = 5, retryTimeout = 350 } = this.options;
      const attempt = (tried: number, wait: number): Promise<Record<string, unknown>> =>
        this.options.read(language, ns).catch((error: unknown) =>
          tried < maxRetries ? new Promise((resolve) => setTimeout(resolve, wait)).then(() => attempt(tried + 1, wait * 2)) : Promise.reject(error),
        );
      loading = attempt(0, retryTimeout).then(
        (data) => {
          (this.store[language] ??= {})[ns] = data;
          this.changed();
        },
        (error: unknown) => {
          // Given up: a later use tries again; the page keeps the keys meanwhile, as i18next did.
          this.loads.delete(name);
          console.error(error);
        },
      );
      this.loads.set(name, loading);
    }
    return loading;
  }
}

/** i18next's overloadTranslationOptionHandler: `t(key, "default value")`, `t(key, "default", { … })`. */
function overload(options: TranslateOptions | string | undefined, more: TranslateOptions | undefined): TranslateOptions {
  if (typeof options === "object" && options !== null) return { ...options };
  const result: TranslateOptions = {};
  if (typeof options === "string") result.defaultValue = options;
  if (more && typeof more === "object") Object.assign(result, more);
  return result;
}
