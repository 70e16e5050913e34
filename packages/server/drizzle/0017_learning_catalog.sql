CREATE TYPE "public"."badge_product_type" AS ENUM('COURSE', 'LEARNING_PATH');--> statement-breakpoint
CREATE TYPE "public"."badge_type" AS ENUM('BLUEPRINT', 'OPEN_BADGE');--> statement-breakpoint
CREATE TYPE "public"."assessment_item_status" AS ENUM('CORRECT', 'INCORRECT', 'SKIPPED');--> statement-breakpoint
CREATE TYPE "public"."curriculum_item_type" AS ENUM('ASSIGNMENT', 'CODING_EXERCISE', 'LECTURE', 'PRACTICE_TEST', 'QUIZ');--> statement-breakpoint
CREATE TYPE "public"."learning_activity_type" AS ENUM('ASSESSMENT_QUESTION', 'LAB_TASK', 'LECTURE');--> statement-breakpoint
CREATE TYPE "public"."learning_objective_type" AS ENUM('ABILITY', 'KNOWLEDGE', 'SKILL');--> statement-breakpoint
CREATE TYPE "public"."supply_gap_level" AS ENUM('ANY_LEVEL', 'ALL_LEVELS', 'BEGINNER', 'INTERMEDIATE', 'EXPERT');--> statement-breakpoint
CREATE TYPE "public"."supply_gap_priority" AS ENUM('HIGH', 'MEDIUM', 'LOW');--> statement-breakpoint
CREATE TYPE "public"."supply_gap_opportunity_type" AS ENUM('FIRST_MOVER', 'SPECIALIZED', 'TRENDING');--> statement-breakpoint
CREATE TABLE "badge_assertions" (
	"id" serial PRIMARY KEY NOT NULL,
	"badge_class_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"issued_on" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"external_url" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "badge_certification_areas" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(120) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "badge_class_products" (
	"badge_class_id" integer NOT NULL,
	"product_type" "badge_product_type" NOT NULL,
	"product_id" integer NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "badge_class_products_badge_class_id_product_type_product_id_pk" PRIMARY KEY("badge_class_id","product_type","product_id")
);
--> statement-breakpoint
CREATE TABLE "badge_classes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(200) NOT NULL,
	"image_id" varchar(80) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"type" "badge_type" NOT NULL,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"issuer_id" integer NOT NULL,
	"criteria" text DEFAULT '' NOT NULL,
	"topic_id" integer,
	"certification_area_id" integer,
	"external_url" varchar(500),
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "badge_issuers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(120) NOT NULL,
	"url" varchar(300)
);
--> statement-breakpoint
CREATE TABLE "assessment_answers" (
	"user_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"status" "assessment_item_status" NOT NULL,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assessment_answers_user_id_question_id_pk" PRIMARY KEY("user_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "assessment_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"assessment_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"prompt" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "curriculum_item_completions" (
	"user_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "curriculum_item_completions_user_id_item_id_pk" PRIMARY KEY("user_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "curriculum_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"section_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"type" "curriculum_item_type" NOT NULL,
	"title" varchar(200) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"duration_seconds" integer,
	"is_beta" boolean DEFAULT false NOT NULL,
	"coding_language" varchar(40),
	"title_document" "tsvector" GENERATED ALWAYS AS (to_tsvector('english'::regconfig, "title")) STORED NOT NULL,
	CONSTRAINT "curriculum_items_lecture_duration" CHECK (("curriculum_items"."type" = 'LECTURE') = ("curriculum_items"."duration_seconds" is not null))
);
--> statement-breakpoint
CREATE TABLE "curriculum_sections" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"title" varchar(200) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lab_instructors" (
	"lab_id" integer NOT NULL,
	"instructor_id" integer NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "lab_instructors_lab_id_instructor_id_pk" PRIMARY KEY("lab_id","instructor_id")
);
--> statement-breakpoint
CREATE TABLE "lab_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"lab_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"title" varchar(200) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lab_topics" (
	"lab_id" integer NOT NULL,
	"topic_id" integer NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "lab_topics_lab_id_topic_id_pk" PRIMARY KEY("lab_id","topic_id")
);
--> statement-breakpoint
CREATE TABLE "labs" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(200) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"learning_outcomes" text[] DEFAULT '{}' NOT NULL,
	"prerequisites" text[] DEFAULT '{}' NOT NULL,
	"min_estimated_minutes" integer NOT NULL,
	"max_estimated_minutes" integer NOT NULL,
	"is_published" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_document" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, "title"), 'A') || setweight(to_tsvector('english'::regconfig, "description"), 'B')) STORED NOT NULL,
	CONSTRAINT "labs_estimated_minutes" CHECK ("labs"."min_estimated_minutes" > 0 and "labs"."max_estimated_minutes" >= "labs"."min_estimated_minutes")
);
--> statement-breakpoint
CREATE TABLE "learning_objective_activities" (
	"objective_id" integer NOT NULL,
	"activity_type" "learning_activity_type" NOT NULL,
	"activity_id" integer NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "learning_objective_activities_objective_id_activity_type_activity_id_pk" PRIMARY KEY("objective_id","activity_type","activity_id")
);
--> statement-breakpoint
CREATE TABLE "learning_objectives" (
	"id" serial PRIMARY KEY NOT NULL,
	"framework_id" integer NOT NULL,
	"type" "learning_objective_type" NOT NULL,
	"name" varchar(300) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "skills_frameworks" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(120) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "learning_path_enrollments" (
	"path_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"enrolled_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "learning_path_enrollments_path_id_user_id_pk" PRIMARY KEY("path_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "learning_path_items" (
	"path_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"course_id" integer NOT NULL,
	CONSTRAINT "learning_path_items_path_id_position_pk" PRIMARY KEY("path_id","position")
);
--> statement-breakpoint
CREATE TABLE "learning_paths" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(200) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"topic_id" integer,
	"is_pro" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "occupation_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(120) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "occupations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(160) NOT NULL,
	"slug" varchar(180) NOT NULL,
	"group_id" integer NOT NULL,
	"representative_topic_id" integer
);
--> statement-breakpoint
CREATE TABLE "user_occupations" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"group_id" integer,
	"occupation_id" integer,
	"is_manager" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_raw_occupations" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"position" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supply_gap_opportunities" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"course_language" varchar(16) NOT NULL,
	"domain" varchar(120) NOT NULL,
	"subject" varchar(160) NOT NULL,
	"opportunity_type" "supply_gap_opportunity_type" NOT NULL,
	"priority_level" "supply_gap_priority" NOT NULL,
	"course_instructional_level" "supply_gap_level" NOT NULL,
	"intended_audience" text NOT NULL,
	"key_content" text[] DEFAULT '{}' NOT NULL,
	"is_financial_incentive_eligible" boolean DEFAULT false NOT NULL,
	"display_rule" varchar(40) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "topic_group_topics" (
	"group_id" integer NOT NULL,
	"topic_id" integer NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "topic_group_topics_group_id_topic_id_pk" PRIMARY KEY("group_id","topic_id")
);
--> statement-breakpoint
CREATE TABLE "topic_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(120) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "topic_interests" (
	"user_id" integer NOT NULL,
	"topic_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "topic_interests_user_id_topic_id_pk" PRIMARY KEY("user_id","topic_id")
);
--> statement-breakpoint
ALTER TABLE "badge_assertions" ADD CONSTRAINT "badge_assertions_badge_class_id_badge_classes_id_fk" FOREIGN KEY ("badge_class_id") REFERENCES "public"."badge_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badge_assertions" ADD CONSTRAINT "badge_assertions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badge_class_products" ADD CONSTRAINT "badge_class_products_badge_class_id_badge_classes_id_fk" FOREIGN KEY ("badge_class_id") REFERENCES "public"."badge_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badge_classes" ADD CONSTRAINT "badge_classes_issuer_id_badge_issuers_id_fk" FOREIGN KEY ("issuer_id") REFERENCES "public"."badge_issuers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badge_classes" ADD CONSTRAINT "badge_classes_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badge_classes" ADD CONSTRAINT "badge_classes_certification_area_id_badge_certification_areas_id_fk" FOREIGN KEY ("certification_area_id") REFERENCES "public"."badge_certification_areas"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_answers" ADD CONSTRAINT "assessment_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_answers" ADD CONSTRAINT "assessment_answers_question_id_assessment_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."assessment_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_questions" ADD CONSTRAINT "assessment_questions_assessment_id_curriculum_items_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."curriculum_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "curriculum_item_completions" ADD CONSTRAINT "curriculum_item_completions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "curriculum_item_completions" ADD CONSTRAINT "curriculum_item_completions_item_id_curriculum_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."curriculum_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "curriculum_item_completions" ADD CONSTRAINT "curriculum_item_completions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "curriculum_items" ADD CONSTRAINT "curriculum_items_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "curriculum_items" ADD CONSTRAINT "curriculum_items_section_id_curriculum_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."curriculum_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "curriculum_sections" ADD CONSTRAINT "curriculum_sections_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_instructors" ADD CONSTRAINT "lab_instructors_lab_id_labs_id_fk" FOREIGN KEY ("lab_id") REFERENCES "public"."labs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_instructors" ADD CONSTRAINT "lab_instructors_instructor_id_instructors_id_fk" FOREIGN KEY ("instructor_id") REFERENCES "public"."instructors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_tasks" ADD CONSTRAINT "lab_tasks_lab_id_labs_id_fk" FOREIGN KEY ("lab_id") REFERENCES "public"."labs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_topics" ADD CONSTRAINT "lab_topics_lab_id_labs_id_fk" FOREIGN KEY ("lab_id") REFERENCES "public"."labs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_topics" ADD CONSTRAINT "lab_topics_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_objective_activities" ADD CONSTRAINT "learning_objective_activities_objective_id_learning_objectives_id_fk" FOREIGN KEY ("objective_id") REFERENCES "public"."learning_objectives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_objectives" ADD CONSTRAINT "learning_objectives_framework_id_skills_frameworks_id_fk" FOREIGN KEY ("framework_id") REFERENCES "public"."skills_frameworks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_path_enrollments" ADD CONSTRAINT "learning_path_enrollments_path_id_learning_paths_id_fk" FOREIGN KEY ("path_id") REFERENCES "public"."learning_paths"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_path_enrollments" ADD CONSTRAINT "learning_path_enrollments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_path_items" ADD CONSTRAINT "learning_path_items_path_id_learning_paths_id_fk" FOREIGN KEY ("path_id") REFERENCES "public"."learning_paths"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_path_items" ADD CONSTRAINT "learning_path_items_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_paths" ADD CONSTRAINT "learning_paths_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "occupations" ADD CONSTRAINT "occupations_group_id_occupation_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."occupation_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "occupations" ADD CONSTRAINT "occupations_representative_topic_id_topics_id_fk" FOREIGN KEY ("representative_topic_id") REFERENCES "public"."topics"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_occupations" ADD CONSTRAINT "user_occupations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_occupations" ADD CONSTRAINT "user_occupations_group_id_occupation_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."occupation_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_occupations" ADD CONSTRAINT "user_occupations_occupation_id_occupations_id_fk" FOREIGN KEY ("occupation_id") REFERENCES "public"."occupations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_raw_occupations" ADD CONSTRAINT "user_raw_occupations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supply_gap_opportunities" ADD CONSTRAINT "supply_gap_opportunities_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topic_group_topics" ADD CONSTRAINT "topic_group_topics_group_id_topic_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."topic_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topic_group_topics" ADD CONSTRAINT "topic_group_topics_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topic_interests" ADD CONSTRAINT "topic_interests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topic_interests" ADD CONSTRAINT "topic_interests_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "badge_assertions_user_idx" ON "badge_assertions" USING btree ("user_id","issued_on");--> statement-breakpoint
CREATE INDEX "badge_assertions_class_idx" ON "badge_assertions" USING btree ("badge_class_id");--> statement-breakpoint
CREATE UNIQUE INDEX "badge_certification_areas_name_key" ON "badge_certification_areas" USING btree ("name");--> statement-breakpoint
CREATE INDEX "badge_class_products_product_idx" ON "badge_class_products" USING btree ("product_type","product_id");--> statement-breakpoint
CREATE INDEX "badge_classes_topic_idx" ON "badge_classes" USING btree ("topic_id");--> statement-breakpoint
CREATE INDEX "badge_classes_issuer_idx" ON "badge_classes" USING btree ("issuer_id");--> statement-breakpoint
CREATE INDEX "badge_classes_area_idx" ON "badge_classes" USING btree ("certification_area_id");--> statement-breakpoint
CREATE UNIQUE INDEX "badge_issuers_name_key" ON "badge_issuers" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "assessment_questions_position_key" ON "assessment_questions" USING btree ("assessment_id","position");--> statement-breakpoint
CREATE INDEX "curriculum_item_completions_user_course_idx" ON "curriculum_item_completions" USING btree ("user_id","course_id");--> statement-breakpoint
CREATE UNIQUE INDEX "curriculum_items_section_position_key" ON "curriculum_items" USING btree ("section_id","position");--> statement-breakpoint
CREATE INDEX "curriculum_items_course_idx" ON "curriculum_items" USING btree ("course_id","type");--> statement-breakpoint
CREATE INDEX "curriculum_items_title_document_idx" ON "curriculum_items" USING gin ("title_document");--> statement-breakpoint
CREATE UNIQUE INDEX "curriculum_sections_course_position_key" ON "curriculum_sections" USING btree ("course_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "lab_tasks_position_key" ON "lab_tasks" USING btree ("lab_id","position");--> statement-breakpoint
CREATE INDEX "lab_topics_topic_idx" ON "lab_topics" USING btree ("topic_id");--> statement-breakpoint
CREATE INDEX "labs_search_document_idx" ON "labs" USING gin ("search_document");--> statement-breakpoint
CREATE INDEX "learning_objective_activities_activity_idx" ON "learning_objective_activities" USING btree ("activity_type","activity_id");--> statement-breakpoint
CREATE INDEX "learning_objectives_framework_idx" ON "learning_objectives" USING btree ("framework_id","type");--> statement-breakpoint
CREATE UNIQUE INDEX "skills_frameworks_name_key" ON "skills_frameworks" USING btree ("name");--> statement-breakpoint
CREATE INDEX "learning_path_enrollments_user_idx" ON "learning_path_enrollments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "learning_path_items_course_idx" ON "learning_path_items" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "learning_paths_topic_idx" ON "learning_paths" USING btree ("topic_id");--> statement-breakpoint
CREATE UNIQUE INDEX "occupation_groups_name_key" ON "occupation_groups" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "occupations_slug_key" ON "occupations" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "occupations_group_idx" ON "occupations" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "user_raw_occupations_user_idx" ON "user_raw_occupations" USING btree ("user_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "supply_gap_opportunities_course_key" ON "supply_gap_opportunities" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "topic_group_topics_topic_idx" ON "topic_group_topics" USING btree ("topic_id");--> statement-breakpoint
CREATE UNIQUE INDEX "topic_groups_name_key" ON "topic_groups" USING btree ("name");