// react-i18next's contract over the browser's own translator (ADR 237). The client build resolves
// `react-i18next` and `remix-i18next/react` here (scripts/client-translator-plugin.ts); the server
// and the tests keep the real packages. What the app calls: <I18nextProvider>, useTranslation
// (`t`, `i18n`, `ready`), <Trans i18nKey components>, useChangeLanguage.
import {
  cloneElement,
  createContext,
  createElement,
  isValidElement,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
  type ReactElement,
  type ReactNode,
} from "react";
import type { ClientI18n, TFunction } from "~/utils/client-i18n";
import type { TranslateOptions } from "~/utils/translator";

const I18nContext = createContext<{ i18n: ClientI18n; defaultNS?: string } | null>(null);

export function I18nextProvider({ i18n, defaultNS, children }: { i18n: ClientI18n; defaultNS?: string; children?: ReactNode }) {
  const value = useMemo(() => ({ i18n, defaultNS }), [i18n, defaultNS]);
  return createElement(I18nContext.Provider, { value }, children);
}

function useI18n() {
  const context = useContext(I18nContext);
  if (!context) throw new Error("useTranslation: no <I18nextProvider> above");
  return context;
}

type UseTranslationResult = [TFunction, ClientI18n, boolean] & { t: TFunction; i18n: ClientI18n; ready: boolean };

/**
 * As react-i18next's (useSuspense: false): `t` of the first namespace; namespaces not loaded yet
 * are loaded and the component renders again when they arrive (or when the language changes).
 */
export function useTranslation(ns?: string | readonly string[], props: { lng?: string } = {}): UseTranslationResult {
  const { i18n, defaultNS } = useI18n();
  const version = useSyncExternalStore(i18n.subscribe, () => i18n.version, () => i18n.version);
  const namespaces = typeof ns === "string" ? [ns] : ns?.length ? [...ns] : [defaultNS || i18n.options.defaultNS];
  const joined = namespaces.join();
  const ready = namespaces.every((name) => i18n.hasLoadedNamespace(name));
  useEffect(() => {
    if (!ready) void i18n.loadNamespaces(joined.split(","));
  }, [i18n, joined, ready]);
  const first = namespaces[0]!;
  // A new `t` when the language changes or translations arrive, as react-i18next's.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const t = useMemo(() => i18n.getFixedT(props.lng || null, first), [i18n, props.lng, first, version]);
  const result = [t, i18n, ready] as UseTranslationResult;
  result.t = t;
  result.i18n = i18n;
  result.ready = ready;
  return result;
}

/** remix-i18next/react's: follows the root loader's language (a client navigation to /fr/…). */
export function useChangeLanguage(locale: string) {
  const { i18n } = useI18n();
  useEffect(() => {
    if (i18n.language !== locale) void i18n.changeLanguage(locale);
  }, [locale, i18n]);
}

interface TransProps {
  i18nKey: string;
  t?: TFunction;
  ns?: string | readonly string[];
  values?: Record<string, unknown>;
  count?: number;
  context?: string;
  tOptions?: TranslateOptions;
  defaults?: string;
  components?: Record<string, ReactElement> | readonly ReactElement[];
  parent?: string;
}

// react-i18next's transKeepBasicHtmlNodesFor, and the tags html-parse-stringify reads as void.
const BASIC_HTML = ["br", "strong", "i", "p"];
const VOID = ["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr"];

interface TagNode {
  name: string;
  isVoid: boolean;
  children: Array<TagNode | string>;
}

/** The translation's `<name>…</name>`, `<name/>` and `<0>…</0>` as a tree (attributes are not read). */
function parseTags(text: string): Array<TagNode | string> {
  const root: TagNode = { name: "", isVoid: false, children: [] };
  const stack = [root];
  let last = 0;
  for (const match of text.matchAll(/<(\/?)([\w-]+)[^<>]*?(\/?)>/g)) {
    const top = stack[stack.length - 1]!;
    if (match.index > last) top.children.push(text.slice(last, match.index));
    last = match.index + match[0].length;
    const [, closing, name = "", selfClosing] = match;
    if (closing) {
      if (stack.length > 1 && top.name === name) stack.pop();
      continue;
    }
    const node: TagNode = { name, isVoid: Boolean(selfClosing) || VOID.includes(name), children: [] };
    top.children.push(node);
    if (!node.isVoid) stack.push(node);
  }
  if (last < text.length) stack[stack.length - 1]!.children.push(text.slice(last));
  return root.children;
}

/** What react-i18next's renderNodes makes of the parsed translation, for the components given. */
function renderTags(nodes: Array<TagNode | string>, components: TransProps["components"]): ReactNode[] {
  return nodes.map((node, index) => {
    if (typeof node === "string") return node;
    const component = components ? (components as Record<string, ReactElement | undefined>)[node.name] : undefined;
    const known = isValidElement(component) && Object.prototype.hasOwnProperty.call(components, node.name);
    const inner = renderTags(node.children, components);
    if (known) {
      const element = component as ReactElement<{ children?: ReactNode }>;
      // `<terms/>` shows the component as given; `<terms>text</terms>` gives it the text.
      return node.isVoid ? cloneElement(element, { key: index }) : cloneElement(element, { key: index }, inner);
    }
    if (BASIC_HTML.includes(node.name)) return createElement(node.name, { key: `${node.name}-${index}` }, node.isVoid ? undefined : inner);
    return node.isVoid ? `<${node.name} />` : `<${node.name}>${inner.join(",")}</${node.name}>`;
  });
}

export function Trans({ i18nKey, t: tFromProps, ns, values, count, context, tOptions = {}, defaults, components, parent }: TransProps) {
  const { i18n } = useI18n();
  const t = tFromProps ?? i18n.getFixedT(null, ns ?? i18n.options.defaultNS);
  const namespaces = ns || t.ns || i18n.options.defaultNS;
  const translation = t(i18nKey, {
    ...tOptions,
    context: context || tOptions.context,
    count,
    ...values,
    defaultValue: defaults || i18nKey,
    ns: typeof namespaces === "string" ? [namespaces] : namespaces,
  });
  const content = translation === "" ? [] : renderTags(parseTags(translation), components);
  return parent ? createElement(parent, null, content) : content;
}
