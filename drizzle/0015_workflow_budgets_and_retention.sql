CREATE TABLE "workflow_template_uses" (
	"template_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workflow_template_uses_template_id_user_id_pk" PRIMARY KEY("template_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "workflow_template_uses" ADD CONSTRAINT "workflow_template_uses_template_id_workflow_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."workflow_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_template_uses" ADD CONSTRAINT "workflow_template_uses_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workflow_template_uses_user_idx" ON "workflow_template_uses" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "mail_outbox_done_idx" ON "mail_outbox" USING btree ("created_at") WHERE "mail_outbox"."status" in ('sent', 'failed');--> statement-breakpoint
CREATE INDEX "sync_logs_started_idx" ON "sync_logs" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "notifications_created_idx" ON "notifications" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "team_activity_created_idx" ON "team_activity" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "workflow_events_dispatched_idx" ON "workflow_events" USING btree ("dispatched_at") WHERE "workflow_events"."dispatched_at" is not null;--> statement-breakpoint
CREATE INDEX "workflow_executions_finished_idx" ON "workflow_executions" USING btree ("created_at") WHERE "workflow_executions"."status" in ('completed', 'failed', 'cancelled', 'held');