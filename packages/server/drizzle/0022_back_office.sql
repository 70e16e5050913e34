CREATE TYPE "public"."staff_role" AS ENUM('owner', 'catalog', 'support', 'finance', 'read_only');--> statement-breakpoint
ALTER TYPE "public"."coupon_scope" ADD VALUE 'category';--> statement-breakpoint
ALTER TYPE "public"."credit_entry_kind" ADD VALUE 'adjustment';--> statement-breakpoint
CREATE TABLE "admin_audit_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_id" integer,
	"actor_email" varchar(254) NOT NULL,
	"actor_role" "staff_role",
	"action" varchar(64) NOT NULL,
	"object_type" varchar(32) NOT NULL,
	"object_id" varchar(64) NOT NULL,
	"summary" text NOT NULL,
	"reason" text,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_cover_uploads" (
	"course_id" integer PRIMARY KEY NOT NULL,
	"image" "bytea" NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"version" varchar(16) NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_price_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"price_tier_id" integer NOT NULL,
	"effective_at" timestamp with time zone NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "back_office_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"support_refund_limits" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "back_office_settings_single_row" CHECK ("back_office_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "staff_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" varchar(254) NOT NULL,
	"role" "staff_role" NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"invited_by" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_invitations_email_lowercase" CHECK ("staff_invitations"."email" = lower("staff_invitations"."email"))
);
--> statement-breakpoint
CREATE TABLE "staff_members" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"role" "staff_role" NOT NULL,
	"invited_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "is_unlisted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "what_you_learn" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "requirements" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "per_buyer_limit" integer;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "category_id" integer;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "campaign" varchar(80);--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "credit_entries" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "course_refunds" ADD COLUMN "staff_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "anonymised_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "admin_audit_events" ADD CONSTRAINT "admin_audit_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_cover_uploads" ADD CONSTRAINT "course_cover_uploads_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_price_changes" ADD CONSTRAINT "course_price_changes_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_price_changes" ADD CONSTRAINT "course_price_changes_price_tier_id_price_tiers_id_fk" FOREIGN KEY ("price_tier_id") REFERENCES "public"."price_tiers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_members" ADD CONSTRAINT "staff_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_members" ADD CONSTRAINT "staff_members_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_audit_events_object_idx" ON "admin_audit_events" USING btree ("object_type","object_id","created_at");--> statement-breakpoint
CREATE INDEX "admin_audit_events_created_idx" ON "admin_audit_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "admin_audit_events_actor_idx" ON "admin_audit_events" USING btree ("actor_id","created_at");--> statement-breakpoint
CREATE INDEX "course_price_changes_due_idx" ON "course_price_changes" USING btree ("effective_at") WHERE "course_price_changes"."applied_at" is null and "course_price_changes"."cancelled_at" is null;--> statement-breakpoint
CREATE INDEX "course_price_changes_course_idx" ON "course_price_changes" USING btree ("course_id","effective_at");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_invitations_token_key" ON "staff_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_invitations_open_email_key" ON "staff_invitations" USING btree ("email") WHERE "staff_invitations"."accepted_at" is null and "staff_invitations"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "staff_members_role_idx" ON "staff_members" USING btree ("role");--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_entries" ADD CONSTRAINT "credit_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_refunds" ADD CONSTRAINT "course_refunds_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coupons_campaign_idx" ON "coupons" USING btree ("campaign");--> statement-breakpoint
CREATE INDEX "course_refunds_status_idx" ON "course_refunds" USING btree ("status","requested_at");--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_per_buyer_limit_positive" CHECK ("coupons"."per_buyer_limit" is null or "coupons"."per_buyer_limit" >= 1);--> statement-breakpoint
-- The audit log is append-only: no statement may rewrite or remove what staff did.
CREATE FUNCTION "admin_audit_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'admin_audit_events is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "admin_audit_events_no_update_or_delete" BEFORE UPDATE OR DELETE ON "admin_audit_events"
FOR EACH STATEMENT EXECUTE FUNCTION "admin_audit_events_append_only"();--> statement-breakpoint
-- The operators before staff roles are the first owners.
INSERT INTO "staff_members" ("user_id", "role") SELECT "id", 'owner' FROM "users" WHERE "is_operator";--> statement-breakpoint
INSERT INTO "back_office_settings" ("id", "support_refund_limits") VALUES (1, '{"USD": 20000, "EUR": 20000, "GBP": 20000, "JPY": 3000000, "INR": 1500000, "BRL": 100000}');
