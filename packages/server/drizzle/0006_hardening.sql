CREATE TYPE "public"."credit_reservation_status" AS ENUM('reserved', 'consumed', 'released');--> statement-breakpoint
CREATE TABLE "scheduled_jobs" (
	"name" varchar(100) PRIMARY KEY NOT NULL,
	"next_run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_by" varchar(100),
	"locked_until" timestamp with time zone,
	"last_started_at" timestamp with time zone,
	"last_finished_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "rate_limit_hits" (
	"key" varchar(200) NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_limit_hits_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
CREATE TABLE "payment_attempt_holds" (
	"attempt_id" uuid NOT NULL,
	"user_id" integer NOT NULL,
	"buyable_type" varchar(40) NOT NULL,
	"buyable_id" integer NOT NULL,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_attempt_holds_attempt_id_buyable_type_buyable_id_pk" PRIMARY KEY("attempt_id","buyable_type","buyable_id")
);
--> statement-breakpoint
CREATE TABLE "payment_discrepancies" (
	"id" serial PRIMARY KEY NOT NULL,
	"attempt_id" uuid,
	"gateway_payment_id" varchar(255),
	"source" varchar(20) NOT NULL,
	"differences" jsonb NOT NULL,
	"action" varchar(40) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "credit_reservations" (
	"reference" varchar(120) PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"currency" varchar(3) NOT NULL,
	"amount" bigint NOT NULL,
	"status" "credit_reservation_status" DEFAULT 'reserved' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
-- Events are deduplicated per visitor, not globally (a visitor cannot suppress another's ids).
ALTER TABLE "tracking_events" DROP CONSTRAINT "tracking_events_pkey";--> statement-breakpoint
ALTER TABLE "tracking_events" ADD CONSTRAINT "tracking_events_visitor_uuid_event_id_pk" PRIMARY KEY("visitor_uuid","event_id");--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "gateway_customer_id" varchar(255);--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "gateway_refund_id" varchar(255);--> statement-breakpoint
ALTER TABLE "payment_attempt_holds" ADD CONSTRAINT "payment_attempt_holds_attempt_id_payment_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."payment_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_reservations" ADD CONSTRAINT "credit_reservations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rate_limit_hits_window_idx" ON "rate_limit_hits" USING btree ("window_start");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempt_holds_live_key" ON "payment_attempt_holds" USING btree ("user_id","buyable_type","buyable_id") WHERE "payment_attempt_holds"."released_at" is null;--> statement-breakpoint
CREATE INDEX "payment_discrepancies_open_idx" ON "payment_discrepancies" USING btree ("created_at") WHERE "payment_discrepancies"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "credit_reservations_user_status_idx" ON "credit_reservations" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "payment_attempts_open_idx" ON "payment_attempts" USING btree ("updated_at") WHERE "payment_attempts"."status" in ('created', 'processing', 'requires_action');--> statement-breakpoint
CREATE INDEX "tracking_events_received_idx" ON "tracking_events" USING btree ("received_at");--> statement-breakpoint
-- Credit held by an unfinished checkout lowers the available balance a checkout prices from.
CREATE TRIGGER "credit_reservations_announce_buyer_facts" AFTER INSERT OR UPDATE OR DELETE ON "credit_reservations" FOR EACH ROW EXECUTE FUNCTION "lectern_announce_buyer_facts_changed"();
