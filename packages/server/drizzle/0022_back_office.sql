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
ALTER TABLE "courses" ALTER COLUMN "primary_category_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ALTER COLUMN "price_tier_id" DROP NOT NULL;--> statement-breakpoint
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
ALTER TABLE "course_refunds" ADD COLUMN "retries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "course_refunds" ADD COLUMN "provider_key" varchar(100);--> statement-breakpoint
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
CREATE INDEX "order_lines_coupon_idx" ON "order_lines" USING btree ("coupon_code") WHERE "order_lines"."coupon_code" is not null;--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_card_last4_idx" ON "orders" USING btree ("card_last4");--> statement-breakpoint
CREATE INDEX "orders_gateway_payment_idx" ON "orders" USING btree ("gateway_payment_id");--> statement-breakpoint
CREATE INDEX "payment_gateway_events_payment_idx" ON "payment_gateway_events" USING btree ((coalesce("payload" #>> '{data,object,payment_intent}', "payload" #>> '{data,object,id}')));--> statement-breakpoint
CREATE INDEX "course_refunds_order_idx" ON "course_refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "course_refunds_status_idx" ON "course_refunds" USING btree ("status","requested_at");--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_per_buyer_limit_positive" CHECK ("coupons"."per_buyer_limit" is null or "coupons"."per_buyer_limit" >= 1);--> statement-breakpoint
-- The audit log is append-only: no statement may rewrite or remove what staff did.
CREATE FUNCTION "admin_audit_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'admin_audit_events is append-only';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "admin_audit_events_no_update_or_delete" BEFORE UPDATE OR DELETE ON "admin_audit_events"
FOR EACH STATEMENT EXECUTE FUNCTION "admin_audit_events_append_only"();
--> statement-breakpoint
-- The operators before staff roles are the first owners.
INSERT INTO "staff_members" ("user_id", "role") SELECT "id", 'owner' FROM "users" WHERE "is_operator";
--> statement-breakpoint
INSERT INTO "back_office_settings" ("id", "support_refund_limits") VALUES (1, '{"USD": 20000, "EUR": 20000, "GBP": 20000, "JPY": 3000000, "INR": 1500000, "BRL": 100000}');
--> statement-breakpoint
-- Back office orders and refunds (issue 32): staff retries of a refund, and the indexes of the order search.
-- Back office courses, prices and codes (issue 32): a draft may wait for its category and price tier
-- (publishing asks for them); unlisted courses stay out of search; every change to what the
-- storefront shows of the catalog, and to codes, is announced so each instance drops what it kept.
CREATE OR REPLACE FUNCTION "lectern_refresh_course_search"(course_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM course_search_documents d
  WHERE d.course_id = ANY(course_ids)
    AND NOT EXISTS (SELECT 1 FROM courses c WHERE c.id = d.course_id AND c.is_published AND NOT c.is_private
      AND NOT c.is_unlisted AND c.primary_category_id IS NOT NULL AND c.price_tier_id IS NOT NULL);
  INSERT INTO course_search_documents AS d (course_id, document, title_document, title, slug, language,
    level, category_id, subcategory_id, is_free, rating, num_reviews, num_subscribers, published_at)
  SELECT c.id,
    lectern_search_text(cfg.config, c.title, 'A') || lectern_search_text(cfg.config, c.headline, 'B')
      || lectern_search_text(cfg.config, c.description, 'C')
      || setweight(to_tsvector('pg_catalog.simple'::regconfig, lectern_search_fold(coalesce(names.value, ''))), 'D'),
    lectern_search_text(cfg.config, c.title, 'A'),
    c.title, c.slug, lower(split_part(replace(c.locale, '-', '_'), '_', 1)), c.instructional_level,
    c.primary_category_id, c.primary_subcategory_id,
    NOT EXISTS (SELECT 1 FROM price_tier_amounts a WHERE a.tier_id = c.price_tier_id AND a.amount > 0),
    c.avg_rating_recent, c.num_reviews, c.num_subscribers, coalesce(c.published_at, c.created_at)
  FROM courses c
  CROSS JOIN LATERAL (SELECT lectern_search_config(c.locale) AS config) cfg
  LEFT JOIN LATERAL (
    SELECT string_agg(i.display_name, ' ' ORDER BY ci.position) AS value
    FROM course_instructors ci JOIN instructors i ON i.id = ci.instructor_id
    WHERE ci.course_id = c.id
  ) names ON true
  WHERE c.id = ANY(course_ids) AND c.is_published AND NOT c.is_private AND NOT c.is_unlisted
    AND c.primary_category_id IS NOT NULL AND c.price_tier_id IS NOT NULL
  ON CONFLICT (course_id) DO UPDATE SET
    document = excluded.document, title_document = excluded.title_document, title = excluded.title,
    slug = excluded.slug, language = excluded.language, level = excluded.level,
    category_id = excluded.category_id, subcategory_id = excluded.subcategory_id,
    is_free = excluded.is_free, rating = excluded.rating, num_reviews = excluded.num_reviews,
    num_subscribers = excluded.num_subscribers, published_at = excluded.published_at;
END
$$;
--> statement-breakpoint
-- What the storefront shows of the catalog changed: courses, their instructors, categories, prices,
-- covers, curricula. Every instance drops the course data, cover facts and shared pages it kept.
CREATE OR REPLACE FUNCTION "lectern_announce_catalog_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lectern_catalog_changed', '0');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "courses_announce_catalog" AFTER INSERT OR UPDATE OR DELETE ON "courses" FOR EACH STATEMENT EXECUTE FUNCTION "lectern_announce_catalog_changed"();
--> statement-breakpoint
CREATE TRIGGER "course_instructors_announce_catalog" AFTER INSERT OR UPDATE OR DELETE ON "course_instructors" FOR EACH STATEMENT EXECUTE FUNCTION "lectern_announce_catalog_changed"();
--> statement-breakpoint
CREATE TRIGGER "instructors_announce_catalog" AFTER UPDATE OR DELETE ON "instructors" FOR EACH STATEMENT EXECUTE FUNCTION "lectern_announce_catalog_changed"();
--> statement-breakpoint
CREATE TRIGGER "categories_announce_catalog" AFTER INSERT OR UPDATE OR DELETE ON "categories" FOR EACH STATEMENT EXECUTE FUNCTION "lectern_announce_catalog_changed"();
--> statement-breakpoint
CREATE TRIGGER "price_tier_amounts_announce_catalog" AFTER INSERT OR UPDATE OR DELETE ON "price_tier_amounts" FOR EACH STATEMENT EXECUTE FUNCTION "lectern_announce_catalog_changed"();
--> statement-breakpoint
CREATE TRIGGER "course_cover_uploads_announce_catalog" AFTER INSERT OR UPDATE OR DELETE ON "course_cover_uploads" FOR EACH STATEMENT EXECUTE FUNCTION "lectern_announce_catalog_changed"();
--> statement-breakpoint
CREATE TRIGGER "curriculum_sections_announce_catalog" AFTER INSERT OR UPDATE OR DELETE ON "curriculum_sections" FOR EACH STATEMENT EXECUTE FUNCTION "lectern_announce_catalog_changed"();
--> statement-breakpoint
CREATE TRIGGER "curriculum_items_announce_catalog" AFTER INSERT OR UPDATE OR DELETE ON "curriculum_items" FOR EACH STATEMENT EXECUTE FUNCTION "lectern_announce_catalog_changed"();
--> statement-breakpoint
-- A code changed (deactivated, its courses): every instance drops the definitions it kept.
CREATE OR REPLACE FUNCTION "lectern_announce_coupons_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lectern_coupons_changed', '0');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "coupons_announce_changed" AFTER INSERT OR UPDATE OR DELETE ON "coupons" FOR EACH STATEMENT EXECUTE FUNCTION "lectern_announce_coupons_changed"();
--> statement-breakpoint
CREATE TRIGGER "coupon_courses_announce_changed" AFTER INSERT OR UPDATE OR DELETE ON "coupon_courses" FOR EACH STATEMENT EXECUTE FUNCTION "lectern_announce_coupons_changed"();
