// Pages of the shared lists kept as the JSON text they were answered with (decision 320): a
// project's task list and "Assigned to me" are read by every member of a team, again and again,
// while their tasks change far less often. Each page is kept under the task list versions of the
// projects it reads (bumped by a trigger in the writing transaction, whatever instance or code
// writes), so a page is served again only while none of its projects' tasks has changed since.
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { param, preparedPer } from "../../db/prepared.ts";
import { projects, taskListVersions } from "../../db/schema/projects.ts";
import { projectsOfPerson } from "../permissions/permissions.ts";

/** Pages kept per process and database; the least recently read goes first. */
const PAGES_KEPT = 256;

class PageMemory {
  private readonly pages = new Map<string, string>();

  get(key: string): string | undefined {
    const page = this.pages.get(key);
    if (page !== undefined) {
      // Most recently read last.
      this.pages.delete(key);
      this.pages.set(key, page);
    }
    return page;
  }

  set(key: string, page: string) {
    this.pages.delete(key);
    this.pages.set(key, page);
    if (this.pages.size > PAGES_KEPT) this.pages.delete(this.pages.keys().next().value!);
  }
}

const memories = new WeakMap<Db, PageMemory>();

/** The kept pages of this database's lists. */
export function listPages(db: Db): PageMemory {
  let memory = memories.get(db);
  if (!memory) {
    memory = new PageMemory();
    memories.set(db, memory);
  }
  return memory;
}

/**
 * The versions "Assigned to me" reads at, as one digest: every project the person belongs to with
 * its task list version. A task assigned, changed or moved in any of them, or a project joined or
 * left, gives another digest.
 */
const assignedDigestStatement = preparedPer((db: Db) =>
  db
    .select({
      digest: sql<string>`md5(coalesce(string_agg(${projects.id}::text || ':' || coalesce(${taskListVersions.version}, 0)::text, ',' order by ${projects.id}), ''))`,
    })
    .from(projects)
    .leftJoin(taskListVersions, sql`${taskListVersions.projectId} = ${projects.id}`)
    .where(sql`${projects.id} in (${projectsOfPerson(db, param("personId"))})`)
    .prepare("kairo_assigned_list_digest"),
);

export async function assignedListDigest(db: Db, personId: string): Promise<string> {
  const [row] = await assignedDigestStatement(db).execute({ personId });
  return row?.digest ?? "";
}
