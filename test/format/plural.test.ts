import { expect, it } from "vitest";
import { countOf, nounFor } from "../../src/format/plural.js";

it("puts the noun in the form its count asks for (Intl.PluralRules, English)", () => {
  expect(countOf(1, "tracked prompt")).toBe("1 tracked prompt");
  expect(countOf(2, "tracked prompt")).toBe("2 tracked prompts");
  expect(countOf(0, "answer")).toBe("0 answers");
  expect(countOf(12345, "answer")).toBe("12,345 answers");
  expect(countOf(1, "category", "categories")).toBe("1 category");
  expect(countOf(2, "category", "categories")).toBe("2 categories");
  expect(nounFor(1, "platform")).toBe("platform");
  expect(nounFor(2, "platform")).toBe("platforms");
});
