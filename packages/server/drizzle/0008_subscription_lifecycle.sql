ALTER TYPE "public"."subscription_enrollment_status" ADD VALUE 'PAST_DUE';--> statement-breakpoint
CREATE SEQUENCE "public"."subscription_receipt_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1000 CACHE 1;--> statement-breakpoint
CREATE TABLE "server_clock" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"offset_ms" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" varchar(64) NOT NULL,
	"key" varchar(200) NOT NULL,
	"payload" jsonb NOT NULL,
	"status" varchar(16) DEFAULT 'queued' NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer NOT NULL,
	"locked_by" varchar(100),
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "subscription_invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"enrollment_id" integer NOT NULL,
	"kind" varchar(32) NOT NULL,
	"status" varchar(16) NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"licenses" integer NOT NULL,
	"currency" varchar(3) NOT NULL,
	"unit_price" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"tax_amount" bigint NOT NULL,
	"tax_rate" numeric(9, 6) NOT NULL,
	"tax_mode" varchar(16) NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"charging" boolean DEFAULT false NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"gateway_payment_id" varchar(255),
	"failure_code" varchar(64),
	"failure_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscription_charges" DROP CONSTRAINT "subscription_charges_gateway_payment_id_unique";--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD COLUMN "invoice_id" integer;--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD COLUMN "status" varchar(16) DEFAULT 'succeeded' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD COLUMN "receipt_number" bigint;--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD COLUMN "unit_price" bigint;--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD COLUMN "failure_code" varchar(64);--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD COLUMN "failure_message" text;--> statement-breakpoint
ALTER TABLE "subscription_invoices" ADD CONSTRAINT "subscription_invoices_enrollment_id_subscription_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."subscription_enrollments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_kind_key" ON "jobs" USING btree ("kind","key");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."status" in ('queued', 'running');--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_invoices_period_key" ON "subscription_invoices" USING btree ("enrollment_id","period_start");--> statement-breakpoint
CREATE INDEX "subscription_invoices_payment_idx" ON "subscription_invoices" USING btree ("gateway_payment_id");--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD CONSTRAINT "subscription_charges_invoice_id_subscription_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."subscription_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_charges_payment_key" ON "subscription_charges" USING btree ("gateway_payment_id") WHERE "subscription_charges"."status" = 'succeeded';--> statement-breakpoint
CREATE INDEX "subscription_enrollments_period_end_idx" ON "subscription_enrollments" USING btree ("current_period_end") WHERE "subscription_enrollments"."status" <> 'EXPIRED';--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD CONSTRAINT "subscription_charges_receipt_number_unique" UNIQUE("receipt_number");--> statement-breakpoint
UPDATE "subscription_charges" SET "receipt_number" = nextval('subscription_receipt_number_seq') WHERE "receipt_number" IS NULL;