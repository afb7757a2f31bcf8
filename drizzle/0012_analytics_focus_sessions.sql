ALTER TABLE "analytics_daily" ADD COLUMN "focus_sessions" integer DEFAULT 0 NOT NULL;--> statement-breakpoint

-- Completed focus sessions per local day in the rollup (docs/decisions/121-focus-sessions-in-the-rollup.md),
-- kept like the other cells (drizzle/0008_analytics_rollup_triggers.sql): every write to
-- pomodoro_sessions, whatever code or cascade makes it, updates them in the same transaction. A
-- session belongs to no task category, so the day's count lives in its cell with category ''; the
-- readers of minutes, completions and creations see zeros there.

-- Adds to the focus count of the local day `p_at` falls on, in the person's rollup time zone, after
-- locking their totals row as analytics_daily_add does. Does nothing while the person is being deleted.
CREATE FUNCTION analytics_focus_add(p_user text, p_at timestamptz, d_sessions integer)
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
  INSERT INTO analytics_daily AS d (user_id, day, category, focus_sessions)
  VALUES (p_user, (p_at AT TIME ZONE tz)::date, '', d_sessions)
  ON CONFLICT (user_id, day, category) DO UPDATE SET
    focus_sessions = d.focus_sessions + excluded.focus_sessions;
END $$;
--> statement-breakpoint

CREATE FUNCTION analytics_on_pomodoro() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.completed THEN
    PERFORM analytics_focus_add(OLD.user_id, OLD.start_time, -1);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.completed THEN
    PERFORM analytics_focus_add(NEW.user_id, NEW.start_time, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint

CREATE TRIGGER analytics_pomodoro_insert_delete AFTER INSERT OR DELETE ON pomodoro_sessions
FOR EACH ROW EXECUTE FUNCTION analytics_on_pomodoro();
--> statement-breakpoint
CREATE TRIGGER analytics_pomodoro_update AFTER UPDATE ON pomodoro_sessions
FOR EACH ROW WHEN (
  OLD.completed IS DISTINCT FROM NEW.completed
  OR OLD.start_time IS DISTINCT FROM NEW.start_time
  OR OLD.user_id IS DISTINCT FROM NEW.user_id
) EXECUTE FUNCTION analytics_on_pomodoro();
--> statement-breakpoint

-- The from-scratch recount of 0008, now with the focus sessions.
CREATE OR REPLACE FUNCTION analytics_rebuild(p_user text, p_tz text)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM "user" WHERE id = p_user) THEN
    RETURN;
  END IF;
  INSERT INTO analytics_totals AS t (user_id, time_zone) VALUES (p_user, p_tz)
  ON CONFLICT (user_id) DO UPDATE SET time_zone = excluded.time_zone;
  DELETE FROM analytics_daily WHERE user_id = p_user;
  INSERT INTO analytics_daily (user_id, day, category, minutes_tracked, tasks_completed, tasks_created, focus_sessions)
  SELECT p_user, day, category, sum(minutes), sum(done), sum(created), sum(focus)
  FROM (
    SELECT (l.start_time AT TIME ZONE p_tz)::date AS day, t.category, l.duration_minutes AS minutes, 0 AS done, 0 AS created, 0 AS focus
    FROM time_logs l JOIN tasks t ON t.id = l.task_id
    WHERE l.user_id = p_user AND l.end_time IS NOT NULL AND l.duration_minutes IS NOT NULL
    UNION ALL
    SELECT (created_at AT TIME ZONE p_tz)::date, category, 0, 0, 1, 0 FROM tasks WHERE user_id = p_user
    UNION ALL
    SELECT (completed_at AT TIME ZONE p_tz)::date, category, 0, 1, 0, 0
    FROM tasks WHERE user_id = p_user AND completed AND completed_at IS NOT NULL
    UNION ALL
    SELECT (start_time AT TIME ZONE p_tz)::date, '', 0, 0, 0, 1
    FROM pomodoro_sessions WHERE user_id = p_user AND completed
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

-- Everyone's rollups recounted in the zone they are kept in now.
SELECT analytics_rebuild(u.id, coalesce(t.time_zone, 'UTC'))
FROM "user" u LEFT JOIN analytics_totals t ON t.user_id = u.id;
