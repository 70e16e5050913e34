CREATE TYPE "public"."course_refund_status" AS ENUM('pending', 'refunded', 'failed');--> statement-breakpoint
CREATE TABLE "purchase_document_series" (
	"series" varchar(8) PRIMARY KEY NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"series" varchar(8) NOT NULL,
	"number" integer NOT NULL,
	"source" varchar(32) NOT NULL,
	"source_id" integer NOT NULL,
	"user_id" integer,
	"organization_id" integer,
	"currency" varchar(3) NOT NULL,
	"gross_total" bigint NOT NULL,
	"content" jsonb NOT NULL,
	"issued_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"order_line_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"currency" varchar(3) NOT NULL,
	"amount" bigint NOT NULL,
	"provider_amount" bigint NOT NULL,
	"credit_amount" bigint NOT NULL,
	"provider_label" varchar(64),
	"status" "course_refund_status" DEFAULT 'pending' NOT NULL,
	"reason" varchar(40) NOT NULL,
	"comment" text,
	"gateway_refund_id" varchar(255),
	"failure_code" varchar(64),
	"failure_message" text,
	"requested_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "country" varchar(2);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_rate" numeric(9, 6);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_mode" varchar(16);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_type" varchar(40);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "card_brand" varchar(32);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "card_last4" varchar(4);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "gateway_payment_id" varchar(255);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "attempt_id" uuid;--> statement-breakpoint
ALTER TABLE "course_refunds" ADD CONSTRAINT "course_refunds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_refunds" ADD CONSTRAINT "course_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_refunds" ADD CONSTRAINT "course_refunds_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_refunds" ADD CONSTRAINT "course_refunds_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_documents_number_key" ON "purchase_documents" USING btree ("series","number");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_documents_source_key" ON "purchase_documents" USING btree ("source","source_id");--> statement-breakpoint
CREATE INDEX "purchase_documents_user_idx" ON "purchase_documents" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "course_refunds_order_line_key" ON "course_refunds" USING btree ("order_line_id");--> statement-breakpoint
CREATE INDEX "course_refunds_user_idx" ON "course_refunds" USING btree ("user_id","requested_at");--> statement-breakpoint
CREATE INDEX "course_refunds_gateway_refund_idx" ON "course_refunds" USING btree ("gateway_refund_id");--> statement-breakpoint
CREATE INDEX "course_refunds_pending_idx" ON "course_refunds" USING btree ("requested_at") WHERE "course_refunds"."status" = 'pending';--> statement-breakpoint
-- The two document series start empty: the first invoice is INV-000001.
INSERT INTO "purchase_document_series" ("series", "last_number") VALUES ('INV', 0), ('CN', 0);--> statement-breakpoint
-- Orders made before this migration: their payment and attempt from the checkout that made them.
UPDATE "orders" SET "gateway_payment_id" = a."gateway_payment_id", "attempt_id" = a."id",
  "payment_type" = CASE WHEN a."amount" = 0 THEN (CASE WHEN "orders"."credit_amount" > 0 THEN 'account_credit' ELSE 'free' END) ELSE a."method_type" END,
  "country" = a."quote"->>'country', "tax_rate" = (a."quote"->>'taxRate')::numeric, "tax_mode" = a."quote"->>'taxMode'
  FROM "payment_attempts" a WHERE a."order_id" = "orders"."id";
