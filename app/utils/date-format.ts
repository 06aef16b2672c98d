// Building an Intl.DateTimeFormat costs ICU far more than formatting with one, and components
// built one per render (ADR 247: the property page's host card, each review's month, each
// experience slot of the home page). A format depends only on its language and options, so one
// of each is kept; the set is small (a few languages × the styles the components use, and the
// users' time zones), and cleared past MAX_FORMATS in case it is not.
const MAX_FORMATS = 500;
const formats = new Map<string, Intl.DateTimeFormat>();

/** `new Intl.DateTimeFormat(language, options)`, built once per language and options. */
export function dateTimeFormat(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language}\u0000${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(language, options);
    if (formats.size >= MAX_FORMATS) formats.clear();
    formats.set(key, format);
  }
  return format;
}
