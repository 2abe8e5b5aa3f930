-- Issue 51: a staff member is a person with one or more roles, each granted on its own (by a
-- staff command, later by the administration screen) and enforced by the API from each call's
-- declaration. It replaces people.papel, whose one value ('circulacao') opened every staff call:
-- whoever had it keeps those calls (circulation, requests, acquisitions).
CREATE TABLE "staff_roles" (
	"cod_pessoa" integer NOT NULL REFERENCES "people"("cod_pessoa") ON DELETE CASCADE,
	"papel" text NOT NULL,
	"concedido_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_roles_pk" PRIMARY KEY("cod_pessoa","papel"),
	CONSTRAINT "staff_roles_papel_valid" CHECK ("papel" in ('circulacao', 'atendimento', 'aquisicao', 'catalogacao', 'moderacao', 'administracao'))
);
--> statement-breakpoint
INSERT INTO "staff_roles" ("cod_pessoa", "papel")
  SELECT "cod_pessoa", r.papel FROM "people" CROSS JOIN (VALUES ('circulacao'), ('atendimento'), ('aquisicao')) AS r(papel)
  WHERE "people"."papel" = 'circulacao';
--> statement-breakpoint
ALTER TABLE "people" DROP CONSTRAINT "people_papel_valid";
--> statement-breakpoint
ALTER TABLE "people" DROP COLUMN "papel";
