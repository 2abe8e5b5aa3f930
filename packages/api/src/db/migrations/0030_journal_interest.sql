CREATE TABLE "interest_serial_pending" (
	"id" serial PRIMARY KEY NOT NULL,
	"cod_fasciculo" integer NOT NULL,
	"cod_artigo" integer
);
--> statement-breakpoint
ALTER TABLE "interest_entries" DROP CONSTRAINT "interest_entries_tipo_valid";--> statement-breakpoint
DROP INDEX "patron_alerts_unique";--> statement-breakpoint
ALTER TABLE "interest_entries" ADD COLUMN "fasciculo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "interest_entries" ADD COLUMN "artigo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "interest_entries" ADD COLUMN "sumario" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "patron_alerts" ADD COLUMN "tipo" text DEFAULT 'titulo' NOT NULL;--> statement-breakpoint
ALTER TABLE "patron_alerts" ADD COLUMN "cod_fasciculo" integer;--> statement-breakpoint
ALTER TABLE "patron_alerts" ADD COLUMN "cod_artigo" integer;--> statement-breakpoint
ALTER TABLE "interest_serial_pending" ADD CONSTRAINT "interest_serial_pending_cod_fasciculo_serial_issues_cod_fasciculo_fk" FOREIGN KEY ("cod_fasciculo") REFERENCES "public"."serial_issues"("cod_fasciculo") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interest_serial_pending" ADD CONSTRAINT "interest_serial_pending_cod_artigo_issue_articles_cod_artigo_fk" FOREIGN KEY ("cod_artigo") REFERENCES "public"."issue_articles"("cod_artigo") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patron_alerts" ADD CONSTRAINT "patron_alerts_cod_fasciculo_serial_issues_cod_fasciculo_fk" FOREIGN KEY ("cod_fasciculo") REFERENCES "public"."serial_issues"("cod_fasciculo") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patron_alerts" ADD CONSTRAINT "patron_alerts_cod_artigo_issue_articles_cod_artigo_fk" FOREIGN KEY ("cod_artigo") REFERENCES "public"."issue_articles"("cod_artigo") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patron_alerts" ADD CONSTRAINT "patron_alerts_once" UNIQUE NULLS NOT DISTINCT("cod_pessoa","tipo","cod_acervo","cod_fasciculo","cod_artigo");--> statement-breakpoint
ALTER TABLE "interest_entries" ADD CONSTRAINT "interest_entries_tipo_valid" CHECK ("interest_entries"."tipo" in ('area', 'autor', 'assunto', 'tipo_obra', 'periodico'));--> statement-breakpoint
ALTER TABLE "patron_alerts" ADD CONSTRAINT "patron_alerts_tipo_valid" CHECK ("patron_alerts"."tipo" in ('titulo', 'fasciculo', 'artigo', 'sumario'));--> statement-breakpoint
-- A serial issue received (inserted received, or its arrival recorded later) and every article
-- indexed wait to be matched against the profiles' serials (the interest.match job).
CREATE FUNCTION estante_queue_serial_issue() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.data_chegada IS NOT NULL AND (TG_OP = 'INSERT' OR OLD.data_chegada IS NULL) THEN
    INSERT INTO interest_serial_pending (cod_fasciculo) VALUES (NEW.cod_fasciculo);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER serial_issues_queue_interest AFTER INSERT OR UPDATE OF data_chegada ON serial_issues FOR EACH ROW EXECUTE FUNCTION estante_queue_serial_issue();--> statement-breakpoint
CREATE FUNCTION estante_queue_issue_article() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO interest_serial_pending (cod_fasciculo, cod_artigo) VALUES (NEW.cod_fasciculo, NEW.cod_artigo);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER issue_articles_queue_interest AFTER INSERT ON issue_articles FOR EACH ROW EXECUTE FUNCTION estante_queue_issue_article();
