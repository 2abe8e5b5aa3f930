-- Issue 59, incremental snapshots (decision 0065). Which titles each change of the catalogue's
-- version touched, so that a search index moves its snapshot from version P to V by reading
-- just those titles again instead of the whole catalogue (search.patch.ts).
--
-- One row per title a statement changed (inserted, updated or deleted; a copy added, moved or
-- removed; cited by a teaching plan or no longer), with the version that statement's bump
-- (catalog_version_bump, network_version_bump) set. A row with no title says "read everything":
-- a change to libraries, courses, teaching plans or partners, or a TRUNCATE.
--
-- The log triggers are named after the version triggers of the same table and event
-- (`<version trigger>_log`): triggers of one event fire in name order, so the bump has run and
-- holds the version row when the log reads the version. That lock also orders the writers: a
-- version is visible to a reader only once its writer committed, and no later commit can log a
-- version at or below it, so the rows up to a version a reader sees are all there.
CREATE TABLE search_changes (
  source text NOT NULL,
  version bigint NOT NULL,
  cod_acervo integer,
  at timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT search_changes_source CHECK (source in ('catalogue', 'network'))
);--> statement-breakpoint
CREATE INDEX search_changes_version ON search_changes (source, version);--> statement-breakpoint
CREATE INDEX search_changes_at ON search_changes (at);--> statement-breakpoint

-- Changes of versions up to `pruned_through` may be missing (before this migration, or pruned
-- by the search.changes job): a snapshot that old is read again whole.
CREATE TABLE search_changes_horizon (
  source text PRIMARY KEY,
  pruned_through bigint NOT NULL,
  CONSTRAINT search_changes_horizon_source CHECK (source in ('catalogue', 'network'))
);--> statement-breakpoint
INSERT INTO search_changes_horizon (source, pruned_through)
  SELECT 'catalogue', version FROM catalog_version
  UNION ALL SELECT 'network', version FROM network_version;--> statement-breakpoint

CREATE FUNCTION search_changes_version(source text) RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN source = 'network' THEN (SELECT version FROM network_version) ELSE (SELECT version FROM catalog_version) END
$$;--> statement-breakpoint

-- TG_ARGV[0]: the source; TG_ARGV[1]: the column holding the title ('cod_acervo').
CREATE FUNCTION search_changes_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v bigint := search_changes_version(TG_ARGV[0]);
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO search_changes (source, version, cod_acervo) SELECT DISTINCT TG_ARGV[0], v, n.cod_acervo FROM new_rows n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO search_changes (source, version, cod_acervo) SELECT DISTINCT TG_ARGV[0], v, o.cod_acervo FROM old_rows o;
  ELSE
    INSERT INTO search_changes (source, version, cod_acervo)
      SELECT TG_ARGV[0], v, id FROM (SELECT n.cod_acervo AS id FROM new_rows n UNION SELECT o.cod_acervo FROM old_rows o) c;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint

-- Copies: only a copy whose title or library changed (a loan changes neither, and moves no version).
CREATE FUNCTION search_changes_copies() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v bigint := search_changes_version('catalogue');
BEGIN
  INSERT INTO search_changes (source, version, cod_acervo)
    SELECT 'catalogue', v, id FROM (
      SELECT n.cod_acervo AS id FROM new_rows n JOIN old_rows o USING (cod_exemplar)
        WHERE (n.cod_acervo, n.cod_biblioteca) IS DISTINCT FROM (o.cod_acervo, o.cod_biblioteca)
      UNION
      SELECT o.cod_acervo FROM new_rows n JOIN old_rows o USING (cod_exemplar)
        WHERE (n.cod_acervo, n.cod_biblioteca) IS DISTINCT FROM (o.cod_acervo, o.cod_biblioteca)) c;
  RETURN NULL;
END
$$;--> statement-breakpoint

CREATE FUNCTION search_changes_everything() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_changes (source, version, cod_acervo) VALUES (TG_ARGV[0], search_changes_version(TG_ARGV[0]), NULL);
  RETURN NULL;
END
$$;--> statement-breakpoint

CREATE TRIGGER titles_catalog_version_log_insert AFTER INSERT ON titles REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_changes_rows('catalogue');--> statement-breakpoint
CREATE TRIGGER titles_catalog_version_log_update AFTER UPDATE ON titles REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_changes_rows('catalogue');--> statement-breakpoint
CREATE TRIGGER titles_catalog_version_log_delete AFTER DELETE ON titles REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_changes_rows('catalogue');--> statement-breakpoint
CREATE TRIGGER titles_catalog_version_log_truncate AFTER TRUNCATE ON titles
  FOR EACH STATEMENT EXECUTE FUNCTION search_changes_everything('catalogue');--> statement-breakpoint

