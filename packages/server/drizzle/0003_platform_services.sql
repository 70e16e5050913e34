CREATE TABLE "user_cookie_preferences" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"preferences" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_course_settings" (
	"user_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"setting" varchar(64) NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_course_settings_user_id_course_id_setting_pk" PRIMARY KEY("user_id","course_id","setting")
);
--> statement-breakpoint
CREATE TABLE "user_settings" (
	"user_id" integer NOT NULL,
	"setting" varchar(64) NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_settings_user_id_setting_pk" PRIMARY KEY("user_id","setting")
);
--> statement-breakpoint
CREATE TABLE "share_links" (
	"code" varchar(16) PRIMARY KEY NOT NULL,
	"target" text NOT NULL,
	"context" varchar(32) NOT NULL,
	"user_id" integer,
	"visits" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracking_events" (
	"event_id" varchar(64) PRIMARY KEY NOT NULL,
	"type" varchar(200) NOT NULL,
	"client_key" varchar(64) NOT NULL,
	"client_version" varchar(64) NOT NULL,
	"user_id" integer,
	"visitor_uuid" varchar(64) NOT NULL,
	"client_timestamp" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"payload" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_cookie_preferences" ADD CONSTRAINT "user_cookie_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_course_settings" ADD CONSTRAINT "user_course_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_course_settings" ADD CONSTRAINT "user_course_settings_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tracking_events_type_received_idx" ON "tracking_events" USING btree ("type","received_at");