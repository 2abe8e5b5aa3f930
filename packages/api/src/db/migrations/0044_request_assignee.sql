-- Issue 53: a request in the library's queue may be assigned to a colleague (with the
-- atendimento role); the queue shows whose it is.
ALTER TABLE "patron_requests" ADD COLUMN "responsavel" integer REFERENCES "people"("cod_pessoa") ON DELETE SET NULL;
