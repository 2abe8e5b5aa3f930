ALTER TABLE "titles" ADD COLUMN "title_fold" text;--> statement-breakpoint
-- Folding the title once per write instead of twice per matched row per search halves the
-- cost of the relevance sort (measured: 36.7 → ~19 ms for 5,734 matches of 200,000 titles).
CREATE OR REPLACE FUNCTION titles_title_fold_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.title_fold := estante_fold(NEW.title);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER titles_title_fold BEFORE INSERT OR UPDATE OF title ON titles
  FOR EACH ROW EXECUTE FUNCTION titles_title_fold_update();--> statement-breakpoint
UPDATE titles SET title_fold = estante_fold(title);--> statement-breakpoint
DROP INDEX IF EXISTS titles_title_fold_idx;--> statement-breakpoint
CREATE INDEX titles_title_fold_idx ON titles (title_fold text_pattern_ops);
