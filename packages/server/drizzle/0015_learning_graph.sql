CREATE TYPE "public"."learning_community_creation_reason" AS ENUM('COMPANY_WIDE_TRANSFORMATION_INITIATE', 'COMPLIANCE_TRAINING', 'LEARN_NEW_SKILLS_TOGETHER_WITH_OTHERS', 'ONBOARDING_A_NEW_TEAM', 'OTHER', 'STUDY_FOR_A_CERTIFICATE');--> statement-breakpoint
CREATE TYPE "public"."calendar_type" AS ENUM('APPLE', 'GOOGLE', 'OTHER', 'OUTLOOK');--> statement-breakpoint
CREATE TYPE "public"."learning_product_type" AS ENUM('ASSESSMENT', 'COURSE', 'LAB', 'LEARNING_PATH');--> statement-breakpoint
CREATE TYPE "public"."reminder_method" AS ENUM('EMAIL', 'PUSH');--> statement-breakpoint
CREATE TABLE "learning_communities" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(100) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"reason_type" "learning_community_creation_reason" NOT NULL,
	"reason_text" varchar(500),
	"owner_id" integer NOT NULL,
	"organization_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "learning_community_members" (
	"community_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"added_by" integer,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "learning_community_members_community_id_user_id_pk" PRIMARY KEY("community_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "learning_community_topics" (
	"community_id" integer NOT NULL,
	"topic_id" integer NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "learning_community_topics_community_id_topic_id_pk" PRIMARY KEY("community_id","topic_id")
);
--> statement-breakpoint
CREATE TABLE "learning_reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"title" varchar(120) NOT NULL,
	"product_type" "learning_product_type",
	"product_id" integer,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone,
	"duration_minutes" integer NOT NULL,
	"calendar_type" "calendar_type" NOT NULL,
	"recurrence_rule" varchar(500),
	"reminder_method" "reminder_method" NOT NULL,
	"minutes_before" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "learning_reminders_product_pair" CHECK (("learning_reminders"."product_type" is null) = ("learning_reminders"."product_id" is null))
);
--> statement-breakpoint
CREATE TABLE "lecture_consumption_days" (
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"minutes" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lecture_consumption_days_user_id_day_pk" PRIMARY KEY("user_id","day"),
	CONSTRAINT "lecture_consumption_days_minutes" CHECK ("lecture_consumption_days"."minutes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "topics" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(120) NOT NULL,
	"slug" varchar(140) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "learning_communities" ADD CONSTRAINT "learning_communities_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_communities" ADD CONSTRAINT "learning_communities_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_community_members" ADD CONSTRAINT "learning_community_members_community_id_learning_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."learning_communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_community_members" ADD CONSTRAINT "learning_community_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_community_members" ADD CONSTRAINT "learning_community_members_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_community_topics" ADD CONSTRAINT "learning_community_topics_community_id_learning_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."learning_communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_community_topics" ADD CONSTRAINT "learning_community_topics_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_reminders" ADD CONSTRAINT "learning_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lecture_consumption_days" ADD CONSTRAINT "lecture_consumption_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "learning_communities_organization_idx" ON "learning_communities" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "learning_community_members_user_idx" ON "learning_community_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "learning_reminders_user_start_idx" ON "learning_reminders" USING btree ("user_id","start_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "topics_slug_key" ON "topics" USING btree ("slug");