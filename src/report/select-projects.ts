import type { Project } from "../contract/index.js";

/** Picks the projects to report on: by id or name (any case); all; or the first the key can read. */
export function selectProjects(
  projects: Project[],
  wanted: { project?: string; allProjects: boolean },
): Project[] {
  if (wanted.allProjects) return projects;
  if (wanted.project === undefined) return projects.slice(0, 1);
  const w = wanted.project.toLowerCase();
  const hit = projects.find((p) => p.id === wanted.project || p.name.toLowerCase() === w);
  return hit ? [hit] : [];
}
