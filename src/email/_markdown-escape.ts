/**
 * Escapes text from the data (project names, prompt texts in findings) so Markdown reads it as
 * plain text: no emphasis, links, headings or HTML can be smuggled into the email body.
 */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\r\n]+/g, " ").replace(/[\\`*_{}[\]()#+\-.!|<>~&"']/g, (c) => `\\${c}`);
}
