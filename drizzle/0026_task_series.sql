CREATE TABLE "task_occurrences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"task_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"deadline" timestamp with time zone,
	"outcome" text NOT NULL,
	"done_at" timestamp with time zone NOT NULL,
	"done_by" text,
	"title" text NOT NULL,
	"category" text NOT NULL,
	"actual_minutes" integer DEFAULT 0 NOT NULL,
	"estimated_minutes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_occurrences_outcome_check" CHECK ("task_occurrences"."outcome" in ('completed', 'skipped'))
);
--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "recurrence_rule" text;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "recurrence_start" text;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "recurrence_time_zone" text;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "recurrence_after_completion" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "occurrence_due" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "series_title" text;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "occurrences_done" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "time_logs" ADD COLUMN "occurrence_id" uuid;--> statement-breakpoint
ALTER TABLE "task_occurrences" ADD CONSTRAINT "task_occurrences_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_occurrences" ADD CONSTRAINT "task_occurrences_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_occurrences" ADD CONSTRAINT "task_occurrences_done_by_user_id_fk" FOREIGN KEY ("done_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "task_occurrences_task_due_uidx" ON "task_occurrences" USING btree ("task_id","due_at");--> statement-breakpoint
CREATE INDEX "task_occurrences_user_done_idx" ON "task_occurrences" USING btree ("user_id","done_at");--> statement-breakpoint
ALTER TABLE "time_logs" ADD CONSTRAINT "time_logs_occurrence_id_task_occurrences_id_fk" FOREIGN KEY ("occurrence_id") REFERENCES "public"."task_occurrences"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "time_logs_occurrence_idx" ON "time_logs" USING btree ("occurrence_id");