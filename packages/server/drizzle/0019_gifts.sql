CREATE TABLE "gifts" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"order_line_id" integer NOT NULL,
	"buyer_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"recipient_email" varchar(320) NOT NULL,
	"recipient_name" varchar(100),
	"message" text,
	"deliver_on" date,
	"deliver_at" timestamp with time zone NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"redeemed_by" integer,
	"redeemed_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gifts_order_line_key" UNIQUE("order_line_id"),
	CONSTRAINT "gifts_code_hash_key" UNIQUE("code_hash"),
	CONSTRAINT "gifts_redeemed_or_refunded" CHECK ("gifts"."redeemed_at" is null or "gifts"."refunded_at" is null)
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "buyable_type" "buyable_type" DEFAULT 'course' NOT NULL;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_redeemed_by_users_id_fk" FOREIGN KEY ("redeemed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gifts_buyer_idx" ON "gifts" USING btree ("buyer_id");