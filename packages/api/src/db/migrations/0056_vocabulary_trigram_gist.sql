-- Issue 59: did you mean's near spellings (nearWords, search.suggest.queries.ts) found by a GiST
-- trigram index instead of the GIN one. PostgreSQL's log over the benchmark's normal mix at a
-- million titles: the call took 20-26 ms with GIN (a scan of ~7 ms a word: the common trigrams'
-- posting lists are long, and `%` counts them all), 7-9 ms with GiST, the same rows (both only
-- propose candidates, `%` is rechecked, the order is the query's). The GIN index served nothing
-- else. A signature of 64 bytes: the default 12 fills up on a large vocabulary and proposes more.
-- rewrite-ok: one index build over search_terms (28,294 words at a million titles: 0.3 s); imports wait meanwhile.
CREATE INDEX search_terms_trgm_gist_idx ON search_terms USING gist (word gist_trgm_ops(siglen = 64));--> statement-breakpoint
DROP INDEX search_terms_trgm_idx;
