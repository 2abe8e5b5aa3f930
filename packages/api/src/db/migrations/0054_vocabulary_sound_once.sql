-- Issue 57 (bench:import with copies): a word's sound and letters (the "did you mean" keys of
-- migration 0040) were generated columns, so every import batch recomputed them — sixteen regular
-- expressions a word — for every word it counted, though only a new word needs them: 59 of the
-- 125 ms of inserting 500 titles went to the vocabulary, 136 ms for 2,639 known words against 28
-- ms now. They become ordinary columns, written once, when the word first comes in. (Telling new
-- words from known ones by a join in the insert was planned from statistics taken while the table
-- was empty: a nested loop over it, ten times slower.)
ALTER TABLE search_terms ALTER COLUMN sound DROP EXPRESSION, ALTER COLUMN letters DROP EXPRESSION;--> statement-breakpoint
CREATE INDEX search_terms_unsounded_idx ON search_terms (word) WHERE sound IS NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION estante_vocabulary_statements(changes text) RETURNS text[] LANGUAGE sql IMMUTABLE AS $f$
  SELECT ARRAY[
    -- Words: titles holding each, in all and per weight; in word order (writers lock rows alike).
    -- A new word comes in without its sound and letters (the last statement gives them); a known
    -- one has its counts moved and nothing else.
    format($q$
      INSERT INTO search_terms AS t (word, n, n_a, n_b, n_c, n_d)
      SELECT u.lexeme, sum(r.s), sum(r.s * ('A' = any(u.weights))::int), sum(r.s * ('B' = any(u.weights))::int),
             sum(r.s * ('C' = any(u.weights))::int), sum(r.s * ('D' = any(u.weights))::int)
      FROM (%s) r CROSS JOIN LATERAL unnest(r.v) u
      GROUP BY u.lexeme
      ORDER BY u.lexeme
      ON CONFLICT (word) DO UPDATE SET n = t.n + excluded.n, n_a = t.n_a + excluded.n_a, n_b = t.n_b + excluded.n_b,
                                       n_c = t.n_c + excluded.n_c, n_d = t.n_d + excluded.n_d$q$, changes),
    -- Words no title holds any more: only words of the titles taken out can be such (no index
    -- names the counts, so the updates above stay HOT, in the fillfactor's free space).
    format($q$
      DELETE FROM search_terms t USING (SELECT DISTINCT u.lexeme FROM (%s) r CROSS JOIN LATERAL unnest(r.v) u WHERE r.s < 0) gone
      WHERE t.word = gone.lexeme AND t.n <= 0$q$, changes),
    -- Headings: each once per title, however often it repeats there ("Educação" in 650 and 651);
    -- the spelling of the newest record counted keeps the heading's display.
    format($q$
      INSERT INTO search_headings AS h (kind, key, display, n)
      SELECT kind, key, coalesce(min(display) FILTER (WHERE s > 0), min(display)), sum(s)
      FROM (
        SELECT DISTINCT ON (r.id, r.s, x.kind, estante_key(x.display))
               r.s, x.kind, estante_key(x.display) AS key, btrim(x.display, ' /:;,.') AS display
        FROM (%s) r CROSS JOIN LATERAL estante_title_headings(r.title, r.author, r.added_authors, r.subjects) x
        WHERE x.display IS NOT NULL
      ) headings
      WHERE key <> ''
      GROUP BY kind, key
      HAVING sum(s) <> 0 OR bool_or(s > 0)
      ORDER BY kind, key
      ON CONFLICT (kind, key) DO UPDATE SET n = h.n + excluded.n,
        display = CASE WHEN excluded.n >= 0 THEN excluded.display ELSE h.display END$q$, changes),
    format($q$
      DELETE FROM search_headings h USING (
        SELECT DISTINCT x.kind, estante_key(x.display) AS key
        FROM (%s) r CROSS JOIN LATERAL estante_title_headings(r.title, r.author, r.added_authors, r.subjects) x
        WHERE r.s < 0
      ) gone
      WHERE h.kind = gone.kind AND h.key = gone.key AND h.n <= 0$q$, changes),
    -- The words that came in above, given their sound and letters: the partial index holds
    -- exactly those (no join to plan from statistics that may be stale while an import fills the table).
    'UPDATE search_terms SET sound = estante_sound(word), letters = estante_letters(word) WHERE sound IS NULL'
  ]
$f$;--> statement-breakpoint
