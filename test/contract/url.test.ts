import { describe, expect, it } from "vitest";
import { normalizeUrl, urlDomain, urlFolder, withoutPassword } from "../../src/contract/url.js";

/** [input, normalized]: the spec's rules (lowercase, no scheme, no www., no query, no trailing slash) and ours. */
const CASES: [string, string][] = [
  ["HTTPS://WWW.Example.COM/Blog/Post/", "example.com/blog/post"],
  ["http://example.com/a", "example.com/a"],
  ["https://example.com/a", "example.com/a"],
  ["example.com/a", "example.com/a"],
  ["//example.com/a", "example.com/a"],
  ["ftp://example.com/a", "example.com/a"],
  ["www.example.com/a", "example.com/a"],
  ["https://www.example.com", "example.com"],
  ["www2.example.com/x", "www2.example.com/x"],
  ["https://www.www.example.com/", "example.com"],
  ["https://example.com:443/a", "example.com/a"],
  ["http://example.com:80/a", "example.com/a"],
  ["https://example.com:8443/a", "example.com:8443/a"],
  ["http://example.com:443/a", "example.com:443/a"],
  ["example.com:8080", "example.com:8080"],
  ["https://example.com/a?b=1&c=2", "example.com/a"],
  ["HTTPS://WWW.EXAMPLE.COM?Q=1", "example.com"],
  ["https://example.com/a#top", "example.com/a"],
  ["https://example.com/a/?x=1#f", "example.com/a"],
  ["https://example.com/a/", "example.com/a"],
  ["https://example.com/a///", "example.com/a"],
  ["https://example.com", "example.com"],
  ["https://example.com/", "example.com"],
  ["https://bücher.de/Straße", "bücher.de/straße"],
  ["https://xn--bcher-kva.de/stra%C3%9Fe", "bücher.de/straße"],
  ["https://BÜCHER.de/", "bücher.de"],
  ["https://example.com/a%20b", "example.com/a b"],
  ["example.com/a b", "example.com/a b"],
  ["https://example.com/%7Euser/", "example.com/~user"],
  ["  https://example.com/a \n", "example.com/a"],
  ["https://user:secret@example.com/p", "example.com/p"],
  ["http://WWW.Example.com./a", "example.com/a"],
  ["https://example.com.:8443/", "example.com:8443"],
  ["", ""],
  ["   ", ""],
];

describe("normalizeUrl", () => {
  for (const [input, expected] of CASES) {
    it(`${JSON.stringify(input)} → ${JSON.stringify(expected)}`, () => {
      expect(normalizeUrl(input)).toBe(expected);
    });
  }

  it("gives the same result for a unicode host and its punycode form", () => {
    expect(normalizeUrl("https://bücher.de/x")).toBe(normalizeUrl("http://XN--BCHER-KVA.DE/x/"));
  });

  it("is idempotent", () => {
    const cases = CASES;
    for (const [input] of cases) expect(normalizeUrl(normalizeUrl(input)), input).toBe(normalizeUrl(input));
  });
});

describe("urlDomain", () => {
  it("is the host without www., port, path or scheme", () => {
    expect(urlDomain("https://www.Example.com:8080/a?b")).toBe("example.com");
    expect(urlDomain("example.com")).toBe("example.com");
    expect(urlDomain("http://blog.example.com/x/")).toBe("blog.example.com");
    expect(urlDomain("www2.example.com")).toBe("www2.example.com");
    expect(urlDomain("https://xn--bcher-kva.de/")).toBe("bücher.de");
  });
});

describe("urlFolder", () => {
  it("is the first path segment, or / for the root", () => {
    expect(urlFolder("example.com/blog/post")).toBe("/blog");
    expect(urlFolder("example.com/blog")).toBe("/blog");
    expect(urlFolder("example.com")).toBe("/");
    expect(urlFolder("example.com/")).toBe("/");
    expect(urlFolder(normalizeUrl("https://www.example.com/Docs/Intro/?x=1"))).toBe("/docs");
    expect(urlFolder(normalizeUrl("https://www.example.com/"))).toBe("/");
  });
});

describe("withoutPassword (URLs in messages, logs and listings)", () => {
  it.each([
    ["redis://:s3cret@cache.internal:6379/2", "redis://:***@cache.internal:6379/2"],
    ["https://hook:s3cret@example.com/in?x=1", "https://hook:***@example.com/in?x=1"],
    ["redis://127.0.0.1:6379", "redis://127.0.0.1:6379"],
    ["not a url :s3cret@", "(invalid URL)"],
  ])("%s → %s", (url, shown) => {
    expect(withoutPassword(url)).toBe(shown);
  });
});
