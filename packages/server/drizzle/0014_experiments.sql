CREATE TABLE "experiments" (
	"id" serial PRIMARY KEY NOT NULL,
	"feature_code" varchar(64) NOT NULL,
	"name" varchar(120) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" varchar(16) DEFAULT 'draft' NOT NULL,
	"salt" varchar(64) NOT NULL,
	"traffic_basis_points" integer DEFAULT 10000 NOT NULL,
	"targeting" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"default_configuration" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"variants" jsonb NOT NULL,
	"started_at" timestamp with time zone,
	"stopped_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "experiments_status" CHECK ("experiments"."status" in ('draft', 'running', 'stopped')),
	CONSTRAINT "experiments_traffic" CHECK ("experiments"."traffic_basis_points" between 0 and 10000)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_operator" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "experiments" ADD CONSTRAINT "experiments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "experiments_running_feature_key" ON "experiments" USING btree ("feature_code") WHERE "experiments"."status" = 'running';--> statement-breakpoint
CREATE INDEX "experiments_feature_idx" ON "experiments" USING btree ("feature_code");--> statement-breakpoint
-- Every change to the experiments is announced on lectern_experiments_changed, so every server
-- instance drops the running experiments it keeps and reads them again.
CREATE OR REPLACE FUNCTION "lectern_announce_experiments_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lectern_experiments_changed', '0');
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "experiments_announce" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "experiments" FOR EACH STATEMENT EXECUTE FUNCTION "lectern_announce_experiments_changed"();
