import { z } from "zod";
import { templateProblem } from "../format/email-template.js";
import { Sender } from "./email-address.js";

/** A Handlebars template of an email (strict: an unknown variable is an error naming it). */
const template = z
  .string()
  .min(1)
  .max(10_000)
  .superRefine((text, ctx) => {
    const problem = templateProblem(text);
    if (problem !== null) ctx.addIssue({ code: "custom", message: `not a usable template: ${problem}` });
  });

const address = z.email("must be an email address like cmo@client.example");

/**
 * How a client's report is emailed (config `email`, and per project in `projects`, docs/email.md):
 * recipients, sender, reply-to, and the agency's own subject and body.
 */
export const EmailConfig = z.strictObject({
  to: z.array(address).min(1).optional(),
  cc: z.array(address).optional(),
  from: Sender.optional(),
  replyTo: address.optional(),
  subject: template.optional(),
  body: template.optional(),
});
export type EmailConfig = z.infer<typeof EmailConfig>;
