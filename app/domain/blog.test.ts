import { describe, expect, it } from "vitest";
import { isSlug, parseArticleRef, slugify } from "./blog";

describe("slugify", () => {
  it.each([
    ["Douz, porte du désert !", "douz-porte-du-desert"],
    ["  Sidi Bou Saïd — blue & white  ", "sidi-bou-said-blue-white"],
    ["Cœur de la médina", "coeur-de-la-medina"],
    ["¿Qué comer en Túnez?", "que-comer-en-tunez"],
    ["2024", ""],
    ["!!!", ""],
  ])("%s → %s", (title, slug) => expect(slugify(title)).toBe(slug));
});

describe("isSlug and parseArticleRef", () => {
  it.each([
    ["djerba-in-spring", true],
    ["top-10", true],
    ["123", false],
    ["Djerba", false],
    ["a--b", false],
    ["-a", false],
  ])("isSlug(%s) is %s", (value, expected) => expect(isSlug(value)).toBe(expected));

  it("reads digits as an id and anything slug-like as a slug", () => {
    expect(parseArticleRef("42")).toEqual({ id: 42 });
    expect(parseArticleRef("djerba-in-spring")).toEqual({ slug: "djerba-in-spring" });
    expect(parseArticleRef("../etc")).toBeNull();
    expect(parseArticleRef("0")).toBeNull();
    expect(parseArticleRef(undefined)).toBeNull();
  });
});
