-- Issue 26: the catalogue's own vocabulary, for "did you mean" and suggestions as you type.
--
-- search_terms: every lexeme of the plain search vectors (folded: no accents, lower case) with how
-- many titles hold it, in all and per field (weight A title, B authors, C subjects, D the rest),
-- its sound key (estante_sound) for the ç/c/s/z, ss/s, x/ch, doubled-letter confusions of
-- Portuguese and Spanish, and its letters in order (estante_letters). Near spellings are found by
-- trigram (pg_trgm), by sound or by letters.
--
-- search_headings: every title, author and subject heading (kind t, a, s) with its folded key
-- (estante_key) and how many titles carry it: what the search box offers as the patron types.
--
-- Both are kept by statement-level triggers on titles (one pass per statement over the rows it
-- changed, so an import of a thousand records costs one upsert, not a thousand), after the
-- catalog_version bump, which already serialises writers of titles.

-- The sound of a folded word in Portuguese and Spanish: ch/sh/x → x, lh → li, nh → ni, ll → i,
-- g (before e, i)/j → j and then gu (before e, i) → g (so "guerra" keeps its hard g), qu/k/c
-- (before a, o, u, consonants) → k, c (before e, i)/ss/z → s, ph → f, th → t, other h silent,
-- y → i, w/v → b, m before a consonant → n, doubled letters once. Words come folded, so ç is
-- already c: "esperansa" for "esperança" is one edit, which the spelling cost counts anyway.
CREATE FUNCTION estante_sound(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT regexp_replace(
    regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(
    regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(
    regexp_replace(regexp_replace(regexp_replace(regexp_replace(lower($1),
      '(ch|sh)', 'x', 'g'),
      'lh', 'li', 'g'),
      'nh', 'ni', 'g'),
      'll', 'i', 'g'),
      'g([ei])', 'j\1', 'g'),
      'gu([ei])', 'g\1', 'g'),
      'qu', 'k', 'g'),
      'c([ei])', 's\1', 'g'),
      '[cq]', 'k', 'g'),
      'z', 's', 'g'),
      'ph', 'f', 'g'),
      'th', 't', 'g'),
      'h', '', 'g'),
      'y', 'i', 'g'),
      '[wv]', 'b', 'g'),
      'm([^aeiou]|$)', 'n\1', 'g'),
    '(.)\1+', '\1', 'g')
$$;--> statement-breakpoint

-- A word's letters in order: two letters swapped ("modles" for "models") keep it, where the
-- swap costs a short word too many of its trigrams.
CREATE FUNCTION estante_letters(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT string_agg(c, '' ORDER BY c) FROM regexp_split_to_table($1, '') c
$$;--> statement-breakpoint

CREATE TABLE search_terms (
  word text PRIMARY KEY,
  n integer NOT NULL,
  n_a integer NOT NULL,
  n_b integer NOT NULL,
  n_c integer NOT NULL,
  n_d integer NOT NULL,
  sound text GENERATED ALWAYS AS (estante_sound(word)) STORED,
  letters text GENERATED ALWAYS AS (estante_letters(word)) STORED
) WITH (fillfactor = 70);--> statement-breakpoint
CREATE INDEX search_terms_trgm_idx ON search_terms USING gin (word gin_trgm_ops);--> statement-breakpoint
CREATE INDEX search_terms_sound_idx ON search_terms (sound);--> statement-breakpoint
CREATE INDEX search_terms_letters_idx ON search_terms (letters);--> statement-breakpoint

CREATE TABLE search_headings (
  kind "char" NOT NULL,
  key text NOT NULL,
  display text NOT NULL,
  n integer NOT NULL,
  PRIMARY KEY (kind, key)
);--> statement-breakpoint
-- Prefix look-ups in order of how many titles carry a heading: the first three (and six)
-- characters of the key pick a bucket the index reads most-frequent first, ties by key (so the
-- many headings of one title each are read in order too, and the look-up stops at its limit).
CREATE INDEX search_headings_prefix3_idx ON search_headings (kind, left(key, 3), n DESC, key) WHERE n > 0;--> statement-breakpoint
CREATE INDEX search_headings_prefix6_idx ON search_headings (kind, left(key, 6), n DESC, key) WHERE n > 0;--> statement-breakpoint

-- A title's headings: its title (t), its authors (a) and its subjects (s).
CREATE FUNCTION estante_title_headings(title text, author text, added_authors text[], subjects text[])
  RETURNS TABLE (kind "char", display text) LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT 't'::"char", title
  UNION ALL SELECT 'a', a FROM unnest(array_prepend(author, added_authors)) a
  UNION ALL SELECT 's', s FROM unnest(subjects) s
$$;--> statement-breakpoint

-- The statements that apply a change to the vocabulary. `changes` is a query of rows
-- (id, s, v, title, author, added_authors, subjects): s = 1 for a title's words and headings to
-- count, -1 for those to take out. They are run with EXECUTE by the trigger function itself,
-- because only its own queries see the statement's transition tables (a function it called
-- would not), and with no array in between, so a statement over a million titles is one pass
-- and never meets the 1 GB limit of a value. The migration's backfill runs them over titles.
CREATE FUNCTION estante_vocabulary_statements(changes text) RETURNS text[] LANGUAGE sql IMMUTABLE AS $f$
  SELECT ARRAY[
    -- Words: titles holding each, in all and per weight; in word order (writers lock rows alike).
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
      WHERE h.kind = gone.kind AND h.key = gone.key AND h.n <= 0$q$, changes)
  ]
