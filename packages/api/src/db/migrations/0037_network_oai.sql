CREATE TABLE "deleted_titles" (
	"cod_acervo" integer PRIMARY KEY NOT NULL,
	"control_number" text NOT NULL,
	"cod_tipo_obra" smallint NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "network_partners" (
	"cod_empresa" serial PRIMARY KEY NOT NULL,
	"nome" text NOT NULL,
	"base_url" text NOT NULL,
	"metadata_prefix" text,
	"record_url" text,
	"granularity" text,
	"harvested_until" text,
	"resumption_token" text,
	"pending_until" text,
	"last_harvest_at" timestamp with time zone,
	"last_error" text,
	"failures" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "network_partners_nome_unique" UNIQUE("nome"),
	CONSTRAINT "network_partners_base_url_unique" UNIQUE("base_url")
);
--> statement-breakpoint
CREATE TABLE "network_titles" (
	"cod_acervo" serial PRIMARY KEY NOT NULL,
	"cod_empresa" integer NOT NULL,
	"identifier" text NOT NULL,
	"datestamp" text NOT NULL,
	"link" text,
	"marc" jsonb NOT NULL,
	"cod_tipo_obra" smallint NOT NULL,
	"title" text NOT NULL,
	"responsibility" text,
	"author" text,
	"added_authors" text[] DEFAULT '{}'::text[] NOT NULL,
	"subjects" text[] DEFAULT '{}'::text[] NOT NULL,
	"edition" text,
	"place" text,
	"publisher" text,
	"ano_publicacao" smallint,
	"idioma" text,
	"physical_description" text,
	"series" text,
	"notes" text,
	"call_number" text,
	"isbn" text[] DEFAULT '{}'::text[] NOT NULL,
	"issn" text[] DEFAULT '{}'::text[] NOT NULL,
	"link_capa" text,
	"acesso_remoto" boolean DEFAULT false NOT NULL,
	"possui_acessibilidade" boolean DEFAULT false NOT NULL,
	"cod_area_conhecimento" integer,
	"dados_adicionais" text[],
	"search_vector" "tsvector",
	"search_stem" "tsvector",
	"title_fold" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "network_titles_identifier_key" UNIQUE("cod_empresa","identifier")
);
--> statement-breakpoint
ALTER TABLE "network_titles" ADD CONSTRAINT "network_titles_cod_empresa_network_partners_cod_empresa_fk" FOREIGN KEY ("cod_empresa") REFERENCES "public"."network_partners"("cod_empresa") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_titles" ADD CONSTRAINT "network_titles_cod_tipo_obra_work_types_cod_tipo_obra_fk" FOREIGN KEY ("cod_tipo_obra") REFERENCES "public"."work_types"("cod_tipo_obra") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_titles" ADD CONSTRAINT "network_titles_idioma_languages_codigo_fk" FOREIGN KEY ("idioma") REFERENCES "public"."languages"("codigo") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_titles" ADD CONSTRAINT "network_titles_cod_area_conhecimento_knowledge_areas_cod_area_conhecimento_fk" FOREIGN KEY ("cod_area_conhecimento") REFERENCES "public"."knowledge_areas"("cod_area_conhecimento") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deleted_titles_deleted_idx" ON "deleted_titles" USING btree ("deleted_at","cod_acervo");--> statement-breakpoint
CREATE INDEX "network_titles_search_vector_idx" ON "network_titles" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "network_titles_search_stem_idx" ON "network_titles" USING gin ("search_stem");--> statement-breakpoint
CREATE INDEX "network_titles_title_fold_idx" ON "network_titles" USING btree ("title_fold" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "titles_updated_idx" ON "titles" USING btree ("updated_at","cod_acervo");--> statement-breakpoint
-- OAI-PMH tombstones: every deleted title leaves one (deletedRecord "persistent").
CREATE FUNCTION titles_tombstone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO deleted_titles (cod_acervo, control_number, cod_tipo_obra, deleted_at)
  VALUES (OLD.cod_acervo, OLD.control_number, OLD.cod_tipo_obra, now())
  ON CONFLICT (cod_acervo) DO UPDATE SET deleted_at = excluded.deleted_at;
  RETURN OLD;
END
$$;--> statement-breakpoint
CREATE TRIGGER titles_tombstone AFTER DELETE ON titles FOR EACH ROW EXECUTE FUNCTION titles_tombstone();--> statement-breakpoint
ALTER TABLE network_titles ADD CONSTRAINT network_titles_ano_range CHECK (ano_publicacao between 0 and 2999);--> statement-breakpoint
ALTER TABLE network_titles ADD CONSTRAINT network_titles_title_not_blank CHECK (btrim(title) <> '');--> statement-breakpoint
-- Harvested records get the same search vectors and folded title as our titles (0004, 0005).
CREATE TRIGGER network_titles_search_vector
  BEFORE INSERT OR UPDATE OF title, author, added_authors, subjects, series, notes, publisher, responsibility, idioma
  ON network_titles FOR EACH ROW EXECUTE FUNCTION titles_search_vector_update();--> statement-breakpoint
CREATE TRIGGER network_titles_title_fold BEFORE INSERT OR UPDATE OF title ON network_titles
  FOR EACH ROW EXECUTE FUNCTION titles_title_fold_update();--> statement-breakpoint
-- The network's version, as catalog_version is the catalogue's (0007): the network search index
-- rebuilds its snapshot when it moves.
CREATE TABLE network_version (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  version bigint NOT NULL
);--> statement-breakpoint
INSERT INTO network_version (id, version) VALUES (true, 1);--> statement-breakpoint
CREATE FUNCTION network_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE network_version SET version = version + 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER network_titles_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON network_titles
  FOR EACH STATEMENT EXECUTE FUNCTION network_version_bump();--> statement-breakpoint
CREATE TRIGGER network_partners_version AFTER INSERT OR DELETE OR UPDATE OF nome ON network_partners
  FOR EACH STATEMENT EXECUTE FUNCTION network_version_bump();--> statement-breakpoint
CREATE TRIGGER network_work_types_version AFTER INSERT OR UPDATE OR DELETE ON work_types
  FOR EACH STATEMENT EXECUTE FUNCTION network_version_bump();--> statement-breakpoint
CREATE TRIGGER network_languages_version AFTER INSERT OR UPDATE OR DELETE ON languages
  FOR EACH STATEMENT EXECUTE FUNCTION network_version_bump();--> statement-breakpoint
CREATE TRIGGER network_knowledge_areas_version AFTER INSERT OR UPDATE OR DELETE ON knowledge_areas
  FOR EACH STATEMENT EXECUTE FUNCTION network_version_bump();
