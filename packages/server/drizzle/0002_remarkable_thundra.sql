CREATE TABLE "payment_gateway_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" varchar(255) NOT NULL,
	"gateway_type" varchar(100) NOT NULL,
	"type" varchar(100) NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"processed_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	CONSTRAINT "payment_gateway_events_event_id_unique" UNIQUE("event_id")
);
--> statement-breakpoint
CREATE INDEX "payment_gateway_events_type_idx" ON "payment_gateway_events" USING btree ("type");