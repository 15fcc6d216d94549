/** Records of the workspace and the visibility setup: workspace, project, competitor, category, prompt, answer. */
import { z } from "zod";
import { isTimeZone } from "../../../contract/calendar.js";
import { AnswerStatus, Platform, ProjectStatus, PromptStatus } from "../../../contract/index.js";
import { Id, NullableText, OptionalId, Strings, Text, Timestamp } from "./_fields.js";

/** A workspace (contract `Workspace`, with `owner` as an object). */
export const WorkspaceRecord = z.object({
  id: Id,
  name: Text,
  website: z.string().default(""),
  logo: z.string().default(""),
  icon: z.string().default(""),
  timezone: z.string().refine(isTimeZone, "unknown IANA time zone"),
  owner: z.object({ id: Id, name: z.string(), email: z.string(), avatar: z.string().default("") }),
  members: z.number().int().min(0).default(1),
  created_at: Timestamp.optional(),
});

/** A project (a brand) of a workspace; `platforms` are the AI platforms it tracks. */
export const ProjectRecord = z.object({
  id: Id,
  workspace_id: Id,
  name: Text,
  slug: z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "lowercase words separated by dashes")
    .optional(),
  brand_name: Text,
  brand_domain: Text,
  brand_variants: Strings,
  platforms: z.array(Platform).default([]),
  schedule_days: z.array(z.number().int().min(1).max(7)).default([]),
  schedule_hour: z.number().int().min(0).max(23).default(6),
  status: ProjectStatus.default("ACTIVE"),
  created_at: Timestamp.optional(),
});

/** A tracked competitor of a project. */
export const CompetitorRecord = z.object({
  id: Id,
  project_id: Id,
  name: Text,
  domain: Text,
  icon: z.string().default(""),
  variants: Strings,
  created_at: Timestamp.optional(),
});

/** A prompt category. */
export const CategoryRecord = z.object({
  id: Id,
  project_id: Id,
  name: Text,
  color: z.string().default("#64748b"),
  order: z.number().int().default(0),
  created_at: Timestamp.optional(),
  updated_at: Timestamp.optional(),
});

/** A tracked prompt; `category_id` null for uncategorized prompts. */
export const PromptRecord = z.object({
  id: Id,
  project_id: Id,
  category_id: OptionalId,
  text: Text,
  status: PromptStatus.default("PENDING"),
  created_at: Timestamp.optional(),
});

/** One citation of an answer; `position` defaults to the index in the list, from 1. */
export const CitationRecord = z.object({
  url: Text,
  title: NullableText,
  position: z.number().int().min(1).optional(),
});

/**
 * One collected answer (a snapshot) with its citations inline. The project comes from the prompt,
 * `day` from `collected_at` in the workspace time zone, `brand_cited` and the cited competitors from
 * the citations' domains, `competitor_found` from `mentioned_competitor_ids`.
 */
export const AnswerRecord = z
  .object({
    id: Id,
    prompt_id: Id,
    platform: Platform,
    status: AnswerStatus.default("COLLECTED"),
    collected_at: Timestamp,
    preview: z.string().optional(),
    text: z.string(),
    brand_mentioned: z.boolean(),
    mentioned_competitor_ids: z.array(Id).default([]),
    mention_excerpts: Strings,
    error_message: NullableText,
    citations: z.array(CitationRecord).default([]),
  })
  .superRefine((answer, ctx) => {
    const seen = new Set<number>();
    answer.citations.forEach((c, i) => {
      const position = c.position ?? i + 1;
      if (seen.has(position))
        ctx.addIssue({ code: "custom", path: ["citations", i, "position"], message: "duplicate position" });
      seen.add(position);
    });
  });

export type WorkspaceRecord = z.infer<typeof WorkspaceRecord>;
export type ProjectRecord = z.infer<typeof ProjectRecord>;
export type CompetitorRecord = z.infer<typeof CompetitorRecord>;
export type CategoryRecord = z.infer<typeof CategoryRecord>;
export type PromptRecord = z.infer<typeof PromptRecord>;
export type AnswerRecord = z.infer<typeof AnswerRecord>;
