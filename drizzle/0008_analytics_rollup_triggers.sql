-- Analytics rollups kept by the database itself (docs/decisions/032-analytics-rollups.md): every write
-- to tasks and time_logs, whatever code or cascade makes it, updates analytics_daily and
-- analytics_totals in the same transaction.

-- Adds to one person's totals, creating their row on first use. Does nothing while the person is being
-- deleted (the cascade from "user" reaches tasks first; the rollup rows go with the person).
CREATE FUNCTION analytics_totals_add(p_user text, d_tasks integer, d_completed integer, d_estimated integer, d_actual integer)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM "user" WHERE id = p_user) THEN
    RETURN;
  END IF;
  INSERT INTO analytics_totals AS t (user_id, tasks, completed, completed_estimated_minutes, completed_actual_minutes)
  VALUES (p_user, d_tasks, d_completed, d_estimated, d_actual)
  ON CONFLICT (user_id) DO UPDATE SET
    tasks = t.tasks + excluded.tasks,
    completed = t.completed + excluded.completed,
    completed_estimated_minutes = t.completed_estimated_minutes + excluded.completed_estimated_minutes,
    completed_actual_minutes = t.completed_actual_minutes + excluded.completed_actual_minutes;
END $$;
--> statement-breakpoint

-- Adds to the cell of the local day `p_at` falls on, in the person's rollup time zone. The totals row
-- is locked first, so a rebuild in another time zone (analytics_rebuild) and this change happen one
-- after the other, never interleaved.
CREATE FUNCTION analytics_daily_add(p_user text, p_at timestamptz, p_category text, d_minutes integer, d_completed integer, d_created integer)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  tz text;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM "user" WHERE id = p_user) THEN
    RETURN;
  END IF;
  INSERT INTO analytics_totals AS t (user_id) VALUES (p_user)
  ON CONFLICT (user_id) DO UPDATE SET time_zone = t.time_zone
  RETURNING t.time_zone INTO tz;
  INSERT INTO analytics_daily AS d (user_id, day, category, minutes_tracked, tasks_completed, tasks_created)
  VALUES (p_user, (p_at AT TIME ZONE tz)::date, p_category, d_minutes, d_completed, d_created)
  ON CONFLICT (user_id, day, category) DO UPDATE SET
    minutes_tracked = d.minutes_tracked + excluded.minutes_tracked,
    tasks_completed = d.tasks_completed + excluded.tasks_completed,
    tasks_created = d.tasks_created + excluded.tasks_created;
END $$;
--> statement-breakpoint

-- What one task row counts for, added (sign 1) or taken away (sign -1).
CREATE FUNCTION analytics_task_counts(t tasks, sign integer)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  timed boolean := t.completed AND t.actual_minutes > 0;
BEGIN
  PERFORM analytics_totals_add(
    t.user_id,
    sign,
    sign * t.completed::integer,
    sign * CASE WHEN timed THEN t.estimated_minutes ELSE 0 END,
    sign * CASE WHEN timed THEN t.actual_minutes ELSE 0 END
  );
  PERFORM analytics_daily_add(t.user_id, t.created_at, t.category, 0, 0, sign);
  IF t.completed AND t.completed_at IS NOT NULL THEN
    PERFORM analytics_daily_add(t.user_id, t.completed_at, t.category, 0, sign, 0);
  END IF;
END $$;
--> statement-breakpoint

-- The minutes of a task's closed time logs, added to or taken from `p_category`.
CREATE FUNCTION analytics_task_minutes(p_task uuid, p_category text, sign integer)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  l record;
BEGIN
  FOR l IN
    SELECT user_id, start_time, duration_minutes FROM time_logs
    WHERE task_id = p_task AND end_time IS NOT NULL AND duration_minutes IS NOT NULL
  LOOP
    PERFORM analytics_daily_add(l.user_id, l.start_time, p_category, sign * l.duration_minutes, 0, 0);
  END LOOP;
END $$;
--> statement-breakpoint

