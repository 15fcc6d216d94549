import { col, fromSections, pageColumns, type SectionDrafter, tableOf } from "./_helpers.js";

/** Your pages that AI answers cite (top 100). */
export const yourPages: SectionDrafter = (model, lang) =>
  fromSections("your_pages", model, lang, (s) => {
    const c = lang.m.columns;
    return [
      tableOf(
        "your-pages",
        [
          col("url", c.page, "url"),
          col("folder", c.folder, "text"),
          ...pageColumns(lang),
          col("unique_prompts_delta", c.deltaPrompts, "delta_count"),
        ],
        s.your_pages.rows,
        lang.m.yourPages.empty,
        { note: lang.m.yourPages.note(s.your_pages.totals.pages) },
      ),
    ];
  });
