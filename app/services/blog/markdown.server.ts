// An article's Markdown to HTML that is safe to put in a page (ADR 144): marked turns the
// Markdown into HTML, then sanitize-html keeps only the tags and attributes an article needs.
// Raw HTML written inside the Markdown goes through the same allowlist, so a <script>, an
// on* attribute, a style or a javascript: link never reaches the page. Headings start at h2
// (the article's title is the page's h1); images are not allowed in the body (the cover is
// the article's picture, and it goes through the photo pipeline).
import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";

const marked = new Marked({ gfm: true, breaks: false, async: false });

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: ["h2", "h3", "h4", "p", "br", "hr", "ul", "ol", "li", "strong", "em", "del", "a", "blockquote", "code", "pre", "table", "thead", "tbody", "tr", "th", "td"],
  allowedAttributes: { a: ["href", "title", "rel"], ol: ["start"], th: ["align"], td: ["align"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  // What is not allowed is dropped with its content for these, unwrapped (text kept) for others.
  nonTextTags: ["script", "style", "textarea", "noscript", "iframe", "object", "embed", "template"],
  transformTags: {
    h1: "h2",
    h5: "h4",
    h6: "h4",
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: "nofollow noopener noreferrer" } }),
  },
};

/** Markdown → sanitized HTML. */
export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown) as string;
  return sanitizeHtml(html, SANITIZE).trim();
}
