import { col, fromSections, pageColumns, type SectionDrafter, tableOf } from "./_helpers.js";

/** Your pages that AI answers cite (top 100; the note gives the total where there are more). */
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
        // Said only where the table does not list every page: beside "Top 6 of 28 pages" a
        // "28 pages cited in all" would repeat it.
        s.your_pages.totals.pages > s.your_pages.rows.length
          ? { note: lang.m.yourPages.note(s.your_pages.totals.pages) }
          : {},
      ),
    ];
  });
