ALTER TABLE "titles" ADD COLUMN "search_stem" "tsvector";--> statement-breakpoint
CREATE INDEX "titles_search_stem_idx" ON "titles" USING gin ("search_stem");--> statement-breakpoint
-- Stemming configurations, accent-insensitive: "educacoes" finds "educação", "libraries" "library".
CREATE TEXT SEARCH CONFIGURATION estante_pt (COPY = portuguese);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION estante_pt ALTER MAPPING FOR asciiword, asciihword, hword_asciipart, word, hword, hword_part WITH unaccent, portuguese_stem;--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION estante_es (COPY = spanish);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION estante_es ALTER MAPPING FOR asciiword, asciihword, hword_asciipart, word, hword, hword_part WITH unaccent, spanish_stem;--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION estante_en (COPY = english);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION estante_en ALTER MAPPING FOR asciiword, asciihword, hword_asciipart, word, hword, hword_part WITH unaccent, english_stem;--> statement-breakpoint
-- An immutable unaccent for expression indexes and "starts with" matching.
CREATE FUNCTION estante_fold(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$;--> statement-breakpoint
-- Snowball's Portuguese stemmer needs accents to join "-ção" and "-ções"; once folded, map the
-- plural ending -oes (always from -ao: acoes, leoes) to -ao so "educacoes", "educações" and "educação" share a stem.
CREATE FUNCTION estante_pt_normalize(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT regexp_replace(estante_fold($1), '([a-z])oes\M', '\1ao', 'g') $$;--> statement-breakpoint
-- The stemming configuration for a MARC language code.
CREATE FUNCTION estante_stem_config(idioma text) RETURNS regconfig LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE idioma WHEN 'por' THEN 'estante_pt'::regconfig WHEN 'spa' THEN 'estante_es'::regconfig
                           WHEN 'eng' THEN 'estante_en'::regconfig ELSE 'estante'::regconfig END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION titles_search_vector_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  authors text := coalesce(NEW.author, '') || ' ' || array_to_string(NEW.added_authors, ' ');
  subjects text := array_to_string(NEW.subjects, ' ');
  other text := coalesce(NEW.series, '') || ' ' || coalesce(NEW.notes, '') || ' ' ||
                coalesce(NEW.publisher, '') || ' ' || coalesce(NEW.responsibility, '');
  stem regconfig := estante_stem_config(NEW.idioma);
  title text := coalesce(NEW.title, '');
BEGIN
  IF NEW.idioma = 'por' THEN
    title := estante_pt_normalize(title);
    subjects := estante_pt_normalize(subjects);
    other := estante_pt_normalize(other);
  END IF;
  NEW.search_vector :=
    setweight(to_tsvector('estante', coalesce(NEW.title, '')), 'A') ||
    setweight(to_tsvector('estante', authors), 'B') ||
    setweight(to_tsvector('estante', subjects), 'C') ||
    setweight(to_tsvector('estante', other), 'D');
  NEW.search_stem :=
    setweight(to_tsvector(stem, title), 'A') ||
    setweight(to_tsvector('estante', authors), 'B') ||
    setweight(to_tsvector(stem, subjects), 'C') ||
    setweight(to_tsvector(stem, other), 'D');
  RETURN NEW;
END
$$;--> statement-breakpoint
DROP TRIGGER titles_search_vector ON titles;--> statement-breakpoint
CREATE TRIGGER titles_search_vector
  BEFORE INSERT OR UPDATE OF title, author, added_authors, subjects, series, notes, publisher, responsibility, idioma
  ON titles FOR EACH ROW EXECUTE FUNCTION titles_search_vector_update();--> statement-breakpoint
-- Fill the new vector for titles already there.
UPDATE titles SET title = title;--> statement-breakpoint
CREATE INDEX titles_title_fold_idx ON titles (estante_fold(title) text_pattern_ops);
