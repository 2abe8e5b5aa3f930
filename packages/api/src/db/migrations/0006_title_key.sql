-- The title's sort and match key: folded (lower case, no accents) and with punctuation turned
-- into single spaces, so "Educação: teoria e prática" starts with "educacao teoria" and sorts
-- by its words, as a patron types and reads them.
CREATE FUNCTION estante_key(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT btrim(regexp_replace(estante_fold($1), '[^[:alnum:]]+', ' ', 'g')) $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION titles_title_fold_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.title_fold := estante_key(NEW.title);
  RETURN NEW;
END
$$;--> statement-breakpoint
UPDATE titles SET title_fold = estante_key(title);
