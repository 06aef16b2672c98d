import { renderToStaticMarkup, renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { markFirstHydrationDone, serverHtmlOf, StaticSection } from "~/components/ui/static-section";

// The module keeps whether the first hydration is done (once done, for good): the tests that end
// it come last.

afterEach(() => vi.unstubAllGlobals());

/** A child that must not be rendered while the section is static. */
function Counted({ renders }: { renders: string[] }) {
  renders.push("rendered");
  return <a href="/blog">All articles</a>;
}

describe("StaticSection", () => {
  it("renders its children inside the element on the server, attributes as given", () => {
    const renders: string[] = [];
    const html = renderToString(
      <MemoryRouter>
        <StaticSection id="home-blog" className="home-section" aria-labelledby="home-blog-title" data-testid="home-blog">
          <Counted renders={renders} />
        </StaticSection>
      </MemoryRouter>,
    );
    expect(html).toBe('<section id="home-blog" class="home-section" aria-labelledby="home-blog-title" data-testid="home-blog"><a href="/blog">All articles</a></section>');
    expect(renders).toEqual(["rendered"]);
  });

  it("during the first hydration writes the server's inner HTML of the same element and leaves its children unrendered", () => {
    const serverInner = '<a href="/blog">All articles</a>';
    vi.stubGlobal("document", { getElementById: (id: string) => (id === "site-footer" ? { innerHTML: serverInner } : null) });
    const renders: string[] = [];
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <StaticSection as="footer" id="site-footer" className="site-footer">
          <Counted renders={renders} />
        </StaticSection>
      </MemoryRouter>,
    );
    // The same element as the server's, with the same inside: React has nothing to hydrate in it.
    expect(html).toBe(`<footer id="site-footer" class="site-footer">${serverInner}</footer>`);
    expect(renders).toEqual([]);
  });

  it("serverHtmlOf: the element's inner HTML in the browser's first hydration, null elsewhere", () => {
    const doc = { getElementById: (id: string) => (id === "x" ? ({ innerHTML: "<b>x</b>" } as HTMLElement) : null) };
    expect(serverHtmlOf("x", undefined)).toBeNull();
    expect(serverHtmlOf("missing", doc)).toBeNull();
    expect(serverHtmlOf("x", doc)).toBe("<b>x</b>");
    markFirstHydrationDone();
    expect(serverHtmlOf("x", doc)).toBeNull();
  });
  it("renders its children once the first hydration is done (a section mounted by a client navigation)", () => {
    vi.stubGlobal("document", { getElementById: () => ({ innerHTML: "<p>stale</p>" }) });
    markFirstHydrationDone();
    const renders: string[] = [];
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <StaticSection id="home-cities">
          <Counted renders={renders} />
        </StaticSection>
      </MemoryRouter>,
    );
    expect(html).toBe('<section id="home-cities"><a href="/blog">All articles</a></section>');
    expect(renders).toEqual(["rendered"]);
  });

});
