ALTER TABLE "people" ADD COLUMN "papel" text;--> statement-breakpoint
ALTER TABLE "people" ADD CONSTRAINT "people_papel_valid" CHECK ("people"."papel" is null or "people"."papel" in ('circulacao'));