-- The catalogue's version: a number every change to what search sees moves on (titles, and
-- which library holds a copy of which title). The API's in-memory search index compares it
-- with the version it was built from and rebuilds when they differ (decision 0007). Statement
-- triggers, so an import of 100,000 rows bumps it once per statement, not per row. Copy status
-- changes (loans, returns) do not change it: availability is always read live.
CREATE TABLE catalog_version (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  version bigint NOT NULL
);--> statement-breakpoint
INSERT INTO catalog_version (id, version) VALUES (true, 1);--> statement-breakpoint
CREATE FUNCTION catalog_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalog_version SET version = version + 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER titles_catalog_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON titles
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump();--> statement-breakpoint
CREATE TRIGGER copies_catalog_version AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF cod_acervo, cod_biblioteca ON copies
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump();--> statement-breakpoint
CREATE TRIGGER libraries_catalog_version AFTER INSERT OR UPDATE OR DELETE ON libraries
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump();--> statement-breakpoint
-- The names facets show come from these reference tables.
CREATE TRIGGER work_types_catalog_version AFTER INSERT OR UPDATE OR DELETE ON work_types
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump();--> statement-breakpoint
CREATE TRIGGER languages_catalog_version AFTER INSERT OR UPDATE OR DELETE ON languages
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump();--> statement-breakpoint
CREATE TRIGGER knowledge_areas_catalog_version AFTER INSERT OR UPDATE OR DELETE ON knowledge_areas
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump();
