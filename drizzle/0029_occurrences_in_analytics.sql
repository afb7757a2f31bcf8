-- Completed occurrences of repeating tasks in the analytics rollups (docs/decisions/261-occurrences-in-analytics.md),
-- kept like the other cells (drizzle/0008_analytics_rollup_triggers.sql): every write to
-- task_occurrences, whatever code or cascade makes it, updates them in the same transaction.
-- A completed occurrence counts as one task created and completed on the local day it was done, in
-- its own category, with its estimate and tracked minutes; a skipped one counts for nothing. A
-- repeating task's row counts as a task (its open occurrence) while it is open; once its rule has
-- ended (completed with a rule) it counts for nothing, since its completed occurrences, the last
-- one included, are counted instead.

-- What one task row counts for, added (sign 1) or taken away (sign -1): 0008's, but nothing for a
-- series that has ended.
CREATE OR REPLACE FUNCTION analytics_task_counts(t tasks, sign integer)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  timed boolean := t.completed AND t.actual_minutes > 0;
BEGIN
  IF t.recurrence_rule IS NOT NULL AND t.completed THEN
    RETURN;
  END IF;
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

-- A task's counts change when it starts or stops repeating, too.
DROP TRIGGER analytics_task_update ON tasks;
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
  OR (OLD.recurrence_rule IS NULL) <> (NEW.recurrence_rule IS NULL)
) EXECUTE FUNCTION analytics_on_task();
--> statement-breakpoint

-- What one finished occurrence counts for, added (sign 1) or taken away (sign -1).
CREATE FUNCTION analytics_occurrence_counts(o task_occurrences, sign integer)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  timed boolean := o.actual_minutes > 0;
BEGIN
  IF o.outcome <> 'completed' THEN
    RETURN;
  END IF;
  PERFORM analytics_totals_add(
    o.user_id,
    sign,
    sign,
    sign * CASE WHEN timed THEN o.estimated_minutes ELSE 0 END,
    sign * CASE WHEN timed THEN o.actual_minutes ELSE 0 END
  );
  PERFORM analytics_daily_add(o.user_id, o.done_at, o.category, 0, sign, sign);
END $$;
--> statement-breakpoint

CREATE FUNCTION analytics_on_occurrence() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM analytics_occurrence_counts(OLD, -1);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM analytics_occurrence_counts(NEW, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint

CREATE TRIGGER analytics_occurrence_insert_delete AFTER INSERT OR DELETE ON task_occurrences
FOR EACH ROW EXECUTE FUNCTION analytics_on_occurrence();
--> statement-breakpoint
CREATE TRIGGER analytics_occurrence_update AFTER UPDATE ON task_occurrences
FOR EACH ROW WHEN (
  OLD.user_id IS DISTINCT FROM NEW.user_id
  OR OLD.outcome IS DISTINCT FROM NEW.outcome
  OR OLD.done_at IS DISTINCT FROM NEW.done_at
  OR OLD.category IS DISTINCT FROM NEW.category
  OR OLD.estimated_minutes IS DISTINCT FROM NEW.estimated_minutes
  OR OLD.actual_minutes IS DISTINCT FROM NEW.actual_minutes
) EXECUTE FUNCTION analytics_on_occurrence();
--> statement-breakpoint

-- The from-scratch recount of 0012, now with completed occurrences and without ended series rows.
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
    SELECT (created_at AT TIME ZONE p_tz)::date, category, 0, 0, 1, 0
    FROM tasks WHERE user_id = p_user AND NOT (recurrence_rule IS NOT NULL AND completed)
    UNION ALL
    SELECT (completed_at AT TIME ZONE p_tz)::date, category, 0, 1, 0, 0
    FROM tasks WHERE user_id = p_user AND completed AND completed_at IS NOT NULL AND recurrence_rule IS NULL
    UNION ALL
    SELECT (done_at AT TIME ZONE p_tz)::date, category, 0, 1, 1, 0
    FROM task_occurrences WHERE user_id = p_user AND outcome = 'completed'
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
    FROM (
      SELECT completed, estimated_minutes, actual_minutes FROM tasks
      WHERE user_id = p_user AND NOT (recurrence_rule IS NOT NULL AND completed)
      UNION ALL
      SELECT true, estimated_minutes, actual_minutes FROM task_occurrences
      WHERE user_id = p_user AND outcome = 'completed'
    ) counted
  ) c
  WHERE user_id = p_user;
END $$;
--> statement-breakpoint

-- The people with repeating tasks recounted in the zone their rollups are kept in.
SELECT analytics_rebuild(u.id, coalesce(t.time_zone, 'UTC'))
FROM "user" u LEFT JOIN analytics_totals t ON t.user_id = u.id
WHERE EXISTS (SELECT 1 FROM tasks s WHERE s.user_id = u.id AND s.recurrence_rule IS NOT NULL);
