CREATE TABLE "project_analytics_daily" (
	"project_id" uuid NOT NULL,
	"day" date NOT NULL,
	"user_id" text NOT NULL,
	"tasks_completed" integer DEFAULT 0 NOT NULL,
	"completed_with_deadline" integer DEFAULT 0 NOT NULL,
	"completed_on_time" integer DEFAULT 0 NOT NULL,
	"minutes_tracked" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "project_analytics_daily_project_id_day_user_id_pk" PRIMARY KEY("project_id","day","user_id")
);
--> statement-breakpoint
ALTER TABLE "project_analytics_daily" ADD CONSTRAINT "project_analytics_daily_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_analytics_daily" ADD CONSTRAINT "project_analytics_daily_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_analytics_daily_user_idx" ON "project_analytics_daily" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "tasks_project_open_deadline_idx" ON "tasks" USING btree ("project_id","deadline","assignee_id","user_id","estimated_minutes") WHERE "tasks"."completed" = false and "tasks"."deadline" is not null;