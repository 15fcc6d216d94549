import { describe, expect, it } from "vitest";
import { projectSlug } from "../../src/format/slug.js";

describe("project slugs (docs/ingest.md)", () => {
  it("transliterates alphabets, takes accents off Latin letters, keeps Latin names as they were", () => {
    expect(projectSlug("Acmé Analytics!")).toBe("acme-analytics");
    expect(projectSlug("Brightwave")).toBe("brightwave");
    expect(projectSlug("Señor Müller ß Øst")).toBe("senor-muller-ss-ost");
    expect(projectSlug("Ａｃｍｅ")).toBe("acme");
    expect(projectSlug("Северный Ветер")).toBe("severniy-veter");
    expect(projectSlug("İstanbul Ёлка")).toBe("istanbul-yolka");
    expect(projectSlug("Ελληνικά")).toBe("ellinika");
  });

  it("gives a name with letters no table spells a stable hash of the whole name, never one shared slug", () => {
    expect(projectSlug("東京アナリティクス")).toBe("project-0e3b4e42");
    expect(projectSlug("大阪アナリティクス")).toBe("project-aafbbb7f");
    // The Latin part stays readable; the hash tells it from a project named "Acme".
    expect(projectSlug("Acme 東京")).toBe("acme-2e2ed017");
    expect(projectSlug("!!!")).toBe("project-e84c538e");
  });
});