CREATE FUNCTION analytics_on_task() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND TG_WHEN = 'BEFORE' THEN
    -- Before the cascade removes the task's logs, while their category is still known.
    PERFORM analytics_task_minutes(OLD.id, OLD.category, -1);
    RETURN OLD;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM analytics_task_counts(OLD, -1);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM analytics_task_counts(NEW, 1);
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.category IS DISTINCT FROM NEW.category THEN
    PERFORM analytics_task_minutes(NEW.id, OLD.category, -1);
    PERFORM analytics_task_minutes(NEW.id, NEW.category, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint

CREATE FUNCTION analytics_on_time_log() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cat text;
BEGIN
  -- A log whose task is gone was taken away with the task (analytics_on_task, BEFORE DELETE).
  IF TG_OP <> 'INSERT' AND OLD.end_time IS NOT NULL AND OLD.duration_minutes IS NOT NULL THEN
    SELECT category INTO cat FROM tasks WHERE id = OLD.task_id;
    IF FOUND THEN
      PERFORM analytics_daily_add(OLD.user_id, OLD.start_time, cat, -OLD.duration_minutes, 0, 0);
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.end_time IS NOT NULL AND NEW.duration_minutes IS NOT NULL THEN
    SELECT category INTO cat FROM tasks WHERE id = NEW.task_id;
    IF FOUND THEN
      PERFORM analytics_daily_add(NEW.user_id, NEW.start_time, cat, NEW.duration_minutes, 0, 0);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint

CREATE TRIGGER analytics_task_insert_delete AFTER INSERT OR DELETE ON tasks
FOR EACH ROW EXECUTE FUNCTION analytics_on_task();
--> statement-breakpoint
CREATE TRIGGER analytics_task_update AFTER UPDATE ON tasks
FOR EACH ROW WHEN (
  OLD.user_id IS DISTINCT FROM NEW.user_id
  OR OLD.category IS DISTINCT FROM NEW.category
  OR OLD.completed IS DISTINCT FROM NEW.completed
  OR OLD.completed_at IS DISTINCT FROM NEW.completed_at
  OR OLD.created_at IS DISTINCT FROM NEW.created_at
  OR OLD.estimated_minutes IS DISTINCT FROM NEW.estimated_minutes
  OR OLD.actual_minutes IS DISTINCT FROM NEW.actual_minutes
) EXECUTE FUNCTION analytics_on_task();
--> statement-breakpoint
CREATE TRIGGER analytics_task_logs_before_delete BEFORE DELETE ON tasks
FOR EACH ROW EXECUTE FUNCTION analytics_on_task();
--> statement-breakpoint
CREATE TRIGGER analytics_time_log_insert_delete AFTER INSERT OR DELETE ON time_logs
FOR EACH ROW EXECUTE FUNCTION analytics_on_time_log();
--> statement-breakpoint
CREATE TRIGGER analytics_time_log_update AFTER UPDATE ON time_logs
FOR EACH ROW WHEN (
  OLD.end_time IS DISTINCT FROM NEW.end_time
  OR OLD.duration_minutes IS DISTINCT FROM NEW.duration_minutes
  OR OLD.start_time IS DISTINCT FROM NEW.start_time
  OR OLD.task_id IS DISTINCT FROM NEW.task_id
  OR OLD.user_id IS DISTINCT FROM NEW.user_id
) EXECUTE FUNCTION analytics_on_time_log();
--> statement-breakpoint

-- Recounts one person's rollups from their tasks and logs, with days in `p_tz` from now on: when
-- their time zone changes, and once for everyone when this migration runs.
CREATE FUNCTION analytics_rebuild(p_user text, p_tz text)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM "user" WHERE id = p_user) THEN
    RETURN;
  END IF;
  INSERT INTO analytics_totals AS t (user_id, time_zone) VALUES (p_user, p_tz)
  ON CONFLICT (user_id) DO UPDATE SET time_zone = excluded.time_zone;
  DELETE FROM analytics_daily WHERE user_id = p_user;
  INSERT INTO analytics_daily (user_id, day, category, minutes_tracked, tasks_completed, tasks_created)
  SELECT p_user, day, category, sum(minutes), sum(done), sum(created)
  FROM (
    SELECT (l.start_time AT TIME ZONE p_tz)::date AS day, t.category, l.duration_minutes AS minutes, 0 AS done, 0 AS created
    FROM time_logs l JOIN tasks t ON t.id = l.task_id
    WHERE l.user_id = p_user AND l.end_time IS NOT NULL AND l.duration_minutes IS NOT NULL
    UNION ALL
    SELECT (created_at AT TIME ZONE p_tz)::date, category, 0, 0, 1 FROM tasks WHERE user_id = p_user
    UNION ALL
    SELECT (completed_at AT TIME ZONE p_tz)::date, category, 0, 1, 0
    FROM tasks WHERE user_id = p_user AND completed AND completed_at IS NOT NULL
  ) cells
  GROUP BY day, category;
  UPDATE analytics_totals SET
    tasks = c.tasks, completed = c.completed,
    completed_estimated_minutes = c.estimated, completed_actual_minutes = c.actual
  FROM (
    SELECT count(*)::integer AS tasks,
      count(*) FILTER (WHERE completed)::integer AS completed,
      coalesce(sum(estimated_minutes) FILTER (WHERE completed AND actual_minutes > 0), 0)::integer AS estimated,
      coalesce(sum(actual_minutes) FILTER (WHERE completed AND actual_minutes > 0), 0)::integer AS actual
    FROM tasks WHERE user_id = p_user
  ) c
  WHERE user_id = p_user;
END $$;
--> statement-breakpoint

SELECT analytics_rebuild(id, 'UTC') FROM "user";