CREATE TRIGGER copies_catalog_version_log_insert AFTER INSERT ON copies REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_changes_rows('catalogue');--> statement-breakpoint
CREATE TRIGGER copies_catalog_version_log_update AFTER UPDATE ON copies REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_changes_copies();--> statement-breakpoint
CREATE TRIGGER copies_catalog_version_log_delete AFTER DELETE ON copies REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_changes_rows('catalogue');--> statement-breakpoint
CREATE TRIGGER copies_catalog_version_log_truncate AFTER TRUNCATE ON copies
  FOR EACH STATEMENT EXECUTE FUNCTION search_changes_everything('catalogue');--> statement-breakpoint

CREATE TRIGGER plan_titles_catalog_version_log_insert AFTER INSERT ON plan_titles REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_changes_rows('catalogue');--> statement-breakpoint
CREATE TRIGGER plan_titles_catalog_version_log_update AFTER UPDATE ON plan_titles REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_changes_rows('catalogue');--> statement-breakpoint
CREATE TRIGGER plan_titles_catalog_version_log_delete AFTER DELETE ON plan_titles REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_changes_rows('catalogue');--> statement-breakpoint

CREATE TRIGGER network_titles_version_log_insert AFTER INSERT ON network_titles REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_changes_rows('network');--> statement-breakpoint
CREATE TRIGGER network_titles_version_log_update AFTER UPDATE ON network_titles REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_changes_rows('network');--> statement-breakpoint
CREATE TRIGGER network_titles_version_log_delete AFTER DELETE ON network_titles REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_changes_rows('network');--> statement-breakpoint
CREATE TRIGGER network_titles_version_log_truncate AFTER TRUNCATE ON network_titles
  FOR EACH STATEMENT EXECUTE FUNCTION search_changes_everything('network');--> statement-breakpoint

-- The tables that name facet values by a title's own code (libraries, courses and the plans that
-- tie titles to courses, partners): a change means "read everything". The small tables of names
-- (work types, languages, knowledge areas) are read again by every patch: they need no row.
CREATE TRIGGER libraries_catalog_version_log AFTER INSERT OR UPDATE OR DELETE ON libraries
  FOR EACH STATEMENT EXECUTE FUNCTION search_changes_everything('catalogue');--> statement-breakpoint
CREATE TRIGGER courses_catalog_version_log AFTER INSERT OR UPDATE OR DELETE ON courses
  FOR EACH STATEMENT EXECUTE FUNCTION search_changes_everything('catalogue');--> statement-breakpoint
CREATE TRIGGER teaching_plans_catalog_version_log AFTER INSERT OR UPDATE OR DELETE ON teaching_plans
  FOR EACH STATEMENT EXECUTE FUNCTION search_changes_everything('catalogue');--> statement-breakpoint
CREATE TRIGGER network_partners_version_log AFTER INSERT OR DELETE OR UPDATE OF nome ON network_partners
  FOR EACH STATEMENT EXECUTE FUNCTION search_changes_everything('network');--> statement-breakpoint

-- A changed title's place in each sort order is found by its neighbour in these indexes, whose
-- keys are the snapshot's ORDER BYs (search.snapshot.ts ORDER_KEYS).
-- rewrite-ok: three index builds over titles and network_titles; read by a scan, seconds at a million titles, writes wait meanwhile.
CREATE INDEX titles_order_title ON titles ((coalesce(title_sort, title_fold, '')), cod_acervo);--> statement-breakpoint
CREATE INDEX titles_order_author ON titles ((author is null), (coalesce(estante_fold(author), '')), (coalesce(title_sort, title_fold, '')), cod_acervo);--> statement-breakpoint
CREATE INDEX titles_order_newest ON titles (created_at, cod_acervo);--> statement-breakpoint
CREATE INDEX network_titles_order_title ON network_titles ((coalesce(title_sort, title_fold, '')), cod_acervo);--> statement-breakpoint
CREATE INDEX network_titles_order_author ON network_titles ((author is null), (coalesce(estante_fold(author), '')), (coalesce(title_sort, title_fold, '')), cod_acervo);--> statement-breakpoint
CREATE INDEX network_titles_order_newest ON network_titles (created_at, cod_acervo);
