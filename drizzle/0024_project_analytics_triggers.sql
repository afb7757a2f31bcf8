-- The team analytics rollup kept by the database itself (docs/decisions/210-team-analytics-rollup.md),
-- as analytics_daily is (drizzle/0008_analytics_rollup_triggers.sql): every write to a team task or
-- its time logs, whatever code or cascade makes it, updates project_analytics_daily in the same
-- transaction. Days are UTC days; a completion counts for the task's assignee, else its creator
-- (tasks.user_id); minutes for whoever tracked them. Personal tasks (organization_id null) are not
-- counted here.

-- Adds to one cell. Does nothing while the project or the person is being deleted (their rows go
-- with them by cascade).
CREATE FUNCTION project_analytics_add(p_project uuid, p_user text, p_at timestamptz, d_completed integer, d_with_deadline integer, d_on_time integer, d_minutes integer)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_project IS NULL OR p_user IS NULL OR p_at IS NULL THEN
    RETURN;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM projects WHERE id = p_project) OR NOT EXISTS (SELECT 1 FROM "user" WHERE id = p_user) THEN
    RETURN;
  END IF;
  INSERT INTO project_analytics_daily AS d (project_id, day, user_id, tasks_completed, completed_with_deadline, completed_on_time, minutes_tracked)
  VALUES (p_project, (p_at AT TIME ZONE 'UTC')::date, p_user, d_completed, d_with_deadline, d_on_time, d_minutes)
  ON CONFLICT (project_id, day, user_id) DO UPDATE SET
    tasks_completed = d.tasks_completed + excluded.tasks_completed,
    completed_with_deadline = d.completed_with_deadline + excluded.completed_with_deadline,
    completed_on_time = d.completed_on_time + excluded.completed_on_time,
    minutes_tracked = d.minutes_tracked + excluded.minutes_tracked;
END $$;
--> statement-breakpoint

-- What one team task row's completion counts for, added (sign 1) or taken away (sign -1).
CREATE FUNCTION project_analytics_task_counts(t tasks, sign integer)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF t.organization_id IS NULL OR NOT t.completed OR t.completed_at IS NULL THEN
    RETURN;
  END IF;
  PERFORM project_analytics_add(
    t.project_id,
    coalesce(t.assignee_id, t.user_id),
    t.completed_at,
    sign,
    sign * (t.deadline IS NOT NULL)::integer,
    sign * (t.deadline IS NOT NULL AND t.completed_at <= t.deadline)::integer,
    0
  );
END $$;
--> statement-breakpoint

-- The minutes of a team task's closed time logs, added to or taken from its project.
CREATE FUNCTION project_analytics_task_minutes(t tasks, sign integer)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  l record;
BEGIN
  IF t.organization_id IS NULL OR t.project_id IS NULL THEN
    RETURN;
  END IF;
  FOR l IN
    SELECT user_id, start_time, duration_minutes FROM time_logs
    WHERE task_id = t.id AND end_time IS NOT NULL AND duration_minutes IS NOT NULL
  LOOP
    PERFORM project_analytics_add(t.project_id, l.user_id, l.start_time, 0, 0, 0, sign * l.duration_minutes);
  END LOOP;
END $$;
--> statement-breakpoint

