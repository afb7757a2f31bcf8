CREATE TABLE "analytics_daily" (
	"user_id" text NOT NULL,
	"day" date NOT NULL,
	"category" text NOT NULL,
	"minutes_tracked" integer DEFAULT 0 NOT NULL,
	"tasks_completed" integer DEFAULT 0 NOT NULL,
	"tasks_created" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_daily_user_id_day_category_pk" PRIMARY KEY("user_id","day","category")
);
--> statement-breakpoint
CREATE TABLE "analytics_totals" (
	"user_id" text PRIMARY KEY NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"tasks" integer DEFAULT 0 NOT NULL,
	"completed" integer DEFAULT 0 NOT NULL,
	"completed_estimated_minutes" integer DEFAULT 0 NOT NULL,
	"completed_actual_minutes" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analytics_daily" ADD CONSTRAINT "analytics_daily_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_totals" ADD CONSTRAINT "analytics_totals_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;