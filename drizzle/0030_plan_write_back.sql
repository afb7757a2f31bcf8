CREATE TABLE "plan_block_events" (
	"block_id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"connection_id" uuid NOT NULL,
	"calendar_id" text NOT NULL,
	"event_id" text NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"busy" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calendar_connections" ADD COLUMN "write_granted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "planner_state" ADD COLUMN "write_back_connection_id" uuid;--> statement-breakpoint
ALTER TABLE "plan_block_events" ADD CONSTRAINT "plan_block_events_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_block_events" ADD CONSTRAINT "plan_block_events_connection_id_calendar_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."calendar_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plan_block_events_user_idx" ON "plan_block_events" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "plan_block_events_connection_event_idx" ON "plan_block_events" USING btree ("connection_id","event_id");--> statement-breakpoint
ALTER TABLE "planner_state" ADD CONSTRAINT "planner_state_write_back_connection_id_calendar_connections_id_fk" FOREIGN KEY ("write_back_connection_id") REFERENCES "public"."calendar_connections"("id") ON DELETE set null ON UPDATE no action;