CREATE TABLE "task_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"task_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"at" timestamp with time zone,
	"offset_minutes" integer,
	"due_at" timestamp with time zone,
	"snoozed" boolean DEFAULT false NOT NULL,
	"fired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_reminders_kind_check" CHECK (("task_reminders"."at" is null) <> ("task_reminders"."offset_minutes" is null))
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "reminder_id" uuid;--> statement-breakpoint
ALTER TABLE "task_reminders" ADD CONSTRAINT "task_reminders_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_reminders" ADD CONSTRAINT "task_reminders_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_reminders_due_idx" ON "task_reminders" USING btree ("due_at") WHERE "task_reminders"."fired_at" is null;--> statement-breakpoint
CREATE INDEX "task_reminders_task_user_idx" ON "task_reminders" USING btree ("task_id","user_id");--> statement-breakpoint
CREATE INDEX "task_reminders_user_idx" ON "task_reminders" USING btree ("user_id");