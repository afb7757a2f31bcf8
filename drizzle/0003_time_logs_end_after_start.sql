-- Logs written before the time was read under the lock could end a few milliseconds early.
UPDATE "time_logs" SET "end_time" = "start_time", "duration_minutes" = 0 WHERE "end_time" < "start_time";--> statement-breakpoint
ALTER TABLE "time_logs" ADD CONSTRAINT "time_logs_end_after_start_check" CHECK ("time_logs"."end_time" is null or "time_logs"."end_time" >= "time_logs"."start_time");