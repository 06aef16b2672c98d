import { describe, expect, it } from "vitest";
import { renderMarkdown } from "./markdown.server";

describe("renderMarkdown", () => {
  it("renders headings, lists, emphasis and links", () => {
    const html = renderMarkdown("# Title\n\n## Part\n\nSome **bold** and *soft* text.\n\n- one\n- two\n\n1. first\n\n[Darna](https://darna.tn)");
    expect(html).toContain("<h2>Title</h2>");
    expect(html).toContain("<h2>Part</h2>");
    expect(html).toContain("<strong>bold</strong>");
    expect(html).toContain("<em>soft</em>");
    expect(html).toContain("<ul>\n<li>one</li>");
    expect(html).toContain("<ol>");
    expect(html).toContain('<a href="https://darna.tn" rel="nofollow noopener noreferrer">Darna</a>');
  });

  it.each([
    ["a script tag", "Hello <script>alert(1)</script> there", /<script|alert\(1\)/i],
    ["a script block", "<script>\nalert(1)\n</script>", /<script|alert/i],
    ["an on* attribute", '<p onclick="alert(1)">x</p><img src=x onerror="alert(2)">', /onclick|onerror|<img|alert/i],
    ["a javascript: Markdown link", "[click](javascript:alert(1))", /javascript:/i],
    ["a javascript: HTML link", '<a href="JaVaScRiPt:alert(1)">x</a>', /javascript:/i],
    ["an entity-encoded javascript: link", '<a href="&#106;avascript:alert(1)">x</a>', /javascript|&#106;/i],
    ["a data: link", "[x](data:text/html;base64,PHNjcmlwdD4=)", /data:/i],
    ["an iframe", '<iframe src="https://evil.example"></iframe>', /iframe|evil/i],
    ["a style attribute", '<p style="background:url(javascript:x)">x</p>', /style|javascript/i],
    ["an image (the cover is the only picture)", "![x](https://evil.example/x.png)", /<img/i],
  ])("strips %s", (_name, markdown, forbidden) => {
    expect(renderMarkdown(markdown)).not.toMatch(forbidden);
  });

  it("keeps the text of HTML it unwraps", () => {
    expect(renderMarkdown("<div><span>kept text</span></div>")).toContain("kept text");
  });
});
