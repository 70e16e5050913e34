ALTER TABLE "back_office_settings" ADD COLUMN "sales_email" varchar(254);--> statement-breakpoint
ALTER TABLE "back_office_settings" ADD COLUMN "request_demo_url" varchar(2000);--> statement-breakpoint
ALTER TABLE "back_office_settings" ADD COLUMN "enterprise_upgrade_url" varchar(2000);--> statement-breakpoint
ALTER TABLE "back_office_settings" ADD COLUMN "compare_plans_url" varchar(2000);--> statement-breakpoint
-- Every change to the back office settings is announced on lectern_back_office_settings_changed,
-- so every server instance drops the sales contacts it keeps for the user context and reads them again.
CREATE OR REPLACE FUNCTION "lectern_announce_back_office_settings_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lectern_back_office_settings_changed', '0');
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "back_office_settings_announce" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "back_office_settings" FOR EACH STATEMENT EXECUTE FUNCTION "lectern_announce_back_office_settings_changed"();
