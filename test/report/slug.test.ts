import { describe, expect, it } from "vitest";
import { slugify } from "../../src/report/slug.js";

describe("report file-name slugs", () => {
  it("are the project slugs: two Japanese projects of one --all-projects run get two file names", () => {
    const tokyo = slugify("東京アナリティクス");
    const osaka = slugify("大阪アナリティクス");
    expect(tokyo).toMatch(/^project-[0-9a-f]{8}$/);
    expect(osaka).not.toBe(tokyo);
    expect(slugify("Северный Ветер")).toBe("severniy-veter");
    expect(slugify("Acmé Analytics!")).toBe("acme-analytics");
  });

  it("are cut to 60 characters, keeping the hash that tells names without a Latin spelling apart", () => {
    expect(slugify(`${"word ".repeat(30)}end`)).toHaveLength(59); // cut, no trailing hyphen
    const a = slugify(`${"Acme ".repeat(20)}東京`);
    const b = slugify(`${"Acme ".repeat(20)}大阪`);
    expect(a.length).toBeLessThanOrEqual(60);
    expect(a).toMatch(/^acme-acme-.*-[0-9a-f]{8}$/);
    expect(b).not.toBe(a);
  });
});
