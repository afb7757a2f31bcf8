CREATE TABLE "plan_blocks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"task_id" uuid NOT NULL,
	"state" text NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"previous_id" uuid,
	"part" integer DEFAULT 1 NOT NULL,
	"parts" integer DEFAULT 1 NOT NULL,
	"reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_blocks_state_check" CHECK ("plan_blocks"."state" in ('proposed', 'accepted', 'pinned')),
	CONSTRAINT "plan_blocks_end_after_start_check" CHECK ("plan_blocks"."end_time" > "plan_blocks"."start_time")
);
--> statement-breakpoint
CREATE TABLE "planner_state" (
	"user_id" text PRIMARY KEY NOT NULL,
	"preferences" jsonb,
	"proposal" jsonb,
	"basis" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "plan_blocks" ADD CONSTRAINT "plan_blocks_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_blocks" ADD CONSTRAINT "plan_blocks_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planner_state" ADD CONSTRAINT "planner_state_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plan_blocks_user_state_start_idx" ON "plan_blocks" USING btree ("user_id","state","start_time");--> statement-breakpoint
CREATE INDEX "plan_blocks_task_idx" ON "plan_blocks" USING btree ("task_id");