$f$;--> statement-breakpoint

CREATE FUNCTION titles_vocabulary() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes text;
  statement text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    changes := 'SELECT n.cod_acervo AS id, 1 AS s, n.search_vector AS v, n.title, n.author, n.added_authors, n.subjects FROM new_rows n';
  ELSIF TG_OP = 'DELETE' THEN
    changes := 'SELECT o.cod_acervo AS id, -1 AS s, o.search_vector AS v, o.title, o.author, o.added_authors, o.subjects FROM old_rows o';
  ELSE
    -- Only the rows whose words or headings changed (most updates of a title touch neither).
    changes := 'SELECT c.* FROM new_rows n JOIN old_rows o USING (cod_acervo)
      CROSS JOIN LATERAL (VALUES (n.cod_acervo, 1, n.search_vector, n.title, n.author, n.added_authors, n.subjects),
                                 (o.cod_acervo, -1, o.search_vector, o.title, o.author, o.added_authors, o.subjects))
                         c (id, s, v, title, author, added_authors, subjects)
      WHERE (n.search_vector, n.title, n.author, n.added_authors, n.subjects)
            IS DISTINCT FROM (o.search_vector, o.title, o.author, o.added_authors, o.subjects)';
  END IF;
  FOREACH statement IN ARRAY estante_vocabulary_statements(changes) LOOP
    EXECUTE statement;
  END LOOP;
  RETURN NULL;
END
$$;--> statement-breakpoint

CREATE FUNCTION titles_vocabulary_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE search_terms, search_headings;
  RETURN NULL;
END
$$;--> statement-breakpoint

-- Named after titles_catalog_version: same-event triggers fire in name order, so the version
-- row is locked (and writers of titles queued) before the vocabulary is touched.
CREATE TRIGGER titles_vocabulary_insert AFTER INSERT ON titles REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION titles_vocabulary();--> statement-breakpoint
CREATE TRIGGER titles_vocabulary_update AFTER UPDATE ON titles REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION titles_vocabulary();--> statement-breakpoint
CREATE TRIGGER titles_vocabulary_delete AFTER DELETE ON titles REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION titles_vocabulary();--> statement-breakpoint
CREATE TRIGGER titles_vocabulary_truncate AFTER TRUNCATE ON titles
  FOR EACH STATEMENT EXECUTE FUNCTION titles_vocabulary_truncate();--> statement-breakpoint

-- The titles already catalogued, twenty thousand at a time.
DO $$
DECLARE
  lo integer := 0;
  hi integer;
  statement text;
BEGIN
  SELECT max(cod_acervo) INTO hi FROM titles;
  WHILE lo <= coalesce(hi, -1) LOOP
    FOREACH statement IN ARRAY estante_vocabulary_statements(format(
      'SELECT t.cod_acervo AS id, 1 AS s, t.search_vector AS v, t.title, t.author, t.added_authors, t.subjects
       FROM titles t WHERE t.cod_acervo >= %s AND t.cod_acervo < %s', lo, lo + 20000)) LOOP
      EXECUTE statement;
    END LOOP;
    lo := lo + 20000;
  END LOOP;
END
$$;
