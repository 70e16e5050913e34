CREATE TYPE "public"."buyable_type" AS ENUM('course', 'license', 'gift');--> statement-breakpoint
CREATE TYPE "public"."shopping_list" AS ENUM('cart', 'express', 'saved_for_later', 'wishlist');--> statement-breakpoint
CREATE TYPE "public"."coupon_discount_kind" AS ENUM('percentage', 'fixed_amount', 'target_price');--> statement-breakpoint
CREATE TYPE "public"."coupon_redemption_status" AS ENUM('reserved', 'consumed', 'released');--> statement-breakpoint
CREATE TYPE "public"."coupon_scope" AS ENUM('all', 'courses');--> statement-breakpoint
CREATE TABLE "cart_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"cart_id" integer NOT NULL,
	"list" "shopping_list" NOT NULL,
	"buyable_type" "buyable_type" NOT NULL,
	"course_id" integer NOT NULL,
	"seen" boolean DEFAULT false NOT NULL,
	"context" varchar(100),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"visitor_id" uuid,
	"version" varchar(32) NOT NULL,
	"discount_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carts_one_owner" CHECK (("carts"."user_id" is null) <> ("carts"."visitor_id" is null))
);
--> statement-breakpoint
CREATE TABLE "coupon_courses" (
	"coupon_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	CONSTRAINT "coupon_courses_coupon_id_course_id_pk" PRIMARY KEY("coupon_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "coupon_redemptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"coupon_id" integer NOT NULL,
	"user_id" integer,
	"reference" varchar(120) NOT NULL,
	"status" "coupon_redemption_status" DEFAULT 'reserved' NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(255) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"scope" "coupon_scope" DEFAULT 'all' NOT NULL,
	"kind" "coupon_discount_kind" NOT NULL,
	"percent_basis_points" integer,
	"amount" bigint,
	"currency" varchar(3),
	"target_tier_id" integer,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"usage_limit" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_code_uppercase" CHECK ("coupons"."code" = upper("coupons"."code")),
	CONSTRAINT "coupons_usage_limit_positive" CHECK ("coupons"."usage_limit" is null or "coupons"."usage_limit" >= 0),
	CONSTRAINT "coupons_discount_shape" CHECK (("coupons"."kind" = 'percentage' and "coupons"."percent_basis_points" between 1 and 10000)
        or ("coupons"."kind" = 'fixed_amount' and "coupons"."amount" > 0 and "coupons"."currency" is not null)
        or ("coupons"."kind" = 'target_price' and "coupons"."target_tier_id" is not null))
);
--> statement-breakpoint
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
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_courses" ADD CONSTRAINT "coupon_courses_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_courses" ADD CONSTRAINT "coupon_courses_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_target_tier_id_price_tiers_id_fk" FOREIGN KEY ("target_tier_id") REFERENCES "public"."price_tiers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_buyable_key" ON "cart_items" USING btree ("cart_id","list","buyable_type","course_id");--> statement-breakpoint
CREATE UNIQUE INDEX "carts_user_key" ON "carts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "carts_visitor_key" ON "carts" USING btree ("visitor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_redemptions_reference_key" ON "coupon_redemptions" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "coupon_redemptions_coupon_status_idx" ON "coupon_redemptions" USING btree ("coupon_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_key" ON "coupons" USING btree ("code");--> statement-breakpoint
CREATE INDEX "payment_gateway_events_type_idx" ON "payment_gateway_events" USING btree ("type");