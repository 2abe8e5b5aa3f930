-- Full-text search, the Evergreen way: PostgreSQL's own tsvector + GIN, accent-insensitive.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- "estante": the simple parser and dictionary after unaccent, so "educacao" matches "Educação".
CREATE TEXT SEARCH CONFIGURATION estante (COPY = simple);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION estante
  ALTER MAPPING FOR asciiword, asciihword, hword_asciipart, word, hword, hword_part
  WITH unaccent, simple;--> statement-breakpoint
-- The weighted vector: title A, authors B, subjects C, series/notes/publisher D.
CREATE FUNCTION titles_search_vector_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector :=
    setweight(to_tsvector('estante', coalesce(NEW.title, '')), 'A') ||
    setweight(to_tsvector('estante',
      coalesce(NEW.author, '') || ' ' || array_to_string(NEW.added_authors, ' ')), 'B') ||
    setweight(to_tsvector('estante', array_to_string(NEW.subjects, ' ')), 'C') ||
    setweight(to_tsvector('estante',
      coalesce(NEW.series, '') || ' ' || coalesce(NEW.notes, '') || ' ' ||
      coalesce(NEW.publisher, '') || ' ' || coalesce(NEW.responsibility, '')), 'D');
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER titles_search_vector
  BEFORE INSERT OR UPDATE OF title, author, added_authors, subjects, series, notes, publisher, responsibility
  ON titles FOR EACH ROW EXECUTE FUNCTION titles_search_vector_update();
