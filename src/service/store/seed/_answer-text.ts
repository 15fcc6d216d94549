/** Builds a believable, compact answer text from templates. */
import type { Rng } from "./_prng.js";
import { CLOSINGS, ENTITY_SENTENCES, NEUTRAL_BODIES, OPENINGS } from "./_vocabulary.js";

export interface MentionedEntity {
  /** The name as the answer writes it (one of the entity's variants). */
  written: string;
  strength: string;
  isBrand: boolean;
}

export interface AnswerText {
  text: string;
  preview: string;
  /** Sentences naming the brand. */
  excerpts: string[];
}

const fill = (template: string, values: Record<string, string>): string => {
  let out = template;
  for (const key in values) out = out.replace(`{${key}}`, values[key] as string);
  return out;
};

/** Composes opening, one sentence per mentioned entity (or a neutral body) and a closing. */
export function composeAnswer(
  rng: Rng,
  subject: string,
  audience: string,
  entities: readonly MentionedEntity[],
): AnswerText {
  const sentences = [fill(rng.pick(OPENINGS), { subject, audience })];
  const excerpts: string[] = [];
  if (entities.length === 0) sentences.push(rng.pick(NEUTRAL_BODIES));
  for (const entity of entities) {
    const sentence = fill(rng.pick(ENTITY_SENTENCES), { name: entity.written, strength: entity.strength });
    sentences.push(sentence);
    if (entity.isBrand) excerpts.push(sentence);
  }
  sentences.push(rng.pick(CLOSINGS));
  const text = sentences.join(" ");
  return { text, preview: previewOf(text), excerpts };
}

/** The first ~160 characters, cut at a word boundary. */
export function previewOf(text: string): string {
  if (text.length <= 160) return text;
  const cut = text.slice(0, 159);
  const space = cut.lastIndexOf(" ");
  return `${(space > 100 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
