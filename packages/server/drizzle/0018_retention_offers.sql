CREATE TABLE "subscription_retention_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"enrollment_id" integer NOT NULL,
	"offer_id" varchar(64) NOT NULL,
	"percent_off_hundredths" integer NOT NULL,
	"periods" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"currency" varchar(3) NOT NULL,
	"discounted_amount" bigint NOT NULL,
	"regular_amount" bigint NOT NULL,
	"accepted_by" integer,
	"accepted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "subscription_retention_offers_enrollment_key" UNIQUE("enrollment_id")
);
--> statement-breakpoint
ALTER TABLE "subscription_retention_offers" ADD CONSTRAINT "subscription_retention_offers_enrollment_id_subscription_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."subscription_enrollments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_retention_offers" ADD CONSTRAINT "subscription_retention_offers_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;