-- Issue 55: a title sorts without its initial article ("A educação…" under E, "The art of…"
-- under A): MARC 21 245's second indicator gives how many characters to skip (nonfiling
-- characters, 0–9). title_sort holds the key of the title without them (estante_key, as
-- title_fold), only for the titles that have some; the rest sort by title_fold, so the backfill
-- touches only those. title_fold itself stays the whole title: "starts with" and the exact-title
-- match still see the words as written.
CREATE FUNCTION estante_title_sort(title text, marc jsonb) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN x.n > 0 AND x.n < char_length(title) THEN nullif(estante_key(substr(title, x.n + 1)), '') END
  FROM (SELECT coalesce((
          SELECT CASE WHEN f->>'ind2' ~ '^[1-9]$' THEN (f->>'ind2')::int ELSE 0 END
          FROM jsonb_array_elements(marc->'fields') WITH ORDINALITY e(f, i)
          WHERE f->>'tag' = '245'
          ORDER BY i LIMIT 1), 0) AS n) x
$$;--> statement-breakpoint
CREATE FUNCTION titles_title_sort_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.title_sort := estante_title_sort(NEW.title, NEW.marc);
  RETURN NEW;
END
$$;--> statement-breakpoint
ALTER TABLE "titles" ADD COLUMN "title_sort" text;--> statement-breakpoint
ALTER TABLE "network_titles" ADD COLUMN "title_sort" text;--> statement-breakpoint
CREATE TRIGGER titles_title_sort BEFORE INSERT OR UPDATE OF title, marc ON titles
  FOR EACH ROW EXECUTE FUNCTION titles_title_sort_update();--> statement-breakpoint
CREATE TRIGGER network_titles_title_sort BEFORE INSERT OR UPDATE OF title, marc ON network_titles
  FOR EACH ROW EXECUTE FUNCTION titles_title_sort_update();--> statement-breakpoint
-- The titles already catalogued whose 245 skips characters (a statement each table).
UPDATE titles SET title_sort = estante_title_sort(title, marc)
  WHERE estante_title_sort(title, marc) IS NOT NULL;--> statement-breakpoint
UPDATE network_titles SET title_sort = estante_title_sort(title, marc)
  WHERE estante_title_sort(title, marc) IS NOT NULL;