CREATE FUNCTION project_analytics_on_task() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND TG_WHEN = 'BEFORE' THEN
    -- Before the cascade removes the task's logs, while its project is still known.
    PERFORM project_analytics_task_minutes(OLD, -1);
    RETURN OLD;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM project_analytics_task_counts(OLD, -1);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM project_analytics_task_counts(NEW, 1);
  END IF;
  IF TG_OP = 'UPDATE' AND (OLD.project_id IS DISTINCT FROM NEW.project_id
      OR OLD.organization_id IS DISTINCT FROM NEW.organization_id) THEN
    PERFORM project_analytics_task_minutes(OLD, -1);
    PERFORM project_analytics_task_minutes(NEW, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint

CREATE FUNCTION project_analytics_on_time_log() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  t record;
BEGIN
  -- A log whose task is gone was taken away with the task (project_analytics_on_task, BEFORE DELETE).
  IF TG_OP <> 'INSERT' AND OLD.end_time IS NOT NULL AND OLD.duration_minutes IS NOT NULL THEN
    SELECT project_id, organization_id INTO t FROM tasks WHERE id = OLD.task_id;
    IF FOUND AND t.organization_id IS NOT NULL THEN
      PERFORM project_analytics_add(t.project_id, OLD.user_id, OLD.start_time, 0, 0, 0, -OLD.duration_minutes);
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.end_time IS NOT NULL AND NEW.duration_minutes IS NOT NULL THEN
    SELECT project_id, organization_id INTO t FROM tasks WHERE id = NEW.task_id;
    IF FOUND AND t.organization_id IS NOT NULL THEN
      PERFORM project_analytics_add(t.project_id, NEW.user_id, NEW.start_time, 0, 0, 0, NEW.duration_minutes);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint

-- Personal tasks never reach the functions: the triggers fire only for team tasks.
CREATE TRIGGER project_analytics_task_insert AFTER INSERT ON tasks
FOR EACH ROW WHEN (NEW.organization_id IS NOT NULL) EXECUTE FUNCTION project_analytics_on_task();
--> statement-breakpoint
CREATE TRIGGER project_analytics_task_delete AFTER DELETE ON tasks
FOR EACH ROW WHEN (OLD.organization_id IS NOT NULL) EXECUTE FUNCTION project_analytics_on_task();
--> statement-breakpoint
CREATE TRIGGER project_analytics_task_logs_before_delete BEFORE DELETE ON tasks
FOR EACH ROW WHEN (OLD.organization_id IS NOT NULL) EXECUTE FUNCTION project_analytics_on_task();
--> statement-breakpoint
CREATE TRIGGER project_analytics_task_update AFTER UPDATE ON tasks
FOR EACH ROW WHEN (
  (OLD.organization_id IS NOT NULL OR NEW.organization_id IS NOT NULL) AND (
    OLD.organization_id IS DISTINCT FROM NEW.organization_id
    OR OLD.project_id IS DISTINCT FROM NEW.project_id
    OR OLD.user_id IS DISTINCT FROM NEW.user_id
    OR OLD.assignee_id IS DISTINCT FROM NEW.assignee_id
    OR OLD.completed IS DISTINCT FROM NEW.completed
    OR OLD.completed_at IS DISTINCT FROM NEW.completed_at
    OR OLD.deadline IS DISTINCT FROM NEW.deadline
  )
) EXECUTE FUNCTION project_analytics_on_task();
--> statement-breakpoint
CREATE TRIGGER project_analytics_time_log_insert_delete AFTER INSERT OR DELETE ON time_logs
FOR EACH ROW EXECUTE FUNCTION project_analytics_on_time_log();
--> statement-breakpoint
CREATE TRIGGER project_analytics_time_log_update AFTER UPDATE ON time_logs
FOR EACH ROW WHEN (
  OLD.end_time IS DISTINCT FROM NEW.end_time
  OR OLD.duration_minutes IS DISTINCT FROM NEW.duration_minutes
  OR OLD.start_time IS DISTINCT FROM NEW.start_time
  OR OLD.task_id IS DISTINCT FROM NEW.task_id
  OR OLD.user_id IS DISTINCT FROM NEW.user_id
) EXECUTE FUNCTION project_analytics_on_time_log();
--> statement-breakpoint

-- The team tasks and logs written before this migration.
INSERT INTO project_analytics_daily (project_id, day, user_id, tasks_completed, completed_with_deadline, completed_on_time, minutes_tracked)
SELECT project_id, day, user_id, sum(done), sum(with_deadline), sum(on_time), sum(minutes)
FROM (
  SELECT t.project_id, (t.completed_at AT TIME ZONE 'UTC')::date AS day, coalesce(t.assignee_id, t.user_id) AS user_id,
    1 AS done, (t.deadline IS NOT NULL)::integer AS with_deadline,
    (t.deadline IS NOT NULL AND t.completed_at <= t.deadline)::integer AS on_time, 0 AS minutes
  FROM tasks t
  WHERE t.organization_id IS NOT NULL AND t.project_id IS NOT NULL AND t.completed AND t.completed_at IS NOT NULL
  UNION ALL
  SELECT t.project_id, (l.start_time AT TIME ZONE 'UTC')::date, l.user_id, 0, 0, 0, l.duration_minutes
  FROM time_logs l JOIN tasks t ON t.id = l.task_id
  WHERE t.organization_id IS NOT NULL AND t.project_id IS NOT NULL AND l.end_time IS NOT NULL AND l.duration_minutes IS NOT NULL
) cells
GROUP BY project_id, day, user_id;
