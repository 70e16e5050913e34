CREATE TYPE "public"."subscription_enrollment_status" AS ENUM('TRIAL', 'ACTIVE', 'CANCELED', 'EXPIRED', 'FUTURE');--> statement-breakpoint
CREATE TYPE "public"."interval_type" AS ENUM('DAY', 'WEEK', 'MONTH', 'YEAR');--> statement-breakpoint
CREATE TYPE "public"."subscriber_type" AS ENUM('organization', 'user');--> statement-breakpoint
CREATE TYPE "public"."subscription_checkout_status" AS ENUM('processing', 'requires_action', 'succeeded', 'failed');--> statement-breakpoint
CREATE TABLE "subscription_billing_profiles" (
	"subscriber_type" "subscriber_type" NOT NULL,
	"subscriber_id" integer NOT NULL,
	"gateway_customer_id" varchar(255),
	"payment_method_id" varchar(255),
	"card_brand" varchar(32),
	"card_last4" varchar(4),
	"card_exp_month" integer,
	"card_exp_year" integer,
	"card_updated_by" integer,
	"card_updated_at" timestamp with time zone,
	"customer_name" varchar(256),
	"address_line1" varchar(256),
	"address_line2" varchar(256),
	"country" varchar(2),
	"secondary_location" varchar(10),
	"tax_number" varchar(10),
	"billing_updated_by" integer,
	"billing_updated_at" timestamp with time zone,
	CONSTRAINT "subscription_billing_profiles_subscriber_type_subscriber_id_pk" PRIMARY KEY("subscriber_type","subscriber_id")
);
--> statement-breakpoint
CREATE TABLE "subscription_charges" (
	"id" serial PRIMARY KEY NOT NULL,
	"enrollment_id" integer NOT NULL,
	"checkout_id" uuid,
	"kind" varchar(32) NOT NULL,
	"licenses" integer NOT NULL,
	"currency" varchar(3) NOT NULL,
	"amount" bigint NOT NULL,
	"tax_amount" bigint NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"gateway_payment_id" varchar(255),
	"card_brand" varchar(32),
	"card_last4" varchar(4),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_charges_gateway_payment_id_unique" UNIQUE("gateway_payment_id")
);
--> statement-breakpoint
CREATE TABLE "subscription_checkouts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"checkout_ref" varchar(64) NOT NULL,
	"event" varchar(32) NOT NULL,
	"subscriber_type" "subscriber_type" NOT NULL,
	"subscriber_id" integer NOT NULL,
	"enrollment_id" integer,
	"status" "subscription_checkout_status" NOT NULL,
	"quote" jsonb NOT NULL,
	"billing" jsonb,
	"gateway_setup_id" varchar(255),
	"gateway_payment_id" varchar(255),
	"payment_method_id" varchar(255),
	"error_code" varchar(100),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_enrollments" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_type" "subscriber_type" NOT NULL,
	"subscriber_id" integer NOT NULL,
	"price_option_id" varchar(64) NOT NULL,
	"status" "subscription_enrollment_status" NOT NULL,
	"trial_days" integer DEFAULT 0 NOT NULL,
	"license_count" integer NOT NULL,
	"currency" varchar(3) NOT NULL,
	"unit_price" bigint NOT NULL,
	"charge_amount" bigint NOT NULL,
	"tax_amount" bigint NOT NULL,
	"tax_rate" numeric(9, 6) NOT NULL,
	"tax_mode" varchar(16) NOT NULL,
	"current_period_start" timestamp with time zone NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"cancel_date" timestamp with time zone,
	"trial_end" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_type" varchar(32) NOT NULL,
	"name" varchar(120) NOT NULL,
	"url_learn_more" varchar(255),
	"url_express_checkout" varchar(255),
	CONSTRAINT "subscription_plans_product_type_unique" UNIQUE("product_type")
);
--> statement-breakpoint
CREATE TABLE "subscription_price_options" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"renewal_type" interval_type NOT NULL,
	"renewal_count" integer DEFAULT 1 NOT NULL,
	"trial_days" integer DEFAULT 0 NOT NULL,
	"unit_prices" jsonb NOT NULL,
	"default_licenses" integer,
	"minimum_licenses" integer,
	"maximum_licenses" integer
);
--> statement-breakpoint
CREATE TABLE "subscription_trial_cards" (
	"fingerprint" varchar(64) PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_trial_skips" (
	"user_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_trial_skips_user_id_plan_id_pk" PRIMARY KEY("user_id","plan_id")
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "referral" varchar(64);--> statement-breakpoint
ALTER TABLE "subscription_billing_profiles" ADD CONSTRAINT "subscription_billing_profiles_card_updated_by_users_id_fk" FOREIGN KEY ("card_updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_billing_profiles" ADD CONSTRAINT "subscription_billing_profiles_billing_updated_by_users_id_fk" FOREIGN KEY ("billing_updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD CONSTRAINT "subscription_charges_enrollment_id_subscription_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."subscription_enrollments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD CONSTRAINT "subscription_charges_checkout_id_subscription_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."subscription_checkouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_checkouts" ADD CONSTRAINT "subscription_checkouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_checkouts" ADD CONSTRAINT "subscription_checkouts_enrollment_id_subscription_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."subscription_enrollments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_enrollments" ADD CONSTRAINT "subscription_enrollments_price_option_id_subscription_price_options_id_fk" FOREIGN KEY ("price_option_id") REFERENCES "public"."subscription_price_options"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_enrollments" ADD CONSTRAINT "subscription_enrollments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_price_options" ADD CONSTRAINT "subscription_price_options_plan_id_subscription_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."subscription_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_trial_cards" ADD CONSTRAINT "subscription_trial_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_trial_skips" ADD CONSTRAINT "subscription_trial_skips_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_trial_skips" ADD CONSTRAINT "subscription_trial_skips_plan_id_subscription_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."subscription_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscription_charges_enrollment_idx" ON "subscription_charges" USING btree ("enrollment_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_checkouts_user_ref_key" ON "subscription_checkouts" USING btree ("user_id","checkout_ref");--> statement-breakpoint
CREATE INDEX "subscription_checkouts_enrollment_open_idx" ON "subscription_checkouts" USING btree ("enrollment_id") WHERE "subscription_checkouts"."status" in ('processing', 'requires_action');--> statement-breakpoint
CREATE INDEX "subscription_checkouts_gateway_payment_idx" ON "subscription_checkouts" USING btree ("gateway_payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_enrollments_current_key" ON "subscription_enrollments" USING btree ("subscriber_type","subscriber_id") WHERE "subscription_enrollments"."status" <> 'EXPIRED';--> statement-breakpoint
CREATE INDEX "subscription_enrollments_subscriber_idx" ON "subscription_enrollments" USING btree ("subscriber_type","subscriber_id");