import { describe, expect, it } from "vitest";
import { escapeHtml } from "./escape-html";

describe("escapeHtml", () => {
  it.each([
    ["plain text", "plain text"],
    ["<script>alert('x')</script>", "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"],
    ['a "quoted" & <b>bold</b>', "a &quot;quoted&quot; &amp; &lt;b&gt;bold&lt;/b&gt;"],
    ["&amp; stays visible as typed", "&amp;amp; stays visible as typed"],
  ])("escapes %j", (input, expected) => {
    expect(escapeHtml(input)).toBe(expected);
  });
});
