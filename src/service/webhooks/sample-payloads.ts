/** Sample event data for test sends (`webhooks test`): fixed, valid against the contract's schemas. */
import type { EventType } from "../../contract/index.js";

const ID = "00000000-0000-4000-8000-000000000001";
const AT = "2025-01-01T12:00:00.000Z";

/** A sample `data` object of `event`. */
export function samplePayload(event: EventType): Record<string, unknown> {
  switch (event) {
    case "content.status_updated":
      return {
        id: ID,
        title: "Sample article",
        buyer_stage: "awareness",
        metadata: { keywords: ["sample"], source: "manual" },
        status: "GENERATED",
        config: { autowrite: false, planned_for: null, planned_time: null },
        written_on: AT,
        published_on: null,
        keywords: ["sample"],
        source: "manual",
        body: "<p>Sample</p>",
        cover_image: null,
        slug: "sample-article",
        permalink: null,
        meta_title: null,
        meta_description: null,
        post_url: null,
        createdAt: AT,
        updatedAt: AT,
      };
    case "opportunity_run.status_updated":
      return {
        id: ID,
        agent: "opportunity_agent",
        status: "COMPLETED",
        ideas_count: 3,
        error: null,
        ran_at: AT,
        completed: true,
      };
    case "agent_task.status_updated":
      return {
        id: ID,
        agent_id: ID,
        agent: { id: ID, name: "Sample agent", icon: null, short_description: null },
        name: "Sample task",
        status: "SUCCEEDED",
        inputs: {},
        outputs: {},
        usage: { input_tokens: 0, output_tokens: 0, total_tokens: 0 },
        execution_duration: 0,
        started_at: AT,
        ended_at: AT,
        created_at: AT,
      };
    case "iq.status_updated":
      return {
        id: ID,
        type: "persona",
        title: "Sample persona",
        description: null,
        content: null,
        metadata: {},
        productId: null,
        productUrls: null,
        voiceSampleUrls: null,
        contentSampleUrls: null,
        imagesUrls: null,
        isDefault: false,
        stage: "READY",
        createdAt: AT,
        updatedAt: AT,
      };
  }
}
