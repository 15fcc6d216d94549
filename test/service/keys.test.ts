import { describe, expect, it } from "vitest";
import { hashKey } from "../../src/service/keys/_key-format.js";
import { createKey, KeyError, listKeys, revokeKey, verifyKey } from "../../src/service/keys/index.js";
import { seedDemo, seedSecondWorkspace } from "../../src/service/store/seed/index.js";
import { describeDatabases, openTestStore } from "../store/_databases.js";

describeDatabases("API keys", (kind) => {
  it("stores only the hash, verifies, pins, expires and revokes", async () => {
    const store = await openTestStore(kind);
    try {
      const demo = await seedDemo(store, { asOf: "2025-06-30", scale: 0.05, days: 3 });
      const other = await seedSecondWorkspace(store, { asOf: "2025-06-30", scale: 0.05, days: 3 });
      const { id, key } = await createKey(store, {
        workspaceId: demo.workspaceId,
        scopes: ["content:read", "content:read"],
      });
      expect(key).toMatch(/^vr_[A-Za-z0-9_-]{43}$/);
      const row = await store.db
        .selectFrom("api_keys")
        .selectAll()
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      expect(row.key_hash).toBe(hashKey(key));
      expect(JSON.stringify(row)).not.toContain(key.slice(8));
      expect(row.prefix).toBe(key.slice(0, 8));
      expect(row.scopes).toEqual(["content:read"]);

      const now = new Date("2025-06-30T12:00:00Z");
      expect(await verifyKey(store, key, now)).toEqual({
        keyId: id,
        workspaceId: demo.workspaceId,
        scopes: ["content:read"],
        pinnedProjectId: null,
        timezone: "Europe/Paris",
      });
      const tampered = key.slice(0, -1) + (key.endsWith("A") ? "B" : "A");
      expect(await verifyKey(store, tampered, now)).toBeNull();
      expect(await verifyKey(store, "", now)).toBeNull();

      await expect(createKey(store, { workspaceId: demo.workspaceId, scopes: ["admin"] })).rejects.toThrow(
        KeyError,
      );
      await expect(createKey(store, { workspaceId: demo.workspaceId, scopes: [] })).rejects.toThrow(
        /at least one scope/,
      );
      // A project of another workspace cannot be pinned.
      await expect(
        createKey(store, {
          workspaceId: demo.workspaceId,
          scopes: ["content:read"],
          projectId: other.mainProjectId,
        }),
      ).rejects.toMatchObject({ code: "PROJECT_NOT_FOUND" });

      const pinned = await createKey(store, {
        workspaceId: demo.workspaceId,
        scopes: ["visibility:read"],
        projectId: demo.mainProjectId,
        expiresAt: new Date("2025-07-01T00:00:00Z"),
      });
      expect((await verifyKey(store, pinned.key, now))?.pinnedProjectId).toBe(demo.mainProjectId);
      expect(await verifyKey(store, pinned.key, new Date("2025-07-01T00:00:00Z"))).toBeNull();

      const revokedAt = await revokeKey(store, id, now);
      expect(await revokeKey(store, id, new Date("2026-01-01T00:00:00Z"))).toEqual(revokedAt);
      expect(await verifyKey(store, key, now)).toBeNull();
      await expect(revokeKey(store, "nope")).rejects.toMatchObject({ code: "KEY_NOT_FOUND" });

      const listed = await listKeys(store, { workspaceId: demo.workspaceId });
      expect(listed.map((k) => k.id)).toEqual([id, pinned.id]);
      expect(JSON.stringify(listed)).not.toContain("key_hash");
      // last_used_at is written in the background: wait for it (no fixed sleep, which a busy
      // machine can outlast), with a generous limit.
      const lastUsed = async () =>
        (
          await store.db
            .selectFrom("api_keys")
            .select("last_used_at")
            .where("id", "=", pinned.id)
            .executeTakeFirstOrThrow()
        ).last_used_at;
      await expect.poll(lastUsed, { timeout: 10_000, interval: 20 }).not.toBeNull();
    } finally {
      await store.close();
    }
  });
});

describe("key format", () => {
  it("keys are unique", async () => {
    const { generateKey } = await import("../../src/service/keys/_key-format.js");
    const keys = new Set(Array.from({ length: 1000 }, generateKey));
    expect(keys.size).toBe(1000);
  });
});
