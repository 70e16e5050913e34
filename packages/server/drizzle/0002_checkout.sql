CREATE TYPE "public"."payment_attempt_status" AS ENUM('created', 'processing', 'requires_action', 'succeeded', 'failed', 'canceled');--> statement-breakpoint
CREATE TABLE "payment_attempts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"checkout_ref" varchar(64) NOT NULL,
	"status" "payment_attempt_status" DEFAULT 'created' NOT NULL,
	"currency" varchar(3) NOT NULL,
	"amount" bigint NOT NULL,
	"quote" jsonb NOT NULL,
	"method_id" integer NOT NULL,
	"vendor" varchar(32) NOT NULL,
	"method_type" varchar(64) NOT NULL,
	"remember_me" boolean DEFAULT false NOT NULL,
	"gateway_payment_id" varchar(255),
	"gateway_payment_method_id" varchar(255),
	"error_code" varchar(100),
	"order_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_customers" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"gateway_customer_id" varchar(255) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_customers_gateway_customer_id_unique" UNIQUE("gateway_customer_id")
);
--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_customers" ADD CONSTRAINT "payment_customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_user_ref_key" ON "payment_attempts" USING btree ("user_id","checkout_ref");--> statement-breakpoint
CREATE INDEX "payment_attempts_gateway_payment_idx" ON "payment_attempts" USING btree ("gateway_payment_id");