CREATE TABLE "course_search_documents" (
	"course_id" integer PRIMARY KEY NOT NULL,
	"document" "tsvector" NOT NULL,
	"title_document" "tsvector" NOT NULL,
	"title" varchar(200) NOT NULL,
	"slug" varchar(120) NOT NULL,
	"language" varchar(8) NOT NULL,
	"level" varchar(20) NOT NULL,
	"category_id" integer NOT NULL,
	"subcategory_id" integer,
	"is_free" boolean NOT NULL,
	"rating" real NOT NULL,
	"num_reviews" integer NOT NULL,
	"num_subscribers" integer NOT NULL,
	"published_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "instructional_level" varchar(20) DEFAULT 'ALL_LEVELS' NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "course_search_documents" ADD CONSTRAINT "course_search_documents_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_search_documents_document_idx" ON "course_search_documents" USING gin ("document") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "course_search_documents_title_idx" ON "course_search_documents" USING gin ("title_document") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "course_search_documents_rating_idx" ON "course_search_documents" USING btree ("rating" DESC NULLS FIRST,"num_reviews" DESC NULLS FIRST,"course_id");--> statement-breakpoint
CREATE INDEX "course_search_documents_reviews_idx" ON "course_search_documents" USING btree ("num_reviews" DESC NULLS FIRST,"rating" DESC NULLS FIRST,"course_id");--> statement-breakpoint
CREATE INDEX "course_search_documents_time_idx" ON "course_search_documents" USING btree ("published_at" DESC NULLS FIRST,"course_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "course_search_documents_facts_idx" ON "course_search_documents" USING btree ("category_id","subcategory_id","level","language","is_free","rating");--> statement-breakpoint
-- Course search (issue 18, modules/search). The text search configuration of a course's
-- locale: Snowball stemming for the languages the catalog sells in, word for word ("simple")
-- for Japanese, whose words no space separates, and for any other language.
CREATE OR REPLACE FUNCTION "lectern_search_config"(locale text) RETURNS regconfig LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT (CASE lower(split_part(replace(locale, '-', '_'), '_', 1))
    WHEN 'en' THEN 'pg_catalog.english'
    WHEN 'es' THEN 'pg_catalog.spanish'
    WHEN 'pt' THEN 'pg_catalog.portuguese'
    ELSE 'pg_catalog.simple' END)::regconfig
$$;
--> statement-breakpoint
-- Accents off Latin letters ("negociación" → "negociacion"), so a word typed without them
-- still matches word for word. The search folds the user's words the same way.
CREATE OR REPLACE FUNCTION "lectern_search_fold"(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT translate(normalize(value, NFC),
    'ÀÁÂÃÄÅàáâãäåÈÉÊËèéêëÌÍÎÏìíîïÒÓÔÕÖòóôõöÙÚÛÜùúûüÇçÑñÝýÿ',
    'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyy')
$$;
--> statement-breakpoint
-- One text of a course at one weight: stemmed in the course's language ("testing" → test), and
-- word for word with accents folded, so the last word typed halfway matches as a prefix
-- ("testin:*" → testing) whatever the stemmer made of the whole word.
CREATE OR REPLACE FUNCTION "lectern_search_text"(config regconfig, value text, weight "char") RETURNS tsvector LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector(config, value), weight)
    || setweight(to_tsvector('pg_catalog.simple'::regconfig, lectern_search_fold(value)), weight)
$$;
--> statement-breakpoint
-- Rewrites the search rows of these courses from the catalog: A title, B headline,
-- C description, D instructor names (names are not stemmed), with the facts the filters and
-- sorts read. A course that is not published and public has no row.
CREATE OR REPLACE FUNCTION "lectern_refresh_course_search"(course_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM course_search_documents d
  WHERE d.course_id = ANY(course_ids)
    AND NOT EXISTS (SELECT 1 FROM courses c WHERE c.id = d.course_id AND c.is_published AND NOT c.is_private);
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
  WHERE c.id = ANY(course_ids) AND c.is_published AND NOT c.is_private
  ON CONFLICT (course_id) DO UPDATE SET
    document = excluded.document, title_document = excluded.title_document, title = excluded.title,
    slug = excluded.slug, language = excluded.language, level = excluded.level,
    category_id = excluded.category_id, subcategory_id = excluded.subcategory_id,
    is_free = excluded.is_free, rating = excluded.rating, num_reviews = excluded.num_reviews,
    num_subscribers = excluded.num_subscribers, published_at = excluded.published_at;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "lectern_course_search_course_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lectern_refresh_course_search(ARRAY[NEW.id]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "courses_search_inserted" AFTER INSERT ON "courses" FOR EACH ROW EXECUTE FUNCTION "lectern_course_search_course_changed"();
--> statement-breakpoint
CREATE TRIGGER "courses_search_updated" AFTER UPDATE ON "courses" FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "lectern_course_search_course_changed"();
--> statement-breakpoint
-- A course's instructors are part of its document: adding, removing or reordering one rewrites it.
CREATE OR REPLACE FUNCTION "lectern_course_search_instructors_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM lectern_refresh_course_search(ARRAY[NEW.course_id]);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM lectern_refresh_course_search(ARRAY[OLD.course_id]);
  ELSE
    PERFORM lectern_refresh_course_search(ARRAY[OLD.course_id, NEW.course_id]);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "course_instructors_search" AFTER INSERT OR UPDATE OR DELETE ON "course_instructors" FOR EACH ROW EXECUTE FUNCTION "lectern_course_search_instructors_changed"();
--> statement-breakpoint
-- An instructor's new name reaches every course they teach.
CREATE OR REPLACE FUNCTION "lectern_course_search_instructor_renamed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lectern_refresh_course_search(ARRAY(SELECT ci.course_id FROM course_instructors ci WHERE ci.instructor_id = NEW.id));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "instructors_search" AFTER UPDATE OF "display_name" ON "instructors" FOR EACH ROW WHEN (OLD."display_name" IS DISTINCT FROM NEW."display_name") EXECUTE FUNCTION "lectern_course_search_instructor_renamed"();
--> statement-breakpoint
-- Free or paid follows the price tier's amounts.
CREATE OR REPLACE FUNCTION "lectern_course_search_tier_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lectern_refresh_course_search(ARRAY(
    SELECT c.id FROM courses c
    WHERE c.price_tier_id = CASE WHEN TG_OP = 'DELETE' THEN OLD.tier_id ELSE NEW.tier_id END
       OR (TG_OP = 'UPDATE' AND c.price_tier_id = OLD.tier_id)));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "price_tier_amounts_search" AFTER INSERT OR DELETE ON "price_tier_amounts" FOR EACH ROW EXECUTE FUNCTION "lectern_course_search_tier_changed"();
--> statement-breakpoint
-- A new amount matters only when it makes the tier free or paid (a price change is no search fact).
CREATE TRIGGER "price_tier_amounts_search_updated" AFTER UPDATE ON "price_tier_amounts" FOR EACH ROW WHEN (OLD."tier_id" IS DISTINCT FROM NEW."tier_id" OR (OLD."amount" > 0) IS DISTINCT FROM (NEW."amount" > 0)) EXECUTE FUNCTION "lectern_course_search_tier_changed"();
--> statement-breakpoint
-- Every change to the search rows is announced on lectern_search_changed, so every server
-- instance drops the search results it keeps at once (modules/search, like decision 0016).
CREATE OR REPLACE FUNCTION "lectern_announce_search_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lectern_search_changed', '0');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "course_search_documents_announce" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "course_search_documents" FOR EACH STATEMENT EXECUTE FUNCTION "lectern_announce_search_changed"();
--> statement-breakpoint
SELECT lectern_refresh_course_search(ARRAY(SELECT id FROM courses));
