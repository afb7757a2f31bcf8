CREATE TABLE "workflow_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"depth" integer DEFAULT 1 NOT NULL,
	"workflow_id" uuid,
	"dedupe_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dispatched_at" timestamp with time zone,
	CONSTRAINT "workflow_events_dedupe_key_unique" UNIQUE("dedupe_key")
);
--> statement-breakpoint
ALTER TABLE "workflow_executions" DROP CONSTRAINT "workflow_executions_status_check";--> statement-breakpoint
ALTER TABLE "workflow_executions" DROP CONSTRAINT "workflow_executions_workflow_id_workflows_id_fk";
--> statement-breakpoint
DROP INDEX "workflow_executions_workflow_idx";--> statement-breakpoint
ALTER TABLE "workflow_executions" ALTER COLUMN "workflow_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "workflow_executions" ALTER COLUMN "status" SET DEFAULT 'queued';--> statement-breakpoint
ALTER TABLE "workflow_executions" ADD COLUMN "workflow_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "workflow_executions" ADD COLUMN "event_id" uuid;--> statement-breakpoint
ALTER TABLE "workflow_executions" ADD COLUMN "depth" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "workflow_executions" ADD COLUMN "trigger" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "workflow_executions" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "workflow_executions" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "workflow_executions" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "workflows" ADD COLUMN "next_run_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "workflows" ADD COLUMN "held_reason" text;--> statement-breakpoint
ALTER TABLE "workflow_events" ADD CONSTRAINT "workflow_events_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_events" ADD CONSTRAINT "workflow_events_workflow_id_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workflow_events_pending_idx" ON "workflow_events" USING btree ("created_at") WHERE "workflow_events"."dispatched_at" is null;--> statement-breakpoint
ALTER TABLE "workflow_executions" ADD CONSTRAINT "workflow_executions_workflow_id_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflows"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workflow_executions_open_idx" ON "workflow_executions" USING btree ("status","next_attempt_at") WHERE "workflow_executions"."status" in ('queued', 'retrying', 'running');--> statement-breakpoint
CREATE INDEX "workflows_user_trigger_active_idx" ON "workflows" USING btree ("user_id","trigger_type") WHERE "workflows"."is_active";--> statement-breakpoint
CREATE INDEX "workflows_next_run_idx" ON "workflows" USING btree ("next_run_at") WHERE "workflows"."is_active" and "workflows"."next_run_at" is not null;--> statement-breakpoint
CREATE INDEX "workflow_executions_workflow_idx" ON "workflow_executions" USING btree ("workflow_id","created_at");--> statement-breakpoint
ALTER TABLE "workflow_executions" ADD CONSTRAINT "workflow_executions_workflow_event_unique" UNIQUE("workflow_id","event_id");--> statement-breakpoint
ALTER TABLE "workflow_templates" ADD CONSTRAINT "workflow_templates_name_unique" UNIQUE("name");--> statement-breakpoint
ALTER TABLE "workflow_executions" ADD CONSTRAINT "workflow_executions_status_check" CHECK ("workflow_executions"."status" in ('queued', 'running', 'retrying', 'completed', 'failed', 'cancelled', 'held'));