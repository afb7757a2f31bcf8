CREATE TABLE "task_list_versions" (
	"project_id" uuid PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "task_list_versions" ADD CONSTRAINT "task_list_versions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint

-- A project's task list version (docs/decisions/320-shared-list-pages-kept-by-version.md): bumped
-- once per statement for each project whose tasks the statement inserted, changed or deleted (into
-- or out of it), in the writing transaction, whatever code or cascade writes. A project being
-- deleted gets no row (its tasks go with it). The rows are taken in project order, so two statements
-- touching the same projects lock their versions in the same order.
CREATE FUNCTION task_list_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO task_list_versions AS v (project_id, version)
    SELECT DISTINCT n.project_id, 1 FROM new_rows n
    WHERE n.project_id IS NOT NULL AND EXISTS (SELECT 1 FROM projects p WHERE p.id = n.project_id)
    ORDER BY 1
    ON CONFLICT (project_id) DO UPDATE SET version = v.version + 1;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO task_list_versions AS v (project_id, version)
    SELECT DISTINCT c.project_id, 1
    FROM (SELECT project_id FROM new_rows UNION SELECT project_id FROM old_rows) c
    WHERE c.project_id IS NOT NULL AND EXISTS (SELECT 1 FROM projects p WHERE p.id = c.project_id)
    ORDER BY 1
    ON CONFLICT (project_id) DO UPDATE SET version = v.version + 1;
  ELSE
    INSERT INTO task_list_versions AS v (project_id, version)
    SELECT DISTINCT o.project_id, 1 FROM old_rows o
    WHERE o.project_id IS NOT NULL AND EXISTS (SELECT 1 FROM projects p WHERE p.id = o.project_id)
    ORDER BY 1
    ON CONFLICT (project_id) DO UPDATE SET version = v.version + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER task_list_version_insert AFTER INSERT ON tasks
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION task_list_version_bump();
--> statement-breakpoint
CREATE TRIGGER task_list_version_update AFTER UPDATE ON tasks
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION task_list_version_bump();
--> statement-breakpoint
CREATE TRIGGER task_list_version_delete AFTER DELETE ON tasks
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION task_list_version_bump();
