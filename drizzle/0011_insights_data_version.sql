CREATE TABLE "insights_versions" (
	"user_id" text PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "insights_versions" ADD CONSTRAINT "insights_versions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint

-- The person's insights data version (docs/decisions/043-insights-data-version.md): bumped in the
-- writing transaction by every write AI insights read from, whatever code or cascade makes it. Does
-- nothing while the person is being deleted (their row goes with them).
CREATE FUNCTION insights_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  p text := CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id ELSE NEW.user_id END;
BEGIN
  IF EXISTS (SELECT 1 FROM "user" WHERE id = p) THEN
    INSERT INTO insights_versions AS v (user_id, version) VALUES (p, 1)
    ON CONFLICT (user_id) DO UPDATE SET version = v.version + 1;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.user_id IS DISTINCT FROM NEW.user_id
     AND EXISTS (SELECT 1 FROM "user" WHERE id = OLD.user_id) THEN
    INSERT INTO insights_versions AS v (user_id, version) VALUES (OLD.user_id, 1)
    ON CONFLICT (user_id) DO UPDATE SET version = v.version + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER insights_version_task_insert_delete AFTER INSERT OR DELETE ON tasks
FOR EACH ROW EXECUTE FUNCTION insights_version_bump();
--> statement-breakpoint
-- Not on a priority rescore or a deadline move: insights read neither.
CREATE TRIGGER insights_version_task_update AFTER UPDATE ON tasks
FOR EACH ROW WHEN (
  OLD.user_id IS DISTINCT FROM NEW.user_id
  OR OLD.title IS DISTINCT FROM NEW.title
  OR OLD.category IS DISTINCT FROM NEW.category
  OR OLD.completed IS DISTINCT FROM NEW.completed
  OR OLD.completed_at IS DISTINCT FROM NEW.completed_at
  OR OLD.created_at IS DISTINCT FROM NEW.created_at
  OR OLD.actual_minutes IS DISTINCT FROM NEW.actual_minutes
) EXECUTE FUNCTION insights_version_bump();
--> statement-breakpoint
CREATE TRIGGER insights_version_time_log AFTER INSERT OR DELETE OR UPDATE ON time_logs
FOR EACH ROW EXECUTE FUNCTION insights_version_bump();
--> statement-breakpoint
CREATE TRIGGER insights_version_pomodoro AFTER INSERT OR DELETE OR UPDATE ON pomodoro_sessions
FOR EACH ROW EXECUTE FUNCTION insights_version_bump();
--> statement-breakpoint
CREATE TRIGGER insights_version_recommendation AFTER INSERT OR DELETE OR UPDATE ON optimization_recommendations
FOR EACH ROW EXECUTE FUNCTION insights_version_bump();
--> statement-breakpoint
CREATE TRIGGER insights_version_burnout_alert AFTER INSERT OR DELETE OR UPDATE ON burnout_alerts
FOR EACH ROW EXECUTE FUNCTION insights_version_bump();
