-- Issue 53: the desk checks a patron's open loans against their category's limit (a refusal the
-- librarian may override with a reason, recorded in staff_audit).
ALTER TABLE "patron_categories" ADD COLUMN "limite_emprestimos" smallint DEFAULT 5 NOT NULL;
--> statement-breakpoint
ALTER TABLE "patron_categories" ADD CONSTRAINT "patron_categories_limite_emprestimos" CHECK ("limite_emprestimos" between 0 and 500);
