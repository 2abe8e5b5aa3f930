ALTER TABLE "patron_alerts" DROP CONSTRAINT "patron_alerts_once";--> statement-breakpoint
ALTER TABLE "patron_alerts" DROP CONSTRAINT "patron_alerts_cod_fasciculo_serial_issues_cod_fasciculo_fk";
--> statement-breakpoint
ALTER TABLE "patron_alerts" DROP CONSTRAINT "patron_alerts_cod_artigo_issue_articles_cod_artigo_fk";
--> statement-breakpoint
DROP INDEX "patron_alerts_unsent_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "patron_alerts_title_once" ON "patron_alerts" USING btree ("cod_pessoa","cod_acervo") WHERE "patron_alerts"."tipo" = 'titulo';--> statement-breakpoint
CREATE UNIQUE INDEX "patron_alerts_serial_once" ON "patron_alerts" USING btree ("cod_fasciculo","cod_pessoa","tipo",coalesce("cod_artigo", 0)) WHERE "patron_alerts"."tipo" <> 'titulo';--> statement-breakpoint
CREATE INDEX "patron_alerts_person_idx" ON "patron_alerts" USING btree ("cod_pessoa","enviado_em");--> statement-breakpoint
-- An issue or article that goes takes its alerts with it (what the foreign keys did, without a
-- trigger fired on every title alert).
CREATE FUNCTION estante_forget_serial_alerts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'serial_issues' THEN
    DELETE FROM patron_alerts WHERE cod_fasciculo = OLD.cod_fasciculo AND tipo <> 'titulo';
  ELSE
    DELETE FROM patron_alerts WHERE cod_fasciculo = OLD.cod_fasciculo AND tipo <> 'titulo' AND cod_artigo = OLD.cod_artigo;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER serial_issues_forget_alerts AFTER DELETE ON serial_issues FOR EACH ROW EXECUTE FUNCTION estante_forget_serial_alerts();--> statement-breakpoint
CREATE TRIGGER issue_articles_forget_alerts AFTER DELETE ON issue_articles FOR EACH ROW EXECUTE FUNCTION estante_forget_serial_alerts();
