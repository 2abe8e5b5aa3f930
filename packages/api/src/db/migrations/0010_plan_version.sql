-- Which courses' teaching plans cite a title is a facet of new-acquisition lists (NA_C), read
-- into the search index's snapshot: changes to plans, their bibliographies or course names
-- move the catalogue version too (decision 0007).
CREATE TRIGGER courses_catalog_version AFTER INSERT OR UPDATE OR DELETE ON courses
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump();--> statement-breakpoint
CREATE TRIGGER teaching_plans_catalog_version AFTER INSERT OR UPDATE OR DELETE ON teaching_plans
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump();--> statement-breakpoint
CREATE TRIGGER plan_titles_catalog_version AFTER INSERT OR UPDATE OR DELETE ON plan_titles
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump();
